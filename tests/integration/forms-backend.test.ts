import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { storeContacts, submitContact } from "~/features/contact/queries.server";
import {
  confirm,
  inspectToken,
  prunePending,
  resendForExpiredToken,
  signUp,
  unsubscribe,
  unsubscribeUrl,
  verifyUnsubscribe,
} from "~/features/newsletter/subscribers.server";
import { hitRateLimit } from "~/platform/db/rate-limits.server";
import {
  consentTexts,
  contactSubmissions,
  newsletterSubscriptions,
  outbox,
  rateLimits,
} from "~/platform/db/schema";
import { CONSENT_TEXTS } from "~/features/newsletter/consent";
import {
  formAge,
  installationSecret,
  issueFormToken,
  sha256Hex,
} from "~/platform/db/installation-secret.server";
import { runHousekeeping } from "~/features/privacy/housekeeping.server";
import { siteSettingsOf } from "~/features/settings/site-settings.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { test, testDatabases } from "../setup/databases";

const links = (secret: Buffer) => ({ publicUrl: "https://www.example.com", secret });
const tokenIn = (text: string) => text.match(/bestaetigen\?token=([0-9a-f]{64})/)?.[1];

describe.each(testDatabases)("public forms backend on $name", (database) => {
  test.override({ database });

  test("rate limit: five hits per window, the sixth is refused until the window ends", async ({ db }) => {
    for (let i = 0; i < 5; i++) expect((await hitRateLimit(db, "contact:a", 5, 600_000)).allowed).toBe(true);
    const refused = await hitRateLimit(db, "contact:a", 5, 600_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(500);
    expect((await hitRateLimit(db, "contact:b", 5, 600_000)).allowed).toBe(true);
    await db.update(rateLimits).set({ window_start: sql`now() - interval '11 minutes'` });
    expect((await hitRateLimit(db, "contact:a", 5, 600_000)).allowed).toBe(true);
  });

  test("a contact submission and its notification mail are committed together", async ({ db }) => {
    const outcome = await submitContact(db, {
      input: { name: "Anna", email: "anna@example.com", subject: "Projekt", message: "Hallo!" },
      rateLimitKey: "contact:anna",
      tokenKey: "token:anna",
    });
    expect(outcome).toMatchObject({ status: "stored" });
    expect(await db.select().from(contactSubmissions)).toHaveLength(1);
    const [mail] = await db.select().from(outbox);
    expect(mail).toMatchObject({ to: "kontakt@example.com", subject: "Neue Kontaktanfrage: Projekt" });
    expect(mail?.headers).toEqual({ "Reply-To": "anna@example.com" });
  });

  test("concurrent submissions: each client's limit holds, every stored one has its mail", async ({ db }) => {
    const input = (n: number) => ({
      name: `Person ${n}`,
      email: `person${n}@example.com`,
      subject: "Gleichzeitig",
      message: `Nachricht ${n}`,
    });
    // Three clients send eight each at once; the second sends invalid forms, which count too.
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        submitContact(db, {
          input: n % 3 === 1 ? undefined : input(n),
          rateLimitKey: `contact:client-${n % 3}`,
          tokenKey: `token:${n}`,
        }),
      ),
    );
    const statuses = (client: number) =>
      outcomes.filter((_, n) => n % 3 === client).map((outcome) => outcome.status);
    expect(statuses(0)).toEqual([...Array(5).fill("stored"), ...Array(3).fill("limited")]);
    expect(statuses(1)).toEqual([...Array(5).fill("invalid"), ...Array(3).fill("limited")]);
    expect(statuses(2)).toEqual([...Array(5).fill("stored"), ...Array(3).fill("limited")]);
    const stored = await db.select().from(contactSubmissions);
    expect(stored.map((row) => row.email).sort()).toEqual(
      outcomes
        .flatMap((outcome, n) => (outcome.status === "stored" ? [`person${n}@example.com`] : []))
        .sort(),
    );
    expect(await db.select().from(outbox)).toHaveLength(10);
  });

  test("a submission the database refuses fails alone, not the others sent with it", async ({ db }) => {
    const outcomes = await Promise.allSettled(
      ["Erste", "Zweite\u0000", "Dritte", "Vierte"].map((name, n) =>
        submitContact(db, {
          input: { name, email: `p${n}@example.com`, subject: "Test", message: "Hallo" },
          rateLimitKey: `contact:${n}`,
          tokenKey: `token:${n}`,
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    const names = (await db.select().from(contactSubmissions)).map((row) => row.name).sort();
    expect(names).toEqual(["Dritte", "Erste", "Vierte"]);
    expect(await db.select().from(outbox)).toHaveLength(3);
  });

  test("a form token is used up by the request stored with it: a second use, also at the same time, is refused", async ({
    db,
  }) => {
    const input = { name: "Anna", email: "anna@example.com", subject: "Projekt", message: "Hallo!" };
    const send = (tokenKey: string, valid = true) =>
      submitContact(db, { input: valid ? input : undefined, rateLimitKey: "contact:anna", tokenKey });
    // An invalid one leaves the token, so that the visitor can correct and send again.
    expect(await send("form-token:a", false)).toEqual({ status: "invalid" });
    expect(await send("form-token:a")).toMatchObject({ status: "stored" });
    expect(await send("form-token:a")).toEqual({ status: "replayed" });
    // Two at once with one token, sharing a transaction or not: one is stored.
    const together = await Promise.all([send("form-token:b"), send("form-token:b")]);
    expect(together.map((outcome) => outcome.status).sort()).toEqual(["replayed", "stored"]);
    // In two transactions of their own (on PostgreSQL two connections at once): one is stored.
    const { settings } = await siteSettingsOf(db);
    const pending = { input, rateLimitKey: "contact:bea", tokenKey: "form-token:d", settings };
    const apart = await Promise.all([1, 2].map(() => db.transaction((tx) => storeContacts(tx, [pending]))));
    expect(
      apart
        .flat()
        .map((outcome) => outcome.status)
        .sort(),
    ).toEqual(["replayed", "stored"]);
    expect(await db.select().from(contactSubmissions)).toHaveLength(3);
    expect(await db.select().from(outbox)).toHaveLength(3);
  });

  test("a used form token is remembered for the token's 24 hours, then pruned by the housekeeping", async ({
    db,
  }) => {
    const input = { name: "Anna", email: "anna@example.com", subject: "Projekt", message: "Hallo!" };
    const send = () => submitContact(db, { input, rateLimitKey: "contact:anna", tokenKey: "form-token:c" });
    expect(await send()).toMatchObject({ status: "stored" });
    const used = eq(rateLimits.key, "form-token:c");
    await db
      .update(rateLimits)
      .set({ window_start: sql`now() - interval '23 hours 59 minutes'` })
      .where(used);
    await runHousekeeping(db);
    expect(await send()).toEqual({ status: "replayed" });
    await db
      .update(rateLimits)
      .set({ window_start: sql`now() - interval '24 hours 1 minute'` })
      .where(used);
    await runHousekeeping(db);
    expect(await db.select().from(rateLimits).where(used)).toEqual([]);
  });

  test("double opt-in: stores only the token's hash, confirms on request, stays confirmed", async ({
    db,
  }) => {
    const secret = await installationSecret(db);
    const input = { email: "Eva@Example.org", name: "Eva", form: "optIn" as const };
    expect(await signUp(db, input, links(secret))).toBe("sent");
    const [mail] = await db.select().from(outbox);
    const token = tokenIn(mail!.text)!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(mail!.headers["List-Unsubscribe"]).toContain("/newsletter/abmelden?id=");

    const [row] = await db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({
      confirmation_token: sha256Hex(token),
      is_confirmed: false,
      gdpr_consent: true,
    });
    expect(row!.signup_form).toBe("optIn");
    expect(row!.consented_at).toBeInstanceOf(Date);
    const [shown] = await db.select().from(consentTexts).where(eq(consentTexts.id, row!.consent_text_id!));
    expect(shown).toMatchObject({
      form: "optIn",
      text: CONSENT_TEXTS.optIn,
      hash: sha256Hex(CONSENT_TEXTS.optIn),
    });
    expect(row!.token_expires_at!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    expect(await inspectToken(db, token)).toEqual({ state: "pending", email: "Eva@Example.org" });
    expect(await confirm(db, token)).toEqual({ state: "confirmed" });
    expect(await confirm(db, token)).toEqual({ state: "confirmed" });
    const [confirmed] = await db.select().from(newsletterSubscriptions);
    expect(confirmed).toMatchObject({ is_confirmed: true });
    expect(confirmed!.confirmed_at).toBeInstanceOf(Date);
    expect(await inspectToken(db, "f".repeat(64))).toEqual({ state: "invalid" });
    expect(await inspectToken(db, "kein-token")).toEqual({ state: "invalid" });
  });

  test("a second sign-up is a duplicate and sends no second mail within a minute, a new one after", async ({
    db,
  }) => {
    const secret = await installationSecret(db);
    const input = { email: "max@example.org", name: null, form: "optIn" as const };
    expect(await signUp(db, input, links(secret))).toBe("sent");
    expect(await signUp(db, { ...input, email: "MAX@example.org" }, links(secret))).toBe("duplicate");
    expect(await db.select().from(outbox)).toHaveLength(1);

    await db
      .update(newsletterSubscriptions)
      .set({ confirmation_sent_at: sql`now() - interval '61 seconds'` });
    expect(await signUp(db, input, links(secret))).toBe("sent");
    const mails = await db.select().from(outbox);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((mail) => tokenIn(mail.text)!);
    expect(await inspectToken(db, first!)).toEqual({ state: "invalid" });
    expect((await inspectToken(db, second!)).state).toBe("pending");

    await confirm(db, second!);
    await db.update(newsletterSubscriptions).set({ confirmation_sent_at: sql`now() - interval '1 hour'` });
    expect(await signUp(db, input, links(secret))).toBe("duplicate");
  });

  test("an expired link offers a fresh mail, at most one a minute", async ({ db }) => {
    const secret = await installationSecret(db);
    await signUp(db, { email: "alt@example.org", name: null, form: "optIn" as const }, links(secret));
    const token = tokenIn((await db.select().from(outbox))[0]!.text)!;
    await db.update(newsletterSubscriptions).set({ token_expires_at: sql`now() - interval '1 minute'` });
    expect(await inspectToken(db, token)).toEqual({ state: "expired" });
    expect(await confirm(db, token)).toEqual({ state: "expired" });

    expect(await resendForExpiredToken(db, token, links(secret))).toBe("wait");
    await db.update(newsletterSubscriptions).set({ confirmation_sent_at: sql`now() - interval '2 minutes'` });
    expect(await resendForExpiredToken(db, token, links(secret))).toBe("sent");
    const fresh = tokenIn((await db.select().from(outbox).orderBy(outbox.created_at))[1]!.text)!;
    expect((await inspectToken(db, fresh)).state).toBe("pending");
  });

  test("unsubscribe links are signed and delete the subscription", async ({ db }) => {
    const secret = await installationSecret(db);
    await signUp(db, { email: "weg@example.org", name: null, form: "optIn" as const }, links(secret));
    const [row] = await db.select().from(newsletterSubscriptions);
    const url = new URL(unsubscribeUrl(links(secret), row!.id));
    expect(verifyUnsubscribe(secret, row!.id, url.searchParams.get("sig")!)).toBe(true);
    expect(verifyUnsubscribe(secret, row!.id, "gefälscht")).toBe(false);
    expect(await unsubscribe(db, row!.id)).toBe(true);
    expect(await unsubscribe(db, row!.id)).toBe(false);
    expect(await db.select().from(newsletterSubscriptions)).toHaveLength(0);
  });

  test("never-confirmed sign-ups are pruned after 30 days, confirmed ones stay", async ({ db }) => {
    const secret = await installationSecret(db);
    await signUp(db, { email: "a@example.org", name: null, form: "optIn" as const }, links(secret));
    await signUp(db, { email: "b@example.org", name: null, form: "optIn" as const }, links(secret));
    await db
      .update(newsletterSubscriptions)
      .set({ created_at: sql`now() - interval '31 days'` })
      .where(eq(newsletterSubscriptions.email, "a@example.org"));
    await prunePending(db);
    expect((await db.select().from(newsletterSubscriptions)).map((row) => row.email)).toEqual([
      "b@example.org",
    ]);
  });

  test("form tokens prove the time the form was shown and cannot be forged", async ({ db }) => {
    const secret = await installationSecret(db);
    const token = issueFormToken(secret, 1_000_000_000_000);
    // The signature's first character changed: a forged token.
    const dot = token.indexOf(".");
    const forged = `${token.slice(0, dot + 1)}${token[dot + 1] === "x" ? "y" : "x"}${token.slice(dot + 2)}`;
    expect(formAge(secret, forged, 1_000_000_002_500)).toBeUndefined();
    expect(formAge(secret, "1000000000000.abc")).toBeUndefined();
    expect(formAge(secret, undefined)).toBeUndefined();
    expect(await installationSecret(db)).toEqual(secret);
  });
});

test("without SMTP_URL every mail is written to the local mail drop", async () => {
  const dropDir = mkdtempSync(path.join(tmpdir(), "portfolio-drop-"));
  const transport = createMailTransport({
    from: async () => ({ name: "Test", address: "test@example.com" }),
    dropDir,
  });
  await transport.send({
    id: "abc",
    to: "eva@example.org",
    subject: "Grüße",
    text: "Hallo Eva",
    headers: { "X-Test": "1" },
  });
  const [file] = readdirSync(dropDir);
  expect(file).toMatch(/-abc\.eml$/);
  const raw = readFileSync(path.join(dropDir, file!), "utf8");
  expect(raw).toContain("To: eva@example.org");
  expect(raw).toContain("X-Test: 1");
});
