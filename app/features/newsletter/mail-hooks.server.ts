import type { Db } from "~/platform/db/engines.server";
import type { MailHooks } from "~/platform/mail/worker.server";
import { newsletterComposer } from "./issue-mail.server";
import { advanceIssues, issueSending } from "./issues.server";
import { recordBounce, recordConfirmationMailed } from "./subscribers.server";

/**
 * The newsletter's part in the mail worker's rounds: an issue's mails are claimed only while it
 * is sending, each is composed as it goes out, an issue moves on (sending, sent) after every
 * round, a bounce counts against the subscription, and a confirmation mail's sending goes into
 * the proof of consent.
 */
export function newsletterMailHooks(db: Db, publicUrl: string): MailHooks {
  return {
    issueMayGo: issueSending,
    compose: newsletterComposer(db, publicUrl),
    afterRound: advanceIssues,
    onBounce: recordBounce,
    onConfirmationSent: recordConfirmationMailed,
  };
}
