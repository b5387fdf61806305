import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect } from "vitest";
import type { Db } from "~/platform/db/engines.server";
import {
  cancelIssue,
  createIssue,
  findIssue,
  issueCounts,
  pauseIssue,
  queueIssue,
  resumeIssue,
  saveIssueDraft,
} from "~/features/newsletter/issues.server";
import { unsubscribe, verifyUnsubscribe } from "~/features/newsletter/subscribers.server";
import { newsletterSubscriptions, outbox } from "~/platform/db/schema";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { deliverDueMail, type MailCaps } from "~/platform/mail/worker.server";
import { newsletterMailHooks } from "~/features/newsletter/mail-hooks.server";
import { test, testDatabases } from "#tests/setup/databases";
import { freePort } from "#tests/setup/server-process";

/**
 * Sending the newsletter through the outbox to a real SMTP peer: each confirmed
 * subscriber gets an issue once, after every other mail, within the caps; an unsubscribe stops
 * their mail; pause, resume and cancel do what they say; a permanent refusal counts as a bounce.
 */

const PUBLIC_URL = "https://www.example.org";
const NO_CAP: MailCaps = { perHour: 1_000_000, perDay: 1_000_000 };

type Received = { to: string; raw: string };

/** An SMTP peer that keeps what it accepts and refuses `refuse` addresses with 550. */
async function smtpPeer(refuse: (address: string) => boolean = () => false) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse(address.address)) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo[0]!.address, raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const transport = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: async () => ({ name: "Erika Beispiel", address: "hallo@example.org" }),
    dropDir: "/nonexistent",
  });
  return {
    received,
    transport,
    close: () => {
      transport.close?.();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function subscribers(
  db: Db,
  count: number,
  extra: Partial<typeof newsletterSubscriptions.$inferInsert> = {},
) {
  const rows = Array.from({ length: count }, (_, n) => ({
    email: `abo${n}-${extra.is_confirmed === false ? "offen" : (extra.bounce_count ?? 0) > 0 ? "bounce" : "ok"}@example.org`,
    is_confirmed: true,
    gdpr_consent: true,
    ...extra,
  }));
  return db.insert(newsletterSubscriptions).values(rows).returning();
}

async function draftIssue(db: Db, subject = "Neuigkeiten im November") {
  const id = await createIssue(db);
  await saveIssueDraft(db, id, {
    subject,
    preheader: "Was es Neues gibt",
    body: "## Hallo\n\nNeu: [mein Angebot](/service/webdesign) und [mehr](https://example.com).\n\n- Punkt eins\n- Punkt zwei\n\n<script>alert(1)</script>",
  });
  return id;
}

/** Runs the worker's rounds until nothing more goes out. */
async function deliverAll(db: Db, peer: Awaited<ReturnType<typeof smtpPeer>>, caps = NO_CAP) {
  const compose = newsletterMailHooks(db, PUBLIC_URL);
  let total = 0;
  for (;;) {
    const sent = await deliverDueMail(db, peer.transport, caps, compose);
    if (sent === "capped" || sent === 0) return total;
    total += sent;
  }
}

describe.each(testDatabases)("newsletter sending on $name", (database) => {
  test.override({ database });

  test("150 subscribers get the issue exactly once, after other mail; an unsubscribe stops theirs", async ({
    db,
  }) => {
    const peer = await smtpPeer();
    try {
      const confirmed = await subscribers(db, 150);
      await subscribers(db, 5, { is_confirmed: false });
      await subscribers(db, 2, { bounce_count: 3 });
      const id = await draftIssue(db);
      expect(await queueIssue(db, id, null)).toBe(150);
      // A second press queues nothing: the issue is no draft any more.
      expect(await queueIssue(db, id, null)).toBeUndefined();
      await enqueueMail(db, { to: "owner@example.org", subject: "Neue Kontaktanfrage: Test", text: "Hallo" });

      const compose = newsletterMailHooks(db, PUBLIC_URL);
      expect(await deliverDueMail(db, peer.transport, NO_CAP, compose)).toBe(10);
      // The contact notice, queued after the issue, went first.
      expect(peer.received[0]!.to).toBe("owner@example.org");
      // Someone unsubscribes during the send: nothing more reaches them.
      const leaving = confirmed.find((row) => !peer.received.some((mail) => mail.to === row.email))!;
      expect(await unsubscribe(db, leaving.id)).toBe(true);

      await deliverAll(db, peer);
      const newsletterMails = peer.received.filter((mail) => mail.to !== "owner@example.org");
      const addresses = newsletterMails.map((mail) => mail.to);
      expect(addresses).toHaveLength(149);
      expect(new Set(addresses).size).toBe(149);
      expect(addresses).not.toContain(leaving.email);
      expect(addresses.some((address) => /offen|bounce/.test(address))).toBe(false);

      const issue = (await findIssue(db, id))!;
      expect(issue.state).toBe("sent");
      expect(issue.finished_at).toBeInstanceOf(Date);
      expect(await issueCounts(db, issue)).toEqual({ sent: 149, failed: 0, waiting: 0 });

      // One mail in full: both parts, the personal signed links, nothing loaded from anywhere.
      const mail = newsletterMails[0]!;
      const raw = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      expect(raw).toMatch(/^Subject: Neuigkeiten im November/m);
      expect(raw).toContain("Content-Type: text/plain");
      expect(raw).toContain("Content-Type: text/html");
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const header = raw
        .match(/^List-Unsubscribe:((?:.*)(?:\r?\n[ \t].*)*)/m)![1]!
        .replace(/\r?\n[ \t]+/g, " ")
        .trim();
      expect(header).toMatch(
        /^<https:\/\/www\.example\.org\/newsletter\/abmelden\?id=[0-9a-f-]{36}&sig=[^>]+>, <mailto:/,
      );
      // A long header is folded, which may fall inside the link.
      const link = new URL(header.match(/<(https:[^>]+)>/)![1]!.replace(/\s+/g, ""));
      const subscriber = confirmed.find((row) => row.email === mail.to)!;
      expect(link.searchParams.get("id")).toBe(subscriber.id);
      expect(
        verifyUnsubscribe(await installationSecret(db), subscriber.id, link.searchParams.get("sig")!),
      ).toBe(true);
      expect(raw).toContain(`href="${link.href.replace(/&/g, "&amp;")}"`);
      expect(raw).toContain('href="https://www.example.org/service/webdesign"');
      expect(raw).toContain("mein Angebot (https://www.example.org/service/webdesign)");
      // Raw HTML in the Markdown stays text in the HTML part (the plain-text part shows it as typed).
      const html = raw.slice(raw.indexOf("Content-Type: text/html"));
      expect(html).not.toMatch(/<img|<script/i);
      expect(html).toContain("&lt;script&gt;");
    } finally {
      await peer.close();
    }
  }, 180_000);

  test("pause holds the rest, resume sends it, cancel drops what waits", async ({ db }) => {
    const peer = await smtpPeer();
    try {
      await subscribers(db, 35);
      const id = await draftIssue(db);
      expect(await queueIssue(db, id, null)).toBe(35);
      const compose = newsletterMailHooks(db, PUBLIC_URL);
      expect(await deliverDueMail(db, peer.transport, NO_CAP, compose)).toBe(10);

      expect(await pauseIssue(db, id)).toBe(true);
      expect(await deliverDueMail(db, peer.transport, NO_CAP, compose)).toBe(0);
      expect(peer.received).toHaveLength(10);
      expect(await issueCounts(db, (await findIssue(db, id))!)).toEqual({ sent: 10, failed: 0, waiting: 25 });

      expect(await resumeIssue(db, id)).toBe(true);
      expect(await deliverDueMail(db, peer.transport, NO_CAP, compose)).toBe(10);
      expect(await cancelIssue(db, id)).toBe(true);
      expect(await deliverAll(db, peer)).toBe(0);
      expect(peer.received).toHaveLength(20);
      const issue = (await findIssue(db, id))!;
      expect(issue.state).toBe("cancelled");
      expect(await issueCounts(db, issue)).toEqual({ sent: 20, failed: 0, waiting: 0 });
      expect(await db.select().from(outbox).where(eq(outbox.newsletter_issue_id, id))).toHaveLength(20);
      // A cancelled issue cannot be resumed or cancelled again.
      expect(await resumeIssue(db, id)).toBe(false);
      expect(await cancelIssue(db, id)).toBe(false);
    } finally {
      await peer.close();
    }
  });

  test("an issue whose every waiting recipient unsubscribed ends as sent", async ({ db }) => {
    const peer = await smtpPeer();
    try {
      const rows = await subscribers(db, 2);
      const id = await draftIssue(db);
      expect(await queueIssue(db, id, null)).toBe(2);
      for (const row of rows) expect(await unsubscribe(db, row.id)).toBe(true);
      expect(await deliverAll(db, peer)).toBe(0);
      const issue = (await findIssue(db, id))!;
      expect(issue.state).toBe("sent");
      expect(await issueCounts(db, issue)).toEqual({ sent: 0, failed: 0, waiting: 0 });
    } finally {
      await peer.close();
    }
  });

  test("a planned issue waits for its time", async ({ db }) => {
    const peer = await smtpPeer();
    try {
      await subscribers(db, 3);
      const id = await draftIssue(db);
      expect(await queueIssue(db, id, new Date(Date.now() + 3_600_000))).toBe(3);
      expect((await findIssue(db, id))!.state).toBe("scheduled");
      expect(await deliverAll(db, peer)).toBe(0);
      await db.update(outbox).set({ next_attempt_at: new Date(Date.now() - 1000) });
      const { newsletterIssues } = await import("~/platform/db/schema");
      await db.update(newsletterIssues).set({ send_at: new Date(Date.now() - 1000) });
      expect(await deliverAll(db, peer)).toBe(3);
      expect((await findIssue(db, id))!.state).toBe("sent");
    } finally {
      await peer.close();
    }
  });

  test("the caps: the newsletter leaves a tenth of each to other mails", async ({ db }) => {
    const peer = await smtpPeer();
    try {
      await subscribers(db, 40);
      const id = await draftIssue(db);
      await queueIssue(db, id, null);
      const caps = { perHour: 1000, perDay: 20 };
      expect(await deliverAll(db, peer, caps)).toBe(18);
      // The reserve: a contact notice still goes out at once …
      await enqueueMail(db, { to: "owner@example.org", subject: "Neue Kontaktanfrage", text: "Hallo" });
      expect(await deliverAll(db, peer, caps)).toBe(1);
      expect(peer.received.at(-1)!.to).toBe("owner@example.org");
      // … and the day's cap holds everything else back.
      await enqueueMail(db, { to: "owner@example.org", subject: "Zweite Anfrage", text: "Hallo" });
      expect(await deliverAll(db, peer, caps)).toBe(1);
      expect(
        await deliverDueMail(db, peer.transport, caps, newsletterMailHooks(db, "https://www.example.org")),
      ).toBe("capped");
      expect(await issueCounts(db, (await findIssue(db, id))!)).toEqual({ sent: 18, failed: 0, waiting: 22 });
    } finally {
      await peer.close();
    }
  });

  test("a permanent refusal is kept as failed and counted; at three an address is skipped", async ({
    db,
  }) => {
    const peer = await smtpPeer((address) => address.startsWith("abo0-"));
    try {
      const [refused] = await subscribers(db, 4);
      for (let round = 1; round <= 3; round++) {
        const id = await draftIssue(db, `Ausgabe ${round}`);
        expect(await queueIssue(db, id, null)).toBe(4);
        await deliverAll(db, peer);
        const issue = (await findIssue(db, id))!;
        expect(issue.state).toBe("sent");
        expect(await issueCounts(db, issue)).toEqual({ sent: 3, failed: 1, waiting: 0 });
      }
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, refused!.id));
      expect(row!.bounce_count).toBe(3);
      const id = await draftIssue(db, "Ausgabe 4");
      expect(await queueIssue(db, id, null)).toBe(3);
    } finally {
      await peer.close();
    }
  });
});
