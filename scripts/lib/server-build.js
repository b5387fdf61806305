// The production build's server module (build/server/index.js), which the command-line scripts
// run from; it is built first when missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function importServerBuild() {
  const entry = path.join(root, "build", "server", "index.js");
  if (!existsSync(entry)) {
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // As server.js: the compiled bundle from Node's cache (docs/decisions/0031-server-bundle.md).
  module.enableCompileCache();
  return import(entry);
}
