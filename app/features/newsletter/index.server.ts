/** What other features use of newsletter on the server: the only way in from outside the folder. */
export { archiveEnabled } from "./archive.server";
export { issueRunning, listSentIssues } from "./issues.server";
export { newsletterAction } from "./signup.server";
export {
  blockAddress,
  consentProof,
  consentRecordsFor,
  deleteConsentRecords,
  deleteSubscription,
  emailHash,
  endSubscription,
  proofContext,
  pruneConsentRecords,
  prunePending,
  subscriptionIdOf,
} from "./subscribers.server";
