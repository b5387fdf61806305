import { sql } from "drizzle-orm";
import { countProjects, insertProjects } from "~/features/projects/queries.server";
import type { Project } from "~/features/projects/project";
import { readMeta, writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";

const MARKER = "demo_content_loaded";
const SEED_LOCK_KEY = 720_514_312;

/**
 * Loads the built-in showcase items into an empty projects table, once per installation:
 * an owner who later deletes them all does not get them back on the next start.
 * Returns whether it inserted anything.
 */
export async function loadDemoContent(db: Db, items: readonly Project[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed once.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await readMeta(tx, [MARKER])).has(MARKER)) return false;
    const empty = (await countProjects(tx)) === 0;
    if (empty && items.length > 0) await insertProjects(tx, items);
    await writeMeta(tx, MARKER, new Date().toISOString());
    return empty;
  });
}
