import { eq, sql } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { outbox } from "~/platform/db/schema";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { backoffSeconds, deliverDueMail } from "~/platform/mail/worker.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { test, testDatabases } from "#tests/setup/databases";
import { freePort } from "#tests/setup/server-process";
import { startSmtpReceiver } from "#tests/setup/smtp-receiver";

const mail = (n: number) => ({
  to: `empfaenger${n}@example.org`,
  subject: `Betreff ${n}`,
  text: `Text ${n}`,
});

describe.each(testDatabases)("mail outbox on $name", (database) => {
  test.override({ database });

  test("a batch that outlasts its lease never sends a mail another worker claimed since", async ({ db }) => {
    const sent: string[] = [];
    const transport = {
      send: async (outgoing: { id: string; subject: string }) => {
        sent.push(outgoing.subject);
        if (sent.length > 1) return;
        // The first mail takes longer than half the lease; meanwhile another worker, seeing the
        // lease of the second run out, claims it (its claim counts an attempt).
        vi.setSystemTime(Date.now() + 61_000);
        await db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, locked_until: sql`now() + interval '2 minutes'` })
          .where(eq(outbox.subject, "Betreff 2"));
      },
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await enqueueMail(db, mail(1));
      await db.update(outbox).set({ next_attempt_at: sql`now() - interval '1 minute'` });
      await enqueueMail(db, mail(2));
      await enqueueMail(db, mail(3));
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(2);
      // The second mail was left to the worker that took it; the third one was still ours.
      expect(sent).toEqual(["Betreff 1", "Betreff 3"]);
      const rows = await db.select().from(outbox);
      const bySubject = (subject: string) => rows.find((row) => row.subject === subject)!;
      expect(bySubject("Betreff 2")).toMatchObject({ sent_at: null, attempts: 2 });
      expect(bySubject("Betreff 3").sent_at).toBeInstanceOf(Date);
    } finally {
      vi.useRealTimers();
    }
  });

  test("delivers queued mail over SMTP once, keeps it while the server is down and retries later", async ({
    db,
  }) => {
    const port = await freePort();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: async () => ({ name: "Test", address: "t@example.com" }),
      dropDir: "/nonexistent",
    });
    await enqueueMail(db, mail(1));
    // Nothing listens yet: the mail stays queued with an error and a later retry time.
    expect(
      await deliverDueMail(
        db,
        transport,
        { perHour: 100, perDay: Infinity },
        newsletterMailHooks(db, "https://www.example.org"),
      ),
    ).toBe(0);
    const [waiting] = await db.select().from(outbox);
    expect(waiting).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
    expect(waiting!.last_error).toBeTruthy();
    expect(waiting!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const receiver = await startSmtpReceiver(port);
    try {
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(0); // not due yet
      await db.update(outbox).set({ next_attempt_at: sql`now()` });
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(1);
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(0);
      expect(receiver.messages).toHaveLength(1);
      expect(receiver.messages[0]).toContain("Subject: Betreff 1");
      const [sent] = await db.select().from(outbox);
      expect(sent!.sent_at).toBeInstanceOf(Date);
    } finally {
      transport.close?.();
      await receiver.close();
    }
  });

  test("once a mail goes out again, mails that waited for the unreachable server are due at once", async ({
    db,
  }) => {
    const port = await freePort();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: async () => ({ name: "", address: "t@example.com" }),
      dropDir: "/nonexistent",
    });
    await enqueueMail(db, mail(1));
    await enqueueMail(db, mail(2));
    expect(
      await deliverDueMail(
        db,
        transport,
        { perHour: 100, perDay: Infinity },
        newsletterMailHooks(db, "https://www.example.org"),
      ),
    ).toBe(0); // nobody listens: both wait 30 s
    // A mail the server refused with a reply code waits for its backoff whatever happens.
    await enqueueMail(db, mail(3));
    await db
      .update(outbox)
      .set({ attempts: 1, last_error: "Error 550", next_attempt_at: sql`now() + interval '30 seconds'` })
      .where(eq(outbox.subject, "Betreff 3"));

    const receiver = await startSmtpReceiver(port);
    try {
      await enqueueMail(db, mail(4)); // something new, say a contact submission
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(1);
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(2);
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 100, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(0);
      const subjects = receiver.messages.map((raw) => raw.match(/Subject: (.*)/)?.[1]?.trim());
      expect(subjects).toEqual(["Betreff 4", "Betreff 1", "Betreff 2"]);
      const [refused] = await db.select().from(outbox).where(eq(outbox.subject, "Betreff 3"));
      expect(refused).toMatchObject({ sent_at: null, last_error: "Error 550" });
    } finally {
      transport.close?.();
      await receiver.close();
    }
  });

  test("respects the hourly cap and leaves the rest queued", async ({ db }) => {
    const receiver = await startSmtpReceiver();
    const transport = createMailTransport({
      smtpUrl: receiver.url,
      from: async () => ({ name: "", address: "t@example.com" }),
      dropDir: "/nonexistent",
    });
    try {
      for (let i = 0; i < 5; i++) await enqueueMail(db, mail(i));
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 3, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe(3);
      expect(
        await deliverDueMail(
          db,
          transport,
          { perHour: 3, perDay: Infinity },
          newsletterMailHooks(db, "https://www.example.org"),
        ),
      ).toBe("capped");
      expect(receiver.messages).toHaveLength(3);
    } finally {
      transport.close?.();
      await receiver.close();
    }
  });
});

// Concurrency needs a server with several connections; PGlite has one.
describe.each(testDatabases.filter((database) => database.name === "postgres"))(
  "mail outbox on $name",
  (database) => {
    test.override({ database });

    test("two workers at once send every mail exactly once", async ({ db }) => {
      const receiver = await startSmtpReceiver();
      const transport = createMailTransport({
        smtpUrl: receiver.url,
        from: async () => ({ name: "", address: "t@example.com" }),
        dropDir: "/nonexistent",
      });
      try {
        for (let i = 0; i < 30; i++) await enqueueMail(db, mail(i));
        let sent = 0;
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all([
            deliverDueMail(
              db,
              transport,
              { perHour: 1000, perDay: Infinity },
              newsletterMailHooks(db, "https://www.example.org"),
            ),
            deliverDueMail(
              db,
              transport,
              { perHour: 1000, perDay: Infinity },
              newsletterMailHooks(db, "https://www.example.org"),
            ),
          ]);
          for (const result of results) sent += result === "capped" ? 0 : result;
        }
        expect(sent).toBe(30);
        const subjects = receiver.messages.map((raw) => raw.match(/Subject: (.*)/)?.[1]);
        expect(new Set(subjects).size).toBe(30);
        expect(receiver.messages).toHaveLength(30);
      } finally {
        transport.close?.();
        await receiver.close();
      }
    });
  },
);

test("retry delays grow from 30 s to at most an hour", () => {
  expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
  expect(backoffSeconds(50)).toBe(3600);
});
