import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { newsletterConfirmation } from "~/features/newsletter/confirmation-mail.server";
import { type SiteSettings, siteSettingsOf } from "~/features/settings/index.server";
import { hmac, installationSecret, safeEqual, sha256Hex } from "~/platform/db/installation-secret.server";
import { isUuid } from "~/platform/uuid";
import { CONSENT_TEXTS, type ConsentForm } from "~/features/newsletter/consent";
import { BOUNCE_LIMIT } from "~/features/newsletter/issue-states";
import type { Db } from "~/platform/db/engines.server";
import { pagedSearch, type PageRequest } from "~/platform/db/paged-search.server";
import {
  consentTexts,
  newsletterConsentRecords,
  newsletterSubscriptions,
  type ConsentRecordReason,
} from "~/platform/db/schema";

/**
 * The subscriptions and their proof of consent (newsletter_subscriptions, consent_texts,
 * newsletter_consent_records): the only module that touches these tables.
 */

/** Double opt-in (spec §4, §9): 32 random bytes as 64 hex characters, valid 24 hours. */
export const TOKEN_VALID_MS = 24 * 60 * 60 * 1000;
/** A pending address gets at most one confirmation mail per minute. */
export const RESEND_GUARD_MS = 60 * 1000;
/** Unconfirmed sign-ups are deleted this long after they were made. */
export const PENDING_RETENTION_DAYS = 30;

export type SignupResult = "sent" | "duplicate";

type Links = { publicUrl: string; secret: Buffer };

function isUniqueViolation(error: unknown): boolean {
  const value = error as { code?: unknown; cause?: { code?: unknown } };
  return (value.cause?.code ?? value.code) === "23505";
}

export function unsubscribeUrl({ publicUrl, secret }: Links, id: string): string {
  return `${publicUrl}/newsletter/abmelden?id=${id}&sig=${hmac(secret, `unsubscribe:${id}`)}`;
}

export function verifyUnsubscribe(secret: Buffer, id: string, signature: string): boolean {
  return safeEqual(signature, hmac(secret, `unsubscribe:${id}`));
}

async function queueConfirmation(
  tx: Db,
  links: Links & { settings: SiteSettings },
  row: { id: string; email: string },
  token: string,
) {
  await enqueueMail(
    tx,
    newsletterConfirmation(
      {
        to: row.email,
        confirmUrl: `${links.publicUrl}/newsletter/bestaetigen?token=${token}`,
        unsubscribeUrl: unsubscribeUrl(links, row.id),
      },
      links.settings,
    ),
    { subscriberId: row.id },
  );
}

/** The stored version of a form's consent text, created the first time a sign-up uses it. */
async function consentTextId(tx: Db, form: ConsentForm): Promise<string> {
  const text = CONSENT_TEXTS[form];
  const hash = sha256Hex(text);
  await tx
    .insert(consentTexts)
    .values({ form, text, hash })
    .onConflictDoNothing({ target: consentTexts.hash });
  const [row] = await tx
    .select({ id: consentTexts.id })
    .from(consentTexts)
    .where(eq(consentTexts.hash, hash));
  return row!.id;
}

/** The worker's report that a confirmation mail was accepted by the mail server. */
export async function recordConfirmationMailed(tx: Db, subscriberId: string): Promise<void> {
  await tx
    .update(newsletterSubscriptions)
    .set({ confirmation_mailed_at: sql`now()` })
    .where(eq(newsletterSubscriptions.id, subscriberId));
}

function freshToken() {
  const token = randomBytes(32).toString("hex");
  return { token, hash: sha256Hex(token), expires: new Date(Date.now() + TOKEN_VALID_MS) };
}

const keptBlock = (hash: string) =>
  and(
    eq(newsletterConsentRecords.email_hash, hash),
    eq(newsletterConsentRecords.reason, "erased"),
    gt(newsletterConsentRecords.keep_until, sql`now()`),
  );

/**
 * Whether the address has a Sperrvermerk: an erasure with "nicht erneut anschreiben" whose
 * record is still kept (case and surrounding spaces do not matter, as in emailHash).
 */
export async function isBlocked(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterConsentRecords.id })
    .from(newsletterConsentRecords)
    .where(keptBlock(emailHash(await installationSecret(db), email)))
    .limit(1);
  return Boolean(row);
}

/**
 * Stores a pending subscription with its proof of consent and queues the confirmation mail, in
 * one transaction. An address that exists already raises SQLSTATE 23505 and is reported as
 * "duplicate", except a pending one whose last mail is over a minute old: it gets a new link.
 * A blocked address (isBlocked) is answered "sent" like a new one, so the form tells nobody
 * about the block, and nothing is stored or mailed.
 */
export async function signUp(
  db: Db,
  input: { email: string; name: string | null; form: ConsentForm },
  links: Links,
): Promise<SignupResult> {
  if (await isBlocked(db, input.email)) return "sent";
  const { token, hash, expires } = freshToken();
  const { settings } = await siteSettingsOf(db);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(newsletterSubscriptions)
        .values({
          email: input.email,
          name: input.name,
          gdpr_consent: true,
          consent_text_id: await consentTextId(tx, input.form),
          signup_form: input.form,
          consented_at: sql`now()`,
          confirmation_token: hash,
          token_expires_at: expires,
          confirmation_sent_at: sql`now()`,
          is_confirmed: false,
        })
        .returning();
      await queueConfirmation(tx, { ...links, settings }, row!, token);
    });
    return "sent";
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return resendIfPending(db, input, { ...links, settings });
}

/**
 * A new confirmation link for a pending address. The proof of consent keeps the first sign-up's
 * time, form and text: a resend does not overwrite them.
 */
async function resendIfPending(
  db: Db,
  input: { email: string; name: string | null },
  links: Links & { settings: SiteSettings },
): Promise<SignupResult> {
  const { token, hash, expires } = freshToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({
        confirmation_token: hash,
        token_expires_at: expires,
        confirmation_sent_at: sql`now()`,
        name: input.name ?? sql`${newsletterSubscriptions.name}`,
      })
      .where(
        and(
          eq(sql`lower(${newsletterSubscriptions.email})`, input.email.toLowerCase()),
          eq(newsletterSubscriptions.is_confirmed, false),
          lt(
            newsletterSubscriptions.confirmation_sent_at,
            sql`now() - (${RESEND_GUARD_MS / 1000}::int * interval '1 second')`,
          ),
        ),
      )
      .returning();
    if (!row) return "duplicate";
    await queueConfirmation(tx, links, row, token);
    return "sent";
  });
}

export type ConfirmationState =
  { state: "pending"; email: string } | { state: "confirmed" } | { state: "expired" } | { state: "invalid" };

async function findByToken(db: Db, token: string) {
  if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmation_token, sha256Hex(token)))
    .limit(1);
  return row;
}

/** What a confirmation link stands for, without changing anything (mail scanners open links). */
export async function inspectToken(db: Db, token: string): Promise<ConfirmationState> {
  const row = await findByToken(db, token);
  if (!row) return { state: "invalid" };
  if (row.is_confirmed) return { state: "confirmed" };
  if (!row.token_expires_at || row.token_expires_at.getTime() < Date.now()) return { state: "expired" };
  return { state: "pending", email: row.email };
}

/** The visitor's button press: confirms a pending subscription; confirming twice is harmless. */
export async function confirm(db: Db, token: string): Promise<ConfirmationState> {
  const current = await inspectToken(db, token);
  if (current.state !== "pending") return current;
  await db
    .update(newsletterSubscriptions)
    .set({ is_confirmed: true, confirmed_at: sql`now()` })
    .where(eq(newsletterSubscriptions.confirmation_token, sha256Hex(token)));
  return { state: "confirmed" };
}

/** A fresh confirmation mail for an expired link (at most one per minute). */
export async function resendForExpiredToken(
  db: Db,
  token: string,
  links: Links,
): Promise<"sent" | "wait" | "invalid"> {
  const row = await findByToken(db, token);
  if (!row || row.is_confirmed) return "invalid";
  const result = await resendIfPending(
    db,
    { email: row.email, name: row.name },
    { ...links, settings: (await siteSettingsOf(db)).settings },
  );
  return result === "sent" ? "sent" : "wait";
}

/** The address of a subscription, for the unsubscribe page; undefined when it is gone. */
export async function findSubscriptionEmail(db: Db, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  return row?.email;
}

/** What ending a subscription needs besides the transaction: the hash key and the proof period. */
export type ProofContext = { secret: Buffer; proofYears: number };

export async function proofContext(db: Db): Promise<ProofContext> {
  const secret = await installationSecret(db);
  const { settings } = await siteSettingsOf(db);
  return { secret, proofYears: Number(settings.newsletter.proofYears) };
}

/**
 * Inside `tx`: deletes the subscription (its waiting mails go with it) and leaves its
 * proof-and-block record; true when there was one. Also used by the erasure of a person's data
 * (privacy-requests.server.ts) when the owner keeps the block (reason "erased").
 */
export async function endSubscription(
  tx: Db,
  { secret, proofYears }: ProofContext,
  id: string,
  reason: ConsentRecordReason,
): Promise<boolean> {
  const [row] = await tx
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id))
    .returning();
  if (!row) return false;
  await tx.insert(newsletterConsentRecords).values({
    email_hash: emailHash(secret, row.email),
    consent_text_id: row.consent_text_id,
    consent_text_version: row.consent_text_id ? null : row.consent_text_version,
    signup_form: row.signup_form,
    signed_up_at: row.created_at,
    consented_at: row.consented_at,
    confirmation_mailed_at: row.confirmation_mailed_at,
    confirmed_at: row.confirmed_at,
    reason,
    keep_until: sql`now() + (${proofYears}::int * interval '1 year')`,
  });
  return true;
}

/**
 * Deletes the subscription and leaves its proof-and-block record, in one transaction; true when
 * there was one. `reason`: the person unsubscribed, or the owner deleted it.
 */
export async function unsubscribe(
  db: Db,
  id: string,
  reason: "unsubscribed" | "deleted" = "unsubscribed",
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const context = await proofContext(db);
  return db.transaction((tx) => endSubscription(tx, context, id, reason));
}

/**
 * Inside `tx`: the Sperrvermerk of an erasure for an address without a subscription, kept as
 * long as a proof would be; nothing when the address has a kept one already.
 */
export async function blockAddress(tx: Db, { secret, proofYears }: ProofContext, email: string) {
  const hash = emailHash(secret, email);
  const [kept] = await tx
    .select({ id: newsletterConsentRecords.id })
    .from(newsletterConsentRecords)
    .where(keptBlock(hash));
  if (kept) return;
  await tx.insert(newsletterConsentRecords).values({
    email_hash: hash,
    reason: "erased",
    keep_until: sql`now() + (${proofYears}::int * interval '1 year')`,
  });
}

/** The keyed hash a proof-and-block record knows an address by (case-insensitive). */
export function emailHash(secret: Buffer, email: string): string {
  return hmac(secret, `newsletter-address:${email.trim().toLowerCase()}`);
}

/** The proof-and-block records of an address, newest first (its earlier subscriptions). */
export async function consentRecordsFor(db: Db, email: string) {
  return db
    .select({ record: newsletterConsentRecords, text: consentTexts })
    .from(newsletterConsentRecords)
    .leftJoin(consentTexts, eq(consentTexts.id, newsletterConsentRecords.consent_text_id))
    .where(eq(newsletterConsentRecords.email_hash, emailHash(await installationSecret(db), email)))
    .orderBy(desc(newsletterConsentRecords.ended_at));
}

/** Removes proof-and-block records whose period is over. */
export async function pruneConsentRecords(db: Db): Promise<number> {
  const deleted = await db
    .delete(newsletterConsentRecords)
    .where(lt(newsletterConsentRecords.keep_until, sql`now()`))
    .returning({ id: newsletterConsentRecords.id });
  return deleted.length;
}

export type ConsentProof = {
  email: string;
  name: string | null;
  state: "confirmed" | "pending";
  signupForm: string | null;
  signedUpAt: Date;
  consentedAt: Date | null;
  confirmationQueuedAt: Date | null;
  confirmationMailedAt: Date | null;
  confirmedAt: Date | null;
  consentText: { text: string; hash: string; firstUsedAt: Date; form: string } | null;
  legacyVersion: string | null;
};

/** Everything that proves a subscription's consent, with the consent text verbatim. */
export async function consentProof(db: Db, id: string): Promise<ConsentProof | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ subscription: newsletterSubscriptions, text: consentTexts })
    .from(newsletterSubscriptions)
    .leftJoin(consentTexts, eq(consentTexts.id, newsletterSubscriptions.consent_text_id))
    .where(eq(newsletterSubscriptions.id, id));
  if (!row) return undefined;
  const { subscription: s, text } = row;
  return {
    email: s.email,
    name: s.name,
    state: s.is_confirmed ? "confirmed" : "pending",
    signupForm: s.signup_form,
    signedUpAt: s.created_at,
    consentedAt: s.consented_at,
    confirmationQueuedAt: s.confirmation_sent_at,
    confirmationMailedAt: s.confirmation_mailed_at,
    confirmedAt: s.confirmed_at,
    consentText: text
      ? { text: text.text, hash: text.hash, firstUsedAt: text.first_used_at, form: text.form }
      : null,
    legacyVersion: text ? null : s.consent_text_version,
  };
}

const deliverable = and(
  eq(newsletterSubscriptions.is_confirmed, true),
  lt(newsletterSubscriptions.bounce_count, BOUNCE_LIMIT),
);

/** The subscribers an issue sent now would reach: confirmed, without repeated delivery problems. */
export async function recipientCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscriptions)
    .where(deliverable);
  return row?.count ?? 0;
}

/** Those subscribers as an SQL select of (address, subscription id), for the outbox to queue an issue. */
export const deliverableRecipients = (): SQL =>
  sql`select ${newsletterSubscriptions.email}, ${newsletterSubscriptions.id} from ${newsletterSubscriptions} where ${deliverable}`;

/** A permanent refusal of a newsletter mail: the subscriber's count goes up. */
export async function recordBounce(db: Db, subscriberId: string): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ bounce_count: sql`${newsletterSubscriptions.bounce_count} + 1` })
    .where(eq(newsletterSubscriptions.id, subscriberId));
}

/** The id of the subscription of `address` (in lower case; the stored one in any case), if any. */
export async function subscriptionIdOf(db: Db, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, address));
  return row?.id;
}

/** Inside `tx`: deletes the subscription without a proof-and-block record; how many (0 or 1). */
export async function deleteSubscription(tx: Db, id: string): Promise<number> {
  const deleted = await tx
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id))
    .returning({ id: newsletterSubscriptions.id });
  return deleted.length;
}

/** Inside `tx`: deletes every proof-and-block record of the address (by its emailHash); how many. */
export async function deleteConsentRecords(tx: Db, hash: string): Promise<number> {
  const deleted = await tx
    .delete(newsletterConsentRecords)
    .where(eq(newsletterConsentRecords.email_hash, hash))
    .returning({ id: newsletterConsentRecords.id });
  return deleted.length;
}

/** Removes sign-ups that were never confirmed. */
export async function prunePending(db: Db): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.is_confirmed, false),
        lt(
          newsletterSubscriptions.created_at,
          sql`now() - (${PENDING_RETENTION_DAYS}::int * interval '1 day')`,
        ),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return deleted.length;
}

/** Admin list: newest first, optionally filtered by e-mail or name. */
export async function listSubscriptions(db: Db, request: PageRequest = {}) {
  return pagedSearch(
    db,
    {
      select: db
        .select({
          id: newsletterSubscriptions.id,
          email: newsletterSubscriptions.email,
          name: newsletterSubscriptions.name,
          created_at: newsletterSubscriptions.created_at,
          is_confirmed: newsletterSubscriptions.is_confirmed,
          bounce_count: newsletterSubscriptions.bounce_count,
        })
        .from(newsletterSubscriptions)
        .$dynamic(),
      from: newsletterSubscriptions,
      searchIn: [newsletterSubscriptions.email, newsletterSubscriptions.name],
      order: [desc(newsletterSubscriptions.created_at)],
    },
    request,
  );
}

/**
 * The confirmed subscriptions for the CSV export, newest first: an address that never confirmed
 * gave no consent another tool could rely on.
 */
export async function confirmedSubscriptions(db: Db) {
  return db
    .select({ email: newsletterSubscriptions.email, created_at: newsletterSubscriptions.created_at })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.is_confirmed, true))
    .orderBy(desc(newsletterSubscriptions.created_at));
}
