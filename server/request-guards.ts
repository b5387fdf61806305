import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import type { Env } from "~/platform/env.server";
import { IMAGE_MESSAGES } from "~/features/media/image-limits";
import { isAdminPath, routerPath } from "../app/platform/react-router-internals/router-paths";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * RFC 8058: mail providers POST here for one-click unsubscribe (answered by the route's
 * middleware, app/features/newsletter/newsletter-unsubscribe.tsx); the link itself is signed. Only that POST
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

/**
 * The request as the visitor sent it. Behind a proxy that ends TLS (Caddy), the server sees
 * `http://<host>/…`, while the browser's Origin is PUBLIC_URL's `https://<host>`: React Router
 * refuses such an action as a possible forgery ("origin does not match"). A request for
 * PUBLIC_URL's host gets PUBLIC_URL's scheme; the Origin check itself is `sameOriginOnly`'s.
 */
export function atPublicOrigin(request: Request, config: Pick<Env, "PUBLIC_URL">): Request {
  const url = new URL(request.url);
  const publicUrl = new URL(config.PUBLIC_URL);
  if (url.host !== publicUrl.host || url.protocol === publicUrl.protocol) return request;
  url.protocol = publicUrl.protocol;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // A body is already in memory (boundedBodies); a stream needs this to be passed on.
    ...(request.body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Bodies anyone may send: the public forms, and sign-in, passkey and setup under /admin. */
export const PUBLIC_BODY_LIMIT_BYTES = 10 * 1024;
/** The signed-in owner's forms: a newsletter issue of 50,000 characters, percent-encoded. */
export const OWNER_BODY_LIMIT_BYTES = 1024 * 1024;
/** The signed-in owner's uploads (projects, Inhalte): an image of up to 8 MB and the form. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Fields (urlencoded) or parts (multipart) of one form; the largest admin form has a few hundred. */
export const MAX_FORM_FIELDS = 1000;
/**
 * How long a body anyone may send may take to arrive: a form of 10 KB takes milliseconds, a
 * client that trickles it holds a connection and memory for nothing. The owner's bodies are bound
 * by the server's requestTimeout (server/app.ts), which leaves time for an upload from a phone.
 */
export const PUBLIC_BODY_DEADLINE_MS = 5_000;
export const OWNER_BODY_DEADLINE_MS = 60_000;

/**
 * The owner's upload routes: the project form (`/admin?index`), the Inhalte editor and the
 * image upload the forms use for their progress bar (`/admin/bilder`).
 */
function isUploadPath(path: string): boolean {
  return path === "/admin" || path === "/admin/bilder" || /^\/admin\/inhalte\/[^/]+$/.test(path);
}

type BodyRule = { limit: number; deadlineMs: number; tooLarge: string };

const PUBLIC_RULE: BodyRule = {
  limit: PUBLIC_BODY_LIMIT_BYTES,
  deadlineMs: PUBLIC_BODY_DEADLINE_MS,
  tooLarge: FORM_GUARD_MESSAGES.tooLarge,
};

/**
 * Reads every request body before anything else does, bounded in size, time and form fields,
 * and hands the rest of the app a request with the body in memory (413, 408 or 400 instead):
 *
 * - A request without a valid admin session gets the public limit, also under /admin (sign-in,
 *   passkey, setup); only a signed-in owner gets more, and megabytes only on the upload routes.
 *   `signedIn` is asked only for admin paths with a session cookie.
 * - A body that has not arrived within its deadline is refused, so a client that trickles its
 *   bodies holds nothing (the public forms' turns come after this).
 * - A form with more than MAX_FORM_FIELDS fields or parts is refused before it is parsed: a few
 *   MB of `a=&` would otherwise become millions of entries in the server's heap.
 */
export function boundedBodies({
  signedIn,
  copied,
}: {
  signedIn: (request: Request) => Promise<boolean>;
  /** Told of the copy that replaces a request once its body is read. */
  copied?: (original: Request, copy: Request) => void;
}): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const path = routerPath(c.req.path).path;
    let rule = PUBLIC_RULE;
    if (isAdminPath(path) && (await signedIn(c.req.raw))) {
      rule = isUploadPath(path)
        ? {
            limit: UPLOAD_BODY_LIMIT_BYTES,
            deadlineMs: OWNER_BODY_DEADLINE_MS,
            tooLarge: IMAGE_MESSAGES.tooLarge,
          }
        : {
            limit: OWNER_BODY_LIMIT_BYTES,
            deadlineMs: OWNER_BODY_DEADLINE_MS,
            tooLarge: FORM_GUARD_MESSAGES.tooLarge,
          };
    }
    // Refused bodies are not read further: once the answer is sent, @hono/node-server reads and
    // drops what still comes for at most 500 ms, then closes the connection (closing at once
    // would reset it, and the client lose the answer).
    if (Number(c.req.header("content-length") ?? 0) > rule.limit) return c.text(rule.tooLarge, 413);
    const read = await readBounded(c.req.raw, rule.limit, rule.deadlineMs);
    if (read === "too-large") return c.text(rule.tooLarge, 413);
    if (read === "too-slow") return c.text(FORM_GUARD_MESSAGES.tooSlow, 408);
    // The client went away: nobody reads this answer, and the request log says so.
    if (read === "aborted") return c.text(FORM_GUARD_MESSAGES.tooSlow, 400);
    if (formFieldCount(read, c.req.header("content-type")) > MAX_FORM_FIELDS) {
      return c.text(FORM_GUARD_MESSAGES.tooManyFields, 413);
    }
    const copy = withBody(c.req.raw, read);
    copied?.(c.req.raw, copy);
    c.req.raw = copy;
    return next();
  };
}

/** The body, or why it was not read: over `limit`, not arrived within `deadlineMs`, or cut off. */
async function readBounded(
  request: Request,
  limit: number,
  deadlineMs: number,
): Promise<Buffer | "too-large" | "too-slow" | "aborted"> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => undefined);
  }, deadlineMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) return "too-slow";
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      // Not read further: the answer closes the connection.
      if (size > limit) return "too-large";
      chunks.push(value);
    }
  } catch {
    return timedOut ? "too-slow" : "aborted";
  } finally {
    clearTimeout(timer);
  }
}

/** How many fields (urlencoded) or parts (multipart) a form body has; 0 for other bodies. */
export function formFieldCount(body: Buffer, contentType = ""): number {
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return occurrences(body, "&") + 1;
  if (!type.startsWith("multipart/form-data")) return 0;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? Math.max(0, occurrences(body, `--${boundary}`) - 1) : 0;
}

function occurrences(body: Buffer, text: string): number {
  const needle = Buffer.from(text);
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The request with its body in memory, for the router and the actions to read. */
function withBody(request: Request, body: Buffer): Request {
  const headers = new Headers(request.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return new Request(request.url, {
    method: request.method,
    headers,
    // Request copies the bytes of the view, wherever its ArrayBuffer starts.
    body: body.byteLength > 0 ? (body as Uint8Array<ArrayBuffer>) : null,
    signal: request.signal,
  });
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
