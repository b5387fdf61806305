import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings";
import { deleteContactSubmission, setContactKept, submitContact } from "~/features/contact/queries.server";
import { confirm, signUp, unsubscribe } from "~/features/newsletter/subscribers.server";
import { contactSubmissions, newsletterSubscriptions, outbox } from "~/platform/db/schema";
import { HOUSEKEEPING_LOCK, runHousekeeping } from "~/features/privacy/housekeeping.server";
import { clientKey, installationSecret } from "~/platform/db/installation-secret.server";
import { saveSiteSettings } from "~/features/settings/site-settings.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { deliverDueMail } from "~/platform/mail/worker.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * Retention as the Datenschutzerklärung promises it: contact requests go after the
 * configured period unless marked "Aufbewahren"; a sent mail keeps no body or links, and its
 * record goes after 30 days; an undeliverable mail fails for good after its last attempt and goes
 * 30 days later; deleting a request or a subscriber deletes their mails. The clock is moved by
 * back-dating rows, as the database's now() decides.
 */
const NO_CAP = { perHour: 1_000, perDay: 1_000 };
const sentTo: string[] = [];
const transport = { send: async (mail: { to: string }) => void sentTo.push(mail.to) };
const refusing = {
  send: async () => {
    throw Object.assign(new Error("unreachable"), { code: "ECONNREFUSED" });
  },
};

const contact = (n: number) => ({
  input: { name: `Person ${n}`, email: `person${n}@example.org`, subject: `Anfrage ${n}`, message: "Hallo!" },
  rateLimitKey: `test:${n}`,
  tokenKey: `token:${n}`,
});

const ago = (days: number) => sql`now() - (${days}::int * interval '1 day')`;

describe.each(testDatabases)("retention on $name", (database) => {
  test.override({ database });

  test("a request older than the period goes at the housekeeping run, a marked one stays, a newer one stays", async ({
    db,
  }) => {
    for (const n of [1, 2, 3])
      expect(await submitContact(db, contact(n))).toMatchObject({ status: "stored" });
    const ids = Object.fromEntries(
      (await db.select().from(contactSubmissions)).map((row) => [row.subject, row.id]),
    );
    // Seven months old: past the default of six.
    await db
      .update(contactSubmissions)
      .set({ created_at: ago(213) })
      .where(sql`${contactSubmissions.subject} in ('Anfrage 1', 'Anfrage 2')`);
    expect(await setContactKept(db, ids["Anfrage 2"]!, true)).toBe(true);

    const counts = await runHousekeeping(db);
    expect(counts?.contactRequests).toBe(1);
    const left = await db.select().from(contactSubmissions);
    expect(left.map((row) => row.subject).sort()).toEqual(["Anfrage 2", "Anfrage 3"]);
    // The notification about the deleted request went with it.
    expect((await db.select().from(outbox)).map((row) => row.contact_id).sort()).toEqual(
      [ids["Anfrage 2"], ids["Anfrage 3"]].sort(),
    );

    // Unmarked, the kept one goes at the next run; a longer period keeps it.
    expect(await setContactKept(db, ids["Anfrage 2"]!, false)).toBe(true);
    await saveSiteSettings(db, "privacy", { ...DEFAULT_SETTINGS.privacy, contactMonths: "12" });
    await runHousekeeping(db);
    expect(await db.select().from(contactSubmissions)).toHaveLength(2);
    await saveSiteSettings(db, "privacy", { ...DEFAULT_SETTINGS.privacy, contactMonths: "6" });
    await runHousekeeping(db);
    expect((await db.select().from(contactSubmissions)).map((row) => row.subject)).toEqual(["Anfrage 3"]);
  });

  test("a sent mail keeps no body, links or headers; its record goes after 30 days", async ({ db }) => {
    const secret = await installationSecret(db);
    await signUp(
      db,
      { email: "eva@example.org", name: "Eva", form: "optIn" },
      { publicUrl: "https://www.example.org", secret },
    );
    const [queued] = await db.select().from(outbox);
    expect(queued!.text).toMatch(/token=[0-9a-f]{64}/);
    expect(
      await deliverDueMail(db, transport, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(1);
    const [sent] = await db.select().from(outbox);
    expect(sent).toMatchObject({ text: "", html: null, headers: {}, to: "eva@example.org" });
    expect(sent!.sent_at).not.toBeNull();
    // No confirmation link in plain text anywhere in the database.
    const everything = await db.execute(sql`select row_to_json(o)::text as row from outbox o`);
    expect(JSON.stringify(everything)).not.toMatch(/token=/);

    await db.update(outbox).set({ sent_at: ago(29) });
    expect((await runHousekeeping(db))?.mails).toBe(0);
    await db.update(outbox).set({ sent_at: ago(31) });
    expect((await runHousekeeping(db))?.mails).toBe(1);
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  test("a mail undelivered at its last attempt is kept 30 days with its error, then deleted", async ({
    db,
  }) => {
    await enqueueMail(db, { to: "owner@example.org", subject: "Hinweis", text: "Text" });
    expect(
      await deliverDueMail(db, refusing, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(0);
    let [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ failed_at: null, last_error: "Error ECONNREFUSED" });

    // Queued eight days ago: this failure was its last attempt.
    await db.update(outbox).set({ created_at: ago(8), next_attempt_at: ago(0) });
    expect(
      await deliverDueMail(db, refusing, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(0);
    [row] = await db.select().from(outbox);
    expect(row!.failed_at).not.toBeNull();
    expect(row!.last_error).toBe("Error ECONNREFUSED");
    expect(
      await deliverDueMail(db, transport, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(0); // not tried again

    await runHousekeeping(db);
    expect(await db.select().from(outbox)).toHaveLength(1);
    await db.update(outbox).set({ failed_at: ago(31) });
    await runHousekeeping(db);
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  test("deleting a contact request or a subscriber deletes their queued and sent mails", async ({ db }) => {
    await submitContact(db, contact(1));
    await submitContact(db, contact(2));
    expect(
      await deliverDueMail(db, transport, NO_CAP, newsletterMailHooks(db, "https://www.example.org")),
    ).toBe(2);
    await submitContact(db, contact(1)); // a second request, its mail still queued
    const requests = await db.select().from(contactSubmissions);
    for (const request of requests.filter((row) => row.email === "person1@example.org")) {
      expect(await deleteContactSubmission(db, request.id)).toBe(true);
    }
    const mails = await db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.contact_id).toBe(requests.find((row) => row.email === "person2@example.org")!.id);

    const secret = await installationSecret(db);
    const links = { publicUrl: "https://www.example.org", secret };
    await signUp(db, { email: "ben@example.org", name: null, form: "simple" }, links);
    const token = (await db.select().from(outbox).where(eq(outbox.to, "ben@example.org")))[0]!.text.match(
      /token=([0-9a-f]{64})/,
    )![1]!;
    expect(await confirm(db, token)).toBeTruthy();
    await deliverDueMail(db, transport, NO_CAP, newsletterMailHooks(db, "https://www.example.org"));
    await signUp(db, { email: "ben@example.org", name: null, form: "simple" }, links);
    const [subscriber] = await db.select().from(newsletterSubscriptions);
    await unsubscribe(db, subscriber!.id, "deleted");
    expect(await db.select().from(outbox).where(eq(outbox.to, "ben@example.org"))).toHaveLength(0);
  });

  // Two instances need two connections: PostgreSQL only.
  if (database.name === "postgres") {
    test("while another instance runs the housekeeping, this one does nothing", async ({ db }) => {
      await submitContact(db, contact(1));
      await db.update(contactSubmissions).set({ created_at: ago(400) });
      await db.transaction(async (tx) => {
        // Another connection (instance) holds the housekeeping's lock.
        await tx.execute(sql`select pg_advisory_xact_lock(${HOUSEKEEPING_LOCK})`);
        expect(await runHousekeeping(db)).toBeUndefined();
      });
      expect(await db.select().from(contactSubmissions)).toHaveLength(1);
      expect((await runHousekeeping(db))?.contactRequests).toBe(1);
    });
  }

  test("rate-limit keys group IPv6 clients by their /64 and keep IPv4 clients apart", async () => {
    const secret = Buffer.alloc(32, 7);
    expect(clientKey(secret, "2001:db8:1:2:aaaa::1")).toBe(
      clientKey(secret, "2001:db8:1:2:bbbb:cccc:dddd:eeee"),
    );
    expect(clientKey(secret, "2001:db8:1:2::1")).toBe(clientKey(secret, "2001:0db8:0001:0002:ffff::"));
    expect(clientKey(secret, "2001:db8:1:2::1")).not.toBe(clientKey(secret, "2001:db8:1:3::1"));
    expect(clientKey(secret, "192.0.2.1")).not.toBe(clientKey(secret, "192.0.2.2"));
    expect(clientKey(secret, "::ffff:192.0.2.1")).toBe(clientKey(secret, "192.0.2.1"));
  });
});
