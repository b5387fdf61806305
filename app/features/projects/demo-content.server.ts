import { eq, sql } from "drizzle-orm";
import type { Project } from "~/features/projects/project";
import type { Db } from "~/platform/db/engines.server";
import { appMeta, projects } from "~/platform/db/schema";

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
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, MARKER));
    if (marker) return false;
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(projects);
    const empty = (row?.count ?? 0) === 0;
    if (empty && items.length > 0) await tx.insert(projects).values([...items]);
    await tx.insert(appMeta).values({ key: MARKER, value: new Date().toISOString() });
    return empty;
  });
}
