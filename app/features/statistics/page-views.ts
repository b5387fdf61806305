import { isbot } from "isbot";
import type { NewVisitEvent } from "./queries.server";
import {
  browserFamily,
  osFamily,
  screenClass,
  type BrowserFamily,
  type OsFamily,
  type ScreenClass,
} from "./user-agent-family.ts";

/**
 * What a page view counts as (docs/decisions/0025-visit-statistics.md), read from the answer the
 * server gave. The main thread only writes down the few fields of an answer the counting reads,
 * as one line (visits.server.ts, `answerLineOf`); the statistics' thread (visit-thread.ts) reads
 * the lines and makes the events here, so a page view costs the page cache's thread a line, not
 * its parsing and hashing. Imported by that thread as it is (Node strips the types): relative
 * imports with their extension only, erasable TypeScript only.
 */

/** A counted event before its write: the address and the User-Agent become the visitor key then. */
export type PendingVisit = Omit<NewVisitEvent, "visitor"> & { address: string; userAgent: string };

/** The request headers the counting reads, in the order of an answer's line. */
export const ANSWER_HEADERS = [
  "user-agent",
  "referer",
  "sec-fetch-dest",
  "sec-purpose",
  "purpose",
  "x-purpose",
  "x-moz",
] as const;

/**
 * The fields of an answer's line, in order, separated by NUL: no field can hold one (Node's
 * parser refuses control characters in headers, and a URL holds none unescaped). A line ends
 * with a line break.
 */
export const ANSWER_SEPARATOR = "\u0000";
const ANSWER_FIELDS = 8 + ANSWER_HEADERS.length;

/** An answer as the counting reads it. Absent headers are "". */
export type Answer = {
  at: Date;
  method: string;
  url: URL;
  status: number;
  contentType: string;
  address: string;
  /** The hosts the site is reached under: their referrers are internal. */
  siteHosts: string[];
  /** The owner's session cookie came with the request. */
  signedIn: boolean;
  headers: Record<(typeof ANSWER_HEADERS)[number], string>;
};

/** An answer's line read back; undefined for a line that is not one. */
export function answerOfLine(line: string): Answer | undefined {
  const fields = line.split(ANSWER_SEPARATOR);
  if (fields.length !== ANSWER_FIELDS) return undefined;
  const [at, method, url, status, contentType, address, hosts, signedIn, ...values] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  const time = Number(at);
  const parsed = URL.parse(url);
  if (!Number.isFinite(time) || !parsed) return undefined;
  const headers = Object.fromEntries(ANSWER_HEADERS.map((name, n) => [name, values[n] ?? ""]));
  return {
    at: new Date(time),
    method,
    url: parsed,
    status: Number(status),
    contentType,
    address,
    siteHosts: hosts.split(" "),
    signedIn: signedIn === "1",
    headers: headers as Answer["headers"],
  };
}

export const MAX_PATH = 300;
const MAX_UTM = 100;

/**
 * The page view an answer to a public document GET counts as, or undefined for any answer that
 * does not count. A navigation inside the site after the first page is React Router's request
 * for the next page's data (`/about.data`, `/_.data` for the home page): it counts as a view of
 * that page when it comes from another page of the site, so that a revalidation after a form
 * was sent (the same page asking again) is not counted. No request is added for counting.
 */
export function viewOfAnswer(answer: Answer): PendingVisit | undefined {
  const { url, status, headers } = answer;
  if (answer.method !== "GET") return undefined;
  const navigation = url.pathname.endsWith(".data");
  // A navigation's 202 is a redirect, whose target asks again.
  const counted = navigation
    ? [200, 404].includes(status)
    : status === 404 || status === 304 || (status >= 200 && status < 300);
  if (!counted) return undefined;
  const pathname = pageOfPath(url.pathname);
  const expected = navigation ? "text/x-script" : "text/html";
  if (!answer.contentType.startsWith(expected)) return undefined;
  if (!isPagePath(pathname)) return undefined;
  const destination = headers["sec-fetch-dest"];
  if (!navigation && destination && destination !== "document") return undefined;
  if (isPrefetch(headers)) return undefined;
  // The signed-in owner: the session cookie, as the page cache tells, without a database lookup.
  if (answer.signedIn) return undefined;
  const userAgent = headers["user-agent"];
  const client = userAgent ? clientOf(userAgent) : undefined;
  if (!client || client.bot) return undefined;
  if (navigation && !fromAnotherPage(headers.referer, pathname, answer.siteHosts)) return undefined;

  const referrer = externalReferrer(headers.referer, answer.siteHosts);
  const external = typeof referrer === "object" ? referrer : undefined;
  return {
    at: answer.at,
    kind: "view",
    path: cut(pathname, MAX_PATH),
    referrer_host: external?.host ?? null,
    referrer_path: external?.path ?? null,
    utm_source: utm(url, "utm_source"),
    utm_medium: utm(url, "utm_medium"),
    utm_campaign: utm(url, "utm_campaign"),
    screen: client.screen,
    browser: client.browser,
    os: client.os,
    // From elsewhere, a bookmark or typed: a visit starts here.
    entry: referrer !== "internal",
    not_found: status === 404,
    address: answer.address,
    userAgent,
  };
}

/** The page of a request: itself, or the page whose data React Router asks for. */
export const pageOfPath = (pathname: string) =>
  pathname.endsWith(".data") ? pageOfData(pathname) : pathname;

/** The page whose data React Router asks for: "/about.data" → "/about", "/_.data" → "/". */
function pageOfData(pathname: string): string {
  const page = pathname.slice(0, -".data".length);
  return page.endsWith("/_") ? page.slice(0, -1) : page;
}

/** Whether a data request comes from a page of the site other than the one it asks for. */
function fromAnotherPage(referer: string, pathname: string, siteHosts: string[]): boolean {
  if (!referer || !URL.canParse(referer)) return false;
  const from = new URL(referer);
  return siteHosts.includes(from.host.toLowerCase()) && from.pathname !== pathname;
}

/** A path of a public page: not the admin area, React Router's data, the build's files or any file. */
function isPagePath(pathname: string): boolean {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return false;
  if (pathname.startsWith("/assets/") || pathname.startsWith("/__") || pathname === "/healthz") return false;
  // A dot in the last segment: .data, the sitemap, robots.txt, images, static files.
  return !/\.[^/]*$/.test(pathname);
}

function isPrefetch(headers: Answer["headers"]): boolean {
  return (
    /prefetch/i.test(headers["sec-purpose"]) ||
    /prefetch/i.test(headers.purpose) ||
    /prefetch|preview/i.test(headers["x-purpose"]) ||
    /prefetch/i.test(headers["x-moz"])
  );
}

/** An external referrer's host and path (no query, no fragment); "internal" for the site's own. */
function externalReferrer(
  header: string,
  siteHosts: string[],
): { host: string; path: string } | "internal" | undefined {
  if (!header) return undefined;
  let url: URL;
  try {
    url = new URL(header);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  if (!host) return undefined;
  if (siteHosts.includes(url.host.toLowerCase()) || siteHosts.includes(host)) return "internal";
  return { host: cut(host, MAX_PATH), path: cut(url.pathname || "/", MAX_PATH) };
}

function utm(url: URL, name: string): string | null {
  // Most pages are asked without a query: no URLSearchParams made for them.
  if (!url.search) return null;
  // A NUL (%00) is no character PostgreSQL stores: it would fail the write of a whole second.
  const value = url.searchParams.get(name)?.replaceAll("\0", "").trim();
  return value ? cut(value, MAX_UTM) : null;
}

/** What the counting reads from a User-Agent: whether it is a bot, its screen, browser and system. */
type Client = { bot: boolean; screen: ScreenClass; browser: BrowserFamily; os: OsFamily };

/**
 * The clients of the User-Agents seen last, so that isbot's pattern and the families' run once
 * per browser version, not once per page view. Long strings are not kept; the map is emptied when
 * full.
 */
const clients = new Map<string, Client>();
const CLIENTS_KEPT = 1_000;
const CLIENT_KEY_MAX = 512;

export function clientOf(userAgent: string): Client {
  const known = clients.get(userAgent);
  if (known) return known;
  const client: Client = {
    bot: isbot(userAgent),
    screen: screenClass(userAgent),
    browser: browserFamily(userAgent),
    os: osFamily(userAgent),
  };
  if (userAgent.length <= CLIENT_KEY_MAX) {
    if (clients.size >= CLIENTS_KEPT) clients.clear();
    clients.set(userAgent, client);
  }
  return client;
}

export const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
