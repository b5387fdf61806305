// `npm run db:migrate`: applies the migrations in drizzle/ to the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR) and exits. The server does the same on start.
import { importServerBuild } from "./lib/server-build.js";

const { migrateOnly } = await importServerBuild();
await migrateOnly();
