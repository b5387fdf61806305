import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL. A module of its own, without
 * Vitest: the end-to-end specs (Playwright) use it too.
 */
export const serverUrl = process.env.TEST_DATABASE_URL;

/** Creates an empty database on the test server; returns its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
