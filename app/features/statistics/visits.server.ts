import { SESSION_COOKIE_HTTP, SESSION_COOKIE_HTTPS } from "~/platform/http/cookie-names";
import { ANSWER_SEPARATOR, clientOf, cut, MAX_PATH, pageOfPath, type PendingVisit } from "./page-views.ts";

/**
 * What a request counts as (docs/decisions/0025-visit-statistics.md): a page view (its answer
 * written down as a line here, made an event by page-views.ts in the statistics' thread), a
 * conversion, or nothing. The address and the User-Agent stay in memory until the buffer's next
 * write, which turns them into the visitor key.
 */
export type { PendingVisit };

export type ConversionKind = "contact" | "newsletter" | "outbound";

/** An answer the server gave, as the counting sees it. */
export type AnsweredRequest = {
  method: string;
  url: string;
  /**
   * The request's headers by their lower-case names, as Node's parser gives them
   * (`IncomingMessage.headers`): read without the Fetch API's Headers, whose every lookup
   * validates the name and the value again.
   */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  status: number;
  contentType: string | null | undefined;
  /** The client's address (server/request-guards.ts: the socket or TRUST_PROXY). */
  address: string;
  /** The hosts the site is reached under (PUBLIC_URL's, the request's): their referrers are internal. */
  siteHosts: string[];
  now?: Date;
};

const S = ANSWER_SEPARATOR;
const SIGNED_IN = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_HTTPS}|${SESSION_COOKIE_HTTP})=`);

/**
 * The answer as one line of text (page-views.ts reads it): all the page cache's thread does for
 * a page view. The session cookie is looked at here, so no cookie leaves for the thread.
 */
export function answerLineOf(answered: AnsweredRequest): string {
  const { headers } = answered;
  const cookie = headers.cookie;
  const signedIn = cookie !== undefined && SIGNED_IN.test(String(cookie));
  // One template, the headers in ANSWER_HEADERS' order: a string added to in a loop cost twice.
  return (
    `${answered.now?.getTime() ?? Date.now()}${S}${answered.method}${S}${answered.url}${S}${answered.status}` +
    `${S}${answered.contentType ?? ""}${S}${answered.address}${S}${answered.siteHosts.join(" ")}` +
    `${S}${signedIn ? "1" : ""}${S}${headers["user-agent"] ?? ""}${S}${headers.referer ?? ""}` +
    `${S}${headers["sec-fetch-dest"] ?? ""}${S}${headers["sec-purpose"] ?? ""}${S}${headers.purpose ?? ""}` +
    `${S}${headers["x-purpose"] ?? ""}${S}${headers["x-moz"] ?? ""}\n`
  );
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
