import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";

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
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await enqueueMails(tx, [mail]);
}

export async function enqueueMails(tx: Db, mails: OutgoingMail[]): Promise<void> {
  await tx.insert(outbox).values(
    mails.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ?? {},
    })),
  );
}
