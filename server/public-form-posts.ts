import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { PUBLIC_FORMS } from "~/public-forms";
import { singleFetchActionData } from "~/platform/react-router-internals/single-fetch";
import type { PublicForm } from "~/platform/forms/public-form";
import type { Db } from "~/platform/db/engines.server";
import type { Env } from "~/platform/env.server";
import {
  formCapRetryAfter,
  PUBLIC_FORM_NETWORK_PREFIX,
  type FormResult,
} from "~/platform/forms/guard.server";
import { logger } from "~/platform/logger.server";
import { clientNetwork } from "~/platform/db/installation-secret.server";
import { isSameOrigin, PUBLIC_BODY_DEADLINE_MS, PUBLIC_BODY_LIMIT_BYTES } from "./request-guards";
import { routerPath } from "../app/platform/react-router-internals/router-paths";

/**
 * The public forms' POSTs (contact request, newsletter sign-up) under a flood:
 *
 * - **Refused before anything else** once the cap of all public forms (FORM_MAX_PER_HOUR) is
 *   reached (`refuseWhileCapped`, in front of the whole app): a POST from JavaScript (`.data`)
 *   gets the answer its action would give (429, the spec's failure title, "Zu viele Anfragen …")
 *   from Node's request itself, without request log, router, action or database: tens of
 *   microseconds instead of milliseconds. With the cap reached every submission is refused
 *   anyway, whatever it holds (a honeypot's silent success needs the action, and is not owed
 *   while nothing is taken). A POST without JavaScript still goes to its action, which renders
 *   the page with the visitor's values and refuses before any database work
 *   (app/platform/forms/guard.server.ts).
 * - **In turn** (`publicFormTurns`): at most PUBLIC_FORMS_AT_ONCE of them are in the router at
 *   a time and FORM_MAX_PER_SECOND start a second; up to PUBLIC_FORMS_WAITING wait here in
 *   order (more are refused), and are refused when their turn comes if the cap was reached
 *   meanwhile. Until the cap is known to be reached, a flood's submissions go the whole
 *   way (validation, database); in turn, they leave room for the visitors' pages.
 *
 * `npm run bench` floods /contact.data with 2,000 POSTs a second and measures GET / beside it.
 */

/** Public form POSTs in the router at once; more wait their turn. */
export const PUBLIC_FORMS_AT_ONCE = 4;
/** Public form POSTs that may wait for their turn; more are refused as over a limit. */
export const PUBLIC_FORMS_WAITING = 100;
/** Of those, from one client (an IPv4 address, an IPv6 network): a visitor sends one at a time. */
export const PUBLIC_FORMS_WAITING_PER_CLIENT = 5;

/** A public form's POST: which forms the page has, and whether it came from JavaScript. */
type PublicFormPost = { data: boolean; forms: PublicForm[] };

/**
 * A public form's POST: `.data` from JavaScript, or the document URL without it, as the router
 * takes them (also written with other case, a trailing slash or `/_.data`: app/platform/react-router-internals/router-paths.ts);
 * undefined for any other request. The forms are those of app/public-forms.ts.
 */
function publicFormPost(method: string | undefined, url: string | undefined): PublicFormPost | undefined {
  if (method !== "POST" || !url) return undefined;
  const query = url.indexOf("?");
  const { path, data } = routerPath(query === -1 ? url : url.slice(0, query));
  const index = query !== -1 && new URLSearchParams(url.slice(query + 1)).has("index");
  const forms = PUBLIC_FORMS.filter((form) => postsTo(form, path) && Boolean(form.index) === index);
  return forms.length > 0 ? { data, forms } : undefined;
}

/**
 * Which form a POST is, as the actions tell them apart: a page with one form has it; a page with
 * more tells them by the field `intent` (the one without an intent is the page's own form).
 */
async function publicFormOf({ forms }: PublicFormPost, body: Request | string): Promise<PublicForm> {
  if (forms.length === 1) return forms[0]!;
  const intent =
    typeof body === "string"
      ? new URLSearchParams(body).get("intent")
      : (await body.formData().catch(() => undefined))?.get("intent");
  return forms.find((form) => form.intent === intent) ?? forms.find((form) => !form.intent) ?? forms[0]!;
}

/** Whether `form` posts to `path`: its segments equal, a `:name` segment standing for any one. */
function postsTo(form: PublicForm, path: string): boolean {
  if (form.path === path) return true;
  if (!form.path.includes("/:")) return false;
  const pattern = form.path.split("/");
  const segments = path.split("/");
  return (
    pattern.length === segments.length &&
    pattern.every((part, at) => (part.startsWith(":") ? segments[at] !== "" : part === segments[at]))
  );
}

/**
 * Turns for the router: at most PUBLIC_FORMS_AT_ONCE at a time and FORM_MAX_PER_SECOND starts a
 * second (20 by default: far more than a site's visitors send, and few enough that a flood's
 * submissions, until the cap is reached, leave the pages their share), the others waiting in
 * order, at most PUBLIC_FORMS_WAITING_PER_CLIENT of them from one client.
 */
let inRouter = 0;
const waiting: (() => void)[] = [];
const waitingPerClient = new Map<string, number>();
let nextStartAt = 0;
let pumpTimer: NodeJS.Timeout | undefined;
const waitingFull = () => waiting.length >= PUBLIC_FORMS_WAITING;

/** Lets the next waiting POSTs into the router, as far as their turns allow. */
function pump(perSecond: number) {
  while (waiting.length > 0 && inRouter < PUBLIC_FORMS_AT_ONCE) {
    const now = performance.now();
    if (now < nextStartAt) {
      pumpTimer ??= setTimeout(() => {
        pumpTimer = undefined;
        pump(perSecond);
      }, nextStartAt - now);
      return;
    }
    nextStartAt = now + 1000 / perSecond;
    inRouter++;
    waiting.shift()!();
  }
}

/** Waits for a POST's turn; `client` is its network (server/request-guards.ts clientAddress). */
async function turn(perSecond: number, client: string): Promise<void> {
  waitingPerClient.set(client, (waitingPerClient.get(client) ?? 0) + 1);
  try {
    const mine = new Promise<void>((resolve) => waiting.push(resolve));
    pump(perSecond);
    await mine;
  } finally {
    const left = waitingPerClient.get(client)! - 1;
    if (left === 0) waitingPerClient.delete(client);
    else waitingPerClient.set(client, left);
  }
}

function release(perSecond: number) {
  inRouter--;
  pump(perSecond);
}

/** How many POSTs were refused here since the last log line about them (one a minute). */
let refusedSinceLog = 0;
let lastLog = 0;

/** The action's answer to a refused `.data` POST of `body`: 429, the failure title, when to retry. */
async function refusal(post: PublicFormPost, body: Request | string, retryAfter: number) {
  refusedSinceLog++;
  if (Date.now() - lastLog >= 60_000) {
    logger.warn(
      { refused: refusedSinceLog, retryAfterSeconds: retryAfter },
      "public form POSTs refused before the router (FORM_MAX_PER_HOUR reached, or too many waiting)",
    );
    lastLog = Date.now();
    refusedSinceLog = 0;
  }
  const form = await publicFormOf(post, body);
  const answer = {
    ok: false,
    title: form.failure.title,
    description: FORM_GUARD_MESSAGES.rateLimited(Math.ceil(retryAfter / 60)),
    form: form.form,
  } satisfies FormResult;
  return {
    body: singleFetchActionData(answer),
    headers: {
      "Content-Type": "text/x-script",
      "X-Remix-Response": "yes",
      "Retry-After": String(retryAfter),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  };
}

/** A POST from this site with a small urlencoded body: one this module may pace and answer. */
function plainFormPost(headers: (name: string) => string | undefined, config: Env, protocol: string) {
  const type = headers("content-type") ?? "";
  const length = Number(headers("content-length"));
  return (
    type.startsWith("application/x-www-form-urlencoded") &&
    length <= PUBLIC_BODY_LIMIT_BYTES &&
    isSameOrigin(headers, config, protocol)
  );
}

/** The body of a small POST, or undefined when it has not arrived within PUBLIC_BODY_DEADLINE_MS. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const timer = setTimeout(() => request.destroy(), PUBLIC_BODY_DEADLINE_MS);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > PUBLIC_BODY_LIMIT_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    clearTimeout(timer);
  }
}

/**
 * In front of the app: for a public form's `.data` POST, a promise that answers it itself while
 * the cap is reached and resolves to true, or resolves to false; for any other request
 * undefined at once. Either way without an answer, the app answers. `database` is the request's
 * database.
 */
export function refuseWhileCapped(config: Env, database: () => Promise<Db>) {
  return (request: IncomingMessage, response: ServerResponse): Promise<boolean> | undefined => {
    const post = publicFormPost(request.method, request.url);
    if (!post?.data) return undefined;
    const header = (name: string) => request.headers[name] as string | undefined;
    // The server is plain HTTP (behind a proxy for HTTPS): its own origin is http://host.
    if (!plainFormPost(header, config, "http:")) return undefined;
    return (async () => {
      const db = await database().catch(() => undefined);
      const retryAfter = (db && formCapRetryAfter(db)) ?? (waitingFull() ? 60 : undefined);
      if (retryAfter === undefined) return false;
      const posted = await readBody(request);
      if (posted === undefined) throw new Error("body too large or too slow");
      const { body, headers } = await refusal(post, posted, retryAfter);
      response.writeHead(429, { ...headers, "Content-Length": Buffer.byteLength(body) });
      response.end(body);
      return true;
    })();
  };
}

/**
 * The public form POSTs' turns (see above); `database` is the request's database. The body has
 * been read by then (boundedBodies in server/request-guards.ts): a client that trickles it holds
 * no turn, and another site's POST was refused.
 */
export function publicFormTurns(
  config: Env,
  database: () => Promise<Db>,
  clientOf: (c: Context) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const post = publicFormPost(c.req.method, url.pathname + url.search);
    if (!post) return next();
    const refuse = async (retryAfter: number) => {
      if (!post.data) return c.text(FORM_GUARD_MESSAGES.rateLimited(Math.ceil(retryAfter / 60)), 429);
      const { body, headers } = await refusal(post, c.req.raw.clone(), retryAfter);
      return c.body(body, 429, headers);
    };
    const client = clientNetwork(clientOf(c), PUBLIC_FORM_NETWORK_PREFIX);
    if (waitingFull() || (waitingPerClient.get(client) ?? 0) >= PUBLIC_FORMS_WAITING_PER_CLIENT) {
      return refuse(60);
    }
    await turn(config.FORM_MAX_PER_SECOND, client);
    try {
      const db = post.data ? await database().catch(() => undefined) : undefined;
      const retryAfter = db && formCapRetryAfter(db);
      if (retryAfter !== undefined) return await refuse(retryAfter);
      await next();
    } finally {
      release(config.FORM_MAX_PER_SECOND);
    }
  };
}
