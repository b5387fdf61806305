/** What other features use of auth on the server: the only way in from outside the folder. */
export { confirmedUntil, requireRecentConfirmation } from "./recent-confirmation.server";
export { getAdmin, pruneExpiredSessions, requireAdmin } from "./session.server";
export { hasPasskeyOrSecondFactor, pruneExpiredChallenges } from "./sign-in-factors.server";
export { firstRunOf } from "./setup-link.server";
