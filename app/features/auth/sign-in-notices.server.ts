import type { Db } from "~/platform/db/engines.server";
import { env } from "~/platform/env.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { signInChangeMail, type SignInChange } from "~/features/auth/sign-in-mails.server";
import { formatDateTime } from "~/platform/format";
import { userAgentOf } from "./session.server";
import { describeUserAgent } from "./user-agent";

/**
 * Every change of how the owner signs in is mailed to the admin's sign-in address:
 * someone who took over a session and knows the password cannot add a passkey or turn the
 * second factor off unnoticed. The mail is queued in the transaction of the change.
 */

/** The device as the session list names it, "Chrome auf macOS". */
export const deviceOf = (request: Request) => describeUserAgent(userAgentOf(request));

/** What `npm run admin` is called from. */
export const TERMINAL_DEVICE = "Terminal auf dem Server (npm run admin)";

/** Queues the mail about `change` (in the caller's transaction). */
export async function queueSignInChangeMail(
  tx: Db,
  notice: { to: string; device: string },
  change: SignInChange,
): Promise<void> {
  await enqueueMail(
    tx,
    signInChangeMail({
      to: notice.to,
      change,
      at: formatDateTime(new Date()),
      device: notice.device,
      publicUrl: env().PUBLIC_URL,
    }),
  );
}

/**
 * Runs `change` in a transaction and, when it answers what it changed, queues the owner's mail
 * in the same transaction; undefined means nothing changed (and nothing is mailed).
 */
export async function changeSignIn<T extends SignInChange>(
  db: Db,
  notice: { to: string; device: string },
  change: (tx: Db) => Promise<T | undefined>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed) await queueSignInChangeMail(tx, notice, changed);
    return changed;
  });
}
