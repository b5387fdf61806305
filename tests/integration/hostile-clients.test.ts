import net from "node:net";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import {
  MAX_FORM_FIELDS,
  OWNER_BODY_LIMIT_BYTES,
  PUBLIC_BODY_DEADLINE_MS,
  PUBLIC_BODY_LIMIT_BYTES,
} from "../../server/request-guards";
import { PUBLIC_FORMS_WAITING_PER_CLIENT } from "../../server/public-form-posts";
import { engineNeutralDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, signInOverHttp } from "../setup/http";
import { contactFields } from "../setup/public-forms";
import { actionUrl, isAdminUrl, routeEndpoints } from "../setup/routes";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * Clients that try to take the server down with one request or a few: big bodies,
 * many fields and slow bodies to every family of routes (public pages, public forms, admin
 * actions, media), public form POSTs written another way, and uploads cut off. After each the
 * server still answers /healthz.
 */

const ADMIN = { email: "owner@example.com", password: "Hostile-Clients-Test-2026" };

type Answer = number | "closed";

/**
 * A POST over a socket of its own, its body written in pieces as the socket takes them: the
 * status of the answer, or "closed" when none came before the connection ended. (A server that
 * answers early and then closes may reset the connection; reading as the answer arrives keeps it.)
 */
function rawPost(
  base: string,
  path: string,
  body: Buffer,
  { chunked = false, headers = {} }: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Origin: ${base}`,
    ...Object.entries({
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
      ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(body.length) }),
    }).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    const status = () => /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
    socket.on("data", (chunk) => {
      received += chunk.toString();
      const answered = status();
      if (answered) {
        resolve(Number(answered));
        socket.destroy();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(status() ? Number(status()) : "closed"));
    void (async () => {
      const write = (data: Buffer | string) =>
        new Promise<void>((done) => (socket.write(data) ? done() : socket.once("drain", done)));
      await write(head);
      for (let at = 0; at < body.length && !socket.destroyed; at += 64 * 1024) {
        const piece = body.subarray(at, at + 64 * 1024);
        await write(
          chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
            : piece,
        );
      }
      if (chunked && !socket.destroyed) await write("0\r\n\r\n");
    })();
  });
}

/**
 * A POST whose headers come at once and whose body trickles in, a byte every 500 ms, as a
 * slowloris client sends it; `answer` is what the server did about it.
 */
function tricklingPost(base: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Origin: ${base}`,
    "Content-Type: application/x-www-form-urlencoded",
    "Content-Length: 2000",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write("a"), 500);
  const answer = new Promise<Answer>((resolve) => {
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("close", () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? Number(status) : "closed");
    });
    socket.on("error", () => undefined);
  });
  return { answer, stop: () => socket.destroy() };
}

/**
 * One server for the whole file (its start is most of a test's time): PGlite, an admin to sign
 * in as, two public form starts a second, and the heap probe. Every test leaves it healthy.
 */
let server: ServerProcess;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const created = await engineNeutralDatabases[0]!.create();
  dropDatabase = created.drop;
  server = await startServer(
    {
      ...created.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FORM_MIN_FILL_MS: "0",
      FORM_MAX_PER_SECOND: "2",
      LOG_LEVEL: "info",
      TRUST_PROXY: "X-Forwarded-For",
    },
    { heapProbe: true },
  );
  await waitUntilHealthy(server, 90_000);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  expect(await server.exited).toBe(0);
});

afterEach(async () => {
  const response = await fetch(`${server.url}/healthz`);
  expect(response.status, "the server still answers /healthz").toBe(200);
});

/** Every admin URL that takes a POST, as its forms post it (index routes with `?index`). */
const adminActions = () =>
  [
    ...new Set(
      routeEndpoints()
        .filter((endpoint) => isAdminUrl(endpoint.url))
        .map(actionUrl),
    ),
  ].sort();

/** A URL of each other family of routes: public pages, public forms (both ways), media. */
const PUBLIC_TARGETS = [
  "/about",
  "/projects.data",
  "/contact",
  "/contact.data",
  "/_.data?index",
  "/media/x/y.webp",
];

test("10 MB of tiny fields to every admin action without a session, and to public pages, forms and media: 413, and the heap does not grow", async () => {
  const flood = Buffer.from("a=&".repeat(3_300_000));
  // Warm up the path a refusal takes, so that what is compiled once is not counted.
  await rawPost(server.url, "/admin/login", flood, { chunked: true });
  const before = await server.heapUsed();
  for (const path of [...adminActions(), ...PUBLIC_TARGETS]) {
    expect(await rawPost(server.url, path, flood), `${path} with Content-Length`).toBe(413);
    expect(await rawPost(server.url, path, flood, { chunked: true }), `${path} chunked`).toBe(413);
  }
  const after = await server.heapUsed();
  expect(after - before, `heap ${before} → ${after} bytes`).toBeLessThan(4 * 1024 * 1024);
}, 120_000);

test("thousands of fields are refused before they are parsed: public pages, forms and media, sign-in, and the signed-in owner's forms and uploads", async () => {
  const tooMany = MAX_FORM_FIELDS + 500;
  // Within the public limit of 10 KB: 1,500 fields of `a=`.
  const urlencoded = Buffer.from(Array.from({ length: tooMany }, () => "a=").join("&"));
  expect(urlencoded.length).toBeLessThan(PUBLIC_BODY_LIMIT_BYTES);
  for (const path of [...PUBLIC_TARGETS, "/admin/login", "/admin/passkey", "/admin/setup"]) {
    expect(await rawPost(server.url, path, urlencoded), path).toBe(413);
  }

  const cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password);
  const boundary = "----hostile";
  const multipart = Buffer.from(
    Array.from(
      { length: tooMany },
      (_, n) => `--${boundary}\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\nx\r\n`,
    ).join("") + `--${boundary}--\r\n`,
  );
  const asOwner = (type: string) => ({ headers: { Cookie: cookie, "Content-Type": type } });
  const multipartType = asOwner(`multipart/form-data; boundary=${boundary}`);
  const urlencodedType = asOwner("application/x-www-form-urlencoded");
  for (const path of ["/admin?index", "/admin/inhalte/home", "/admin/einstellungen"]) {
    expect(await rawPost(server.url, path, multipart, multipartType), path).toBe(413);
    expect(await rawPost(server.url, path, urlencoded, urlencodedType), path).toBe(413);
  }
  // Megabytes only on the upload routes: 2 MB to Einstellungen are refused, to Projekte they are read.
  const twoMegabytes = Buffer.from(`intent=save&text=${"x".repeat(2 * 1024 * 1024)}`);
  expect(twoMegabytes.length).toBeGreaterThan(OWNER_BODY_LIMIT_BYTES);
  expect(await rawPost(server.url, "/admin/einstellungen", twoMegabytes, urlencodedType)).toBe(413);
  const read = await rawPost(server.url, "/admin?index", twoMegabytes, urlencodedType);
  expect(read).not.toBe(413);
  expect(read).toBeLessThan(500);
  // Without the session, the same 2 MB to the upload route get the public limit.
  expect(await rawPost(server.url, "/admin?index", twoMegabytes)).toBe(413);
}, 60_000);

test("bodies and headers that trickle in hold nothing: a contact POST is answered within 3 s beside them; they get 408 or are cut off", async () => {
  const slow = [
    ...Array.from({ length: 6 }, (_, n) =>
      tricklingPost(server.url, "/contact.data", { "X-Forwarded-For": `203.0.113.${n + 1}` }),
    ),
    tricklingPost(server.url, "/_.data?index"),
    tricklingPost(server.url, "/admin/login"),
    tricklingPost(server.url, "/admin/kontaktanfragen"),
    tricklingPost(server.url, "/about"),
    tricklingPost(server.url, "/media/x/y.webp"),
  ];
  // Headers that never end: Node's headersTimeout (10 s) cuts them off.
  const { hostname, port } = new URL(server.url);
  const endless = net.connect(Number(port), hostname);
  endless.on("error", () => undefined);
  endless.write(`POST /contact HTTP/1.1\r\nHost: ${hostname}\r\n`);
  const headerTimer = setInterval(() => endless.writable && endless.write("X-Slow: a\r\n"), 1_000);
  const endlessStarted = performance.now();
  const endlessClosed = new Promise<number>((resolve) =>
    endless.on("close", () => resolve(performance.now() - endlessStarted)),
  );
  try {
    // Let the slow ones arrive first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const formToken = formTokenIn(await (await get(server.url, "/contact")).text());
    const started = performance.now();
    const response = await postForm(server.url, "/contact.data", contactFields(1, formToken), {
      "X-Forwarded-For": "198.51.100.7",
    });
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);

    expect(await Promise.all(slow.map((connection) => connection.answer))).toEqual(slow.map(() => 408));
    expect(PUBLIC_BODY_DEADLINE_MS).toBeLessThanOrEqual(5_000);
    expect(await endlessClosed).toBeLessThan(15_000);
  } finally {
    clearInterval(headerTimer);
    endless.destroy();
    for (const connection of slow) connection.stop();
  }
}, 60_000);

test("public form POSTs written another way take their turns too, chunked ones included", async () => {
  // Two starts a second: six submissions take at least 2.5 s, whatever their path looks like.
  const paths = ["/Contact.data", "/contact/.data", "/contact/_.data", "/%63ontact.data", "/CONTACT/"];
  const formToken = formTokenIn(await (await get(server.url, "/contact")).text());
  const client = (n: number) => ({ "X-Forwarded-For": `198.51.100.${n + 20}` });
  const started = performance.now();
  const statuses = await Promise.all([
    ...paths.map((path, n) =>
      postForm(server.url, path, contactFields(n, formToken), client(n)).then((response) => response.status),
    ),
    rawPost(
      server.url,
      "/contact.data",
      Buffer.from(new URLSearchParams(contactFields(9, formToken)).toString()),
      {
        chunked: true,
        headers: client(9),
      },
    ),
  ]);
  // Each stored (the document POST answers with its page, the others with their data).
  expect(statuses).toEqual(statuses.map(() => 200));
  expect(performance.now() - started).toBeGreaterThanOrEqual(2_400);
}, 60_000);

test("one client may keep only a few public form POSTs waiting; another client still gets its turn", async () => {
  const formToken = formTokenIn(await (await get(server.url, "/contact")).text());
  const greedy = { "X-Forwarded-For": "203.0.113.50" };
  const burst = PUBLIC_FORMS_WAITING_PER_CLIENT + 6;
  const started = performance.now();
  const answers = Array.from({ length: burst }, (_, n) =>
    postForm(server.url, "/contact.data", contactFields(n, formToken), greedy).then((response) => ({
      status: response.status,
      ms: performance.now() - started,
    })),
  );
  const other = postForm(server.url, "/contact.data", contactFields(99, formToken), {
    "X-Forwarded-For": "198.51.100.99",
  });
  // Refused at once, without waiting for a turn (the client's rate limit would refuse only when
  // its turn came, after five accepted ones: 2.5 s). Two a second get in while the burst arrives.
  const refusedAtOnce = (await Promise.all(answers)).filter(
    (answer) => answer.status === 429 && answer.ms < 2_000,
  ).length;
  expect(refusedAtOnce).toBeGreaterThanOrEqual(burst - PUBLIC_FORMS_WAITING_PER_CLIENT - 3);
  expect((await other).status).toBe(200);
}, 60_000);

test("an upload the client cuts off is logged as aborted, not as a server error", async () => {
  const cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password);
  const { hostname, port } = new URL(server.url);
  const logged = server.output().length;
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => undefined);
  socket.write(
    [
      "POST /admin?index HTTP/1.1",
      `Host: ${hostname}:${port}`,
      `Origin: ${server.url}`,
      `Cookie: ${cookie}`,
      "Content-Type: multipart/form-data; boundary=----cut",
      `Content-Length: ${5 * 1024 * 1024}`,
      "",
      "",
    ].join("\r\n"),
  );
  socket.write(Buffer.alloc(512 * 1024, "x"));
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
  const since = () => server.output().slice(logged);
  const deadline = Date.now() + 10_000;
  while (!since().includes("request aborted by the client") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(since()).toContain("request aborted by the client");
  expect(since()).not.toMatch(/"status":5\d\d/);
}, 30_000);
