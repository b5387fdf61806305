/**
 * How long the outbox keeps what. The worker and the housekeeping act on these, and
 * the Datenschutzerklärung states them, so both read them from here.
 */

/** Days a mail is tried after it was queued; after that, it has failed for good. */
export const MAIL_RETRY_DAYS = 7;

/** Days the record of a sent or failed mail stays (its body goes when it is sent). */
export const MAIL_RECORD_DAYS = 30;
