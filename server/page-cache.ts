import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { FLASH_COOKIE, SESSION_COOKIE_HTTP, SESSION_COOKIE_HTTPS } from "~/platform/http/cookie-names";
import { logger } from "~/platform/logger.server";
import { PREVIEW_PARAM } from "~/features/pages/pages.server";
import { categoryFilter } from "~/features/projects/project";
import { publicPagesVersion } from "~/platform/http/public-pages.server";
import { installationSecret, issueFormToken } from "~/platform/db/installation-secret.server";
import { FORM_TOKEN_FIELD, splitAtFormToken } from "~/platform/react-router-internals/form-token";
import { database } from "./boot";
import { contentSecurityPolicy, newNonce, serverScriptHashes } from "./content-security-policy";

/**
 * A cache of rendered public pages (docs/decisions/0008-page-cache.md).
 *
 * - Only anonymous GET/HEAD requests for documents are served from it: no session or flash
 *   cookie, not the admin area, not React Router's `.data` requests. A page about one visitor
 *   (a newsletter link) says `Cache-Control: no-store` and is never kept.
 * - An entry is kept while `publicPagesVersion()` is unchanged (every admin change and every
 *   database error bumps it) and for at most ENTRY_TTL_MS.
 * - The bytes are shared, so inline scripts are allowed by their hashes instead of a nonce. Only
 *   the scripts the server rendered get one: the page is rendered with a nonce of its own as
 *   their marker, which is taken out of the bytes that are sent.
 * - A page with a form carries a form token (it proves when the form was shown, for the minimum
 *   fill time). The token is replaced by a fresh one every TOKEN_REFRESH_MS, without rendering
 *   the page again, so no visitor gets a token older than that.
 * - Compressed bodies (brotli, gzip) are made once per version of the bytes, off the main thread.
 * - The key is the path and the query parameters its page reads (`pageQuery`): a query with any
 *   other parameter is answered with a redirect to the URL without it, so cycling through junk
 *   query strings neither renders pages nor evicts the real ones.
 */

const ENTRY_TTL_MS = 10_000;
/**
 * For a CDN or proxy in front: share a page for a minute, serve it stale while fetching a new
 * one. Browsers revalidate every time (ETag → 304), so an admin change shows on reload.
 */
const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const TOKEN_REFRESH_MS = 250;
const MAX_ENTRIES = 200;
/** A request with either name of the session cookie, or with a flash message, gets its own page. */
const PRIVATE_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:${[SESSION_COOKIE_HTTPS, SESSION_COOKIE_HTTP, FLASH_COOKIE].join("|")})=`,
);
/** Headers of a render that belong to every copy of it; the rest is set per response. */
const STORED_HEADERS = ["content-type", "cache-control", "link", "vary"];

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Encoding = "br" | "gzip";

type Body = {
  bytes: Buffer;
  etag: string;
  csp: string;
  /** When the form token in `bytes` is due for renewal (Infinity for pages without a form). */
  renewAt: number;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
};

type Entry = {
  version: number;
  expiresAt: number;
  status: number;
  headers: [string, string][];
  /** The document as rendered, split around its form token (a single part when it has none). */
  parts: string[];
  /** The nonce the document was rendered with: it marks the server's own inline scripts. */
  marker: string;
  body: Body;
};

/** Set for a render through the cache: the nonce its inline scripts carry, turned into hashes here. */
export type PageCacheVariables = { pageCacheNonce: string | undefined };

export function pageCache(options: {
  https: boolean;
  /**
   * While visit statistics are on, `utm_*` parameters are left out of the key instead of being
   * redirected away, so a campaign link is answered (from the cache) with its parameters seen.
   */
  keepCampaign?: () => Promise<boolean>;
}): MiddlewareHandler<{ Variables: PageCacheVariables }> {
  const entries = new Map<string, Entry>();
  const renders = new Map<string, Promise<void>>();

  function makeBody(rendered: string, marker: string, renewAt: number): Body {
    const { html, scriptSources } = serverScriptHashes(rendered, marker);
    const bytes = Buffer.from(html);
    return {
      bytes,
      etag: `W/"${createHash("sha1").update(bytes).digest("base64url")}"`,
      csp: contentSecurityPolicy({ https: options.https, scriptSources }),
      renewAt,
      compressed: {},
    };
  }

  async function currentBody(entry: Entry): Promise<Body> {
    if (Date.now() < entry.body.renewAt) return entry.body;
    const token = issueFormToken(await installationSecret((await database()).db));
    entry.body = makeBody(entry.parts.join(token), entry.marker, Date.now() + TOKEN_REFRESH_MS);
    return entry.body;
  }

  function store(
    key: string,
    version: number,
    status: number,
    headers: Headers,
    html: string,
    marker: string,
  ): Entry {
    const { token, parts } = splitAtFormToken(html);
    if (!token && html.includes(FORM_TOKEN_FIELD) && !warnedTokenNotFound) {
      // The markup of the form's hidden field changed (React upgrade?): this page would keep
      // the token it was rendered with. Said once; tests/integration/markup-rewrites.test.ts
      // fails on it.
      warnedTokenNotFound = true;
      logger.warn({ path: key }, "page cache: a form token field without `value` right after `name`");
    }
    const entry: Entry = {
      version,
      expiresAt: Date.now() + ENTRY_TTL_MS,
      status,
      headers: STORED_HEADERS.flatMap((name) => {
        const value = headers.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      }),
      parts,
      marker,
      body: makeBody(html, marker, token ? Date.now() + TOKEN_REFRESH_MS : Infinity),
    };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  }

  async function respond(c: Context, entry: Entry): Promise<Response> {
    const body = await currentBody(entry);
    const headers = new Headers(entry.headers);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", SHARED_CACHE_CONTROL);
    headers.set("Content-Security-Policy", body.csp);
    headers.set("ETag", body.etag);
    headers.append("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === body.etag) return new Response(null, { status: 304, headers });

    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    let bytes = body.bytes;
    if (encoding) {
      body.compressed[encoding] ??= compress(body.bytes, encoding);
      bytes = await body.compressed[encoding];
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(bytes.length));
    // Buffers from Buffer.from and zlib own their ArrayBuffer.
    const payload = bytes as Uint8Array<ArrayBuffer>;
    return new Response(c.req.method === "HEAD" ? null : payload, { status: entry.status, headers });
  }

  return async (c, next) => {
    if (!isCacheable(c)) return next();
    const url = new URL(c.req.url);
    const campaign = url.search.includes("utm_") && (await options.keepCampaign?.()) ? takeCampaign(url) : "";
    const query = pageQuery(url);
    if (query === undefined) return next();
    if (query !== url.search) {
      const kept = campaign && (query ? `${query}&${campaign}` : `?${campaign}`);
      return c.redirect(samePath(url.pathname) + (kept || query), 301);
    }
    const key = url.pathname + query;
    const fresh = () => {
      const entry = entries.get(key);
      return entry && entry.version === publicPagesVersion() && Date.now() < entry.expiresAt
        ? entry
        : undefined;
    };

    let entry = fresh();
    if (!entry && c.req.method === "GET") {
      // One render per page at a time: concurrent requests wait for it, then use its entry.
      const pending = renders.get(key);
      if (pending) {
        await pending;
        entry = fresh();
      }
    }
    if (entry) {
      c.res = await respond(c, entry);
      return;
    }

    // Whatever this request gets, its inline scripts go by their hashes: those that carry this
    // render's nonce, which is then taken out.
    const marker = newNonce();
    c.set("pageCacheNonce", marker);
    const version = publicPagesVersion();
    const leader = c.req.method === "GET" && !renders.has(key) ? Promise.withResolvers<void>() : undefined;
    if (leader) renders.set(key, leader.promise);
    try {
      await next();
      const response = c.res;
      if (!response.headers.get("content-type")?.startsWith("text/html") || !response.body) return;
      const html = await response.text();
      const storable =
        c.req.method === "GET" &&
        response.status === 200 &&
        !response.headers.has("set-cookie") &&
        !/no-store|private/.test(response.headers.get("cache-control") ?? "") &&
        version === publicPagesVersion();
      if (storable) {
        c.res = await respond(c, store(key, version, response.status, response.headers, html, marker));
        return;
      }
      const sent = serverScriptHashes(html, marker);
      const headers = new Headers(response.headers);
      headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({ https: options.https, scriptSources: sent.scriptSources }),
      );
      c.res = new Response(sent.html, { status: response.status, headers });
    } finally {
      if (leader) {
        renders.delete(key);
        leader.resolve();
      }
    }
  };
}

let warnedTokenNotFound = false;

/**
 * The query parameters the public pages read, by path: the loaders' `searchParams`, each with the
 * values its page knows. The draft preview (`vorschau`) and the newsletter's links are about one
 * person and never cached (they say so): they pass untouched, as do React Router's route
 * discovery and files (a dot in the last segment: the sitemap, images, static files).
 */
const PAGE_QUERY: Record<string, (params: URLSearchParams) => string> = {
  "/projects": (params) => {
    const category = categoryFilter(params);
    return category ? `?category=${category}` : "";
  },
};
const UNCACHED_QUERY_PATHS = new Set(["/newsletter/bestaetigen", "/newsletter/abmelden", "/__manifest"]);
/**
 * Termine: a type's month, day, time and zone (`monat`, `tag`, `zeit`, `tz`) are one
 * visitor's way through the calendar, and the signed links of the mails are about one booking:
 * with a query, its pages pass untouched (each renders the free slots of that moment).
 */
const UNCACHED_QUERY_PREFIX = "/termine/";

/**
 * The query of a request's page as its key has it ("" for none), or undefined for a request
 * this cache leaves alone. Anything else in the query makes it differ from `url.search`.
 */
export function pageQuery(url: URL): string | undefined {
  if (url.search === "") return "";
  if (UNCACHED_QUERY_PATHS.has(url.pathname) || url.searchParams.has(PREVIEW_PARAM)) return undefined;
  if (url.pathname.startsWith(UNCACHED_QUERY_PREFIX)) return undefined;
  if (/\.[^/]*$/.test(url.pathname)) return undefined;
  return PAGE_QUERY[url.pathname]?.(url.searchParams) ?? "";
}

/** Takes the `utm_*` parameters out of `url`; resolves to them as a query without "?" ("" for none). */
function takeCampaign(url: URL): string {
  const names = [...url.searchParams.keys()].filter((name) => name.startsWith("utm_"));
  if (names.length === 0) return "";
  const campaign = new URLSearchParams([...url.searchParams].filter(([name]) => name.startsWith("utm_")));
  for (const name of names) url.searchParams.delete(name);
  return campaign.toString();
}

/** A path as the target of a redirect on this site: "//host" would leave it. */
const samePath = (pathname: string) => pathname.replace(/^\/+/, "/");

function isCacheable(c: Context): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  const path = c.req.path;
  if (path === "/admin" || path.startsWith("/admin/") || path.endsWith(".data")) return false;
  return !PRIVATE_COOKIE.test(c.req.header("cookie") ?? "");
}

/** Brotli, else gzip, else none, as the Accept-Encoding header allows (`;q=0` refuses one). */
function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .split(",")
      .map((item) => item.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? compressBrotli(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      })
    : compressGzip(bytes, { level: 6 });
}
