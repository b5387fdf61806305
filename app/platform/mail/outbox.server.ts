import type { Db } from "~/platform/db/engines.server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { newsletterIssues, outbox } from "~/platform/db/schema";
import { MAIL_RECORD_DAYS } from "~/platform/mail/retention";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as Reply-To or List-Unsubscribe. */
  headers?: Record<string, string>;
};

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
 * a newsletter issue that is still under way stay until it ends (its records make sure no one
 * gets it twice); an ended issue keeps its counts itself.
 */
export async function pruneOutbox(db: Db): Promise<number> {
  const before = sql`now() - (${MAIL_RECORD_DAYS}::int * interval '1 day')`;
  const deleted = await db
    .delete(outbox)
    .where(
      and(
        or(lt(outbox.sent_at, before), lt(outbox.failed_at, before)),
        or(
          isNull(outbox.newsletter_issue_id),
          sql`not exists (select 1 from ${newsletterIssues} where ${newsletterIssues.id} = ${outbox.newsletter_issue_id} and ${newsletterIssues.state} in ('scheduled', 'sending', 'paused'))`,
        ),
      ),
    )
    .returning({ id: outbox.id });
  return deleted.length;
}
