import type { Db } from "~/platform/db/engines.server";
import { MAIL_PRIORITY } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import {
  claimDueMails,
  deleteMail,
  markFailed,
  markSent,
  renewLease,
  retryNowAfter,
  sentRecently,
  type ClaimedMail,
  type IssueCondition,
  type OutgoingMail,
} from "~/platform/mail/outbox.server";
import { MAIL_RETRY_DAYS } from "~/platform/mail/retention";
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

/** The mail caps (MAIL_MAX_PER_HOUR, MAIL_MAX_PER_DAY). */
export type MailCaps = { perHour: number; perDay: number };

/**
 * What the newsletter leaves of each cap for the other mails: a tenth, at least one (none of a
 * cap of one, or of no cap). A large send that reaches the cap never holds back the notice of a
 * new contact request.
 */
export const reserveOf = (cap: number) =>
  !Number.isFinite(cap) || cap < 2 ? 0 : Math.max(1, Math.floor(cap / 10));

/** Composes a newsletter mail as it goes out; undefined: drop it. */
export type ComposeNewsletter = (mail: {
  to: string;
  newsletter_issue_id: string;
  subscriber_id: string;
}) => Promise<OutgoingMail | undefined>;

/**
 * What a feature adds to the worker's rounds. The worker knows no feature: the newsletter hands
 * these in (newsletterMailHooks), and server/boot.ts passes them on.
 */
export type MailHooks = {
  /**
   * Whether a newsletter mail may go out now, as an SQL condition on its issue: part of the
   * statement that claims due mails (the issue is sending, not paused or cancelled). Without
   * it, no newsletter mail is claimed.
   */
  issueMayGo?: IssueCondition;
  /** A newsletter mail is composed as it goes out, not stored once per subscriber. */
  compose?: ComposeNewsletter;
  /** After every round, also one that sent nothing. */
  afterRound?: (db: Db) => Promise<void>;
  /** A mail to a subscriber was refused for good (a 5xx). */
  onBounce?: (db: Db, subscriberId: string) => Promise<void>;
  /** A subscription's confirmation mail went out: in the transaction that marks it sent. */
  onConfirmationSent?: (tx: Db, subscriberId: string) => Promise<void>;
};

/** An SMTP reply of 5xx: the server refused this mail for good. */
const isPermanent = (error: unknown) => {
  const code = Number((error as { responseCode?: unknown }).responseCode);
  return code >= 500 && code < 600;
};

/**
 * Sends what is due once: every other mail first, then newsletter mails with what the caps leave
 * them (a newsletter held back by its reserve is not "capped": other mails may still go). Returns
 * how many mails went out, or "capped" when a cap holds everything back.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  { perHour, perDay }: MailCaps,
  hooks: MailHooks,
): Promise<number | "capped"> {
  const recent = await sentRecently(db);
  const left = Math.min(perHour - recent.hour, perDay - recent.day);
  if (left <= 0) return "capped";
  const claimedAt = Date.now();
  const claim = (limit: number, priority: number) =>
    claimDueMails(db, { limit, priority, leaseSeconds: LEASE_SECONDS, issueMayGo: hooks.issueMayGo });
  const urgent = await claim(Math.min(BATCH, left), MAIL_PRIORITY.urgent);
  const bulkLeft =
    Math.min(perHour - reserveOf(perHour) - recent.hour, perDay - reserveOf(perDay) - recent.day) -
    urgent.length;
  const bulk =
    urgent.length < BATCH && bulkLeft > 0
      ? await claim(Math.min(BATCH - urgent.length, bulkLeft), MAIL_PRIORITY.bulk)
      : [];
  let sent = 0;
  // UPDATE … RETURNING has no order of its own: send the claimed mails in the order they fell
  // due, equally due ones in the order they were queued.
  const inOrder = (a: ClaimedMail, b: ClaimedMail) =>
    a.next_attempt_at.getTime() - b.next_attempt_at.getTime() ||
    a.created_at.getTime() - b.created_at.getTime();
  for (const mail of [...urgent.sort(inOrder), ...bulk.sort(inOrder)]) {
    if (!(await holdsClaim(db, mail, claimedAt))) continue;
    if (await deliver(db, transport, mail, hooks)) sent++;
  }
  // A mail just went out, so the mail server is reachable again: mails waiting only because it
  // was not become due now instead of after their backoff of up to an hour. Mails the server
  // refused keep their backoff.
  if (sent > 0) await retryNowAfter(db, UNREACHABLE_CODES);
  // Every round: an issue whose time came, or whose last waiting mail went (or was deleted by an
  // unsubscribe), moves on even when this round claimed none of its mails.
  await hooks.afterRound?.(db);
  return sent;
}

/**
 * Whether this worker may still send a mail it claimed at `claimedAt`. A slow mail server can
 * make a batch outlast its lease, and then another worker may claim the batch's last mails: once
 * half the lease is gone, each mail's lease is renewed before it goes out, but only while no
 * other claim has counted an attempt since ours (so never two workers send one mail).
 */
async function holdsClaim(db: Db, mail: ClaimedMail, claimedAt: number): Promise<boolean> {
  if (Date.now() - claimedAt < (LEASE_SECONDS * 1000) / 2) return true;
  return renewLease(db, mail, LEASE_SECONDS);
}

/** Sends one claimed mail and records the outcome; true when it went out. */
async function deliver(db: Db, transport: MailTransport, mail: ClaimedMail, hooks: MailHooks) {
  try {
    const newsletter =
      mail.newsletter_issue_id && mail.subscriber_id
        ? await hooks.compose?.({
            to: mail.to,
            newsletter_issue_id: mail.newsletter_issue_id,
            subscriber_id: mail.subscriber_id,
          })
        : undefined;
    if (mail.newsletter_issue_id && !newsletter) {
      await deleteMail(db, mail.id);
      return false;
    }
    await transport.send({
      id: mail.id,
      ...(newsletter ?? {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers,
        calendar: mail.calendar ?? undefined,
      }),
    });
    // A subscription's confirmation mail: the proof of consent says when it went out.
    const confirmation = mail.subscriber_id && !mail.newsletter_issue_id ? mail.subscriber_id : undefined;
    if (confirmation && hooks.onConfirmationSent) {
      const recordSent = hooks.onConfirmationSent;
      await db.transaction(async (tx) => {
        await markSent(tx, mail.id);
        await recordSent(tx, confirmation);
      });
    } else {
      await markSent(db, mail.id);
    }
    return true;
  } catch (error) {
    // Keep only the error's class and code: SMTP replies can quote addresses.
    const code =
      (error as { code?: unknown; responseCode?: unknown }).responseCode ??
      (error as { code?: unknown }).code;
    const reason = `${error instanceof Error ? error.name : "Error"}${code ? ` ${String(code)}` : ""}`;
    // A newsletter mail the server refused for good is not tried again, and counts as a bounce.
    const bounced = mail.newsletter_issue_id !== null && mail.subscriber_id !== null && isPermanent(error);
    // Any mail still undelivered after MAIL_RETRY_DAYS has had its last attempt.
    const lastAttempt = Date.now() - mail.created_at.getTime() >= MAIL_RETRY_DAYS * 24 * 60 * 60 * 1000;
    const givesUp = bounced || lastAttempt;
    await markFailed(db, mail.id, {
      reason,
      retryInSeconds: givesUp ? undefined : backoffSeconds(mail.attempts),
    });
    if (bounced) await hooks.onBounce?.(db, mail.subscriber_id!);
    logger.warn(
      { mail: mail.id, attempts: mail.attempts, reason },
      bounced
        ? "newsletter mail refused for good"
        : lastAttempt
          ? "mail delivery failed at its last attempt; not tried again"
          : "mail delivery failed; will retry",
    );
    return false;
  }
}

export type MailWorker = { kick(): void; stop(): Promise<void> };

/** Polls the outbox every `intervalMs` (and at once when kicked) and sends what is due. */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  maxPerHour: number;
  /** Unlimited when not given. */
  maxPerDay?: number;
  hooks: MailHooks;
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
          const sent = await deliverDueMail(
            options.db,
            options.transport,
            { perHour: options.maxPerHour, perDay: options.maxPerDay ?? Infinity },
            options.hooks,
          );
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
      options.transport.close?.();
    },
  };
}
