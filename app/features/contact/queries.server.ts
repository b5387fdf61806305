import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { env } from "~/platform/env.server";
import {
  ALL_FORMS_CAP,
  FORM_RATE_LIMIT,
  FORM_TOKEN_MAX_AGE_MS,
  formCapReached,
} from "~/platform/forms/guard.server";
import { isUuid } from "~/platform/uuid";
import { enqueueMails } from "~/platform/mail/outbox.server";
import { contactNotification } from "~/features/contact/notification-mail.server";
import { siteSettingsOf, type SiteSettings } from "~/features/settings/index.server";
import type { VisitSource } from "~/features/statistics";
import type { ContactInput } from "~/features/contact/schema";
import { batchedTransaction } from "~/platform/db/batched-transaction.server";
import type { Db } from "~/platform/db/engines.server";
import { pagedSearch, type PageRequest } from "~/platform/db/paged-search.server";
import { clearRateLimit, hitRateLimits, type RateLimitResult } from "~/platform/db/rate-limits.server";
import { contactSubmissions } from "~/platform/db/schema";

export type ContactSubmission = {
  /** The validated form, or undefined when it failed validation (it still counts as a hit). */
  input: ContactInput | undefined;
  /** The client's key for the public forms' rate limit (FORM_RATE_LIMIT). */
  rateLimitKey: string;
  /** Its form token as this client's (formTokenKey): used up when the submission is stored. */
  tokenKey: string;
};

export type ContactOutcome =
  /** Stored under `id`. */
  | { status: "stored"; id: string }
  | { status: "invalid" }
  /** Its form token was used up before (by this client, for this form). */
  | { status: "replayed" }
  /** Refused by the client's limit, or by the cap of all forms (`cap`). */
  | { status: "limited"; retryAfterSeconds: number; cap: boolean };

/** A submission with the owner's settings its notification mail is written with. */
export type PendingContact = ContactSubmission & { settings: SiteSettings };

/**
 * Counts a submission against its client's rate limit and, when within it and valid, uses up
 * its form token and stores it with the owner's notification mail queued in the same
 * transaction. Resolves after the commit; concurrent submissions may share that transaction
 * (batchedTransaction).
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
  // Valid and within their client's limit, submissions use up their form token (the first of
  // two with one token wins, in this batch or beside it) ...
  const valid = batch.flatMap((one, index) => (limits[index]!.allowed && one.input ? [index] : []));
  const claims = await hitRateLimitsOf(
    tx,
    valid,
    (index) => batch[index]!.tokenKey,
    1,
    FORM_TOKEN_MAX_AGE_MS,
  );
  const claimed = valid.filter((index) => claims.get(index)!.allowed);
  // ... and count against the cap of all forms; a token whose submission the cap refuses is
  // given back.
  const capped = await hitRateLimitsOf(
    tx,
    claimed,
    () => ALL_FORMS_CAP.key,
    env().FORM_MAX_PER_HOUR,
    ALL_FORMS_CAP.windowMs,
  );
  for (const index of claimed) {
    if (!capped.get(index)!.allowed) await clearRateLimit(tx, batch[index]!.tokenKey);
  }
  const outcomes = batch.map(({ input }, index): ContactOutcome => {
    const client = limits[index]!;
    if (!client.allowed)
      return { status: "limited", retryAfterSeconds: client.retryAfterSeconds, cap: false };
    if (!input) return { status: "invalid" };
    const cap = capped.get(index);
    if (!cap) return { status: "replayed" };
    if (!cap.allowed) return { status: "limited", retryAfterSeconds: cap.retryAfterSeconds, cap: true };
    // Ids from here, so that each notification names its request (deleting it deletes the mail).
    return { status: "stored", id: randomUUID() };
  });
  const stored = batch.flatMap(({ input, settings }, index) => {
    const outcome = outcomes[index]!;
    return outcome.status === "stored" ? [{ row: { ...input!, id: outcome.id }, settings }] : [];
  });
  if (stored.length > 0) {
    await tx.insert(contactSubmissions).values(stored.map(({ row }) => row));
    await enqueueMails(
      tx,
      stored.map(({ row, settings }) => ({ ...contactNotification(row, settings), contactId: row.id })),
    );
  }
  return outcomes;
}

/** hitRateLimits for the submissions `indices` of a batch, the key of each by `keyOf`; by index. */
async function hitRateLimitsOf(
  tx: Db,
  indices: number[],
  keyOf: (index: number) => string,
  limit: number,
  windowMs: number,
) {
  if (indices.length === 0) return new Map<number, RateLimitResult>();
  const results = await hitRateLimits(tx, indices.map(keyOf), limit, windowMs);
  return new Map(indices.map((index, n) => [index, results[n]!]));
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
      order: [desc(contactSubmissions.created_at)],
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

// ── A person's requests (Auskunft und Löschung); `address` in lower case ───────────────────

const contactsOf = (address: string) => eq(sql`lower(${contactSubmissions.email})`, address);

/** The requests sent from `address`, newest first. */
export function contactsByAddress(db: Db, address: string) {
  return db
    .select()
    .from(contactSubmissions)
    .where(contactsOf(address))
    .orderBy(desc(contactSubmissions.created_at));
}

/** The ids of those requests as an SQL select, for a statement on their notification mails. */
export const contactIdsOf = (address: string): SQL =>
  sql`select ${contactSubmissions.id} from ${contactSubmissions} where lower(${contactSubmissions.email}) = ${address}`;

/** Inside `tx`: deletes the requests sent from `address` (their mails go with them); how many. */
export async function deleteContactsByAddress(tx: Db, address: string): Promise<number> {
  const deleted = await tx
    .delete(contactSubmissions)
    .where(contactsOf(address))
    .returning({ id: contactSubmissions.id });
  return deleted.length;
}

/** Notes the visit a stored request came from (statistics on): after the answer, never before. */
export async function setContactVisitSource(db: Db, id: string, source: VisitSource): Promise<void> {
  await db.update(contactSubmissions).set({ visit_source: source }).where(eq(contactSubmissions.id, id));
}
