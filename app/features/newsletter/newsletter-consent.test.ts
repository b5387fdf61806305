import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CONSENT_TEXTS } from "~/features/newsletter/consent";
import {
  confirm,
  consentProof,
  consentRecordsFor,
  emailHash,
  pruneConsentRecords,
  signUp,
  unsubscribe,
} from "~/features/newsletter/subscribers.server";
import {
  consentTexts,
  newsletterConsentRecords,
  newsletterSubscriptions,
  outbox,
} from "~/platform/db/schema";
import { saveSiteSettings } from "~/features/settings/site-settings.server";
import { DEFAULT_SETTINGS } from "~/features/settings";
import { installationSecret, sha256Hex } from "~/platform/db/installation-secret.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { deliverDueMail } from "~/platform/mail/worker.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * Proof of consent (BGH I ZR 164/09): the consent text each form showed is stored
 * verbatim as a version; a subscription refers to it with its form and times; a resend keeps the
 * time of consent; an unsubscribe or deletion leaves a record with a keyed hash instead of the
 * address, kept for the configured period.
 */
const links = (secret: Buffer) => ({ publicUrl: "https://www.example.org", secret });
const tokenIn = (text: string) => text.match(/token=([0-9a-f]{64})/)?.[1];
const NO_CAP = { perHour: 1_000, perDay: 1_000 };

describe.each(testDatabases)("proof of consent on $name", (database) => {
  test.override({ database });

  test("the form's text is stored once per version; a resend keeps the time of consent; sending and confirming are recorded", async ({
    db,
  }) => {
    const dropDir = mkdtempSync(path.join(tmpdir(), "consent-drop-"));
    const transport = createMailTransport({
      from: async () => ({ name: "Erika Beispiel", address: "hallo@example.org" }),
      dropDir,
    });
    const secret = await installationSecret(db);
    expect(await signUp(db, { email: "Eva@Example.org", name: "Eva", form: "optIn" }, links(secret))).toBe(
      "sent",
    );
    expect(await signUp(db, { email: "ben@example.org", name: null, form: "optIn" }, links(secret))).toBe(
      "sent",
    );
    expect(await signUp(db, { email: "cem@example.org", name: null, form: "simple" }, links(secret))).toBe(
      "sent",
    );
    const texts = await db.select().from(consentTexts);
    expect(
      texts
        .map(({ form, text, hash }) => ({ form, text, hash }))
        .sort((a, b) => a.form.localeCompare(b.form)),
    ).toEqual([
      { form: "optIn", text: CONSENT_TEXTS.optIn, hash: sha256Hex(CONSENT_TEXTS.optIn) },
      { form: "simple", text: CONSENT_TEXTS.simple, hash: sha256Hex(CONSENT_TEXTS.simple) },
    ]);

    const [eva] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "Eva@Example.org"));
    expect(eva!.confirmation_mailed_at).toBeNull();

    // A resend a while later (the same person, now through the home page's form): a new link,
    // but the proof keeps the first sign-up's time, form and text.
    await db
      .update(newsletterSubscriptions)
      .set({
        consented_at: sql`now() - interval '2 hours'`,
        confirmation_sent_at: sql`now() - interval '2 hours'`,
      })
      .where(eq(newsletterSubscriptions.id, eva!.id));
    const [before] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, eva!.id));
    expect(await signUp(db, { email: "eva@example.org", name: null, form: "simple" }, links(secret))).toBe(
      "sent",
    );
    const [after] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, eva!.id));
    expect(after!.consented_at).toEqual(before!.consented_at);
    expect(after!.consent_text_id).toBe(before!.consent_text_id);
    expect(after!.signup_form).toBe("optIn");
    expect(after!.confirmation_sent_at!.getTime()).toBeGreaterThan(before!.confirmation_sent_at!.getTime());

    // The link is in the queued mail only: sending removes the body from the outbox.
    const mails = await db.select().from(outbox).orderBy(outbox.created_at);
    const token = tokenIn(mails.filter((mail) => mail.to.toLowerCase() === "eva@example.org").at(-1)!.text)!;
    // The worker records when the mail server took each confirmation mail.
    expect(
      await deliverDueMail(db, transport, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(4);
    expect(readdirSync(dropDir)).toHaveLength(4);
    await confirm(db, token);

    const proof = (await consentProof(db, eva!.id))!;
    expect(proof).toMatchObject({
      email: "Eva@Example.org",
      name: "Eva",
      state: "confirmed",
      signupForm: "optIn",
      consentedAt: before!.consented_at,
      consentText: { text: CONSENT_TEXTS.optIn, hash: sha256Hex(CONSENT_TEXTS.optIn), form: "optIn" },
    });
    expect(proof.confirmationMailedAt).toBeInstanceOf(Date);
    expect(proof.confirmedAt!.getTime()).toBeGreaterThanOrEqual(proof.confirmationMailedAt!.getTime());
    expect(proof.consentText!.firstUsedAt.getTime()).toBeLessThanOrEqual(proof.signedUpAt.getTime());
  });

  test("an unsubscribe leaves a record with a keyed hash, kept for the configured years, then pruned", async ({
    db,
  }) => {
    const secret = await installationSecret(db);
    await saveSiteSettings(db, "newsletter", { ...DEFAULT_SETTINGS.newsletter, proofYears: "5" });
    await signUp(db, { email: "Weg@Example.org", name: "Wera", form: "optIn" }, links(secret));
    await signUp(db, { email: "raus@example.org", name: null, form: "simple" }, links(secret));
    const rows = await db.select().from(newsletterSubscriptions);
    const weg = rows.find((row) => row.email === "Weg@Example.org");
    const raus = rows.find((row) => row.email === "raus@example.org");

    expect(await unsubscribe(db, weg!.id)).toBe(true);
    expect(await unsubscribe(db, raus!.id, "deleted")).toBe(true);
    expect(await unsubscribe(db, weg!.id)).toBe(false);
    expect(await db.select().from(newsletterSubscriptions)).toEqual([]);
    // Their waiting confirmation mails went with them.
    expect(await db.select().from(outbox)).toEqual([]);

    const records = await db.select().from(newsletterConsentRecords);
    expect(records).toHaveLength(2);
    const stored = JSON.stringify(records);
    expect(stored).not.toMatch(/weg@|raus@|Wera/i);
    const [record] = await consentRecordsFor(db, "weg@example.ORG");
    expect(record!.record).toMatchObject({
      email_hash: emailHash(secret, "Weg@Example.org"),
      reason: "unsubscribed",
      signup_form: "optIn",
      signed_up_at: weg!.created_at,
      consented_at: weg!.consented_at,
    });
    expect(record!.text?.text).toBe(CONSENT_TEXTS.optIn);
    const years =
      (record!.record.keep_until.getTime() - record!.record.ended_at.getTime()) / (365.25 * 86400_000);
    expect(years).toBeCloseTo(5, 1);
    expect((await consentRecordsFor(db, "raus@example.org"))[0]!.record.reason).toBe("deleted");

    await pruneConsentRecords(db);
    expect(await db.select().from(newsletterConsentRecords)).toHaveLength(2);
    await db
      .update(newsletterConsentRecords)
      .set({ keep_until: sql`now() - interval '1 second'` })
      .where(eq(newsletterConsentRecords.email_hash, emailHash(secret, "raus@example.org")));
    await pruneConsentRecords(db);
    expect(await consentRecordsFor(db, "raus@example.org")).toEqual([]);
    expect(await consentRecordsFor(db, "weg@example.org")).toHaveLength(1);
  });
});
