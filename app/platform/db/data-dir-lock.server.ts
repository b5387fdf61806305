import { createHash } from "node:crypto";
import { chmod, mkdir, open, readFile, realpath, rename, unlink } from "node:fs/promises";
import { createServer } from "node:net";
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
/** How long a starting server waits for another one on this host to finish taking the lock. */
const MUTEX_WAIT_MS = 5_000;

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

/**
 * Judging a lock stale and taking it over are separate steps, so servers starting together after
 * a crash could each take over the same stale lock (one moving the other's fresh lock aside) and
 * then share the directory. On Linux these steps therefore run under a mutex the kernel keeps:
 * an abstract Unix socket named after the directory, which one process at a time can bind and
 * which vanishes with its process. Where that is not available the steps run unguarded.
 */
async function hostMutex(dir: string): Promise<() => void> {
  if (process.platform !== "linux") return () => undefined;
  const name = `\0portfolio-data-dir-${createHash("sha256")
    .update(await realpath(dir))
    .digest("hex")
    .slice(0, 32)}`;
  const deadline = Date.now() + MUTEX_WAIT_MS;
  for (;;) {
    const server = createServer();
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once("error", resolve);
      server.listen(name, () => resolve(undefined));
    });
    if (!error) {
      server.unref();
      return () => server.close();
    }
    if (error.code !== "EADDRINUSE") return () => undefined;
    if (Date.now() > deadline) {
      throw new DataDirLockedError(
        `DATA_DIR ${dir} is being locked by another server starting at the same time.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Creates DATA_DIR (and missing parents) for the server's user alone, mode 0700 whatever the
 * umask; an existing one keeps the mode its operator gave it. As makePrivateDir
 * (app/platform/db/private-files.server.ts), repeated because this module runs in plain Node too
 * (tests/setup/lock-contender.ts), without the app's import alias.
 */
async function createPrivately(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    await chmod(current, 0o700);
    if (current === path.resolve(first) || current === path.dirname(current)) break;
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await createPrivately(dir);
  const unlockMutex = await hostMutex(dir);
  try {
    return await takeLock(dir);
  } finally {
    unlockMutex();
  }
}

async function takeLock(dir: string): Promise<() => Promise<void>> {
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
