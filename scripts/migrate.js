// `npm run db:migrate`: applies the migrations in drizzle/ to the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR) and exits. The server does the same on start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { migrateOnly } = await import(path.join(root, "build", "server", "index.js"));
await migrateOnly();
