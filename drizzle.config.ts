import { defineConfig } from "drizzle-kit";

// Migrations are generated from app/db/schema.ts and committed; the server applies them on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});
