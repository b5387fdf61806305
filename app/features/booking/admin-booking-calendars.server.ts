import type { Db } from "~/platform/db/engines.server";
import { formatDateTime } from "~/platform/format";
import { formValues } from "~/platform/forms/guard.server";
import { refused, textOf, type AdminOutcome } from "./admin-form.server";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import {
  addBookingFeed,
  calDavAccountOf,
  deleteBookingFeed,
  listBookingFeeds,
  readBookingSettings,
  saveBookingSettings,
} from "./booking-settings.server";
import { ownerBusy } from "./busy.server";
import { calDavUrl, checkCalDav, type CalDavOptions } from "./calendars/caldav.server";
import { feedUrl } from "./calendars/ics-feed.server";

/**
 * /admin/termine/kalender: the ICS feeds, the CalDAV calendar (its password never leaves the
 * server) and how each of them reads right now.
 */

/** How far ahead the status reads the calendars: the longest horizon a type can have. */
const STATUS_DAYS = 730;

export type SourceStatus = { label: string; ok: boolean; error?: string; lastGood?: string };

export async function loadCalendars(db: Db, now = new Date()) {
  const [settings, feeds] = [await readBookingSettings(db), await listBookingFeeds(db)];
  const busy = await ownerBusy(
    db,
    { from: now, to: new Date(now.getTime() + STATUS_DAYS * 86_400_000) },
    now,
  );
  const account = calDavAccountOf(settings);
  const labels = [...feeds.map((feed) => feed.label), ...(account ? [M.calDavHeading] : [])];
  const statusOf = (index: number): SourceStatus | undefined => {
    const report = busy.sources[index];
    if (!report) return undefined;
    return {
      label: labels[index] ?? "",
      ok: report.ok,
      ...(report.error && { error: report.error }),
      ...(report.lastGoodAt && { lastGood: formatDateTime(report.lastGoodAt) }),
    };
  };
  return {
    feeds: feeds.map((feed, index) => ({
      id: feed.id,
      label: feed.label,
      url: feed.url,
      status: statusOf(index),
    })),
    calDav: {
      url: settings.caldav_url ?? "",
      username: settings.caldav_username ?? "",
      passwordStored: Boolean(settings.caldav_password),
      status: account ? statusOf(feeds.length) : undefined,
    },
    complete: busy.complete,
  };
}

/** The result of "Verbindung prüfen", shown on the page. */
export type CalDavCheck = { ok: boolean; text: string };

/** "add-feed", "delete-feed", "save-caldav", "remove-caldav"; "check-caldav" is checkCalDavAction. */
export async function calendarsAction(db: Db, form: FormData): Promise<AdminOutcome> {
  const intent = textOf(form, "intent");
  if (intent === "add-feed") {
    const values = formValues(form, ["label", "url"]);
    const label = values.label!.trim();
    const errors: Record<string, string> = {};
    if (!label) errors.label = M.feedLabelMissing;
    else if (label.length > 100) errors.label = M.feedLabelTooLong;
    const url = feedUrl(values.url!);
    if ("error" in url) errors.url = url.error;
    if (Object.keys(errors).length > 0 || "error" in url) return refused(intent, errors, values);
    await addBookingFeed(db, { label, url: url.url.href });
    return { ok: true, message: M.feedAdded };
  }
  if (intent === "delete-feed") {
    return (await deleteBookingFeed(db, textOf(form, "id")))
      ? { ok: true, message: M.feedDeleted }
      : refused(intent, {}, undefined, M.feedNotFound, 404);
  }
  if (intent === "save-caldav") {
    // The password is never sent back into the page: an empty field keeps the stored one.
    const values = formValues(form, ["caldav_url", "caldav_username"]);
    const password = textOf(form, "caldav_password");
    const stored = await readBookingSettings(db);
    const errors: Record<string, string> = {};
    const url = calDavUrl(values.caldav_url!);
    if ("error" in url) errors.caldav_url = url.error;
    const username = values.caldav_username!.trim();
    if (!username) errors.caldav_username = M.calDavUsernameMissing;
    else if (username.length > 254) errors.caldav_username = M.calDavUsernameMissing;
    if (!password && !stored.caldav_password) errors.caldav_password = M.calDavPasswordMissing;
    if (Object.keys(errors).length > 0 || "error" in url) return refused(intent, errors, values);
    await saveBookingSettings(db, {
      caldav_url: url.url.href,
      caldav_username: username,
      caldav_password: password || stored.caldav_password,
    });
    return { ok: true, message: M.calDavSaved };
  }
  if (intent === "remove-caldav") {
    await saveBookingSettings(db, { caldav_url: null, caldav_username: null, caldav_password: null });
    return { ok: true, message: M.calDavRemoved };
  }
  return refused(intent, {}, undefined, M.unknownAction);
}

/** "Verbindung prüfen" with the stored calendar: the German answer, never a password. */
export async function checkStoredCalDav(db: Db, options: CalDavOptions = {}): Promise<CalDavCheck> {
  const account = calDavAccountOf(await readBookingSettings(db));
  if (!account) return { ok: false, text: M.calDavNotSetUp };
  const result = await checkCalDav(account, options);
  return result.ok ? { ok: true, text: M.calDavOk(result.name) } : { ok: false, text: result.error };
}
