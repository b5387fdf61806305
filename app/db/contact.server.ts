import { enqueueMail } from "~/mail/outbox.server";
import { contactNotification } from "~/mail/templates.server";
import type { ContactInput } from "~/lib/forms";
import type { Db } from "./client.server";
import { contactSubmissions } from "./schema";

/** Stores a contact submission and queues the owner's notification in one transaction. */
export async function storeContactSubmission(db: Db, input: ContactInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactSubmissions).values(input).returning({ id: contactSubmissions.id });
    await enqueueMail(tx, contactNotification(input));
    return row!.id;
  });
}
