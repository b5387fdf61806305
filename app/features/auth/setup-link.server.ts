import { randomBytes } from "node:crypto";
import { adminCount } from "~/features/auth/admin-users.server";
import { readMeta, takeMeta, writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";
import { safeEqual, sha256Hex } from "~/platform/db/installation-secret.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { env } from "~/platform/env.server";
import type { FirstRun } from "./first-run";
import { setupLinkMail } from "./sign-in-mails.server";

/**
 * First-run setup: while no admin exists, the server prints a one-time link with a random token
 * (its SHA-256 kept in app_meta) that lets the owner create the account in the browser. The link
 * works for SETUP_LINK_MS after it was made (each start makes a new one) and only once.
 */
const KEY = "setup_token";
export const SETUP_LINK_MS = 60 * 60 * 1000;

/**
 * A fresh setup link when there is no admin yet; undefined otherwise. With `mailTo` (ADMIN_EMAIL,
 * when SMTP_URL is set) the link is also queued as a mail there, with the token in one transaction.
 */
export async function createSetupLink(
  db: Db,
  publicUrl: string,
  { mailTo }: { mailTo?: string } = {},
): Promise<string | undefined> {
  if ((await adminCount(db)) > 0) return undefined;
  const token = randomBytes(32).toString("base64url");
  const link = `${publicUrl}/admin/setup?token=${token}`;
  await db.transaction(async (tx) => {
    await writeMeta(tx, KEY, sha256Hex(token));
    if (mailTo) await enqueueMail(tx, setupLinkMail({ to: mailTo, link, publicUrl }));
  });
  return link;
}

/** Whether `token` is the current setup token, not expired, and no admin exists yet. */
export async function isValidSetupToken(db: Db, token: string | null): Promise<boolean> {
  if (!token || (await adminCount(db)) > 0) return false;
  const stored = (await readMeta(db, [KEY], { maxAgeMs: SETUP_LINK_MS })).get(KEY);
  return stored !== undefined && safeEqual(stored, sha256Hex(token));
}

/**
 * Uses the setup token: inside the transaction that creates the admin, deletes it if it is
 * `token`, fresh, and no admin exists. Of two requests at the same moment, the second waits for
 * the first's row lock and then finds nothing: one admin, never two.
 */
export async function claimSetupToken(tx: Db, token: string): Promise<boolean> {
  return (await takeMeta(tx, KEY, sha256Hex(token), SETUP_LINK_MS)) && (await adminCount(tx)) === 0;
}

/**
 * What the sign-in page shows instead of the form while no admin exists ("Ersteinrichtung"),
 * or null. That no admin exists is all it tells: the link is in the log and the owner's mail.
 */
export async function firstRunOf(db: Db, config = env()): Promise<FirstRun | null> {
  if ((await adminCount(db)) > 0) return null;
  return { mailed: Boolean(config.ADMIN_EMAIL && config.SMTP_URL) };
}
