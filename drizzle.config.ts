import { defineConfig } from "drizzle-kit";

// Migrations are generated from app/platform/db/schema.ts and committed; the server applies them on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/platform/db/schema.ts",
  out: "./drizzle",
});
