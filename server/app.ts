import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { isHealthy, openDatabase } from "~/platform/db/engines.server";
import { checkServerEnv, env, EnvError, type Env } from "~/platform/env.server";
import { logger, scrubError } from "~/platform/logger.server";
import { nonceContext } from "~/platform/http/nonce";
import { publicPagesChanged } from "~/platform/http/public-pages.server";
import { adminOfRequest, readSessionToken, shareAdminOfRequest } from "~/features/auth/session.server";
import {
  countOutboundClick,
  countPageView,
  flushVisits,
  OUTBOUND_TARGET_FIELD,
  statisticsEnabled,
  STATISTICS_MESSAGES,
} from "~/features/statistics/index.server";
import { OUTBOUND_CLICK_PATH } from "~/features/statistics";
import { clientAddressContext, databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { startBackups } from "./backup";
import {
  configuredDatabase,
  database,
  kickMailWorker,
  requestDatabase,
  runningDatabase,
  shutDown,
} from "./boot";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";
import { publicFormTurns, refuseWhileCapped } from "./public-form-posts";
import { pageCache, type PageCacheVariables } from "./page-cache";
import { atPublicOrigin, boundedBodies, clientAddress, sameOriginOnly } from "./request-guards";

/**
 * The production server: Hono on Node's http module (chosen by measured throughput, see
 * docs/decisions/0002-hono-server.md) in front of the React Router request handler.
 */

const CLIENT_DIR = fileURLToPath(new URL("../client", import.meta.url));
const SHUTDOWN_GRACE_MS = 8_000;
/**
 * A client has 10 s for its headers and a minute for its whole request (Node's defaults: 60 s
 * and 5 min), checked every 2 s: a connection that trickles holds a socket no longer. A minute
 * carries the owner's 10 MB upload at 1.4 Mbit/s; public bodies have 5 s (request-guards.ts).
 *
 * An idle connection stays open longer than the proxies in front keep theirs (Caddy 2 min, nginx
 * 60 s; Node's default is 5 s): when the server closed one first, a proxy could send a request on
 * it just as it closed, and a visitor's POST, which the proxy does not retry, got a 502. Clients
 * are told the timeout (`Keep-Alive: timeout=125`) and close theirs before it.
 */
const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 125_000,
  connectionsCheckingInterval: 2_000,
} as const;
const SHUTDOWN_HARD_LIMIT_MS = 10_000;

/** How `npm run dev` (server/dev.ts) serves: the React Router build, fresh after each change. */
type DevOptions = { loadBuild: () => Promise<ServerBuild> };

/**
 * The server's request pipeline. With `dev`, Vite serves the modules and public files and
 * hot-reloads them: there is no page cache, no static serving, and no Content-Security-Policy
 * (Vite's client injects inline styles and scripts).
 */
export function createApp(config: Env, dev?: DevOptions) {
  const app = new Hono<{ Variables: PageCacheVariables }>();
  const handleRequest = dev
    ? createRequestHandler(dev.loadBuild, "development")
    : createRequestHandler(build as unknown as ServerBuild, "production");

  // One log line per request, without query string, body, cookies or client address. A client
  // that went away before its request was read (an upload cut off) is not a server error.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const line = { method: c.req.method, path: c.req.path, ms: Math.round(performance.now() - started) };
    if (incomingOf(c)?.readableAborted) logger.info(line, "request aborted by the client");
    else logger.info({ ...line, status: c.res.status }, "request");
  });

  if (!dev) {
    // Hashed build output never changes under its name: cached for a year. It is answered before
    // the documents' headers are added: a script or stylesheet needs none of a page's policies
    // (CSP, frame, permission and opener rules apply to documents), and a page loads about ten
    // of them, where those headers made 7 kB of the home page's 118 kB.
    app.use(
      "/assets/*",
      serveStatic({
        root: CLIENT_DIR,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
          c.header("X-Content-Type-Options", "nosniff");
          c.header("Cross-Origin-Resource-Policy", "same-origin");
        },
      }),
    );
  }

  app.use(
    secureHeaders({
      // Set below: with a nonce or hashes for pages, without inline scripts for everything else.
      contentSecurityPolicy: undefined,
      strictTransportSecurity: config.isHttps ? "max-age=63072000; includeSubDomains" : false,
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
      overwrite: false,
    }),
  );
  // Responses without inline scripts of their own (assets, JSON, redirects) allow none.
  const scriptlessPolicy = contentSecurityPolicy({ https: config.isHttps });
  app.use(async (c, next) => {
    await next();
    if (!dev && !c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set("Content-Security-Policy", scriptlessPolicy);
    }
    // Shared caching is opted into (cached public pages, assets, sitemap); everything else, from
    // the admin area to form answers and anything that sets a cookie, is kept by nobody.
    if (!c.res.headers.has("Cache-Control") || c.res.headers.has("Set-Cookie")) {
      c.res.headers.set("Cache-Control", "no-store");
    }
  });

  app.use(sameOriginOnly(config));
  const adminOf = (request: Request) => adminOfRequest(request, requestDatabase).catch(() => undefined);
  app.use(
    boundedBodies({
      signedIn: async (request) => Boolean(readSessionToken(request) && (await adminOf(request))),
      copied: shareAdminOfRequest,
    }),
  );
  // Public form POSTs take turns (server/public-form-posts.ts), their bodies read.
  app.use(publicFormTurns(config, requestDatabase, (c) => clientAddress(c, config)));
  // Visit statistics (docs/decisions/0025-visit-statistics.md): the answer, also one from the page
  // cache, is looked at once it is made; the counting never delays it.
  const siteHosts = [new URL(config.PUBLIC_URL).host];
  // Counting never starts the database: during an outage the events are simply not counted.
  const countingDatabase = () => runningDatabase() ?? Promise.reject(new Error("database not running"));
  app.use(async (c, next) => {
    await next();
    // Files, JSON and other methods leave here, before anything is computed for them.
    const contentType = c.res.headers.get("content-type");
    // Pages, and the data of the next page on a navigation inside the site (text/x-script).
    if (c.req.method !== "GET" || !/^text\/(html|x-script)/.test(contentType ?? "")) return;
    const headers = nodeHeadersOf(c);
    const host = headers.host;
    countPageView(
      {
        method: c.req.method,
        url: c.req.url,
        headers,
        status: c.res.status,
        contentType,
        address: clientAddress(c, config),
        siteHosts: typeof host === "string" ? [...siteHosts, host.toLowerCase()] : siteHosts,
      },
      countingDatabase,
    );
  });
  // A click on a link to another website, as the browser reports it: `ping` names the address in
  // Ping-To, the page's beacon in a form field. Same-origin only, like every POST (above).
  app.post(OUTBOUND_CLICK_PATH, async (c) => {
    const form = /^application\/x-www-form-urlencoded/.test(c.req.header("content-type") ?? "")
      ? new URLSearchParams(await c.req.text())
      : undefined;
    const host = c.req.header("host");
    const outcome = countOutboundClick(
      {
        request: c.req.raw,
        address: clientAddress(c, config),
        target: c.req.header("ping-to") ?? form?.get(OUTBOUND_TARGET_FIELD),
        siteHosts: host ? [...siteHosts, host.toLowerCase()] : siteHosts,
      },
      countingDatabase,
    );
    if (outcome === "invalid") return c.text(STATISTICS_MESSAGES.outboundInvalid, 400);
    return c.body(null, 204);
  });
  app.use(compress());
  if (!dev)
    app.use(pageCache({ https: config.isHttps, keepCampaign: () => statisticsEnabled(countingDatabase) }));

  app.get("/healthz", async (c) => {
    const ok = await database()
      .then((handle) => isHealthy(handle))
      .catch(() => false);
    if (ok) return c.json({ status: "ok" });
    publicPagesChanged();
    return c.json({ status: "unavailable" }, 503);
  });

  if (!dev) {
    // A missing hashed asset is a plain 404, not a rendered page.
    app.get("/assets/*", (c) => c.text("Not found", 404));
    app.use(
      "*",
      serveStatic({
        root: CLIENT_DIR,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
      }),
    );
  }

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    // A page rendered for the page cache is shared: its inline scripts carry the cache's nonce,
    // which it turns into hashes (and sets the policy).
    const cacheNonce = c.get("pageCacheNonce");
    const nonce = cacheNonce ?? newNonce();
    context.set(nonceContext, nonce);
    context.set(clientAddressContext, clientAddress(c, config));
    context.set(databaseContext, requestDatabase());
    context.set(mailQueuedContext, kickMailWorker);
    const request = atPublicOrigin(c.req.raw, config);
    if (request !== c.req.raw) shareAdminOfRequest(c.req.raw, request);
    const response = await handleRequest(request, context);
    // A download that is a document of its own (a printable proof or data export, no script)
    // brings a stricter policy of its own: it stays.
    if (!dev && !cacheNonce && !response.headers.has("Content-Security-Policy")) {
      response.headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({ https: config.isHttps, scriptSources: [`'nonce-${nonce}'`] }),
      );
    }
    return response;
  });

  app.onError((error, c) => {
    logger.error({ err: scrubError(error), path: c.req.path }, "unhandled error");
    return c.text("Interner Fehler. Bitte versuche es später erneut.", 500);
  });

  return app;
}

/** Node's request behind a Hono context; none for a request made in a test without a server. */
function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** The request's headers as Node's parser gave them (lower-case names), or read from the Request. */
function nodeHeadersOf(c: Context): Readonly<Record<string, string | string[] | undefined>> {
  return incomingOf(c)?.headers ?? Object.fromEntries(c.req.raw.headers);
}

function fail(message: string): never {
  logger.fatal(message);
  // pino writes asynchronously; give it a moment before exiting.
  setTimeout(() => process.exit(1), 50);
  throw new Error(message);
}

/** Starts the server: validated environment, database ready, listening, graceful shutdown. */
export async function main(): Promise<Server> {
  let config: Env;
  try {
    config = env();
    checkServerEnv(config);
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error));
  }
  logger.level = config.LOG_LEVEL;

  try {
    await database();
  } catch (error) {
    const message = error instanceof Error && error.name === "DataDirLockedError" ? error.message : undefined;
    logger.error({ err: scrubError(error) }, "database could not be opened");
    fail(message ?? "The database could not be opened; see the error above.");
  }
  const stopBackups = await startBackups(config, { mailQueued: kickMailWorker });

  const app = createApp(config);
  // While the cap of all public forms is reached, their POSTs are refused in front of the app.
  const appListener = getRequestListener(app.fetch);
  const refused = refuseWhileCapped(config, requestDatabase);
  const server = createServer(SERVER_TIMEOUTS, (request, response) => {
    const refusing = refused(request, response);
    if (!refusing) return void appListener(request, response);
    refusing.then(
      (done) => {
        if (!done) void appListener(request, response);
      },
      () => response.destroy(), // the client went away while its body was read
    );
  });
  server.listen(config.PORT, config.HOST, () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ url: config.PUBLIC_URL, port, host: config.HOST }, "server listening");
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS).unref();
    // Stop accepting; let in-flight requests finish, then cut whatever still hangs.
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.close(async () => {
      clearTimeout(force);
      try {
        await stopBackups();
        await flushVisits();
        await shutDown();
        logger.info("database closed; bye");
        process.exitCode = 0;
      } catch (error) {
        logger.error({ err: scrubError(error) }, "closing the database failed");
        process.exitCode = 1;
      }
      setTimeout(() => process.exit(), 20).unref();
    });
    server.closeIdleConnections();
  };
  // `on`, not `once`: a repeated signal must meet the guard above, not the default action that
  // would end the process mid-stop (skipping the CHECKPOINT of the embedded database).
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  return server;
}

let devInstance: ReturnType<typeof createApp> | undefined;

/**
 * `npm run dev` (server/dev.ts): the app with its database booted as in production (once per
 * process: server/boot.ts keeps it across module reloads), and the React Router build loaded
 * fresh through Vite. No backups, no signal handling.
 */
export async function devApp(loadBuild: DevOptions["loadBuild"]): Promise<ReturnType<typeof createApp>> {
  if (!devInstance) {
    const config = env();
    logger.level = config.LOG_LEVEL;
    await database();
    devInstance = createApp(config, { loadBuild });
  }
  return devInstance;
}

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
export async function migrateOnly(): Promise<void> {
  const handle = await openDatabase(configuredDatabase());
  await handle.close();
  logger.info("migrations applied");
}

export { adminCli } from "./admin-cli";
export { backupCli, restoreCli } from "./backup";
