import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startServer } from "/work/main/scripts/lib/production-server.ts";
import { benchStatistics } from "/work/main/scripts/bench/statistics.ts";
const dataDir = mkdtempSync(path.join(tmpdir(), "stats-bench-"));
await (await startServer(dataDir, await freePort())).stop();
const events = Number(process.env.EVENTS ?? 100000);
const r = await benchStatistics({
  dataDir,
  databaseUrl: process.env.PGURL,
  events,
  days: 30,
  period: (process.env.PERIOD ?? "30-tage") as never,
  progress: console.log,
});
console.log(JSON.stringify(r));
