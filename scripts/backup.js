// `npm run backup -- [directory | file.tar.gz]` and `npm run restore -- <archive> [--force]`:
// see server/backup.ts.
import { importServerBuild } from "./lib/server-build.js";

const [command, ...args] = process.argv.slice(2);
const { backupCli, restoreCli } = await importServerBuild();
try {
  process.exitCode = await (command === "restore" ? restoreCli : backupCli)(args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
