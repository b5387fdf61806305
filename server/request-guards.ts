import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { FORM_GUARD_MESSAGES } from "~/content/messages";
import type { Env } from "~/env.server";
import { IMAGE_MESSAGES } from "~/lib/image-limits";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Public form bodies are small; the admin area (uploads) sets its own limits. */
export const PUBLIC_BODY_LIMIT_BYTES = 10 * 1024;
/**
 * RFC 8058: mail providers POST here for one-click unsubscribe (answered by the route's
 * middleware, app/routes/newsletter-unsubscribe.tsx); the link itself is signed. Only that POST
 * to the document URL is exempt: any other method, and its `.data` URL, are checked like
 * everywhere else.
 */
const CROSS_SITE_ALLOWED = new Set(["POST /newsletter/abmelden"]);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests from other sites (CSRF): the Origin header (or, without one,
 * the Referer) must be PUBLIC_URL's origin or the request's own host; a browser's
 * `Sec-Fetch-Site: cross-site` is refused outright.
 */
export function sameOriginOnly(config: Env): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (CROSS_SITE_ALLOWED.has(`${c.req.method} ${c.req.path}`)) {
      // React Router refuses (400) any action whose Origin names another host: its own CSRF
      // check, which this guard supersedes. A provider's one-click POST may carry its own
      // Origin, so this one request reaches the router without the header (nothing reads it).
      c.req.raw = withoutOrigin(c.req.raw);
      return next();
    }
    const header = (name: string) => c.req.header(name);
    if (!isSameOrigin(header, config, new URL(c.req.url).protocol)) {
      return c.text(FORM_GUARD_MESSAGES.forbidden, 403);
    }
    return next();
  };
}

/**
 * Whether a request comes from this site: its Origin header (or, without one, its Referer) is
 * PUBLIC_URL's origin or the request's own host (`protocol` is the server's), and a browser
 * does not call it cross-site.
 */
export function isSameOrigin(
  header: (name: string) => string | undefined,
  config: Env,
  protocol: string,
): boolean {
  const own = `${protocol}//${header("host") ?? ""}`;
  const origin = header("origin");
  const source = origin && origin !== "null" ? originOf(origin) : originOf(header("referer"));
  const crossSite = header("sec-fetch-site") === "cross-site";
  return !crossSite && source !== undefined && (source === config.PUBLIC_URL || source === own);
}

function withoutOrigin(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("origin");
  return new Request(request, { headers });
}

/** The admin area accepts image uploads (8 MB) plus the rest of the form. */
export const ADMIN_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** 413 for oversized bodies: 10 KB on public routes, 10 MB in the admin area. */
export function bodyLimits(): MiddlewareHandler {
  const publicLimit = bodyLimit({
    maxSize: PUBLIC_BODY_LIMIT_BYTES,
    onError: (c) => c.text(FORM_GUARD_MESSAGES.tooLarge, 413),
  });
  const adminLimit = bodyLimit({
    maxSize: ADMIN_BODY_LIMIT_BYTES,
    onError: (c) => c.text(IMAGE_MESSAGES.tooLarge, 413),
  });
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const admin =
      c.req.path === "/admin" || c.req.path.startsWith("/admin/") || c.req.path.startsWith("/admin.");
    return admin ? adminLimit(c, next) : publicLimit(c, next);
  };
}

/**
 * The client's address: the socket's peer, or, when that peer is one of TRUSTED_PROXIES, the
 * last entry of the header TRUST_PROXY names (the one our proxy appended; earlier entries are
 * client-supplied). Anyone else's header is ignored: a client cannot pick its own address.
 */
export function clientAddress(c: Context, config: Env): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // no socket (e.g. a request made in a test without a server): "unknown"
  }
  if (config.TRUST_PROXY && isTrustedProxy(peer, config.TRUSTED_PROXIES)) {
    const last = c.req.header(config.TRUST_PROXY)?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return peer;
}

const trustedLists = new Map<string, BlockList>();

/** Whether `peer` is in one of the addresses or ranges of TRUSTED_PROXIES. */
export function isTrustedProxy(peer: string, trusted: string[]): boolean {
  const key = trusted.join(",");
  let list = trustedLists.get(key);
  if (!list) {
    list = new BlockList();
    for (const entry of trusted) {
      const [address = "", prefix] = entry.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    trustedLists.set(key, list);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1];
  const address = mapped ?? peer;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}
