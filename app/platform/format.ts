/**
 * A date formatter made on its first use: making one loads the locale's and the time zone's
 * data, about 12 ms of a phone's main thread each, which every page paid while loading its
 * scripts when the three were made up front.
 */
function formatter(options: Intl.DateTimeFormatOptions): (date: Date | string) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => {
    made ??= new Intl.DateTimeFormat("de-DE", { ...options, timeZone: "Europe/Berlin" });
    return made.format(typeof date === "string" ? new Date(date) : date);
  };
}

/** "3. März 2025" (spec §2, project detail), through `longDate`. */
const formatLongDate = formatter({ day: "numeric", month: "long", year: "numeric" });

/** A date as a page shows it: for `<time dateTime={iso}>{text}</time>`. */
export type DateText = { iso: string; text: string };

/**
 * "3. März 2025" with its ISO value, for a public page's loader: the server formats it, so a
 * visitor's phone does not make a formatter while the page hydrates (20–26 ms of a task on the
 * project page).
 */
export function longDate(date: Date | string): DateText {
  const value = typeof date === "string" ? new Date(date) : date;
  return { iso: value.toISOString(), text: formatLongDate(value) };
}

/** "03.03.2025, 14:05" (spec §9's admin dates). */
export const formatDateTime = formatter({
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "14:05". */
export const formatTime = formatter({ hour: "2-digit", minute: "2-digit" });

/** Whether a project url points at the contact page (its button then reads differently). */
export function isContactUrl(url: string | null | undefined): boolean {
  return url === "/contact";
}

/** Whether a url leaves the site (opened in a new tab). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** "03.03.2025, 14:05:09 MEZ": to the second, for records such as the proof of consent. */
export const formatTimestamp = formatter({
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});
