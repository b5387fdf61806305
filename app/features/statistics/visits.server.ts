import { isbot } from "isbot";
import { SESSION_COOKIE_HTTP, SESSION_COOKIE_HTTPS } from "~/platform/http/cookie-names";
import type { NewVisitEvent } from "./queries.server";
import {
  browserFamily,
  osFamily,
  screenClass,
  type BrowserFamily,
  type OsFamily,
  type ScreenClass,
} from "./user-agent-family";

/**
 * What a request counts as (docs/decisions/0025-visit-statistics.md): a page view, a conversion,
 * or nothing. The address and the User-Agent stay in memory until the buffer's next write, which
 * turns them into the visitor key.
 */
export type PendingVisit = Omit<NewVisitEvent, "visitor"> & { address: string; userAgent: string };

export type ConversionKind = "contact" | "newsletter" | "outbound";

/** An answer the server gave, as the counting sees it. */
export type AnsweredRequest = {
  request: Request;
  status: number;
  contentType: string | null | undefined;
  /** The client's address (server/request-guards.ts: the socket or TRUST_PROXY). */
  address: string;
  /** The hosts the site is reached under (PUBLIC_URL's, the request's): their referrers are internal. */
  siteHosts: string[];
  now?: Date;
};

const MAX_PATH = 300;
const MAX_UTM = 100;
const SIGNED_IN = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_HTTPS}|${SESSION_COOKIE_HTTP})=`);

/**
 * The page view a public document GET counts as, or undefined for any request that does not
 * count. A navigation inside the site after the first page is React Router's request for the
 * next page's data (`/about.data`, `/_.data` for the home page): it counts as a view of that
 * page when it comes from another page of the site, so that a revalidation after a form was sent
 * (the same page asking again) is not counted. No request is added for counting.
 */
export function pageViewOf(answered: AnsweredRequest): PendingVisit | undefined {
  const { request, status } = answered;
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  const navigation = url.pathname.endsWith(".data");
  // A navigation's 202 is a redirect, whose target asks again.
  const counted = navigation
    ? [200, 404].includes(status)
    : status === 404 || status === 304 || (status >= 200 && status < 300);
  if (!counted) return undefined;
  const pathname = pageOfPath(url.pathname);
  const expected = navigation ? "text/x-script" : "text/html";
  if (!answered.contentType?.startsWith(expected)) return undefined;
  if (!isPagePath(pathname)) return undefined;
  const headers = request.headers;
  const destination = headers.get("sec-fetch-dest");
  if (!navigation && destination && destination !== "document") return undefined;
  if (isPrefetch(headers)) return undefined;
  // The signed-in owner: the session cookie, as the page cache tells, without a database lookup.
  if (SIGNED_IN.test(headers.get("cookie") ?? "")) return undefined;
  const userAgent = headers.get("user-agent") ?? "";
  const client = userAgent ? clientOf(userAgent) : undefined;
  if (!client || client.bot) return undefined;
  if (navigation && !fromAnotherPage(headers.get("referer"), pathname, answered.siteHosts)) return undefined;

  const referrer = externalReferrer(headers.get("referer"), answered.siteHosts);
  const external = typeof referrer === "object" ? referrer : undefined;
  return {
    at: answered.now ?? new Date(),
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
    address: answered.address,
    userAgent,
  };
}

/** A conversion the server recorded for the request that made it (a stored contact request …). */
export function conversionOf(
  request: Request,
  address: string,
  kind: ConversionKind,
  now = new Date(),
): PendingVisit | undefined {
  const userAgent = request.headers.get("user-agent") ?? "";
  const client = userAgent ? clientOf(userAgent) : undefined;
  if (!client || client.bot || SIGNED_IN.test(request.headers.get("cookie") ?? "")) return undefined;
  return {
    at: now,
    kind,
    path: cut(pageOfPath(new URL(request.url).pathname), MAX_PATH),
    referrer_host: null,
    referrer_path: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    screen: client.screen,
    browser: client.browser,
    os: client.os,
    entry: false,
    not_found: false,
    address,
    userAgent,
  };
}

/**
 * An outbound click (a project's "Zur Webseite", an external menu site) as the browser reports it
 * (docs/decisions/0025-visit-statistics.md): undefined when it does not count, "invalid" when the
 * address clicked is not a web address of another site. Its `path` is the address clicked, as
 * host and path: a query or fragment may carry someone's data.
 */
export function outboundClickOf(
  request: Request,
  address: string,
  target: string | null | undefined,
  siteHosts: string[],
  now = new Date(),
): PendingVisit | "invalid" | undefined {
  if (!target || target.length > 2000 || !URL.canParse(target)) return "invalid";
  const url = new URL(target);
  if (!["http:", "https:"].includes(url.protocol) || !url.hostname) return "invalid";
  const host = url.hostname.toLowerCase();
  if (siteHosts.includes(url.host.toLowerCase()) || siteHosts.includes(host)) return "invalid";
  const click = conversionOf(request, address, "outbound", now);
  return click && { ...click, path: cut(`${host}${url.pathname === "/" ? "" : url.pathname}`, MAX_PATH) };
}

/** The page of a request: itself, or the page whose data React Router asks for. */
const pageOfPath = (pathname: string) => (pathname.endsWith(".data") ? pageOfData(pathname) : pathname);

/** The page whose data React Router asks for: "/about.data" → "/about", "/_.data" → "/". */
function pageOfData(pathname: string): string {
  const page = pathname.slice(0, -".data".length);
  return page.endsWith("/_") ? page.slice(0, -1) : page;
}

/** Whether a data request comes from a page of the site other than the one it asks for. */
function fromAnotherPage(referer: string | null, pathname: string, siteHosts: string[]): boolean {
  if (!referer || !URL.canParse(referer)) return false;
  const from = new URL(referer);
  return siteHosts.includes(from.host.toLowerCase()) && from.pathname !== pathname;
}

/** A path of a public page: not the admin area, React Router's data, the build's files or any file. */
export function isPagePath(pathname: string): boolean {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return false;
  if (pathname.startsWith("/assets/") || pathname.startsWith("/__") || pathname === "/healthz") return false;
  // A dot in the last segment: .data, the sitemap, robots.txt, images, static files.
  return !/\.[^/]*$/.test(pathname);
}

function isPrefetch(headers: Headers): boolean {
  return (
    /prefetch/i.test(headers.get("sec-purpose") ?? "") ||
    /prefetch/i.test(headers.get("purpose") ?? "") ||
    /prefetch|preview/i.test(headers.get("x-purpose") ?? "") ||
    /prefetch/i.test(headers.get("x-moz") ?? "")
  );
}

/** An external referrer's host and path (no query, no fragment); "internal" for the site's own. */
function externalReferrer(
  header: string | null,
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

function clientOf(userAgent: string): Client {
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

const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
