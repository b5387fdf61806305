import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import { rowsOf, type Db } from "~/platform/db/engines.server";
import { MAIL_PRIORITY, outbox, type MailCalendarPart } from "~/platform/db/schema";
import { MAIL_RECORD_DAYS } from "~/platform/mail/retention";

/**
 * Queries of the outbox, the only module that touches the table: features queue their mails
 * here, the worker (worker.server.ts) claims, sends and records them, the newsletter counts and
 * drops its issue's mails, the privacy erasure finds and deletes a person's. The outbox knows a
 * newsletter issue only by the id its mails carry; what the issue allows comes in as an SQL
 * condition from the newsletter (IssueCondition).
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as Reply-To or List-Unsubscribe. */
  headers?: Record<string, string>;
  /** An invitation or cancellation for the recipient's calendar (`.ics`, `text/calendar; method=…`). */
  calendar?: MailCalendarPart;
};

/** An SQL condition on the newsletter issue whose id is in `issueId` (a column of the statement). */
export type IssueCondition = (issueId: AnyColumn) => SQL;

/**
 * Queues a mail. Call it inside the transaction that stores what caused the mail: either both
 * are committed or neither. The mail worker sends it afterwards, with retries.
 */
export async function enqueueMail(
  tx: Db,
  mail: OutgoingMail,
  /** A subscription's confirmation mail: its proof of consent records when the mail went out. */
  options: { subscriberId?: string } = {},
): Promise<string> {
  const [id] = await enqueueMails(tx, [mail], options);
  return id!;
}

/** Queues mails; resolves to their ids. */
export async function enqueueMails(
  tx: Db,
  /** `contactId`: the contact request a notification is about; deleting it deletes the mail. */
  mails: (OutgoingMail & { contactId?: string })[],
  { subscriberId }: { subscriberId?: string } = {},
): Promise<string[]> {
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        headers: mail.headers ?? {},
        subscriber_id: subscriberId ?? null,
        contact_id: mail.contactId ?? null,
        calendar: mail.calendar ?? null,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

export type MailState = "sent" | "failed" | "waiting";

/** Where a queued mail stands: sent, failed at its last attempt (with the reason), or waiting. */
export async function mailState(db: Db, id: string): Promise<{ state: MailState; error: string | null }> {
  const [row] = await db
    .select({ sent_at: outbox.sent_at, last_error: outbox.last_error })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (row?.sent_at) return { state: "sent", error: null };
  if (row?.last_error) return { state: "failed", error: row.last_error };
  return { state: "waiting", error: null };
}

/**
 * Deletes the records of mails sent or failed for good more than MAIL_RECORD_DAYS ago. Those of
 * a newsletter issue that is still under way (`issueRunning`) stay until it ends (its records
 * make sure no one gets it twice); an ended issue keeps its counts itself.
 */
export async function pruneOutbox(db: Db, issueRunning: IssueCondition): Promise<number> {
  const before = sql`now() - (${MAIL_RECORD_DAYS}::int * interval '1 day')`;
  const deleted = await db
    .delete(outbox)
    .where(
      and(
        or(lt(outbox.sent_at, before), lt(outbox.failed_at, before)),
        or(isNull(outbox.newsletter_issue_id), not(issueRunning(outbox.newsletter_issue_id))),
      ),
    )
    .returning({ id: outbox.id });
  return deleted.length;
}

// ── A newsletter issue's mails ──────────────────────────────────────────────────────────────

/**
 * Queues one mail of the issue `issueId` per row of `recipients`, an SQL select of (address,
 * subscription id), due at `dueAt`, in one statement, with bulk priority and no text: the worker
 * composes each as it goes out. A subscriber who has the issue queued already is skipped (the
 * unique index on issue and subscriber). Resolves to the number queued.
 */
export async function enqueueIssueMails(
  tx: Db,
  recipients: SQL,
  { issueId, subject, dueAt }: { issueId: string; subject: string; dueAt: Date },
): Promise<number> {
  const queued = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into ${outbox} (${sql.identifier(outbox.to.name)}, subject, text, priority, newsletter_issue_id, subscriber_id, next_attempt_at)
      select recipient.address, ${subject}, '', ${MAIL_PRIORITY.bulk}, ${issueId}, recipient.subscriber_id, ${dueAt.toISOString()}::timestamptz
      from (${recipients}) as recipient (address, subscriber_id)
      on conflict do nothing
      returning id`),
  );
  return queued.length;
}

export type MailCounts = { sent: number; waiting: number; failed: number };

/** Sent, failed and waiting mails of the issues `issueIds`, by issue (one without mails is missing). */
export async function issueMailCounts(db: Db, issueIds: string[]): Promise<Map<string, MailCounts>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: outbox.newsletter_issue_id,
      sent: sql<number>`count(*) filter (where ${outbox.sent_at} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${outbox.failed_at} is not null)::int`,
      waiting: sql<number>`count(*) filter (where ${outbox.sent_at} is null and ${outbox.failed_at} is null)::int`,
    })
    .from(outbox)
    .where(inArray(outbox.newsletter_issue_id, issueIds))
    .groupBy(outbox.newsletter_issue_id);
  return new Map(rows.map(({ id, ...counts }) => [id!, counts]));
}

/** Deletes the issue's mails that still wait (a cancelled send). */
export async function dropWaitingIssueMails(tx: Db, issueId: string): Promise<void> {
  await tx
    .delete(outbox)
    .where(and(eq(outbox.newsletter_issue_id, issueId), isNull(outbox.sent_at), isNull(outbox.failed_at)));
}

/** Mails of the issue still wait: neither sent nor failed for good. */
export const issueMailsWaiting: IssueCondition = (issueId) =>
  sql`exists (select 1 from ${outbox} where ${outbox.newsletter_issue_id} = ${issueId} and ${outbox.sent_at} is null and ${outbox.failed_at} is null)`;

// ── A person's mails (Auskunft und Löschung) ────────────────────────────────────────────────

/**
 * A person's mails: addressed to `address` (lower case), of their subscription, or notifying of
 * one of their contact requests (`contactIds`, an SQL select of the requests' ids). A
 * notification counts only through its request: addressed to the owner's notification address,
 * it is about someone else when that address is the one looked up.
 */
export type PersonMails = { address: string; subscriberId: string | undefined; contactIds: SQL };

function mailsOf({ address, subscriberId, contactIds }: PersonMails): SQL {
  return or(
    and(eq(sql`lower(${outbox.to})`, address), isNull(outbox.contact_id)),
    subscriberId ? eq(outbox.subscriber_id, subscriberId) : undefined,
    inArray(outbox.contact_id, sql`(${contactIds})`),
  )!;
}

/** A person's mails, newest first. */
export function listPersonMails(db: Db, person: PersonMails) {
  return db
    .select({
      id: outbox.id,
      createdAt: outbox.created_at,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      sentAt: outbox.sent_at,
      failedAt: outbox.failed_at,
      lastError: outbox.last_error,
      newsletterIssueId: outbox.newsletter_issue_id,
      contactId: outbox.contact_id,
    })
    .from(outbox)
    .where(mailsOf(person))
    .orderBy(desc(outbox.created_at));
}

/** Deletes a person's mails (inside the erasure's transaction); their ids. */
export async function deletePersonMails(tx: Db, person: PersonMails): Promise<string[]> {
  const deleted = await tx.delete(outbox).where(mailsOf(person)).returning({ id: outbox.id });
  return deleted.map((mail) => mail.id);
}

// ── The worker's queries (worker.server.ts) ─────────────────────────────────────────────────

/** A mail as the worker claimed it. */
export type ClaimedMail = typeof outbox.$inferSelect;

/**
 * Claims due mails of one priority for this worker: a lease of `leaseSeconds` (locked_until)
 * taken in one statement with FOR UPDATE SKIP LOCKED, so several workers never send the same
 * mail. A newsletter mail is due only while `issueMayGo` holds for its issue; without it, never.
 */
export async function claimDueMails(
  db: Db,
  {
    limit,
    priority,
    leaseSeconds,
    issueMayGo,
  }: { limit: number; priority: number; leaseSeconds: number; issueMayGo?: IssueCondition },
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.priority, priority),
        isNull(outbox.sent_at),
        isNull(outbox.failed_at),
        lte(outbox.next_attempt_at, sql`now()`),
        or(isNull(outbox.locked_until), lte(outbox.locked_until, sql`now()`)),
        or(isNull(outbox.newsletter_issue_id), issueMayGo?.(outbox.newsletter_issue_id)),
      ),
    )
    .orderBy(outbox.next_attempt_at, outbox.created_at)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      locked_until: sql`now() + (${leaseSeconds}::int * interval '1 second')`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Mails sent in the last hour and the last day, across all instances. */
export async function sentRecently(db: Db): Promise<{ hour: number; day: number }> {
  const [row] = await db
    .select({
      hour: sql<number>`count(*) filter (where ${outbox.sent_at} >= now() - interval '1 hour')::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .where(and(isNotNull(outbox.sent_at), gte(outbox.sent_at, sql`now() - interval '1 day'`)));
  return { hour: row?.hour ?? 0, day: row?.day ?? 0 };
}

/**
 * Renews a claimed mail's lease for `leaseSeconds`, but only while it is unsent and no other
 * claim has counted an attempt since this one (`attempts`); whether it did.
 */
export async function renewLease(db: Db, mail: ClaimedMail, leaseSeconds: number): Promise<boolean> {
  const renewed = await db
    .update(outbox)
    .set({ locked_until: sql`now() + (${leaseSeconds}::int * interval '1 second')` })
    .where(and(eq(outbox.id, mail.id), eq(outbox.attempts, mail.attempts), isNull(outbox.sent_at)))
    .returning({ id: outbox.id });
  return renewed.length > 0;
}

export async function deleteMail(db: Db, id: string): Promise<void> {
  await db.delete(outbox).where(eq(outbox.id, id));
}

/**
 * Records a mail as sent: its body, its links (a confirmation link) and its headers go at once;
 * the record (recipient, subject, times) stays for MAIL_RECORD_DAYS.
 */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ sent_at: sql`now()`, locked_until: null, last_error: null, text: "", html: null, headers: {} })
    .where(eq(outbox.id, id));
}

/** Records a failed attempt: failed for good (`retryInSeconds` undefined), or due again then. */
export async function markFailed(
  db: Db,
  id: string,
  { reason, retryInSeconds }: { reason: string; retryInSeconds: number | undefined },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      locked_until: null,
      last_error: reason,
      ...(retryInSeconds === undefined
        ? { failed_at: sql`now()` }
        : { next_attempt_at: sql`now() + (${retryInSeconds}::int * interval '1 second')` }),
    })
    .where(eq(outbox.id, id));
}

/** Unsent mails waiting after an error that ends in one of `codes` become due now. */
export async function retryNowAfter(db: Db, codes: readonly string[]): Promise<void> {
  await db
    .update(outbox)
    .set({ next_attempt_at: sql`now()` })
    .where(
      and(
        isNull(outbox.sent_at),
        gt(outbox.next_attempt_at, sql`now()`),
        or(...codes.map((code) => like(outbox.last_error, `% ${code}`))),
      ),
    );
}
