import type { NewsletterIssueState } from "~/platform/db/schema";

/** How the admin names an issue's state. */
export const ISSUE_STATE_LABELS: Record<NewsletterIssueState, string> = {
  draft: "Entwurf",
  scheduled: "Geplant",
  sending: "Wird gesendet",
  paused: "Pausiert",
  sent: "Gesendet",
  cancelled: "Abgebrochen",
};

/** After this many permanent refusals (on different issues, one mail per issue) an address is skipped. */
export const BOUNCE_LIMIT = 3;

/** Whether the issue's mails may go out now (or at their planned time). */
export const isSending = (state: NewsletterIssueState) => state === "scheduled" || state === "sending";

/** Whether mails of the issue still wait in the outbox (sending, planned or paused). */
export const isQueued = (state: NewsletterIssueState) => isSending(state) || state === "paused";
