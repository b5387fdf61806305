import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "~/platform/db/engines.server";
import * as schema from "~/platform/db/schema";

/**
 * For a test of what several instances do at once: a second pool of ten connections on the
 * PostgreSQL database behind `db` (undefined on PGlite, which one process holds alone). Both
 * pools get all their connections opened first: with a cold pool the first transaction commits
 * while the others still connect, and a race under test would never happen.
 */
export async function secondInstance(db: Db): Promise<{ db: Db; close(): Promise<void> } | undefined> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  const pool = new pg.Pool({ connectionString: client.options.connectionString, max: 10 });
  const other = drizzle({ client: pool, schema }) as unknown as Db;
  await Promise.all(
    [db, other].flatMap((one) => Array.from({ length: 10 }, () => one.execute(sql`select pg_sleep(0.05)`))),
  );
  return { db: other, close: () => pool.end() };
}
