import { and, desc, eq, inArray, lte, not, sql, type AnyColumn } from "drizzle-orm";
import { deliverableRecipients } from "~/features/newsletter/subscribers.server";
import { isQueued } from "~/features/newsletter/issue-states";
import { isUuid } from "~/platform/uuid";
import type { Db } from "~/platform/db/engines.server";
import { newsletterIssues, type NewsletterIssueState } from "~/platform/db/schema";
import {
  dropWaitingIssueMails,
  enqueueIssueMails,
  issueMailCounts,
  issueMailsWaiting,
  type IssueCondition,
  type MailCounts,
} from "~/platform/mail/outbox.server";

/**
 * The newsletter's issues (the only module that touches newsletter_issues): drafts the owner
 * writes, and the sending of one, which queues an outbox mail per confirmed subscriber. The mail
 * worker sends them after every other mail (app/platform/mail/worker.server.ts) and composes
 * each when it goes out (app/features/newsletter/issue-mail.server.ts).
 */

export type NewsletterIssue = typeof newsletterIssues.$inferSelect;
export type IssueCounts = MailCounts;
export type IssueDraft = { subject: string; preheader: string; body: string };

/** States in which the issue's mails may go out; in which they still wait (isSending, isQueued). */
const ACTIVE: NewsletterIssueState[] = ["scheduled", "sending"];
const RUNNING: NewsletterIssueState[] = [...ACTIVE, "paused"];

const issueIn = (states: NewsletterIssueState[], issueId: AnyColumn) =>
  sql`exists (select 1 from ${newsletterIssues} where ${newsletterIssues.id} = ${issueId} and ${inArray(newsletterIssues.state, states)})`;

/** For the mail worker (MailHooks.issueMayGo): the issue's mails may go out, it is planned or sending. */
export const issueSending: IssueCondition = (issueId) => issueIn(ACTIVE, issueId);

/** For the outbox's pruning: the issue is under way (planned, sending or paused), its records stay. */
export const issueRunning: IssueCondition = (issueId) => issueIn(RUNNING, issueId);

export async function findIssue(db: Db, id: string): Promise<NewsletterIssue | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

/** A new draft, empty or a copy of an earlier issue's texts. */
export async function createIssue(db: Db, copyOf?: NewsletterIssue): Promise<string> {
  const [row] = await db
    .insert(newsletterIssues)
    .values(copyOf ? { subject: copyOf.subject, preheader: copyOf.preheader, body: copyOf.body } : {})
    .returning({ id: newsletterIssues.id });
  return row!.id;
}

/** Saves a draft's texts; false when the issue is no longer a draft (or gone). */
export async function saveIssueDraft(db: Db, id: string, draft: IssueDraft): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ ...draft, updated_at: sql`now()` })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "draft")))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "draft")))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/**
 * Sends a draft: in one transaction, freezes it and queues one mail per deliverable subscriber,
 * due at `sendAt` (now when null). The unique (issue, subscriber) index makes a repeated call
 * queue nothing twice. Resolves to the number of recipients, or undefined when the issue is no
 * draft (any more).
 */
export async function queueIssue(db: Db, id: string, sendAt: Date | null): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .update(newsletterIssues)
      .set({
        state: sendAt ? "scheduled" : "sending",
        queued_at: sql`now()`,
        send_at: sendAt ?? sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "draft")))
      .returning();
    if (!issue) return undefined;
    const queued = await enqueueIssueMails(tx, deliverableRecipients(), {
      issueId: issue.id,
      subject: issue.subject,
      dueAt: issue.send_at!,
    });
    await tx.update(newsletterIssues).set({ recipients: queued }).where(eq(newsletterIssues.id, issue.id));
    return queued;
  });
}

/** Sent, waiting and failed mails of an issue while it runs; the kept counts once it ended. */
export async function issueCounts(db: Db, issue: NewsletterIssue): Promise<IssueCounts> {
  if (!isQueued(issue.state)) {
    return {
      sent: issue.sent_count,
      failed: issue.failed_count,
      waiting: 0,
    };
  }
  return (await issueMailCounts(db, [issue.id])).get(issue.id) ?? { sent: 0, waiting: 0, failed: 0 };
}

/** Every issue, newest first, with its counts. */
export async function listIssues(db: Db): Promise<(NewsletterIssue & { counts: IssueCounts })[]> {
  const issues = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.created_at));
  const live = await issueMailCounts(
    db,
    issues.filter((issue) => isQueued(issue.state)).map((issue) => issue.id),
  );
  return issues.map((issue) => ({
    ...issue,
    counts: isQueued(issue.state)
      ? (live.get(issue.id) ?? { sent: 0, waiting: 0, failed: 0 })
      : { sent: issue.sent_count, failed: issue.failed_count, waiting: 0 },
  }));
}

/** Stops sending; the queued mails wait. */
export async function pauseIssue(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({ state: "paused", updated_at: sql`now()` })
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.state, ACTIVE)))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Sends the waiting mails again (at the planned time, if that is still ahead). */
export async function resumeIssue(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(newsletterIssues)
    .set({
      state: sql`case when ${newsletterIssues.send_at} > now() then 'scheduled' else 'sending' end`,
      updated_at: sql`now()`,
    })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "paused")))
    .returning({ id: newsletterIssues.id });
  return rows.length > 0;
}

/** Ends a send: waiting mails are dropped, what went out is counted. */
export async function cancelIssue(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(newsletterIssues)
      .set({ state: "cancelled", updated_at: sql`now()`, finished_at: sql`now()` })
      .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.state, RUNNING)))
      .returning({ id: newsletterIssues.id });
    if (rows.length === 0) return false;
    await dropWaitingIssueMails(tx, id);
    await keepCounts(tx, id);
    return true;
  });
}

async function keepCounts(tx: Db, id: string) {
  const counts = (await issueMailCounts(tx, [id])).get(id) ?? { sent: 0, failed: 0, waiting: 0 };
  await tx
    .update(newsletterIssues)
    .set({ sent_count: counts.sent, failed_count: counts.failed })
    .where(eq(newsletterIssues.id, id));
}

/**
 * The worker's bookkeeping after a round: a planned issue whose time has come is "sending"; one
 * with nothing left to send is "sent", with its counts kept.
 */
export async function advanceIssues(db: Db): Promise<void> {
  await db
    .update(newsletterIssues)
    .set({ state: "sending" })
    .where(and(eq(newsletterIssues.state, "scheduled"), lte(newsletterIssues.send_at, sql`now()`)));
  const done = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.state, "sending"), not(issueMailsWaiting(newsletterIssues.id))));
  for (const { id } of done) {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(newsletterIssues)
        .set({ state: "sent", finished_at: sql`now()` })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "sending")))
        .returning({ id: newsletterIssues.id });
      if (rows.length > 0) await keepCounts(tx, id);
    });
  }
}

/** The public archive (when the owner turned it on): sent issues, newest first. */
export async function listSentIssues(db: Db) {
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      sent_at: newsletterIssues.finished_at,
    })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.state, "sent"))
    .orderBy(desc(newsletterIssues.finished_at));
}

/** One sent issue for the public archive; undefined for any other state or id. */
export async function findSentIssue(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      preheader: newsletterIssues.preheader,
      body: newsletterIssues.body,
      sent_at: newsletterIssues.finished_at,
    })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.state, "sent")));
  return row;
}
