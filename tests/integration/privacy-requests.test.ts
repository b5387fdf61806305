import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { rowsOf, type Db } from "~/db/engines.server";
import { submitContact } from "~/db/contact.server";
import { confirm, emailHash, signUp, unsubscribe } from "~/db/newsletter.server";
import { erasePerson, listPrivacyAudit, logExport, lookupPerson } from "~/db/privacy-requests.server";
import { contactSubmissions, newsletterConsentRecords, newsletterSubscriptions, outbox } from "~/db/schema";
import { installationSecret } from "~/lib/security.server";
import { enqueueMail } from "~/mail/outbox.server";
import { personJson } from "~/routes/admin/privacy-requests.server";
import { testDatabases } from "../setup/databases";

/**
 * Auskunft und Löschung (issue #15, Art. 15, 17, 20 DSGVO): a lookup finds everything stored for
 * an address, the export holds all of it, and the erasure leaves the address in no row of any
 * table, in one transaction, with an audit record of counts only.
 */

/**
 * Every table of the public schema. A new table fails the erasure test until it is listed here:
 * whoever adds it decides whether it can hold an address and, if so, extends erasePerson.
 */
const KNOWN_TABLES = [
  "admin_users",
  "app_meta",
  "auth_challenges",
  "consent_texts",
  "contact_submissions",
  "image_variants",
  "images",
  "newsletter_consent_records",
  "newsletter_issues",
  "newsletter_subscriptions",
  "outbox",
  "page_versions",
  "pages",
  "passkeys",
  "privacy_audit_log",
  "projects",
  "rate_limits",
  "recovery_codes",
  "sessions",
  "site_settings",
];

const PERSON = "Mia.Muster@Example.org";
const OTHER = "ole.other@example.org";
const links = (secret: Buffer) => ({ publicUrl: "https://www.example.org", secret });
const tokenIn = (text: string) => text.match(/token=([0-9a-f]{64})/)?.[1];

async function publicTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rowsOf<{ tablename: string }>(result).map((row) => row.tablename);
}

/** "table: n" for every table with rows whose text mentions `needle` (any case). */
async function rowsMentioning(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await publicTables(db)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} as t where row_to_json(t)::text ilike ${`%${needle}%`}`,
    );
    const n = rowsOf<{ n: number }>(result)[0]!.n;
    if (n > 0) found.push(`${table}: ${n}`);
  }
  return found;
}

/**
 * The person: an earlier subscription (now a proof-and-block record), a confirmed subscription
 * with its confirmation mail, two contact requests with their notifications, and a reply mail.
 * Another person has a request and a subscription of their own.
 */
async function seedPerson(db: Db) {
  const secret = await installationSecret(db);
  await signUp(db, { email: PERSON.toLowerCase(), name: "Mia", form: "simple" }, links(secret));
  const [earlier] = await db.select().from(newsletterSubscriptions);
  expect(await unsubscribe(db, earlier!.id)).toBe(true);

  expect(await signUp(db, { email: PERSON, name: "Mia", form: "optIn" }, links(secret))).toBe("sent");
  const [confirmation] = await db.select().from(outbox).where(eq(outbox.to, PERSON));
  expect(await confirm(db, tokenIn(confirmation!.text)!)).toEqual({ state: "confirmed" });

  for (const [email, subject] of [
    [PERSON, "Anfrage Website"],
    [PERSON.toUpperCase(), "Nachfrage"],
    [OTHER, "Andere Anfrage"],
  ] as const) {
    expect(
      await submitContact(db, {
        input: { name: "Jemand", email, subject, message: `Nachricht: ${subject}` },
        rateLimitKey: `test-${subject}`,
        tokenKey: `token-${subject}`,
      }),
    ).toEqual({ status: "stored" });
  }
  await enqueueMail(db, { to: PERSON.toLowerCase(), subject: "Antwort", text: "Danke für Ihre Anfrage." });
  await signUp(db, { email: OTHER, name: null, form: "simple" }, links(secret));
  return { secret };
}

describe.each(testDatabases)("Auskunft und Löschung on $name", ({ open }) => {
  test("the lookup and the export hold everything stored for the address, in any case", async () => {
    const { db, close } = await open();
    try {
      await seedPerson(db);
      const person = await lookupPerson(db, ` ${PERSON.toUpperCase()} `);
      expect(person.email).toBe(PERSON.toLowerCase());
      expect(person.counts).toEqual({ contacts: 2, subscriptions: 1, mails: 4, records: 1 });
      expect(person.contacts.map((c) => c.subject).sort()).toEqual(["Anfrage Website", "Nachfrage"]);
      expect(person.subscription).toMatchObject({ email: PERSON, state: "confirmed", signupForm: "optIn" });
      expect(person.subscription!.consentText?.text).toBeTruthy();
      // The confirmation, the reply, and the owner's two notifications (linked by contact_id).
      expect(person.mails.filter((mail) => mail.contactId)).toHaveLength(2);
      expect(person.mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([
          "Antwort",
          "Neue Kontaktanfrage: Anfrage Website",
          "Neue Kontaktanfrage: Nachfrage",
        ]),
      );
      expect(person.records).toHaveLength(1);
      expect(person.records[0]).toMatchObject({ reason: "unsubscribed", signupForm: "simple" });
      // Nothing of the other person.
      expect(JSON.stringify(person)).not.toContain(OTHER);

      const exported = JSON.parse(personJson(person, new Date("2026-03-01T10:00:00Z"))) as Record<
        string,
        unknown
      >;
      expect(exported).toMatchObject({
        createdAt: "2026-03-01T10:00:00.000Z",
        email: PERSON.toLowerCase(),
        counts: person.counts,
        newsletterSubscription: { email: PERSON, state: "confirmed" },
      });
      expect(exported.contactRequests).toHaveLength(2);
      expect(exported.mails).toHaveLength(4);
      expect(exported.consentRecords).toHaveLength(1);
      expect(JSON.stringify(exported)).toContain("Nachricht: Nachfrage");

      const unknown = await lookupPerson(db, "niemand@example.org");
      expect(unknown.counts).toEqual({ contacts: 0, subscriptions: 0, mails: 0, records: 0 });
    } finally {
      await close();
    }
  });

  test("the erasure leaves the address in no row of any table; without the block no hash remains", async () => {
    const { db, close } = await open();
    try {
      const { secret } = await seedPerson(db);
      expect(await publicTables(db)).toEqual(KNOWN_TABLES);
      expect(await rowsMentioning(db, PERSON)).toEqual([
        "contact_submissions: 2",
        "newsletter_subscriptions: 1",
        "outbox: 4",
      ]);
      const hash = emailHash(secret, PERSON);
      expect(await rowsMentioning(db, hash)).toEqual(["newsletter_consent_records: 1"]);

      await logExport(db, (await lookupPerson(db, PERSON)).counts);
      expect(await erasePerson(db, PERSON.toUpperCase(), { block: false })).toEqual({
        contacts: 2,
        subscriptions: 1,
        mails: 4,
        records: 1,
      });

      expect(await rowsMentioning(db, PERSON)).toEqual([]);
      expect(await rowsMentioning(db, "mia.muster")).toEqual([]);
      expect(await rowsMentioning(db, hash)).toEqual([]);
      expect(
        await db.select().from(newsletterConsentRecords).where(eq(newsletterConsentRecords.email_hash, hash)),
      ).toEqual([]);
      // The other person keeps everything.
      expect(await rowsMentioning(db, OTHER)).toEqual([
        "contact_submissions: 1",
        "newsletter_subscriptions: 1",
        "outbox: 2",
      ]);

      // The audit log: newest first, counts only. (PGlite's clock counts whole milliseconds: an
      // export and an erasure of the same millisecond may be listed in either order.)
      const audit = await listPrivacyAudit(db);
      expect(audit.map(({ action, counts }) => ({ action, counts }))).toEqual(
        expect.arrayContaining([
          { action: "erase", counts: { contacts: 2, subscriptions: 1, mails: 4, records: 1, blocked: 0 } },
          { action: "export", counts: { contacts: 2, subscriptions: 1, mails: 4, records: 1 } },
        ]),
      );
      expect(audit).toHaveLength(2);
      const [newest, older] = audit.map((entry) => entry.created_at.getTime());
      expect(newest).toBeGreaterThanOrEqual(older!);
      if (newest! > older!) expect(audit[0]!.action).toBe("erase");
      expect(JSON.stringify(audit).toLowerCase()).not.toContain("mia");
      expect(JSON.stringify(audit)).not.toContain(hash);

      // A second erasure finds nothing.
      expect(await erasePerson(db, PERSON, { block: false })).toEqual({
        contacts: 0,
        subscriptions: 0,
        mails: 0,
        records: 0,
      });
    } finally {
      await close();
    }
  });

  test("with 'nicht erneut anschreiben' the subscription ends as a deletion and every block record stays", async () => {
    const { db, close } = await open();
    try {
      const { secret } = await seedPerson(db);
      const hash = emailHash(secret, PERSON);
      expect(await erasePerson(db, PERSON, { block: true })).toEqual({
        contacts: 2,
        subscriptions: 1,
        mails: 4,
        records: 0,
      });
      expect(await rowsMentioning(db, PERSON)).toEqual([]);
      const records = await db
        .select()
        .from(newsletterConsentRecords)
        .where(eq(newsletterConsentRecords.email_hash, hash));
      expect(records.map((record) => record.reason).sort()).toEqual(["deleted", "unsubscribed"]);
      // The lookup shows the records that stay, and nothing else.
      expect((await lookupPerson(db, PERSON)).counts).toEqual({
        contacts: 0,
        subscriptions: 0,
        mails: 0,
        records: 2,
      });
      const [entry] = await listPrivacyAudit(db);
      expect(entry).toMatchObject({ action: "erase", counts: { blocked: 1 } });
      expect(JSON.stringify(entry)).not.toContain(hash);
    } finally {
      await close();
    }
  });

  test("the erasure is one transaction: a failure at its end leaves everything in place", async () => {
    const { db, close } = await open();
    try {
      const { secret } = await seedPerson(db);
      // The audit record is written last; a trigger makes it fail.
      await db.execute(sql`
        create function refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit refused'; end $$`);
      await db.execute(sql`
        create trigger refuse_audit before insert on privacy_audit_log
        for each row execute function refuse_audit()`);
      await expect(erasePerson(db, PERSON, { block: false })).rejects.toThrow();
      expect(await rowsMentioning(db, PERSON)).toEqual([
        "contact_submissions: 2",
        "newsletter_subscriptions: 1",
        "outbox: 4",
      ]);
      expect(await rowsMentioning(db, emailHash(secret, PERSON))).toEqual(["newsletter_consent_records: 1"]);
      expect(await db.select().from(contactSubmissions)).toHaveLength(3);
      expect(await listPrivacyAudit(db)).toEqual([]);
    } finally {
      await close();
    }
  });
});
