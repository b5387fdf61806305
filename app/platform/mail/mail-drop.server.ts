import { open, readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, writePrivateFile } from "~/platform/db/private-files.server";

/**
 * The mail drop: without SMTP_URL every mail is written as an .eml file to DATA_DIR/mail, named
 * after the moment and its outbox id. The folder is the server user's alone (0700, files 0600):
 * the files hold what the outbox empties once a mail is sent, such as confirmation links.
 */
export const mailDropDirOf = (dataDir: string) => path.join(dataDir, "mail");

const fileName = (id: string, at = new Date()) => `${at.toISOString().replace(/[:.]/g, "-")}-${id}.eml`;

/** Writes one composed mail; resolves to the file's path. */
export async function writeDroppedMail(dir: string, id: string, message: Uint8Array): Promise<string> {
  await makePrivateDir(dir, { tighten: true });
  const file = path.join(dir, fileName(id));
  await writePrivateFile(file, message);
  return file;
}

/** The addresses of a header's value, lower-case (display names and encoded words ignored). */
function addressesIn(value: string | undefined): string[] {
  return (value?.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? []).map((address) => address.toLowerCase());
}

/** The header block of an .eml file (its first 64 KiB are plenty), unfolded, by lower-case name. */
async function headersOf(file: string): Promise<Map<string, string>> {
  const handle = await open(file, "r");
  let head: string;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
  const end = head.search(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * Whether a dropped mail is about `address`: a mail to it, or the notification of a contact
 * request it sent (the owner receives those with the sender as Reply-To). A mail to `address`
 * with someone else as Reply-To is a notification about that other person, for example when the
 * owner's own notification address is erased.
 */
function isAbout(headers: Map<string, string>, address: string): boolean {
  const replyTo = addressesIn(headers.get("reply-to"));
  if (replyTo.includes(address)) return true;
  return replyTo.length === 0 && addressesIn(headers.get("to")).includes(address);
}

export class MailDropEraseError extends Error {
  override name = "MailDropEraseError";
}

/**
 * Deletes the dropped mails of an erased address: those of the erased outbox records (by the id
 * in the file name), and those whose headers show they are about the address (isAbout), which
 * also finds mails whose outbox record is gone. Resolves to the number of files deleted; throws
 * MailDropEraseError after trying every file when some could not be deleted.
 */
export async function eraseDroppedMails(
  dir: string,
  { address, mailIds }: { address: string; mailIds: readonly string[] },
): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw new MailDropEraseError(`the mail drop could not be read: ${error.code ?? error.message}`);
  });
  const ids = new Set(mailIds);
  const wanted = address.trim().toLowerCase();
  let deleted = 0;
  const failed: string[] = [];
  for (const name of names) {
    const id = /-([0-9a-f-]{36})\.eml$/i.exec(name)?.[1];
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    try {
      if (!(id && ids.has(id)) && !isAbout(await headersOf(file), wanted)) continue;
      await unlink(file);
      deleted++;
    } catch (error) {
      // Deleted meanwhile by the housekeeping: gone is what we want.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed.push(name);
    }
  }
  // The names hold a time and an outbox id, no address: they may go to the log.
  if (failed.length > 0) throw new MailDropEraseError(`not deleted: ${failed.join(", ")}`);
  return deleted;
}
