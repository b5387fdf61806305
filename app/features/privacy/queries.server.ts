import { desc } from "drizzle-orm";
import type { PrivacyCounts } from "~/features/privacy/messages";
import { eraseDroppedMails } from "~/platform/mail/mail-drop.server";
import { deletePersonMails, listPersonMails, type PersonMails } from "~/platform/mail/outbox.server";
import type { Db } from "~/platform/db/engines.server";
import { bookingsByAddress, deleteBookingsByAddress } from "~/features/booking/index.server";
import { contactIdsOf, contactsByAddress, deleteContactsByAddress } from "~/features/contact/index.server";
import {
  blockAddress,
  consentProof,
  consentRecordsFor,
  deleteConsentRecords,
  deleteSubscription,
  emailHash,
  endSubscription,
  proofContext,
  subscriptionIdOf,
} from "~/features/newsletter/index.server";
import { privacyAuditLog } from "~/platform/db/schema";

/**
 * Auskunft und Löschung (Art. 15, 17, 20 DSGVO): everything stored for one e-mail
 * address, its erasure in one transaction, and the audit log of both (dates and counts only;
 * the only module that touches privacy_audit_log). The other tables are read and written
 * through their owners, each taking the erasure's transaction. Addresses are compared
 * case-insensitively, as the newsletter's unique index does.
 */

const normalized = (email: string) => email.trim().toLowerCase();

/** Where a person's mails are found: see PersonMails. */
const mailsOf = (address: string, subscriberId: string | undefined): PersonMails => ({
  address,
  subscriberId,
  contactIds: contactIdsOf(address),
});

export type PersonData = Awaited<ReturnType<typeof lookupPerson>>;

/** Everything stored for an address, newest first within each kind. */
export async function lookupPerson(db: Db, email: string) {
  const address = normalized(email);
  const subscriptionId = await subscriptionIdOf(db, address);
  const [contacts, mails, subscription, records, bookings] = await Promise.all([
    contactsByAddress(db, address),
    listPersonMails(db, mailsOf(address, subscriptionId)),
    subscriptionId ? consentProof(db, subscriptionId) : undefined,
    consentRecordsFor(db, address),
    bookingsByAddress(db, address),
  ]);
  const result = {
    email: address,
    contacts: contacts.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      keep: row.keep,
      visitSource: row.visit_source,
    })),
    subscription: subscription ? { id: subscriptionId!, ...subscription } : null,
    mails,
    records: records.map(({ record, text }) => ({
      id: record.id,
      signupForm: record.signup_form,
      signedUpAt: record.signed_up_at,
      consentedAt: record.consented_at,
      confirmationMailedAt: record.confirmation_mailed_at,
      confirmedAt: record.confirmed_at,
      endedAt: record.ended_at,
      reason: record.reason,
      keepUntil: record.keep_until,
      consentText: text?.text ?? null,
    })),
    bookings,
  };
  return { ...result, counts: countsOf(result) };
}

export function countsOf(data: {
  contacts: unknown[];
  subscription: unknown;
  mails: unknown[];
  records: unknown[];
  bookings: unknown[];
}): PrivacyCounts {
  return {
    contacts: data.contacts.length,
    subscriptions: data.subscription ? 1 : 0,
    mails: data.mails.length,
    records: data.records.length,
    bookings: data.bookings.length,
  };
}

/**
 * Erases everything stored for an address in one transaction, with its audit record, and then
 * its mails in the mail drop (`mailDropDir`, see eraseDroppedMails). `block` ("nicht erneut
 * anschreiben"): a Sperrvermerk stays, a record of reason "erased" with a keyed hash and no
 * address (from the subscription when there is one), as do earlier records; a sign-up of the
 * address then stores and sends nothing while it is kept. Without the block the subscription
 * and every record of the address go too. Resolves to what was erased.
 */
export async function erasePerson(
  db: Db,
  email: string,
  { block, mailDropDir }: { block: boolean; mailDropDir?: string },
): Promise<PrivacyCounts & { mailFiles: number }> {
  const address = normalized(email);
  const context = await proofContext(db);
  const hash = emailHash(context.secret, address);
  const { counts, mailIds } = await db.transaction(async (tx) => {
    const subscriptionId = await subscriptionIdOf(tx, address);
    // Before the requests: their notifications are found through them.
    const mailIds = await deletePersonMails(tx, mailsOf(address, subscriptionId));
    const contacts = await deleteContactsByAddress(tx, address);
    let subscriptions = 0;
    if (subscriptionId) {
      subscriptions = block
        ? Number(await endSubscription(tx, context, subscriptionId, "erased"))
        : await deleteSubscription(tx, subscriptionId);
    }
    if (block && !subscriptions) await blockAddress(tx, context, address);
    const records = block ? 0 : await deleteConsentRecords(tx, hash);
    const bookings = await deleteBookingsByAddress(tx, address);
    const counts = { contacts, subscriptions, mails: mailIds.length, records, bookings };
    await tx
      .insert(privacyAuditLog)
      .values({ action: "erase", counts: { ...counts, blocked: Number(block) } });
    return { counts, mailIds };
  });
  // After the commit: a file cannot be restored by a rollback, and a second erasure finds any
  // left behind by their headers.
  const mailFiles = mailDropDir ? await eraseDroppedMails(mailDropDir, { address, mailIds }) : 0;
  return { ...counts, mailFiles };
}

/** Records that an export was handed out: its counts, never the address. */
export async function logExport(db: Db, counts: PrivacyCounts): Promise<void> {
  await db.insert(privacyAuditLog).values({ action: "export", counts });
}

export const AUDIT_LOG_SIZE = 50;

/** The newest entries of the audit log. */
export async function listPrivacyAudit(db: Db) {
  return db
    .select()
    .from(privacyAuditLog)
    .orderBy(desc(privacyAuditLog.created_at), desc(privacyAuditLog.id))
    .limit(AUDIT_LOG_SIZE);
}
