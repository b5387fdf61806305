import { readFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import path from "node:path";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createIssue, findIssue, queueIssue, saveIssueDraft } from "~/features/newsletter/issues.server";
import { newsletterSubscriptions, outbox } from "~/platform/db/schema";
import { get, signInOverHttp } from "../setup/http";
import { mulberry32 } from "../../scripts/lib/seeded-random.js";
import { installations } from "../setup/installations";
import { logProblems } from "../setup/public-forms";
import {
  freePort,
  processReport,
  startServer,
  waitUntilHealthy,
  type ServerProcess,
} from "../setup/server-process";

/**
 * A newsletter that sends, under SIGKILL: an issue for 600 subscribers goes out
 * while the server is killed at random moments of the send and restarted on the same DATA_DIR or
 * database each time. Every subscriber must get the issue, and a kill may cause at most one
 * duplicate: the worker (app/platform/mail/worker.server.ts) sends one claimed mail at a time, over one
 * SMTP connection per mail, and marks it sent right after the SMTP server's 250. So at any moment
 * at most one mail can be accepted by the SMTP server but not yet marked sent; only that mail is
 * sent again after the restart. The test checks that each duplicate is exactly that mail: the
 * last one the killed process got accepted. Some kills hit that moment on purpose (the receiver
 * holds the 250 back until the sender is dead), the others land anywhere around a mail.
 *
 * The mails a killed server had claimed (up to a batch of 10) wait for their lease of 2 minutes
 * before a restarted server sends them; before the last start the test lets those leases run out
 * in the database (as two minutes would), so that start sends them at once.
 * The kill moments come from a seeded generator; a failure names the seed, and CRASH_SEED=<seed>
 * replays it (the timing of the processes still varies).
 */
const SUBSCRIBERS = 600;
const KILLS = 4;
/** Each round kills the server after 1 to this many of its mails arrived (the rest go in the last round). */
const MOST_MAILS_PER_ROUND = 80;
/** … and then up to this long later: anywhere in the sending of the next mail, or between mails. */
const KILL_JITTER_MS = 25;
/** The share of kills that hit the moment a mail was accepted, before the 250 went out. */
const AT_ACCEPTANCE = 0.3;
/** Duplicates one kill may cause: the one mail in flight that the SMTP server had accepted. */
const DUPLICATES_PER_KILL = 1;
const START_TIMEOUT_MS = 120_000;
const ROUND_TIMEOUT_MS = 60_000;
/** The last start sends what is left, up to all the subscribers' mails. */
const FINISH_TIMEOUT_MS = 240_000;
const ADMIN = { email: "versand@example.org", password: "Newsletter-Kill-2026" };

const lockHolder = (dataDir: string) =>
  (JSON.parse(readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid: number }).pid;

/** A mail the SMTP receiver accepted: whom it was for, and which server process sent it. */
type Received = {
  /** The envelope recipient (RCPT TO). */
  to: string;
  /** The address in the To: header. */
  header: string | undefined;
  /** The subscription id in the mail's own unsubscribe link (List-Unsubscribe). */
  subscription: string | undefined;
  /** Index of the server process that opened the connection. */
  process: number;
};

/** A kill: of which server process, after how many of its mails arrived, and how long after. */
type Kill = {
  process: number;
  after: number;
  /** Undefined: at once, before the SMTP receiver answers the mail that arrived. */
  delayMs: number | undefined;
  arrived: number;
  /** Resolves once the process was seen healthy, with a clean log. */
  started: Promise<void>;
  /** The recipient of the mail accepted but not answered, for a kill at acceptance. */
  acceptedUnanswered?: string;
};

/** The header section of a raw message, with folded lines joined. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");

/**
 * A small SMTP server that keeps every mail it accepted, tagged with the server process the test
 * considers running when the connection came in. A mail counts as accepted once its data ended
 * (the final "."); the 250 for it goes out after `onAccepted` resolves, so a test can kill the
 * sender between the two: the mail is then accepted, but its sender never learns it.
 *
 * Not the smtp-server package of tests/setup/smtp-receiver.ts: that one holds every greeting back
 * 100 ms (its "early talker" check), and with one connection per mail (transport.server.ts) that
 * alone would make 2,000 mails last over 3 minutes.
 */
async function smtpReceiver(
  currentProcess: () => number,
  onAccepted: (mail: Received) => void | Promise<void>,
) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    const process = currentProcess();
    let buffer = "";
    let data: string[] | undefined;
    let recipients: string[] = [];
    let sender = false;
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const accept = async (raw: string, to: string) => {
      const headers = headersOf(raw);
      const mail: Received = {
        to,
        header: headers.match(/^To: (?:.*<)?([^<>\s]+@[^<>\s]+?)>?$/im)?.[1],
        subscription: headers.match(/^List-Unsubscribe: .*?[?&]id=([0-9a-f-]{36})/im)?.[1],
        process,
      };
      received.push(mail);
      await onAccepted(mail);
      reply("250 2.0.0 Ok: queued");
    };
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") return reply("250-newsletter-test\r\n250 8BITMIME");
      if (verb === "HELO" || verb === "NOOP") return reply("250 Ok");
      if (verb === "RSET") {
        [sender, recipients] = [false, []];
        return reply("250 Ok");
      }
      if (verb === "MAIL") {
        [sender, recipients] = [true, []];
        return reply("250 Ok");
      }
      if (verb === "RCPT") {
        const address = line.match(/<([^>]*)>/)?.[1];
        if (!sender || !address) return reply("503 Bad sequence of commands");
        recipients.push(address);
        return reply("250 Ok");
      }
      if (verb === "DATA") {
        if (recipients.length !== 1) return reply("503 Bad sequence of commands");
        data = [];
        return reply("354 End data with <CR><LF>.<CR><LF>");
      }
      if (verb === "QUIT") {
        reply("221 Bye");
        return socket.end();
      }
      reply("502 Command not implemented");
    };
    // The sender may die at any moment: a reset or half a command is the normal end of a kill.
    socket.on("error", () => undefined);
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!data) command(line);
        else if (line !== ".") data.push(line.startsWith("..") ? line.slice(1) : line);
        else {
          const raw = data.join("\r\n");
          const [to] = recipients;
          [data, sender, recipients] = [undefined, false, []];
          void accept(raw, to!);
        }
      }
    });
    reply("220 newsletter-test ESMTP");
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The installations run side by side: most of a run is waiting for the kills. (Side by side,
// expect.poll cannot tell which test it belongs to: the tests poll by hand.)
describe("newsletter send under SIGKILL", () => {
  test.concurrent.each(installations)(
    `on $name: ${SUBSCRIBERS} subscribers all get the issue through ${KILLS} kills; at most ${DUPLICATES_PER_KILL} duplicate per kill, the mail accepted when the server died`,
    async ({ name, create }) => {
      const seed = Number(process.env.CRASH_SEED) || Math.floor(Math.random() * 2 ** 31);
      const random = mulberry32(seed);
      const context = `seed ${seed} (replay with CRASH_SEED=${seed})`;
      const installation = await create();
      const servers: ServerProcess[] = [];
      const kills: Kill[] = [];
      /** The kill planned for the running process. */
      let plan: Kill | undefined;
      const receiver = await smtpReceiver(
        () => servers.length - 1,
        async (mail) => {
          const kill = plan;
          if (!kill || mail.process !== kill.process || ++kill.arrived !== kill.after) return;
          // The worker sends from "database ready" on, before /healthz may have been asked: the kill
          // waits for the start to be seen healthy (it holds this mail's 250 back till then).
          await kill.started;
          const server = servers[kill.process]!;
          if (kill.delayMs === undefined) {
            // Killed between accepting the mail and saying so: it must go out once more.
            kill.acceptedUnanswered = mail.to;
            server.child.kill("SIGKILL");
            await server.exited;
          } else setTimeout(() => server.child.kill("SIGKILL"), kill.delayMs);
        },
      );
      const env = {
        ...installation.env,
        SMTP_URL: receiver.url,
        // The largest caps there are: the caps are not what this test is about.
        MAIL_MAX_PER_HOUR: "100000",
        MAIL_MAX_PER_DAY: "1000000",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "info",
      };

      /** Starts the server and checks the start was clean: healthy, nothing logged as an error, lock taken. */
      const startClean = async (round: string): Promise<ServerProcess> => {
        const server = await startServer(env);
        servers.push(server);
        try {
          await waitUntilHealthy(server, START_TIMEOUT_MS);
        } catch (error) {
          throw new Error(`${round}: no healthy start; ${context}; ${processReport(server)}`, {
            cause: error,
          });
        }
        expect(logProblems(server.output()), `${round}: errors in the start-up log; ${context}`).toEqual([]);
        if (name === "pglite")
          expect(lockHolder(installation.dataDir), `${round}: DATA_DIR lock; ${context}`).toBe(
            server.child.pid,
          );
        return server;
      };

      try {
        // 2,000 confirmed subscribers and an issue queued for them, written while no server runs.
        const seeding = await installation.open();
        let issueId: string;
        let subscribers: { id: string; email: string }[];
        try {
          subscribers = await seeding.db
            .insert(newsletterSubscriptions)
            .values(
              Array.from({ length: SUBSCRIBERS }, (_, n) => ({
                email: `leserin${n}@example.org`,
                is_confirmed: true,
                gdpr_consent: true,
              })),
            )
            .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
          issueId = await createIssue(seeding.db);
          await saveIssueDraft(seeding.db, issueId, {
            subject: "Neuigkeiten trotz Stromausfall",
            preheader: "Jede Leserin bekommt sie",
            body: "## Hallo\n\nDiese Ausgabe kommt an, auch wenn der Server mittendrin stirbt.",
          });
          expect(await queueIssue(seeding.db, issueId, null), "queued").toBe(SUBSCRIBERS);
        } finally {
          await seeding.close();
        }
        const emailOf = new Map(subscribers.map((row) => [row.id, row.email]));

        const began = Date.now();
        let lastKill = 0;
        for (let round = 0; round < KILLS; round++) {
          const label = `round ${round + 1}/${KILLS + 1}`;
          let started!: () => void;
          plan = {
            process: servers.length,
            after: 1 + Math.floor(random() * MOST_MAILS_PER_ROUND),
            delayMs: random() < AT_ACCEPTANCE ? undefined : random() * KILL_JITTER_MS,
            arrived: 0,
            started: new Promise<void>((resolve) => (started = resolve)),
          };
          kills.push(plan);
          const server = await startClean(label);
          started();
          const ended = await Promise.race([
            server.exited.then(() => true),
            new Promise<false>((resolve) => setTimeout(() => resolve(false), ROUND_TIMEOUT_MS).unref()),
          ]);
          expect(
            ended,
            `${label}: ${plan.arrived} of the ${plan.after} mails before the kill arrived within ${ROUND_TIMEOUT_MS} ms; ${context}; ${processReport(server)}`,
          ).toBe(true);
          expect(server.child.signalCode, `${label}: how the server ended; ${context}`).toBe("SIGKILL");
          expect(logProblems(server.output()), `${label}: errors before the kill; ${context}`).toEqual([]);
          lastKill = Date.now() - began;
        }
        plan = undefined;

        // The leases of the mails the killed servers had claimed and not sent run out, as they
        // would two minutes after the last kill.
        const expiring = await installation.open();
        try {
          await expiring.db
            .update(outbox)
            .set({ locked_until: sql`now()` })
            .where(and(isNull(outbox.sent_at), gt(outbox.locked_until, sql`now()`)));
        } finally {
          await expiring.close();
        }

        // The last start sends the rest, and the mails the killed servers had claimed, until the
        // issue is sent (as the owner sees it in the admin area).
        const label = `round ${KILLS + 1}/${KILLS + 1}`;
        const last = await startClean(label);
        const session = await signInOverHttp(last.url, ADMIN.email, ADMIN.password);
        const state = async () => {
          const page = await (await get(last.url, `/admin/newsletter/ausgaben/${issueId}`, session)).text();
          return page.match(/Status:\s*(?:<!-- -->)?\s*<strong[^>]*>([^<]+)<\/strong>/)?.[1];
        };
        const deadline = Date.now() + FINISH_TIMEOUT_MS;
        let shown = await state();
        while (shown !== "Gesendet" && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          shown = await state();
        }
        expect(shown, `${label}: the issue is not sent; ${context}`).toBe("Gesendet");
        const duration = Date.now() - began;
        expect(
          await last.stop("SIGTERM"),
          `${label}: graceful stop; ${context}; ${processReport(last)}`,
        ).toBe(0);
        expect(logProblems(last.output()), `${label}: errors in the log; ${context}`).toEqual([]);

        // Every mail says whom it is for, the same way in the envelope, the header and the link.
        const { received } = receiver;
        const misaddressed = received.filter(
          (mail) =>
            mail.header !== mail.to || !mail.subscription || emailOf.get(mail.subscription) !== mail.to,
        );
        expect(misaddressed.slice(0, 5), `mails not addressed as composed; ${context}`).toEqual([]);

        // No subscriber missed.
        const copies = new Map<string, Received[]>();
        for (const mail of received) copies.set(mail.to, [...(copies.get(mail.to) ?? []), mail]);
        const missed = subscribers.filter((row) => !copies.has(row.email)).map((row) => row.email);
        expect(missed.slice(0, 10), `${missed.length} subscribers missed; ${context}`).toEqual([]);
        expect(copies.size, `recipients; ${context}`).toBe(SUBSCRIBERS);

        // Each duplicate is the last mail a killed process got accepted, sent once more by a later
        // process: nothing else is ever sent twice.
        const lastAccepted = new Map<number, string>();
        for (const mail of received) lastAccepted.set(mail.process, mail.to);
        const duplicates = [...copies].filter(([, mails]) => mails.length > 1);
        const unexplained = duplicates.filter(
          ([to, mails]) =>
            mails.length !== 2 ||
            mails[0]!.process >= KILLS ||
            mails[1]!.process <= mails[0]!.process ||
            lastAccepted.get(mails[0]!.process) !== to,
        );
        expect(
          unexplained.map(
            ([to, mails]) => `${to}: ${mails.map((mail) => `process ${mail.process}`).join(", ")}`,
          ),
          `duplicates other than the mail in flight at a kill; ${context}`,
        ).toEqual([]);
        const perKill = Array.from(
          { length: KILLS },
          (_, process) => duplicates.filter(([, mails]) => mails[0]!.process === process).length,
        );
        expect(
          perKill.filter((count) => count > DUPLICATES_PER_KILL),
          `duplicates per kill ${perKill.join(",")}; ${context}`,
        ).toEqual([]);
        expect(duplicates.length, `duplicates; ${context}`).toBeLessThanOrEqual(KILLS * DUPLICATES_PER_KILL);
        // A mail accepted but never answered went out once more, after the restart.
        const atAcceptance = kills.filter((kill) => kill.acceptedUnanswered !== undefined);
        expect(
          atAcceptance
            .filter((kill) => {
              const mails = copies.get(kill.acceptedUnanswered!);
              return mails?.length !== 2 || mails[0]!.process !== kill.process;
            })
            .map((kill) => `process ${kill.process}: ${kill.acceptedUnanswered}`),
          `kills at acceptance whose mail did not go out again; ${context}`,
        ).toEqual([]);
        expect(received.length, `mails received; ${context}`).toBe(SUBSCRIBERS + duplicates.length);

        // The database agrees: one row per subscriber, each sent, none failed; the issue sent.
        const after = await installation.open();
        try {
          const rows = await after.db.select().from(outbox).where(eq(outbox.newsletter_issue_id, issueId));
          expect(rows, `outbox rows of the issue; ${context}`).toHaveLength(SUBSCRIBERS);
          expect(
            new Set(rows.map((row) => row.subscriber_id)).size,
            `subscribers in the outbox; ${context}`,
          ).toBe(SUBSCRIBERS);
          const unsent = rows.filter((row) => row.sent_at === null || row.failed_at !== null);
          expect(unsent.length, `outbox rows not sent; ${context}`).toBe(0);
          const sentTwice = new Set(duplicates.map(([to]) => to));
          expect(
            rows.filter((row) => sentTwice.has(row.to) && row.attempts < 2).map((row) => row.to),
            `duplicates claimed only once; ${context}`,
          ).toEqual([]);
          expect(await findIssue(after.db, issueId), `the issue at the end; ${context}`).toMatchObject({
            state: "sent",
            recipients: SUBSCRIBERS,
            sent_count: SUBSCRIBERS,
            failed_count: 0,
          });
        } finally {
          await after.close();
        }

        console.log(
          `newsletter under SIGKILL on ${name}: ${context}; rounds ${KILLS + 1}, kills ${KILLS}, ` +
            `mails ${received.length} for ${SUBSCRIBERS} subscribers, duplicates ${duplicates.length} ` +
            `(per kill ${perKill.join(",")}; bound ${DUPLICATES_PER_KILL} per kill; ` +
            `${atAcceptance.length} kills between a mail's acceptance and its 250), ` +
            `last kill after ${(lastKill / 1000).toFixed(1)} s, issue sent after ${(duration / 1000).toFixed(1)} s`,
        );
      } catch (error) {
        // Every failure names the seed, also one that is no assertion of this file.
        if (error instanceof Error && !error.message.includes(context)) error.message += `; ${context}`;
        throw error;
      } finally {
        await Promise.all(servers.map((server) => server.stop("SIGKILL")));
        await receiver.close();
        await installation.dispose();
      }
    },
    600_000,
  );
});
