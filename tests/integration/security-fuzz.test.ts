import { randomBytes, randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  contactSubmissions,
  newsletterSubscriptions,
  outbox,
  projects,
  sessions,
} from "~/platform/db/schema";
import { isSafeLink } from "~/features/projects/project-form";
import { unsubscribeUrl } from "~/features/newsletter/subscribers.server";
import { ContactSchema } from "~/features/contact/schema";
import { NewsletterOptInSchema, NewsletterSimpleSchema } from "~/features/newsletter/schemas";
import { PLAIN_TEXT } from "~/platform/forms/schemas";
import { installationSecret, sha256Hex } from "~/platform/db/installation-secret.server";
import { PASSKEY_INTENTS } from "~/features/auth/passkey";
import { SECURITY_INTENTS } from "~/features/auth/profile-security.server";
import { formFieldCount, MAX_FORM_FIELDS, PUBLIC_BODY_LIMIT_BYTES } from "../../server/request-guards";
import { serverDatabases } from "../setup/databases";
import { formTokenIn, signInOverHttp, withServer } from "../setup/http";

/**
 * Property-based fuzzing of every public action and the admin sign-in: any body, any
 * content type, any length. The server never answers 5xx, stores a row only for a body that its
 * own form schema accepts behind a valid form token (and nothing for the rest), answers 413
 * exactly for bodies over the public 10 KB limit, and keeps serving afterwards.
 *
 * Each case is judged in the test by parsing the very bytes sent the way the server does
 * (`Request.formData()`) and applying the form schemas; what the server stored is compared
 * with those judgements after the run.
 */

const RUNS = 600;
const PARALLEL = 8;
const unique = randomBytes(4).toString("hex");
const ADMIN = { email: `fuzz-owner-${unique}@example.org`, password: "Fuzz-Admin-Passwort-2026" };
// Stand-ins that a case's sender replaces: the page's real form token, a fresh e-mail address.
const TOKEN = "{{form-token}}";
const FRESH_EMAIL = "{{fresh-email}}";

// ── Values ─────────────────────────────────────────────────────────────────────────────────────

const NASTY = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u001b",
  "\r",
  "\n",
  "\t",
  "\u2028",
  "\ufeff",
  "\u202e",
  "\ud800",
  "\udfff",
  "<",
  ">",
  "&",
  "=",
  "%",
  "+",
  ";",
  "'",
  '"',
  "\\",
  "é",
  "𝔘",
  " ",
  "%00",
  "%ZZ",
);
/** Any text: short, exotic, control characters, long, and longer than the body limit. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: NASTY, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 90, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 3_000, max: 7_000 }).map((n) => "ä".repeat(n)) },
);
/** Text a person might type (most of it valid for the forms). */
const personText = (maxLength: number) => fc.string({ unit: "grapheme", minLength: 1, maxLength });
const printableAscii = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});

type Field = string | { file: string };
type Pairs = [string, Field][];

/** A known field: usually present with a plausible value, sometimes odd, missing or a file. */
function field(name: string, plausible: fc.Arbitrary<string>): fc.Arbitrary<Pairs> {
  return fc.oneof(
    { weight: 6, arbitrary: plausible.map((value): Pairs => [[name, value]]) },
    { weight: 2, arbitrary: anyText.map((value): Pairs => [[name, value]]) },
    { weight: 1, arbitrary: fc.constant<Pairs>([]) },
    { weight: 1, arbitrary: anyText.map((value): Pairs => [[name, { file: value }]]) },
    {
      weight: 1,
      arbitrary: fc.tuple(anyText, plausible).map(([a, b]): Pairs => [
        [name, a],
        [name, b],
      ]),
    },
  );
}

const formToken = field(
  "formToken",
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(TOKEN) },
    // Forged: a plausible shape with a wrong signature, an old time, a tampered signature.
    { weight: 1, arbitrary: fc.constant(`${Date.now()}.${randomBytes(32).toString("base64url")}`) },
    { weight: 1, arbitrary: fc.constant(`1000000000000.${randomBytes(32).toString("base64url")}`) },
  ),
);
/** The honeypot: empty as people leave it, rarely filled like a bot does. */
const honeypot = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Pairs>([]) },
  { weight: 2, arbitrary: fc.constant<Pairs>([["website", ""]]) },
  { weight: 1, arbitrary: anyText.map((value): Pairs => [["website", value]]) },
);
const email = fc.oneof(
  { weight: 5, arbitrary: fc.constant(FRESH_EMAIL) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.constantFrom(`  ${FRESH_EMAIL}  `, `${FRESH_EMAIL}\u0000`, `<${FRESH_EMAIL}>`) },
);
/** Most cases go to the single-fetch URL (cheaper than rendering the page); a quarter to the page. */
const viaData = fc.nat(3).map((n) => n > 0);
const extraPairs = fc.array(fc.tuple(anyText, anyText), { maxLength: 3 });

/** The fields of a form in any order, with extra fields. */
function formPairs(...parts: fc.Arbitrary<Pairs>[]): fc.Arbitrary<Pairs> {
  return fc.tuple(fc.tuple(...parts), extraPairs, fc.boolean()).map(([known, extra, reversed]) => {
    const pairs = [...known.flat(), ...extra];
    return reversed ? pairs.reverse() : pairs;
  });
}

// ── Bodies ─────────────────────────────────────────────────────────────────────────────────────

type Bytes = Uint8Array<ArrayBuffer>;
type Body =
  | { kind: "urlencoded" | "multipart" | "json" | "text"; pairs: Pairs; contentTypeSuffix: string }
  | { kind: "raw"; bytes: Bytes; contentType: string | undefined };

const rawBody = fc.record({
  kind: fc.constant("raw" as const),
  bytes: fc.oneof(
    {
      weight: 5,
      arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes): Bytes => new Uint8Array(bytes)),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 9_000, max: 14_000 }).map((n) => new Uint8Array(n).fill(0x61)),
    },
  ),
  contentType: fc.option(
    fc.oneof(
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json",
        "text/plain",
        "application/octet-stream",
      ),
      printableAscii,
    ),
    { nil: undefined },
  ),
});

function bodyOf(pairs: fc.Arbitrary<Pairs>): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record({
        kind: fc.constantFrom("urlencoded", "urlencoded", "multipart", "multipart", "json", "text"),
        pairs,
        contentTypeSuffix: fc.constantFrom("", "", "", "; charset=utf-8", "; charset=iso-8859-1"),
      }),
    },
    { weight: 1, arbitrary: rawBody },
  );
}

/** Whether the server refuses a body unparsed (413): over 10 KB, or more fields than a form has. */
const refusedUnparsed = (encoded: { bytes: Uint8Array; contentType?: string }) =>
  encoded.bytes.length > PUBLIC_BODY_LIMIT_BYTES ||
  formFieldCount(Buffer.from(encoded.bytes), encoded.contentType) > MAX_FORM_FIELDS;

/** The bytes and content type of a body, with the stand-ins replaced. */
async function encode(body: Body, fill: (value: string) => string) {
  if (body.kind === "raw") return { bytes: body.bytes, contentType: body.contentType };
  const pairs = body.pairs.map(([name, value]): [string, Field] => [
    name,
    typeof value === "string" ? fill(value) : value,
  ]);
  const text = (value: Field) => (typeof value === "string" ? value : value.file);
  if (body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of pairs) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([value.file]), "datei.txt");
    }
    const request = new Request("http://fuzz.invalid/", { method: "POST", body: form });
    return {
      bytes: new Uint8Array(await request.arrayBuffer()),
      contentType: request.headers.get("content-type") ?? undefined,
    };
  }
  const serialised =
    body.kind === "urlencoded"
      ? new URLSearchParams(pairs.map(([name, value]) => [name, text(value)])).toString()
      : body.kind === "json"
        ? JSON.stringify(Object.fromEntries(pairs.map(([name, value]) => [name, text(value)])))
        : pairs.map(([name, value]) => `${name}=${text(value)}`).join("\n");
  const type = {
    urlencoded: "application/x-www-form-urlencoded",
    json: "application/json",
    text: "text/plain",
  }[body.kind];
  return { bytes: new TextEncoder().encode(serialised), contentType: type + body.contentTypeSuffix };
}

/** The form the server sees in these bytes (undefined where it cannot read one). */
async function parseLikeTheServer(bytes: Bytes, contentType: string | undefined) {
  const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
  return new Request("http://fuzz.invalid/", { method: "POST", headers, body: bytes })
    .formData()
    .catch(() => undefined);
}

/** Percent-encoded text (a lone surrogate becomes U+FFFD, as in any browser). */
const encodeText = (value: string) => encodeURIComponent(value.toWellFormed());

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// ── Running cases ──────────────────────────────────────────────────────────────────────────────

/**
 * A runner of `runs` cases of a property (times `scale`), `PARALLEL` at a time, each in its
 * own fast-check run.
 */
function fuzzer(scale: number) {
  return async <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, runs = RUNS) => {
    const seed = Date.now() ^ (Math.random() * 0x7fffffff);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        fc.assert(fc.asyncProperty(arbitrary, check), {
          numRuns: Math.ceil((runs * scale) / PARALLEL),
          seed: seed + i,
          endOnFailure: true,
        }),
      ),
    );
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  };
}

const LEAK = /\n\s+at |Failed query|insert into|select\s[^<]*\sfrom\s|params:/i;

function expectCleanAnswer(status: number, body: string, what: string) {
  expect(status, `${what}: ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(LEAK.test(body), `${what} leaks internals: ${body.slice(0, 300)}`).toBe(false);
}

type Outcome = "stored" | "spam" | "rejected";
type Sent = { status: number; outcome: Outcome; values?: Record<string, string> };

let clientCounter = 0;
/** A client address of its own per case, so that per-client limits never hide validation. */
const freshClient = () => {
  const n = ++clientCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

describe.each(serverDatabases)("fuzzed public actions and sign-in on $name", (database) => {
  test("never a 5xx, rows only from valid bodies, 413 over 10 KB, and the server keeps serving", async () => {
    // 150 cases per action and database, the same on both: the actions run the same SQL. Each
    // run draws a new seed, so the runs of CI add up to far more cases than one run could afford
    // (the whole suite stays under 30 minutes).
    const fuzz = fuzzer(0.25);
    const pending = { email: `pending-${unique}@example.org`, token: randomBytes(32).toString("hex") };
    const confirmed = { email: `confirmed-${unique}@example.org`, token: randomBytes(32).toString("hex") };
    const bystander = { email: `bystander-${unique}@example.org`, token: randomBytes(32).toString("hex") };
    const victim = { email: `victim-${unique}@example.org`, id: randomUUID() };
    const links = { victim: "" };
    let bystanderId = "";

    let adminSession = "";
    const sent = { contact: [] as Sent[], newsletter: [] as Sent[], confirm: [] as Sent[] };
    const unsubscribeCases: { status: number; validPair: boolean }[] = [];

    await withServer(database, {
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TRUST_PROXY: "X-Forwarded-For",
        LOG_LEVEL: "info",
      },
      seed: async (db) => {
        const secret = await installationSecret(db);
        const expires = new Date(Date.now() + 24 * 3600_000);
        const rows = await db
          .insert(newsletterSubscriptions)
          .values([
            { email: pending.email, confirmation_token: sha256Hex(pending.token), token_expires_at: expires },
            {
              email: confirmed.email,
              confirmation_token: sha256Hex(confirmed.token),
              token_expires_at: expires,
              is_confirmed: true,
            },
            {
              email: bystander.email,
              confirmation_token: sha256Hex(bystander.token),
              token_expires_at: expires,
            },
            { id: victim.id, email: victim.email, is_confirmed: true },
          ])
          .returning();
        bystanderId = rows[2]!.id;
        const linkOf = (id: string) => new URL(unsubscribeUrl({ publicUrl: "http://x.invalid", secret }, id));
        links.victim = linkOf(victim.id).search;
      },
      run: async ({ url, server }) => {
        const token = formTokenIn(await (await fetch(`${url}/contact`)).text());
        // Signed in before the sign-in fuzzing can lock the account.
        adminSession = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        let emails = 0;
        const fill = (value: string) =>
          value.replaceAll(TOKEN, token).replaceAll(FRESH_EMAIL, `fuzz-${unique}-${++emails}@example.org`);

        async function send(
          target: string,
          method: string,
          body: { bytes: Bytes; contentType: string | undefined } | undefined,
        ) {
          const response = await fetch(`${url}${target}`, {
            method,
            redirect: "manual",
            headers: {
              Origin: url,
              "X-Forwarded-For": freshClient(),
              ...(body?.contentType ? { "Content-Type": body.contentType } : {}),
            },
            body: body?.bytes,
          });
          const answer = await response.text();
          expectCleanAnswer(response.status, answer, `${method} ${target}`);
          return { response, answer };
        }

        // ── The public forms: home newsletter, contact form, contact page's newsletter card ──
        type Form = {
          targets: [string, string];
          pairs: fc.Arbitrary<Pairs>;
          judge(form: FormData): { outcome: Outcome; values?: Record<string, string> };
        };
        const judgeBySchema =
          (schema: typeof ContactSchema | typeof NewsletterSimpleSchema, fields: string[]) =>
          (form: FormData) => {
            if (String(form.get("website") ?? "") !== "") return { outcome: "spam" as const };
            if (form.get("formToken") !== token) return { outcome: "rejected" as const };
            const values = Object.fromEntries(fields.map((name) => [name, text(form, name)]));
            const parsed = schema.safeParse(values);
            return parsed.success
              ? { outcome: "stored" as const, values: parsed.data as Record<string, string> }
              : { outcome: "rejected" as const };
          };
        // The contact page's action picks the form by the intent field, as the server does.
        const contactPage = (form: FormData) =>
          form.get("intent") === "newsletter"
            ? judgeBySchema(NewsletterOptInSchema, ["email", "name", "consent"])(form)
            : judgeBySchema(ContactSchema, ["name", "email", "subject", "message"])(form);
        const forms: Form[] = [
          {
            targets: ["/?index", "/_.data?index"],
            pairs: formPairs(formToken, honeypot, field("email", email), field("name", personText(100))),
            judge: judgeBySchema(NewsletterSimpleSchema, ["email", "name"]),
          },
          {
            targets: ["/contact", "/contact.data"],
            pairs: formPairs(
              field("intent", fc.constant("contact")),
              formToken,
              honeypot,
              field("name", personText(100)),
              field("email", email),
              field("subject", personText(150)),
              field("message", personText(600)),
            ),
            judge: contactPage,
          },
          {
            targets: ["/contact", "/contact.data"],
            pairs: formPairs(
              field("intent", fc.constant("newsletter")),
              formToken,
              honeypot,
              field("email", email),
              field("name", personText(100)),
              field("consent", fc.constant("on")),
            ),
            judge: contactPage,
          },
        ];

        for (const form of forms) {
          await fuzz(fc.tuple(bodyOf(form.pairs), viaData), async ([body, viaData]) => {
            const encoded = await encode(body, fill);
            const target = form.targets[viaData ? 1 : 0];
            const { response } = await send(target, "POST", encoded);
            const status = response.status;
            const what = `POST ${target} (${body.kind}, ${encoded.bytes.length} bytes)`;
            if (refusedUnparsed(encoded)) {
              expect(status, what).toBe(413);
              return;
            }
            expect(status, what).not.toBe(413);
            const parsed = await parseLikeTheServer(encoded.bytes, encoded.contentType);
            const judged = parsed ? form.judge(parsed) : { outcome: "rejected" as const };
            // Which action answered depends on the intent, not on the form the case was made for.
            const kind = parsed?.get("intent") === "newsletter" || form.targets[0] === "/?index";
            const record = kind ? sent.newsletter : sent.contact;
            record.push({ status, ...judged });
            if (judged.outcome === "stored") expect([200, ...(kind ? [409] : [])], what).toContain(status);
            else if (judged.outcome === "spam") expect(status, what).toBe(200);
            else expect(status, what).toBeGreaterThanOrEqual(400);
          });
          expect((await fetch(`${url}/healthz`)).status).toBe(200);
        }

        // ── The confirmation button (POST /newsletter/bestaetigen) ──
        const confirmPairs = fc
          .oneof(
            // The real pending token, with any intent but a resend (that would legitimately mail).
            fc.tuple(
              fc.constant(pending.token),
              fc.oneof(
                fc.constant("confirm"),
                anyText.filter((intent) => intent !== "resend"),
              ),
            ),
            fc.tuple(fc.constant(confirmed.token), fc.constantFrom("confirm", "resend")),
            fc.tuple(
              fc.oneof(
                anyText,
                fc.constant(randomBytes(32).toString("hex")),
                fc.constant(pending.token.toUpperCase()),
                fc.constant(`${pending.token} `),
              ),
              fc.oneof(fc.constantFrom("confirm", "resend"), anyText),
            ),
          )
          .chain(([tokenValue, intent]) =>
            formPairs(field("token", fc.constant(tokenValue)), field("intent", fc.constant(intent))).map(
              (pairs) => ({ pairs, tokenValue, intent }),
            ),
          );
        await fuzz(
          fc.tuple(
            confirmPairs.chain((c) => bodyOf(fc.constant(c.pairs))),
            viaData,
          ),
          async ([body, viaData]) => {
            const encoded = await encode(body, fill);
            const target = viaData ? "/newsletter/bestaetigen.data" : "/newsletter/bestaetigen";
            const { response } = await send(target, "POST", encoded);
            const what = `POST ${target} (${body.kind})`;
            if (refusedUnparsed(encoded)) {
              expect(response.status, what).toBe(413);
              return;
            }
            const form = await parseLikeTheServer(encoded.bytes, encoded.contentType);
            const submitted = form ? text(form, "token") : "";
            const intent = form?.get("intent");
            const known =
              (submitted === pending.token && intent !== "resend") ||
              (submitted === confirmed.token && intent !== "resend");
            sent.confirm.push({
              status: response.status,
              outcome: known ? "stored" : "rejected",
              values: { token: submitted },
            });
            expect(response.status, what).toBe(known ? 200 : 400);
          },
        );

        // ── Unsubscribe: the page (GET) and the RFC 8058 one-click POST, any query and body ──
        const query = fc.oneof(
          { weight: 2, arbitrary: fc.constant(links.victim) },
          { weight: 3, arbitrary: fc.constant(`${links.victim}x`) },
          { weight: 3, arbitrary: fc.constant(`?id=${bystanderId}&sig=${links.victim.split("sig=")[1]}`) },
          { weight: 2, arbitrary: fc.constant(`?id=${randomUUID()}`) },
          {
            weight: 4,
            arbitrary: fc
              .tuple(anyText, anyText)
              .map(([id, sig]) => `?id=${encodeText(id)}&sig=${encodeText(sig)}`),
          },
          { weight: 2, arbitrary: anyText.map((raw) => `?${encodeText(raw)}`) },
        );
        await fuzz(
          fc.tuple(query, fc.constantFrom("GET", "POST", "POST", "POST"), bodyOf(formPairs()), fc.boolean()),
          async ([search, method, body, viaData]) => {
            // RFC 8058: the mail provider's POST goes to the link itself (document URL only).
            const target = `/newsletter/abmelden${viaData && method === "GET" ? ".data" : ""}${search}`;
            const encoded = method === "POST" ? await encode(body, fill) : undefined;
            const { response } = await send(target, method, encoded);
            const what = `${method} ${target.slice(0, 120)}`;
            const validPair = search === links.victim;
            unsubscribeCases.push({ status: response.status, validPair });
            // Node refuses a request line longer than its 16 KB header limit itself.
            if (target.length > 16_000) {
              expect([400, 431], what).toContain(response.status);
              return;
            }
            if (encoded && refusedUnparsed(encoded)) {
              expect(response.status, what).toBe(413);
              return;
            }
            expect(response.status, what).toBe(validPair ? 200 : 400);
          },
        );

        // ── The admin's own actions, signed in: never a 5xx, whatever the body ──
        const adminPairs = formPairs(
          field(
            "intent",
            // The project editor's, and Profil's sign-in security and the passkey route's.
            fc.constantFrom("create", "update", "delete", ...SECURITY_INTENTS, ...PASSKEY_INTENTS),
          ),
          field("code", fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom("abcde-fghjk", " 123 456 "))),
          field(
            "credential",
            fc.oneof(fc.json(), fc.constantFrom("{}", '{"id":"x","rawId":"x","type":"public-key"}')),
          ),
          field("enabled", fc.constantFrom("on", "off")),
          field("id", fc.oneof(fc.uuid(), anyText)),
          field("title", personText(200)),
          field("description", personText(300)),
          field("details", personText(300)),
          field(
            "image",
            fc.constantFrom("https://example.com/bild.jpg", "/images/projects/x.webp", "javascript:alert(1)"),
          ),
          field("category", fc.constantFrom("project", "product", "service", "magazine", "consulting")),
          field("url", fc.constantFrom("", "https://example.com", "data:text/html,x", "//evil.example")),
          field("admin_url", fc.constantFrom("", "https://example.com/admin", " javascript:x")),
          field("tags", personText(60)),
          field("show_on_homepage", fc.constant("on")),
          field("date", fc.constantFrom("2026-01-02", "2026-13-45", "")),
          field("name", personText(100)),
          field("changePassword", fc.constant("on")),
          field("currentPassword", personText(30)),
          field("password", personText(30)),
          field("confirmPassword", personText(30)),
        );
        const adminTargets = fc.constantFrom(
          "/admin?index",
          "/admin.data?index",
          "/admin/kontaktanfragen",
          "/admin/kontaktanfragen.data",
          "/admin/newsletter",
          "/admin/newsletter.data",
          "/admin/profil",
          "/admin/profil.data",
          "/admin/passkey",
        );
        await fuzz(
          fc.tuple(adminTargets, bodyOf(adminPairs)),
          async ([target, body]) => {
            const encoded = await encode(body, fill);
            const response = await fetch(`${url}${target}`, {
              method: "POST",
              redirect: "manual",
              headers: {
                Origin: url,
                Cookie: adminSession,
                ...(encoded.contentType ? { "Content-Type": encoded.contentType } : {}),
              },
              body: encoded.bytes,
            });
            const what = `POST ${target} (${body.kind}, signed in)`;
            expectCleanAnswer(response.status, await response.text(), what);
            // Browsers keep no cookie over 4 KB: a flash message quoting the request must fit.
            for (const cookie of response.headers.getSetCookie())
              expect(cookie.length, what).toBeLessThan(4096);
          },
          400,
        );

        // ── The admin sign-in: never a session without the password ──
        const loginPairs = formPairs(
          // The second step without a pending sign-in: refused like a wrong password.
          field("intent", fc.constantFrom("code", "")),
          field("code", fc.oneof(fc.stringMatching(/^\d{6}$/), personText(12))),
          field("email", fc.oneof(fc.constant(ADMIN.email), fc.constant(ADMIN.email.toUpperCase()), email)),
          field(
            "password",
            fc.oneof(
              personText(40),
              fc.constant(`${ADMIN.password} `),
              fc.constant(ADMIN.password.toLowerCase()),
              fc.constant(`${ADMIN.password}\u0000`),
            ),
          ),
          field("redirectTo", fc.constantFrom("/admin/profil", "//evil.example", "https://evil.example")),
        );
        await fuzz(fc.tuple(bodyOf(loginPairs), viaData), async ([body, viaData]) => {
          const encoded = await encode(body, fill);
          const target = viaData ? "/admin/login.data" : "/admin/login";
          const { response } = await send(target, "POST", encoded);
          const what = `POST ${target} (${body.kind})`;
          // Without a session, sign-in takes the public limits.
          expect(refusedUnparsed(encoded) ? [413] : [400, 401, 429], what).toContain(response.status);
          expect(
            response.headers.getSetCookie().some((cookie) => /^(__Host-)?session=[^;]/.test(cookie)),
            what,
          ).toBe(false);
        });

        // ── A passkey sign-in without a valid passkey: never a session ──
        const passkeyPairs = formPairs(
          field("intent", fc.constant("sign-in")),
          field(
            "credential",
            fc.oneof(
              fc.json(),
              fc.constant('{"id":"x","rawId":"x","type":"public-key","response":{"clientDataJSON":"e30"}}'),
            ),
          ),
          field("redirectTo", fc.constantFrom("/admin", "//evil.example")),
        );
        await fuzz(bodyOf(passkeyPairs), async (body) => {
          const encoded = await encode(body, fill);
          const { response } = await send("/admin/passkey", "POST", encoded);
          const what = `POST /admin/passkey (${body.kind})`;
          expect(refusedUnparsed(encoded) ? [413] : [400, 401, 429], what).toContain(response.status);
          expect(
            response.headers.getSetCookie().some((cookie) => /^(__Host-)?session=[^;]/.test(cookie)),
            what,
          ).toBe(false);
        });

        // ── Any path and query: never a 5xx ──
        // Found by this fuzzing once each: a tab or line break as a path segment, and names of
        // Object's prototype as a page, broke the render.
        for (const path of [
          "/%09/%00/index.html",
          "/%0A/%00",
          "/%0d/x/%00.data",
          "/__proto__",
          "/constructor",
          "/toString.data",
          "/category/__proto__",
          "/service/constructor",
        ])
          await send(path, "GET", undefined);
        const segment = fc.oneof(
          fc.constantFrom(
            "__proto__",
            "constructor",
            "admin",
            "project",
            "projects",
            "category",
            "service",
            "media",
            "newsletter",
            "_.data",
          ),
          // Paths are logged (spec §2); no "@", or the log scan would take a segment for an address.
          anyText.filter((value) => value.length < 200 && !value.includes("@")).map(encodeText),
          fc.constantFrom("%ZZ", "%00", "%E0%A4%A", "..", "%2e%2e", "%2F", "a.data", "index.html"),
        );
        await fuzz(
          fc.tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(anyText, { nil: undefined })),
          async ([segments, search]) => {
            const target = `/${segments.join("/")}${search === undefined ? "" : `?q=${encodeText(search.slice(0, 500))}`}`;
            await send(target, "GET", undefined);
          },
        );

        // No input of a client is an error of the server: nothing was logged at level error.
        expect(
          server
            .output()
            .split("\n")
            .filter((line) => line.includes('"level":50')),
        ).toEqual([]);

        // Still serving after all of it.
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        const home = await fetch(url);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("Willkommen in meiner Welt");
      },
      after: async (db) => {
        // Contact rows: exactly the cases judged valid, with the values as the schema read them.
        const storedContacts = await db
          .select({
            name: contactSubmissions.name,
            email: contactSubmissions.email,
            subject: contactSubmissions.subject,
            message: contactSubmissions.message,
          })
          .from(contactSubmissions);
        const expectedContacts = sent.contact.filter((c) => c.outcome === "stored");
        const sortJson = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
        expect(sortJson(storedContacts)).toEqual(
          sortJson(
            expectedContacts.map(({ values }) => ({
              name: values!.name,
              email: values!.email,
              subject: values!.subject,
              message: values!.message,
            })),
          ),
        );
        expect(expectedContacts.every((c) => c.status === 200)).toBe(true);

        // Newsletter rows: the seeded ones plus one per valid address (a repeat is a 409).
        const subscriptions = await db.select().from(newsletterSubscriptions);
        const seeded = [pending.email, confirmed.email, bystander.email, victim.email].map((e) =>
          e.toLowerCase(),
        );
        const signedUp = subscriptions
          .map((row) => row.email.toLowerCase())
          .filter((address) => !seeded.includes(address));
        const expectedAddresses = new Set(
          sent.newsletter.filter((c) => c.outcome === "stored").map((c) => c.values!.email!.toLowerCase()),
        );
        expect(signedUp.sort()).toEqual([...expectedAddresses].sort());
        for (const row of subscriptions.filter((r) => !seeded.includes(r.email.toLowerCase()))) {
          expect(row.is_confirmed).toBe(false);
          expect(row.gdpr_consent).toBe(true);
        }

        // One mail per stored contact and per answered sign-up, none for anything else.
        const [mails] = await db.select({ n: count() }).from(outbox);
        const newsletterMails = sent.newsletter.filter(
          (c) => c.outcome === "stored" && c.status === 200,
        ).length;
        expect(mails!.n).toBe(expectedContacts.length + newsletterMails);

        // Confirmation: the pending row is confirmed only if its token was sent; others unchanged.
        const byEmail = (address: string) => subscriptions.find((row) => row.email === address);
        const pendingSubmitted = sent.confirm.some(
          (c) => c.values!.token === pending.token && c.status === 200,
        );
        expect(byEmail(pending.email)?.is_confirmed).toBe(pendingSubmitted);
        expect(byEmail(bystander.email)).toMatchObject({
          is_confirmed: false,
          confirmation_token: sha256Hex(bystander.token),
        });
        expect(byEmail(confirmed.email)?.is_confirmed).toBe(true);

        // Unsubscribe: only the victim's signed link deletes, and only the victim.
        const victimGone = !subscriptions.some((row) => row.id === victim.id);
        expect(victimGone).toBe(unsubscribeCases.some((c) => c.validPair && c.status === 200));
        expect(subscriptions.some((row) => row.id === bystanderId)).toBe(true);

        // No sign-in without the password: the only session is the one the test signed in with.
        const signedIn = await db.select({ id: sessions.id }).from(sessions);
        expect(signedIn).toEqual([{ id: sha256Hex(adminSession.split("=")[1]!) }]);

        // Every project, the demo items and whatever the admin fuzzing saved, is a valid one.
        for (const project of await db.select().from(projects)) {
          const what = JSON.stringify(project).slice(0, 300);
          expect(project.title.trim(), what).not.toBe("");
          expect(
            PLAIN_TEXT.test(`${project.title}${project.description}${project.details ?? ""}`),
            what,
          ).toBe(true);
          for (const link of [project.image, project.url, project.admin_url]) {
            if (link) expect(isSafeLink(link), what).toBe(true);
          }
        }
      },
    });
  }, 900_000);
});
