const longDate = new Intl.DateTimeFormat("de-DE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Berlin",
});

/** "3. März 2025" (spec §2, project detail). */
export function formatLongDate(date: Date | string): string {
  return longDate.format(typeof date === "string" ? new Date(date) : date);
}

const dateTime = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Berlin",
});

/** "03.03.2025, 14:05" (spec §9's admin dates). */
export function formatDateTime(date: Date | string): string {
  return dateTime.format(typeof date === "string" ? new Date(date) : date);
}

/** Whether a project url points at the contact page (its button then reads differently). */
export function isContactUrl(url: string | null | undefined): boolean {
  return url === "/contact";
}

/** Whether a url leaves the site (opened in a new tab). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

const timestamp = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Europe/Berlin",
  timeZoneName: "short",
});

/** "03.03.2025, 14:05:09 MEZ": to the second, for records such as the proof of consent. */
export function formatTimestamp(date: Date | string): string {
  return timestamp.format(typeof date === "string" ? new Date(date) : date);
}
