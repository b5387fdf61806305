import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
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

export const ADMIN_PAGE_SIZE = 20;

/** Newest first, optionally filtered by a search over name, e-mail, subject and message. */
export async function listContactSubmissions(db: Db, options: { query?: string; page?: number } = {}) {
  const page = Math.max(1, options.page ?? 1);
  const pattern = options.query?.trim()
    ? `%${options.query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  const where = pattern
    ? or(
        ilike(contactSubmissions.name, pattern),
        ilike(contactSubmissions.email, pattern),
        ilike(contactSubmissions.subject, pattern),
        ilike(contactSubmissions.message, pattern),
      )
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.created_at))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contactSubmissions)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}

export async function deleteContactSubmission(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return deleted.length > 0;
}
