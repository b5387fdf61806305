import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { rowsOf, type Db } from "~/platform/db/engines.server";
import { submitContact } from "~/features/contact/queries.server";
import { confirm, emailHash, signUp, unsubscribe } from "~/features/newsletter/subscribers.server";
import { erasePerson, listPrivacyAudit, logExport, lookupPerson } from "~/features/privacy/queries.server";
import {
  bookings,
  bookingTypes,
  contactSubmissions,
  newsletterConsentRecords,
  newsletterSubscriptions,
  outbox,
} from "~/platform/db/schema";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { notificationAddress, siteSettingsOf } from "~/features/settings/index.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { deliverDueMail } from "~/platform/mail/worker.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { personJson } from "~/features/privacy/admin-privacy.server";
import { test, testDatabases } from "#tests/setup/databases";
import { projectRoot } from "#tests/setup/paths";

/**
 * Auskunft und Löschung (Art. 15, 17, 20 DSGVO): a lookup finds everything stored for
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
  "backup_settings",
  "booking_date_overrides",
  "booking_feeds",
  "booking_hours",
  "booking_settings",
  "booking_types",
  "bookings",
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
  "visit_daily",
  "visit_events",
  "visit_salts",
  "visit_today",
  "visit_today_marks",
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
 * with its confirmation mail, two contact requests with their notifications, a reply mail and a
 * booked Termin. Another person has a request, a subscription and a Termin of their own.
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
    ).toMatchObject({ status: "stored" });
  }
  await enqueueMail(db, { to: PERSON.toLowerCase(), subject: "Antwort", text: "Danke für Ihre Anfrage." });
  await signUp(db, { email: OTHER, name: null, form: "simple" }, links(secret));
  const [type] = await db
    .insert(bookingTypes)
    .values({
      slug: "erstgespraech",
      name: "Kostenloses Erstgespräch",
      duration_minutes: 30,
      location_kind: "video",
    })
    .returning();
  const booking = (email: string, startsAt: string) => ({
    type_id: type!.id,
    starts_at: new Date(startsAt),
    ends_at: new Date(new Date(startsAt).getTime() + 30 * 60_000),
    name: "Jemand",
    email,
    message: `Termin von ${email}`,
    time_zone: "Europe/Berlin",
    status: "bestaetigt" as const,
  });
  await db
    .insert(bookings)
    .values([booking(PERSON, "2026-03-10T09:00:00Z"), booking(OTHER, "2026-03-10T10:00:00Z")]);
  return { secret };
}

describe.each(testDatabases)("Auskunft und Löschung on $name", (database) => {
  test.override({ database });

  test("the lookup and the export hold everything stored for the address, in any case", async ({ db }) => {
    await seedPerson(db);
    const person = await lookupPerson(db, ` ${PERSON.toUpperCase()} `);
    expect(person.email).toBe(PERSON.toLowerCase());
    expect(person.counts).toEqual({ contacts: 2, subscriptions: 1, mails: 4, records: 1, bookings: 1 });
    expect(person.bookings).toEqual([
      expect.objectContaining({ type: "Kostenloses Erstgespräch", email: PERSON, status: "bestaetigt" }),
    ]);
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
    expect(exported.bookings).toEqual([
      expect.objectContaining({ startsAt: "2026-03-10T09:00:00.000Z", message: `Termin von ${PERSON}` }),
    ]);
    expect(JSON.stringify(exported)).toContain("Nachricht: Nachfrage");

    const unknown = await lookupPerson(db, "niemand@example.org");
    expect(unknown.counts).toEqual({ contacts: 0, subscriptions: 0, mails: 0, records: 0, bookings: 0 });
  });

  test("the erasure leaves the address in no row of any table; without the block no hash remains", async ({
    db,
  }) => {
    const { secret } = await seedPerson(db);
    expect(await publicTables(db)).toEqual(KNOWN_TABLES);
    expect(await rowsMentioning(db, PERSON)).toEqual([
      "bookings: 1",
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
      bookings: 1,
      mailFiles: 0,
    });

    expect(await rowsMentioning(db, PERSON)).toEqual([]);
    expect(await rowsMentioning(db, "mia.muster")).toEqual([]);
    expect(await rowsMentioning(db, hash)).toEqual([]);
    expect(
      await db.select().from(newsletterConsentRecords).where(eq(newsletterConsentRecords.email_hash, hash)),
    ).toEqual([]);
    // The other person keeps everything.
    expect(await rowsMentioning(db, OTHER)).toEqual([
      "bookings: 1",
      "contact_submissions: 1",
      "newsletter_subscriptions: 1",
      "outbox: 2",
    ]);

    // The audit log: newest first, counts only. (PGlite's clock counts whole milliseconds: an
    // export and an erasure of the same millisecond may be listed in either order.)
    const audit = await listPrivacyAudit(db);
    expect(audit.map(({ action, counts }) => ({ action, counts }))).toEqual(
      expect.arrayContaining([
        {
          action: "erase",
          counts: { contacts: 2, subscriptions: 1, mails: 4, records: 1, bookings: 1, blocked: 0 },
        },
        { action: "export", counts: { contacts: 2, subscriptions: 1, mails: 4, records: 1, bookings: 1 } },
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
      bookings: 0,
      mailFiles: 0,
    });
  });

  test("with 'nicht erneut anschreiben' the subscription ends as a Sperrvermerk and every block record stays", async ({
    db,
  }) => {
    const { secret } = await seedPerson(db);
    const hash = emailHash(secret, PERSON);
    expect(await erasePerson(db, PERSON, { block: true })).toEqual({
      contacts: 2,
      subscriptions: 1,
      mails: 4,
      records: 0,
      bookings: 1,
      mailFiles: 0,
    });
    expect(await rowsMentioning(db, PERSON)).toEqual([]);
    const records = await db
      .select()
      .from(newsletterConsentRecords)
      .where(eq(newsletterConsentRecords.email_hash, hash));
    expect(records.map((record) => record.reason).sort()).toEqual(["erased", "unsubscribed"]);
    // The lookup shows the records that stay, and nothing else.
    expect((await lookupPerson(db, PERSON)).counts).toEqual({
      contacts: 0,
      subscriptions: 0,
      mails: 0,
      records: 2,
      bookings: 0,
    });
    const [entry] = await listPrivacyAudit(db);
    expect(entry).toMatchObject({ action: "erase", counts: { blocked: 1 } });
    expect(JSON.stringify(entry)).not.toContain(hash);
  });

  test("the erasure is one transaction: a failure at its end leaves everything in place", async ({ db }) => {
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
      "bookings: 1",
      "contact_submissions: 2",
      "newsletter_subscriptions: 1",
      "outbox: 4",
    ]);
    expect(await rowsMentioning(db, emailHash(secret, PERSON))).toEqual(["newsletter_consent_records: 1"]);
    expect(await db.select().from(contactSubmissions)).toHaveLength(3);
    expect(await listPrivacyAudit(db)).toEqual([]);
  });
  test("a Sperrvermerk: a sign-up of the erased address answers as for a new one and stores and sends nothing", async ({
    db,
  }) => {
    const { secret } = await seedPerson(db);
    await erasePerson(db, PERSON, { block: true });
    const mailsBefore = (await db.select().from(outbox)).length;
    // Any case, surrounding spaces, either form: the answer of a new address, and no trace.
    for (const [email, form] of [
      [PERSON, "simple"],
      [` ${PERSON.toUpperCase()} `, "optIn"],
      [PERSON.toLowerCase(), "simple"],
    ] as const) {
      expect(await signUp(db, { email, name: "Jemand", form }, links(secret))).toBe("sent");
    }
    expect(await rowsMentioning(db, "mia.muster")).toEqual([]);
    expect(await db.select().from(outbox)).toHaveLength(mailsBefore);
    // A new address still signs up.
    const fresh = "neu.hier@example.org";
    expect(await signUp(db, { email: fresh, name: null, form: "simple" }, links(secret))).toBe("sent");
    expect(await rowsMentioning(db, fresh)).toEqual(["newsletter_subscriptions: 1", "outbox: 1"]);

    // The block lasts as long as the record is kept; after that the address can sign up again.
    await db
      .update(newsletterConsentRecords)
      .set({ keep_until: new Date(Date.now() - 1000) })
      .where(eq(newsletterConsentRecords.reason, "erased"));
    expect(await signUp(db, { email: PERSON, name: null, form: "simple" }, links(secret))).toBe("sent");
    expect(await rowsMentioning(db, PERSON)).toEqual(["newsletter_subscriptions: 1", "outbox: 1"]);
  });

  test("a Sperrvermerk also for an address that had only contact requests; without the block, or after an unsubscribe or a removal by the owner, the address can sign up", async ({
    db,
  }) => {
    const secret = await installationSecret(db);
    const [blocked, unblocked, unsubscribed, removed] = ["a", "b", "c", "d"].map(
      (name) => `${name}.person@example.org`,
    );
    for (const email of [blocked, unblocked]) {
      expect(
        await submitContact(db, {
          input: { name: "Jemand", email: email!, subject: "Frage", message: "Hallo" },
          rateLimitKey: `test-${email}`,
          tokenKey: `token-${email}`,
        }),
      ).toMatchObject({ status: "stored" });
    }
    await erasePerson(db, blocked!.toUpperCase(), { block: true });
    await erasePerson(db, unblocked!, { block: false });
    // The block without a subscription: a record with no sign-up, shown by the lookup.
    const person = await lookupPerson(db, blocked!);
    expect(person.counts).toEqual({ contacts: 0, subscriptions: 0, mails: 0, records: 1, bookings: 0 });
    expect(person.records[0]).toMatchObject({ reason: "erased", signedUpAt: null, signupForm: null });
    // A second erasure with the block keeps one record.
    await erasePerson(db, blocked!, { block: true });
    expect((await lookupPerson(db, blocked!)).counts.records).toBe(1);

    for (const email of [unsubscribed, removed]) {
      expect(await signUp(db, { email: email!, name: null, form: "simple" }, links(secret))).toBe("sent");
    }
    const [first, second] = await db.select().from(newsletterSubscriptions);
    const ids = new Map([
      [first!.email, first!.id],
      [second!.email, second!.id],
    ]);
    expect(await unsubscribe(db, ids.get(unsubscribed!)!)).toBe(true);
    expect(await unsubscribe(db, ids.get(removed!)!, "deleted")).toBe(true);

    for (const email of [blocked, unblocked, unsubscribed, removed]) {
      expect(await signUp(db, { email: email!, name: null, form: "optIn" }, links(secret))).toBe("sent");
    }
    const stored = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(stored.map((row) => row.email).sort()).toEqual([unblocked, unsubscribed, removed]);
    const mailed = await db.select({ to: outbox.to }).from(outbox);
    expect(mailed.map((row) => row.to)).not.toContain(blocked);
  });

  test("migration 0011 turns the block of an erasure made before it into a Sperrvermerk, and only that one", async ({
    db,
  }) => {
    const secret = await installationSecret(db);
    const oldRecord = (email: string, endedAt: Date) => ({
      email_hash: emailHash(secret, email),
      signed_up_at: new Date("2026-01-01T10:00:00Z"),
      ended_at: endedAt,
      reason: "deleted" as const,
      keep_until: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
    // An erasure with the block (record and audit entry of one transaction: the same now()),
    // an erasure without it, and a removal by the owner at another moment.
    const erased = new Date("2026-06-01T10:00:00.123Z");
    const unblocked = new Date("2026-06-02T10:00:00Z");
    await db
      .insert(newsletterConsentRecords)
      .values([
        oldRecord("alt.gesperrt@example.org", erased),
        oldRecord("alt.entfernt@example.org", new Date("2026-06-03T10:00:00Z")),
      ]);
    await db.execute(sql`insert into privacy_audit_log (created_at, action, counts) values
      (${erased.toISOString()}, 'erase', '{"contacts":0,"subscriptions":1,"mails":1,"records":0,"blocked":1}'),
      (${unblocked.toISOString()}, 'erase', '{"contacts":1,"subscriptions":0,"mails":1,"records":0,"blocked":0}')`);
    const migration = readFileSync(path.join(projectRoot, "drizzle/0011_erasure_block.sql"), "utf8").split(
      "--> statement-breakpoint",
    );
    await db.execute(sql.raw(migration[1]!));
    expect(
      await signUp(db, { email: "alt.gesperrt@example.org", name: null, form: "simple" }, links(secret)),
    ).toBe("sent");
    expect(
      await signUp(db, { email: "alt.entfernt@example.org", name: null, form: "simple" }, links(secret)),
    ).toBe("sent");
    const stored = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(stored).toEqual([{ email: "alt.entfernt@example.org" }]);
    const reasons = await db
      .select({ reason: newsletterConsentRecords.reason })
      .from(newsletterConsentRecords)
      .orderBy(newsletterConsentRecords.ended_at);
    expect(reasons.map((row) => row.reason)).toEqual(["erased", "deleted"]);
  });

  test("the owner's notification address: its lookup and erasure reach its own mails, never the notifications about others' requests", async ({
    db,
  }) => {
    await seedPerson(db);
    const owner = notificationAddress((await siteSettingsOf(db)).settings);
    // The owner's test mail, and a request the owner sent from that address themselves.
    await enqueueMail(db, { to: owner, subject: "Testmail deiner Website", text: "Test" });
    expect(
      await submitContact(db, {
        input: { name: "Inhaber", email: owner.toUpperCase(), subject: "Eigene Probe", message: "Probe" },
        rateLimitKey: "test-owner",
        tokenKey: "token-owner",
      }),
    ).toMatchObject({ status: "stored" });

    const person = await lookupPerson(db, owner);
    expect(person.counts).toEqual({ contacts: 1, subscriptions: 0, mails: 2, records: 0, bookings: 0 });
    expect(person.mails.map((mail) => mail.subject).sort()).toEqual([
      "Neue Kontaktanfrage: Eigene Probe",
      "Testmail deiner Website",
    ]);
    expect(JSON.stringify(person)).not.toContain("mia.muster");
    expect(JSON.stringify(person)).not.toContain(OTHER);

    expect(await erasePerson(db, owner, { block: false })).toMatchObject({ contacts: 1, mails: 2 });
    // The notifications about Mia's and Ole's requests are still there.
    const left = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, owner));
    expect(left.map((mail) => mail.subject).sort()).toEqual([
      "Neue Kontaktanfrage: Andere Anfrage",
      "Neue Kontaktanfrage: Anfrage Website",
      "Neue Kontaktanfrage: Nachfrage",
    ]);
  });

  test("the erasure deletes the address's files in the mail drop, also those whose outbox record is gone, and no one else's", async ({
    db,
  }) => {
    await seedPerson(db);
    const owner = notificationAddress((await siteSettingsOf(db)).settings);
    await enqueueMail(db, { to: owner, subject: "Testmail deiner Website", text: "Test" });
    const dropDir = path.join(mkdtempSync(path.join(tmpdir(), "portfolio-drop-")), "mail");
    const transport = createMailTransport({
      from: async () => ({ name: "Website", address: "website@example.org" }),
      dropDir,
    });
    expect(
      await deliverDueMail(
        db,
        transport,
        { perHour: 100, perDay: 100 },
        newsletterMailHooks(db, "https://www.example.org"),
      ),
    ).toBe(7);
    const files = () => readdirSync(dropDir).sort();
    const headerOf = (file: string, name: string) =>
      readFileSync(path.join(dropDir, file), "utf8").match(new RegExp(`^${name}: (.+)$`, "mi"))?.[1];
    expect(files()).toHaveLength(7);
    // Mia's second notification: its outbox record already gone, as after the housekeeping.
    const [pruned] = await db
      .delete(outbox)
      .where(eq(outbox.subject, "Neue Kontaktanfrage: Nachfrage"))
      .returning({ id: outbox.id });
    expect(files().some((file) => file.endsWith(`-${pruned!.id}.eml`))).toBe(true);

    // The owner's address first: only the owner's own mail goes, no notification about Mia or Ole.
    expect(await erasePerson(db, owner, { block: false, mailDropDir: dropDir })).toMatchObject({
      mails: 1,
      mailFiles: 1,
    });
    expect(files()).toHaveLength(6);

    expect(await erasePerson(db, PERSON.toUpperCase(), { block: true, mailDropDir: dropDir })).toEqual({
      contacts: 2,
      subscriptions: 1,
      mails: 3,
      records: 0,
      bookings: 1,
      mailFiles: 4,
    });
    const left = files();
    expect(left).toHaveLength(2);
    for (const file of left) {
      const about = [headerOf(file, "To"), headerOf(file, "Reply-To")].join(" ").toLowerCase();
      expect(about).toContain(OTHER);
      expect(readFileSync(path.join(dropDir, file), "utf8").toLowerCase()).not.toContain("mia.muster");
    }
  });
});
