import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * PGlite takes no lock on its data directory, and two processes writing one directory
 * silently lose rows. The server therefore holds a lock file in DATA_DIR for its lifetime.
 * A lock left by a crashed process (its PID no longer runs on this host) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

type LockInfo = { pid: number; hostname: string; startedAt: string };

const LOCK_FILE = "server.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readLock(file: string): Promise<LockInfo | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as LockInfo;
  } catch {
    return undefined; // unreadable or half-written: treated as stale below
  }
}

async function createLock(file: string, info: LockInfo): Promise<boolean> {
  try {
    const handle = await open(file, "wx");
    await handle.writeFile(JSON.stringify(info));
    await handle.sync();
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };

  if (!(await createLock(file, mine))) {
    const holder = await readLock(file);
    if (holder && holder.hostname !== mine.hostname) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is locked by process ${holder.pid} on host ${holder.hostname}. ` +
          `If no server runs there any more, delete ${file} and start again.`,
      );
    }
    if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is already in use by another server (process ${holder.pid}, started ${holder.startedAt}). ` +
          `Stop it first, or give this instance its own DATA_DIR.`,
      );
    }
    // Stale lock of a crashed process: move it aside atomically, then claim the lock.
    await rename(file, `${file}.stale`).catch(() => undefined);
    if (!(await createLock(file, mine))) {
      throw new DataDirLockedError(`DATA_DIR ${dir} was locked by another server starting at the same time.`);
    }
  }

  return async () => {
    const holder = await readLock(file);
    if (holder?.pid === mine.pid && holder.startedAt === mine.startedAt)
      await unlink(file).catch(() => undefined);
  };
}
