import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase, type DatabaseOptions, type Db } from "~/platform/db/engines.server";
import type { ServerDatabase } from "./databases";
import { startServer, waitUntilHealthy, type ServerProcess } from "./server-process";

/** Talking to a production server under test the way a browser on the site would. */

/** The session cookie a response sets (`name=value`), if it sets a non-empty one. */
export function sessionCookieOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?session=[^;]+/.test(value));
  return cookie?.split(";")[0];
}

/** The hidden form token of a rendered public form. */
export function formTokenIn(html: string): string {
  const token = html.match(/name="formToken" value="([^"]+)"/)?.[1];
  if (!token) throw new Error("no form token in the page");
  return token;
}

/**
 * A form token of the page at `path` that is not in `used`, added to it. A token is good for one
 * accepted submission per client, and a cached page hands out the same one for 250 ms: this
 * waits for the next.
 */
export async function unusedFormToken(base: string, used: Set<string>, path = "/contact"): Promise<string> {
  for (;;) {
    const token = formTokenIn(await (await get(base, path)).text());
    if (!used.has(token)) {
      used.add(token);
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A same-origin form POST (urlencoded), without following redirects. */
export function postForm(
  base: string,
  url: string,
  body: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return fetch(`${base}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body: params.toString(),
  });
}

/** Signs in through the login form; returns the session cookie (`session=…`). */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const response = await postForm(base, "/admin/login", { email, password });
  const cookie = sessionCookieOf(response);
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** A GET as the signed-in admin (or anonymous without `cookie`), without following redirects. */
export function get(base: string, url: string, cookie?: string): Promise<Response> {
  return fetch(`${base}${url}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

export type RunningServer = {
  server: ServerProcess;
  url: string;
  /** Opens the server's database from the test (PostgreSQL: also while the server runs). */
  options: DatabaseOptions;
  /** The server's DATA_DIR: without SMTP_URL its mails are .eml files in `mail/` there. */
  dataDir: string;
};

/**
 * Confirms a newsletter sign-up with the link of its confirmation mail (from the server's mail
 * drop), as the subscriber's button does (with `headers`: from that browser); waits for the mail
 * up to 10 s.
 */
export async function confirmSignUpByMail(
  running: RunningServer,
  email: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const folder = path.join(running.dataDir, "mail");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files) {
      // Quoted-printable bodies: soft line breaks and "=3D" undone, enough to read the link.
      const raw = (await readFile(path.join(folder, file), "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const to = raw.match(/^To: <?([^>\r\n]+)>?\r?$/m)?.[1];
      if (to !== email) continue;
      const token = raw.match(/\/newsletter\/bestaetigen\?token=([0-9a-f]{64})/)?.[1];
      if (!token) continue;
      const response = await postForm(
        running.url,
        "/newsletter/bestaetigen",
        { intent: "confirm", token },
        headers,
      );
      if (response.status !== 200) throw new Error(`confirming ${email}: ${response.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Creates a fresh database, lets `seed` write to it before the server opens it (PGlite allows
 * one process at a time), runs the production server on it, hands it to `run`, stops it (it
 * must exit cleanly) and finally drops the database. `after` reads the database once the server
 * has stopped.
 */
export async function withServer<T>(
  database: ServerDatabase,
  options: {
    env?: Record<string, string>;
    seed?: (db: Db) => Promise<void>;
    run: (running: RunningServer) => Promise<T>;
    after?: (db: Db, result: T) => Promise<void>;
  },
): Promise<T> {
  const created = await database.create();
  try {
    if (options.seed) await withDb(created.options, options.seed);
    const server = await startServer({
      FORM_MIN_FILL_MS: "0",
      LOG_LEVEL: "warn",
      ...created.env,
      ...options.env,
    });
    // A loaded CI machine can take a while to start the server: a generous limit.
    const result = await waitUntilHealthy(server, 90_000)
      .then(() =>
        options.run({ server, url: server.url, options: created.options, dataDir: created.env.DATA_DIR! }),
      )
      .finally(() => server.stop());
    const code = await server.exited;
    if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output().slice(-2000)}`);
    if (options.after) await withDb(created.options, (db) => options.after!(db, result));
    return result;
  } finally {
    await created.drop();
  }
}

export async function withDb<T>(options: DatabaseOptions, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase(options);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Runs `jobs` with at most `limit` under way at once, in any order; rejects with the first
 * failure after all have settled. For suites that send thousands of independent requests to a
 * server in another process, which then works while the test process waits.
 */
export async function inParallel(jobs: Array<() => Promise<void>>, limit = 6): Promise<void> {
  const queue = [...jobs];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await job().catch((error: unknown) => void failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
