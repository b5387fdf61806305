import type { Db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { outbox } from "~/db/schema";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as Reply-To or List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The contact request this mail notifies of: erasing the request erases the mail. */
  contactId?: string;
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
  mails: OutgoingMail[],
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
