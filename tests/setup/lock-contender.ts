/**
 * One of several processes racing for DATA_DIR locks (tests/integration/reliability-data-dir):
 * for the i-th directory it sleeps until `startAt + i * spacingMs`, tries to take the lock and
 * prints "<i> locked" or "<i> refused". It keeps running, holding what it got like a server
 * would, until it is ended.
 *
 *   node tests/setup/lock-contender.ts <path of data-dir-lock.server.ts> <startAt, epoch ms> <spacingMs> <dir>…
 */
import type * as DataDirLock from "~/platform/db/data-dir-lock.server";

const [modulePath, startAt, spacingMs, ...dirs] = process.argv.slice(2);
// The module comes by path: this file runs in plain Node (type stripping), without the app's aliases.
const { lockDataDir } = (await import(modulePath!)) as typeof DataDirLock;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
for (const [i, dir] of dirs.entries()) {
  const at = Number(startAt) + i * Number(spacingMs);
  Atomics.wait(sleeper, 0, 0, Math.max(0, at - Date.now()));
  try {
    await lockDataDir(dir);
    console.log(`${i} locked`);
  } catch (error) {
    console.log(`${i} ${(error as Error).name === "DataDirLockedError" ? "refused" : String(error)}`);
  }
}
setInterval(() => undefined, 60_000);
