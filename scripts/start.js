// `npm start`: builds the app when the build is missing or older than its sources, then
// serves it. Starting from an up-to-date build does no build work at all. Without PUBLIC_URL and
// HOST (a fresh clone) it serves this machine only, the one case a production server may start
// without PUBLIC_URL (app/platform/env.server.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const marker = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stats.mtimeMs,
  );
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build; building…" : "No build yet; building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const unset = (name) => (process.env[name] ?? "").trim() === "";
if (unset("PUBLIC_URL") && unset("HOST")) {
  process.env.HOST = "127.0.0.1";
  const port = unset("PORT") ? "3000" : process.env.PORT.trim();
  console.log(
    `PUBLIC_URL is not set: the site is reachable only at http://localhost:${port} on this machine until PUBLIC_URL is set.`,
  );
}

await import(path.join(root, "server.js"));
