import { and, eq, gt, gte, inArray, isNotNull, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { MailTransport } from "./transport.server";

const BATCH = 10;
const LEASE_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 3600;
/** Once the hourly cap is reached, kicks are ignored this long (the interval still polls). */
const CAPPED_PAUSE_MS = 30_000;

/**
 * Error codes (nodemailer's and the socket's) of a failure to reach the mail server at all, as
 * opposed to the server refusing a mail (an SMTP reply code). Such a failure says nothing about
 * the mail itself.
 */
const UNREACHABLE_CODES = [
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
] as const;

/** Seconds until the next try after `attempts` failures: 30 s, 1 min, 2 min, … up to 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due mails for this worker: a short lease (locked_until) taken in one statement with
 * FOR UPDATE SKIP LOCKED, so several workers never send the same mail.
 */
async function claim(db: Db, limit: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sent_at),
        lte(outbox.next_attempt_at, sql`now()`),
        or(isNull(outbox.locked_until), lte(outbox.locked_until, sql`now()`)),
      ),
    )
    .orderBy(outbox.next_attempt_at, outbox.created_at)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      locked_until: sql`now() + (${LEASE_SECONDS}::int * interval '1 second')`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

async function sentInLastHour(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNotNull(outbox.sent_at), gte(outbox.sent_at, sql`now() - interval '1 hour'`)));
  return row?.count ?? 0;
}

/** Sends what is due once; returns how many mails went out, or "capped" at the hourly cap. */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  maxPerHour: number,
): Promise<number | "capped"> {
  const budget = Math.min(BATCH, maxPerHour - (await sentInLastHour(db)));
  if (budget <= 0) return "capped";
  let sent = 0;
  // UPDATE … RETURNING has no order of its own: send the claimed mails in the order they fell
  // due, equally due ones in the order they were queued.
  const claimed = (await claim(db, budget)).sort(
    (a, b) =>
      a.next_attempt_at.getTime() - b.next_attempt_at.getTime() ||
      a.created_at.getTime() - b.created_at.getTime(),
  );
  for (const mail of claimed) {
    try {
      await transport.send({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers,
      });
      await db
        .update(outbox)
        .set({ sent_at: sql`now()`, locked_until: null, last_error: null })
        .where(eq(outbox.id, mail.id));
      sent++;
    } catch (error) {
      // Keep only the error's class and code: SMTP replies can quote addresses.
      const code =
        (error as { code?: unknown; responseCode?: unknown }).responseCode ??
        (error as { code?: unknown }).code;
      const reason = `${error instanceof Error ? error.name : "Error"}${code ? ` ${String(code)}` : ""}`;
      await db
        .update(outbox)
        .set({
          locked_until: null,
          last_error: reason,
          next_attempt_at: sql`now() + (${backoffSeconds(mail.attempts)}::int * interval '1 second')`,
        })
        .where(eq(outbox.id, mail.id));
      logger.warn({ mail: mail.id, attempts: mail.attempts, reason }, "mail delivery failed; will retry");
    }
  }
  if (sent > 0) await retryUnreachableNow(db);
  return sent;
}

/**
 * A mail just went out, so the mail server is reachable again: mails waiting only because it was
 * not (see UNREACHABLE_CODES) become due now instead of after their backoff of up to an hour.
 * Mails the server refused keep their backoff.
 */
async function retryUnreachableNow(db: Db): Promise<void> {
  await db
    .update(outbox)
    .set({ next_attempt_at: sql`now()` })
    .where(
      and(
        isNull(outbox.sent_at),
        gt(outbox.next_attempt_at, sql`now()`),
        or(...UNREACHABLE_CODES.map((code) => like(outbox.last_error, `% ${code}`))),
      ),
    );
}

export type MailWorker = { kick(): void; stop(): Promise<void> };

/** Polls the outbox every `intervalMs` (and at once when kicked) and sends what is due. */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  maxPerHour: number;
  intervalMs?: number;
  onIdle?: () => Promise<void>;
}): MailWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // At the hourly cap, a busy site's kicks (one per submission) would only count the cap again.
  let cappedUntil = 0;

  const run = (polled = false) => {
    if (stopped || (!polled && Date.now() < cappedUntil)) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const sent = await deliverDueMail(options.db, options.transport, options.maxPerHour);
          if (sent === "capped") {
            cappedUntil = Date.now() + CAPPED_PAUSE_MS;
            again = false;
          } else if (sent === BATCH) again = true;
        } while (again && !stopped);
        await options.onIdle?.();
      } catch (error) {
        logger.error({ err: error }, "mail worker round failed");
      } finally {
        running = undefined;
      }
    })();
  };

  const timer = setInterval(() => run(true), options.intervalMs ?? 2_000);
  timer.unref();
  run();
  return {
    kick: () => run(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
