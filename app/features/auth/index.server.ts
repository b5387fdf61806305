/** What other features use of auth on the server: the only way in from outside the folder. */
export { confirmedUntil, requireRecentConfirmation } from "./recent-confirmation.server";
export { getAdmin, requireAdmin } from "./session.server";
export { pruneExpiredSessions } from "./sessions.server";
export { hasPasskeyOrSecondFactor, pruneExpiredChallenges } from "./sign-in-factors.server";
