import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import type { PageContent } from "~/features/pages/page-content";
import type { Db } from "~/platform/db/engines.server";
import { pages, pageVersions } from "~/platform/db/schema";

/** Queries of the pages and page_versions tables. */

export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;

/** How many earlier versions a page keeps. */
export const KEPT_VERSIONS = 20;

export async function listPageRows(db: Db): Promise<PageRow[]> {
  return db.select().from(pages).orderBy(asc(pages.position), asc(pages.path));
}

export async function findPageRow(db: Db, path: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.path, path)).limit(1);
  return row;
}

/** Adds the pages that have no row yet (a fresh install, or built-in pages new in an update). */
export async function insertMissingPages(
  db: Db,
  defaults: { path: string; content: PageContent; position: number }[],
): Promise<number> {
  if (defaults.length === 0) return 0;
  const inserted = await db
    .insert(pages)
    .values(defaults.map(({ path, content, position }) => ({ path, published: content, position })))
    .onConflictDoNothing({ target: pages.path })
    .returning({ path: pages.path });
  return inserted.length;
}

/** A new page, live with `published` at once (a new service page starts hidden). */
export async function createPageRow(db: Db, path: string, content: PageContent): Promise<boolean> {
  const inserted = await db
    .insert(pages)
    .values({
      path,
      published: content,
      position: sql`coalesce((select max(${pages.position}) from ${pages}), 0) + 1`,
    })
    .onConflictDoNothing({ target: pages.path })
    .returning({ path: pages.path });
  return inserted.length > 0;
}

export async function deletePageRow(db: Db, path: string): Promise<void> {
  await db.delete(pages).where(eq(pages.path, path));
}

export async function saveDraft(db: Db, path: string, draft: PageContent): Promise<void> {
  await db
    .update(pages)
    .set({ draft, draft_saved_at: sql`now()` })
    .where(eq(pages.path, path));
}

export async function discardDraft(db: Db, path: string): Promise<void> {
  await db.update(pages).set({ draft: null, draft_saved_at: null }).where(eq(pages.path, path));
}

/**
 * Makes `content` the published version. The version it replaces is kept (the newest
 * KEPT_VERSIONS per page), and the draft is gone: what was drafted is now live.
 */
export async function publishPage(db: Db, path: string, content: PageContent): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.path, path)).for("update");
    if (!current) return false;
    await tx
      .insert(pageVersions)
      .values({ path, content: current.published, published_at: current.published_at });
    await tx
      .update(pages)
      .set({ published: content, published_at: sql`now()`, draft: null, draft_saved_at: null })
      .where(eq(pages.path, path));
    const kept = tx
      .select({ id: pageVersions.id })
      .from(pageVersions)
      .where(eq(pageVersions.path, path))
      .orderBy(desc(pageVersions.replaced_at))
      .limit(KEPT_VERSIONS);
    await tx.delete(pageVersions).where(and(eq(pageVersions.path, path), notInArray(pageVersions.id, kept)));
    return true;
  });
}

export async function listPageVersions(db: Db, path: string): Promise<PageVersionRow[]> {
  return db
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.path, path))
    .orderBy(desc(pageVersions.replaced_at))
    .limit(KEPT_VERSIONS);
}

export async function findPageVersion(db: Db, path: string, id: string): Promise<PageVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.path, path), eq(pageVersions.id, id)))
    .limit(1);
  return row;
}
