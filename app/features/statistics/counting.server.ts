import type { Db } from "~/platform/db/engines.server";
import { currentSiteSettings, siteSettingsOf, type SiteSettings } from "~/features/settings/index.server";
import { clientAddressContext, databaseContext, type RequestContext } from "~/platform/http/request-context";
import {
  keepTodayTotals,
  pruneSalts,
  pruneVisitEvents,
  rollUpClosedDays,
  saltOfDay,
  summarizeVisitEvents,
  vacuumVisitEvents,
  visitSourceOf,
} from "./queries.server";
import { createVisitRecorder } from "./recorder.server";
import {
  conversionOf,
  outboundClickOf,
  answerLineOf,
  type AnsweredRequest,
  type ConversionKind,
  type PendingVisit,
} from "./visits.server";
import type { VisitSource } from "./visit-source";
import { berlinDay, visitorKey } from "./visitor-key.server";

/**
 * The process's counting (docs/decisions/0025-visit-statistics.md): one buffer, written at most
 * once per second. Everything here returns at once; whether statistics are on is asked of the
 * settings (read once per version of the public pages) after the answer, never before it.
 */
const recorder = createVisitRecorder();
/**
 * The database the last connection resolved to, so that the settings already read for this
 * version of the public pages are asked of without a promise per answer.
 */
let connected: { promise: Promise<Db>; db: Db } | undefined;

/** `count` runs only when statistics are on: with them off, an answer costs no parsing. */
function whenOn(connect: () => Promise<Db>, count: (db: Promise<Db>) => void): void {
  const db = connect();
  const read = connected?.promise === db ? currentSiteSettings(connected.db) : undefined;
  if (read) {
    if (isOn(read.settings)) count(db);
    return;
  }
  db.then(async (resolved) => {
    connected = { promise: db, db: resolved };
    if (isOn((await siteSettingsOf(resolved)).settings)) count(db);
  })
    // The database or the settings do not answer: the event is dropped, as the decision says.
    .catch(() => undefined);
}

function recordIfOn(connect: () => Promise<Db>, visitOf: () => PendingVisit | undefined): void {
  whenOn(connect, (db) => {
    const visit = visitOf();
    if (visit) recorder.record(db, visit);
  });
}

const isOn = (settings: SiteSettings) => settings.statistics.enabled === "on";
const enabledIn = async (db: Promise<Db>) => isOn((await siteSettingsOf(await db)).settings);

/**
 * Whether statistics are on (the settings, read once per version of the public pages); false
 * while the database does not answer. The page cache asks it for a campaign link only.
 */
export const statisticsEnabled = (connect: () => Promise<Db>): Promise<boolean> =>
  enabledIn(connect()).catch(() => false);

/**
 * Counts the answer to a public document GET (server/app.ts), if statistics are on: written down
 * as a line now, made a page view (or nothing) by the statistics' thread at the next write.
 */
export function countPageView(answered: AnsweredRequest, connect: () => Promise<Db>): void {
  whenOn(connect, (db) => recorder.recordAnswer(db, answerLineOf(answered)));
}

/**
 * Counts an outbound click the browser reports (server/app.ts, OUTBOUND_CLICK_PATH): `target` is
 * the address clicked. "invalid" when that is no address of another website; nothing else is
 * told, so a client cannot learn whether it was counted.
 */
export function countOutboundClick(
  {
    request,
    address,
    target,
    siteHosts,
  }: { request: Request; address: string; target: string | null | undefined; siteHosts: string[] },
  connect: () => Promise<Db>,
): "invalid" | undefined {
  const click = outboundClickOf(request, address, target, siteHosts);
  if (click === "invalid") return click;
  recordIfOn(connect, () => click);
  return undefined;
}

/**
 * Records a conversion of the request's visitor (a stored contact request, a confirmed sign-up)
 * and resolves, after the answer, to the visit it is attributed to: undefined when statistics
 * are off, the request does not count (a bot, the owner) or the database does not answer.
 */
export function countConversion(
  request: Request,
  context: RequestContext,
  kind: ConversionKind,
): Promise<VisitSource | undefined> {
  const visit = conversionOf(request, context.get(clientAddressContext), kind);
  if (!visit) return Promise.resolve(undefined);
  const db = context.get(databaseContext);
  return (async () => {
    if (!(await enabledIn(db))) return undefined;
    recorder.record(db, visit);
    // The visitor's views may still wait in the buffer: written first, then looked up.
    await recorder.flush();
    const key = visitorKey(await saltOfDay(await db, berlinDay(visit.at)), visit.address, visit.userAgent);
    return visitSourceOf(await db, key, visit.at);
  })().catch(() => undefined);
}

/** Writes the buffered events now: the graceful shutdown, before the database closes. */
export const flushVisits = () => recorder.flush();

/**
 * The housekeeping's part (inside its transaction and advisory lock): closed days rolled up into
 * the daily totals, today's totals brought forward, then raw events past 30 days and salts of
 * past days deleted. Resolves to the raw events deleted.
 */
export async function pruneVisits(db: Db, now = new Date()): Promise<number> {
  await summarizeVisitEvents(db);
  await rollUpClosedDays(db, now);
  await keepTodayTotals(db, now);
  await pruneSalts(db, now);
  return pruneVisitEvents(db, now);
}

/** After a housekeeping run that deleted events (outside its transaction): their space reused. */
export const reclaimVisitSpace = (db: Db) => vacuumVisitEvents(db);
