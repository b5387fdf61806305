import { chmod, mkdir, open } from "node:fs/promises";
import path from "node:path";

/**
 * DATA_DIR holds the database, mails with confirmation links and backups: only the server's
 * user may read it. A mode passed to mkdir or open is reduced by the umask, so an
 * odd umask could still leave a directory we cannot write; each one we create is set with chmod.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` and any missing parents with mode 0700. A directory that exists already keeps
 * its mode (the operator may have set up DATA_DIR on purpose), unless `tighten` says it is ours
 * alone (the mail drop).
 */
export async function makePrivateDir(dir: string, { tighten = false } = {}): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const created: string[] = [];
  if (first !== undefined) {
    for (let current = path.resolve(dir); ; current = path.dirname(current)) {
      created.push(current);
      if (current === path.resolve(first) || current === path.dirname(current)) break;
    }
  } else if (tighten) {
    created.push(dir);
  }
  for (const directory of created) await chmod(directory, PRIVATE_DIR_MODE);
}

/** Writes a new file (never an existing one, nor through a planted link) with mode 0600. */
export async function writePrivateFile(file: string, content: string | Uint8Array): Promise<void> {
  const handle = await open(file, "wx", PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}
