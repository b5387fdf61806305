import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { outbox } from "~/platform/db/schema";
import { installations } from "../setup/installations";
import {
  clientAddress,
  formToken,
  isSuccess,
  logProblems,
  submitForm,
  type Channel,
} from "../setup/public-forms";
import {
  freePort,
  processReport,
  startServer,
  waitUntilHealthy,
  type ServerProcess,
} from "../setup/server-process";
import { startSmtpReceiver } from "../setup/smtp-receiver";

/**
 * Mail server outage: SMTP_URL points at a port nobody listens on. Visitors' contact
 * messages and newsletter sign-ups still succeed, their mails wait in the outbox (also across a
 * restart), and once a receiver listens on that port every mail arrives, none twice.
 */
type Sent = { marker: string; what: string };

/** Ids of the mails the worker reported as failed (one log line per failed attempt). */
const failedMails = (server: ServerProcess) =>
  new Set(
    server
      .output()
      .split("\n")
      .filter((line) => line.includes('"mail delivery failed; will retry"'))
      .map((line) => (JSON.parse(line) as { mail: string }).mail),
  );

describe.each(installations)("mail server outage on $name", ({ create }) => {
  test("forms succeed while the mail server is down; every waiting mail arrives once it is back, none twice", async () => {
    const installation = await create();
    const smtpPort = await freePort();
    const env = {
      ...installation.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TRUST_PROXY: "X-Forwarded-For",
      FORM_MIN_FILL_MS: "0",
      LOG_LEVEL: "info",
    };
    const run = randomBytes(4).toString("hex");
    const sent: Sent[] = [];
    let sequence = 0;

    const contact = async (server: ServerProcess, token: string, channel: Channel) => {
      const marker = `mail-${run}-${++sequence}`;
      const answer = await submitForm(
        server.url,
        "/contact",
        {
          intent: "contact",
          formToken: token,
          name: "Mia Muster",
          email: "mia@example.org",
          subject: marker,
          message: "Die Nachricht muss ankommen.",
        },
        { channel, address: clientAddress(sequence) },
      );
      expect(isSuccess(answer, CONTACT_MESSAGES.success, "/contact"), `${answer.status} ${marker}`).toBe(
        true,
      );
      sent.push({ marker, what: `contact (${channel})` });
    };
    const signUp = async (server: ServerProcess, token: string, page: "/" | "/contact") => {
      const marker = `mail-${run}-${++sequence}`;
      const fields = { formToken: token, email: `${marker}@example.org`, name: "Nina" };
      const answer =
        page === "/"
          ? await submitForm(server.url, "/?index", fields, { address: clientAddress(sequence) })
          : await submitForm(
              server.url,
              "/contact",
              { ...fields, intent: "newsletter", consent: "on" },
              { address: clientAddress(sequence) },
            );
      const title = page === "/" ? NEWSLETTER_MESSAGES.successSimple : NEWSLETTER_MESSAGES.successOptIn;
      expect(isSuccess(answer, title, page), `${answer.status} ${marker}`).toBe(true);
      sent.push({ marker, what: `newsletter sign-up on ${page}` });
    };

    let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    try {
      const first = await startServer(env);
      try {
        await waitUntilHealthy(first, 60_000);
        const token = await formToken(first.url);
        await contact(first, token, "document");
        await contact(first, token, "data");
        await signUp(first, token, "/contact");
        await signUp(first, await formToken(first.url, "/"), "/");
        // The worker tried each mail, failed to connect, and keeps it for a later try.
        await expect.poll(() => failedMails(first).size, { timeout: 30_000 }).toBe(sent.length);
      } finally {
        expect(await first.stop(), processReport(first)).toBe(0);
      }
      expect(logProblems(first.output())).toEqual([]);

      // Nothing got lost across the stop: every mail waits, unsent, with the reason. Here they
      // are made to look like mails that have failed for a while (seven attempts: the next one
      // an hour away), so that their quick delivery below cannot be their regular retry.
      const offline = await installation.open();
      try {
        const waiting = await offline.db.select().from(outbox);
        expect(waiting).toHaveLength(sent.length);
        for (const mail of waiting) {
          expect(mail).toMatchObject({ sent_at: null, attempts: 1 });
          expect(mail.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
          expect(mail.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
        }
        await offline.db.update(outbox).set({ attempts: 7, next_attempt_at: sql`now() + interval '1 hour'` });
      } finally {
        await offline.close();
      }

      const second = await startServer(env);
      try {
        await waitUntilHealthy(second, 60_000);
        const token = await formToken(second.url);
        await signUp(second, token, "/contact");
        await expect.poll(() => failedMails(second).size, { timeout: 30_000 }).toBe(1);

        // The mail server comes back. The next visitor's mail goes out at once, and with it the
        // waiting ones, long before their retry time (30 s for the newest, an hour for the rest).
        receiver = await startSmtpReceiver(smtpPort);
        await contact(second, token, "data");
        const arrived = receiver.messages;
        await expect
          .poll(() => sent.filter(({ marker }) => arrived.some((raw) => raw.includes(marker))).length, {
            timeout: 15_000,
          })
          .toBe(sent.length);
      } finally {
        // A graceful stop ends the worker: after it, nothing more can be sent.
        expect(await second.stop(), processReport(second)).toBe(0);
      }
      expect(logProblems(second.output())).toEqual([]);

      const copies = sent.map(({ marker, what }) => ({
        what,
        copies: receiver!.messages.filter((raw) => raw.includes(marker)).length,
      }));
      expect(copies).toEqual(sent.map(({ what }) => ({ what, copies: 1 })));
      expect(receiver.messages).toHaveLength(sent.length);

      const after = await installation.open();
      try {
        const rows = await after.db.select().from(outbox);
        expect(rows).toHaveLength(sent.length);
        expect(rows.filter((row) => row.sent_at === null)).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      await receiver?.close();
      await installation.dispose();
    }
  }, 240_000);
});
