import type { Db } from "~/platform/db/engines.server";
import type { MailHooks } from "~/platform/mail/worker.server";
import { newsletterComposer } from "./issue-mail.server";
import { advanceIssues, recordBounce } from "./issues.server";
import { recordConfirmationMailed } from "./subscribers.server";

/**
 * The newsletter's part in the mail worker's rounds: each issue's mail is composed as it goes
 * out, an issue moves on (sending, sent) after every round, a bounce counts against the
 * subscription, and a confirmation mail's sending goes into the proof of consent.
 */
export function newsletterMailHooks(db: Db, publicUrl: string): MailHooks {
  return {
    compose: newsletterComposer(db, publicUrl),
    afterRound: advanceIssues,
    onBounce: recordBounce,
    onConfirmationSent: recordConfirmationMailed,
  };
}
