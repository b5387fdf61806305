// `npm run admin -- create|reset-password --email …`: see server/admin-cli.ts.
import { importServerBuild } from "./lib/server-build.js";

const { adminCli } = await importServerBuild();
try {
  process.exitCode = await adminCli(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
