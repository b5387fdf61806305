// `npm run admin -- create|reset-password --email …`: see server/admin-cli.ts.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { adminCli } = await import(path.join(root, "build", "server", "index.js"));
try {
  process.exitCode = await adminCli(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
