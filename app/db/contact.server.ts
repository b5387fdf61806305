import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { env } from "~/env.server";
import { ALL_FORMS_CAP, FORM_RATE_LIMIT, formCapReached } from "~/lib/form-guard.server";
import { isUuid } from "~/lib/uuid";
import { enqueueMails } from "~/mail/outbox.server";
import { contactNotification } from "~/mail/templates.server";
import { siteSettingsOf } from "~/lib/site-settings.server";
import type { ContactInput } from "~/lib/forms";
import type { SiteSettings } from "~/lib/settings-schemas.server";
import { batchedTransaction } from "./batched-transaction.server";
import type { Db } from "./engines.server";
import { pagedSearch, type PageRequest } from "./paged-search.server";
import { hitRateLimits } from "./rate-limits.server";
import { contactSubmissions } from "./schema";

export type ContactSubmission = {
  /** The validated form, or undefined when it failed validation (it still counts as a hit). */
  input: ContactInput | undefined;
  /** The client's key for the public forms' rate limit (FORM_RATE_LIMIT). */
  rateLimitKey: string;
};

export type ContactOutcome =
  | { status: "stored" }
  | { status: "invalid" }
  /** Refused by the client's limit, or by the cap of all forms (`cap`). */
  | { status: "limited"; retryAfterSeconds: number; cap: boolean };

/** A submission with the owner's settings its notification mail is written with. */
export type PendingContact = ContactSubmission & { settings: SiteSettings };

/**
 * Counts a submission against its client's rate limit and, when within it and valid, stores it
 * with the owner's notification mail queued in the same transaction. Resolves after the commit;
 * concurrent submissions may share that transaction (batchedTransaction).
 */
export async function submitContact(db: Db, submission: ContactSubmission): Promise<ContactOutcome> {
  const { settings } = await siteSettingsOf(db);
  const outcome = await storeContactBatched(db, { ...submission, settings });
  if (outcome.status === "limited" && outcome.cap) formCapReached(db, outcome.retryAfterSeconds);
  return outcome;
}

/** storeContacts for one submission, in a transaction shared with the submissions beside it. */
const storeContactBatched = batchedTransaction(storeContacts);

/** Counts and stores a batch of submissions inside the transaction `tx`: one outcome each, in order. */
export async function storeContacts(tx: Db, batch: PendingContact[]): Promise<ContactOutcome[]> {
  const limits = await hitRateLimits(
    tx,
    batch.map((one) => one.rateLimitKey),
    FORM_RATE_LIMIT.max,
    FORM_RATE_LIMIT.windowMs,
  );
  // Within their client's limit, submissions count against the cap of all forms.
  const counted = batch.flatMap((_, index) => (limits[index]!.allowed ? [index] : []));
  const capped = new Map(
    counted.length === 0
      ? []
      : (
          await hitRateLimits(
            tx,
            counted.map(() => ALL_FORMS_CAP.key),
            env().FORM_MAX_PER_HOUR,
            ALL_FORMS_CAP.windowMs,
          )
        ).map((cap, n) => [counted[n]!, cap]),
  );
  const outcomes = batch.map(({ input }, index): ContactOutcome => {
    const cap = limits[index]!.allowed;
    const limit = cap ? capped.get(index)! : limits[index]!;
    if (!limit.allowed) return { status: "limited", retryAfterSeconds: limit.retryAfterSeconds, cap };
    return input ? { status: "stored" } : { status: "invalid" };
  });
  // Ids from here, so that each notification names its request (deleting it deletes the mail).
  const stored = batch.flatMap(({ input, settings }, index) =>
    outcomes[index]!.status === "stored" ? [{ row: { ...input!, id: randomUUID() }, settings }] : [],
  );
  if (stored.length > 0) {
    await tx.insert(contactSubmissions).values(stored.map(({ row }) => row));
    await enqueueMails(
      tx,
      stored.map(({ row, settings }) => ({ ...contactNotification(row, settings), contactId: row.id })),
    );
  }
  return outcomes;
}

/** Newest first, optionally filtered by a search over name, e-mail, subject and message. */
export async function listContactSubmissions(db: Db, request: PageRequest = {}) {
  return pagedSearch(
    db,
    {
      select: db.select().from(contactSubmissions).$dynamic(),
      from: contactSubmissions,
      searchIn: [
        contactSubmissions.name,
        contactSubmissions.email,
        contactSubmissions.subject,
        contactSubmissions.message,
      ],
      newest: contactSubmissions.created_at,
    },
    request,
  );
}

/** Marks a request "Aufbewahren" (kept past the retention period) or unmarks it. */
export async function setContactKept(db: Db, id: string, keep: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(contactSubmissions)
    .set({ keep })
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return updated.length > 0;
}

/**
 * Deletes the requests older than `months` (Einstellungen → Datenschutz-Angaben) that are not
 * marked "Aufbewahren", with their mails; resolves to how many went.
 */
export async function pruneContactSubmissions(db: Db, months: number): Promise<number> {
  const deleted = await db
    .delete(contactSubmissions)
    .where(
      and(
        eq(contactSubmissions.keep, false),
        lt(contactSubmissions.created_at, sql`now() - (${months}::int * interval '1 month')`),
      ),
    )
    .returning({ id: contactSubmissions.id });
  return deleted.length;
}

export async function deleteContactSubmission(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return deleted.length > 0;
}
