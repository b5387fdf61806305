import { and, asc, desc, eq, like, notInArray, sql } from "drizzle-orm";
import type { PageContent } from "~/features/pages/page-content";
import { readMeta, writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";
import { pages, pageVersions } from "~/platform/db/schema";

/**
 * Queries of the pages and page_versions tables, and of the pages' tombstones: an app_meta
 * entry per built-in page the owner deleted, so the start-up does not store it again
 * (decision 0012).
 */

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

const tombstoneKey = (path: string) => `page_deleted:${path}`;

/** Which of `paths` the owner deleted (their tombstones). */
export async function deletedPaths(db: Db, paths: Iterable<string>): Promise<Set<string>> {
  const keys = [...paths].map(tombstoneKey);
  if (keys.length === 0) return new Set();
  const stored = await readMeta(db, keys);
  return new Set([...stored.keys()].map((key) => key.slice(tombstoneKey("").length)));
}

/**
 * Adds the pages that have no row yet (a fresh install, or built-in pages new in an update),
 * except those the owner deleted.
 */
export async function insertMissingPages(
  db: Db,
  defaults: { path: string; content: PageContent; position: number }[],
): Promise<number> {
  const deleted = await deletedPaths(
    db,
    defaults.map(({ path }) => path),
  );
  const missing = defaults.filter(({ path }) => !deleted.has(path));
  if (missing.length === 0) return 0;
  const inserted = await db
    .insert(pages)
    .values(missing.map(({ path, content, position }) => ({ path, published: content, position })))
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

/**
 * Deletes a page with its versions; with `tombstone` (a built-in page) also records the
 * deletion, in the same transaction, so the start-up never stores the page again. Whether a row
 * was deleted.
 */
export async function deletePage(db: Db, path: string, { tombstone }: { tombstone: boolean }) {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(pages).where(eq(pages.path, path)).returning({ path: pages.path });
    if (deleted.length === 0) return false;
    if (tombstone) await writeMeta(tx, tombstoneKey(path), new Date().toISOString());
    return true;
  });
}

/**
 * Moves a service page (/service/<slug>) or a category (/category/<slug>) one place up or down
 * among the others of its kind, hidden ones included; the service overview stays first. The pages
 * are numbered anew in their order, so equal positions cannot keep two pages in place. "edge": it
 * is first or last already.
 */
export async function movePage(
  db: Db,
  path: string,
  direction: "up" | "down",
): Promise<"moved" | "edge" | "missing"> {
  const group = path.startsWith("/category/") ? "/category/%" : "/service/%";
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ path: pages.path, position: pages.position })
      .from(pages)
      .where(like(pages.path, group))
      .orderBy(asc(pages.position), asc(pages.path))
      .for("update");
    const index = rows.findIndex((row) => row.path === path);
    if (index < 0) return "missing";
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return "edge";
    const base = rows[0]!.position;
    const order = rows.map((row) => row.path);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [i, moved] of order.entries()) {
      if (rows.find((row) => row.path === moved)!.position !== base + i) {
        await tx
          .update(pages)
          .set({ position: base + i })
          .where(eq(pages.path, moved));
      }
    }
    return "moved";
  });
}

/** Replaces a page's stored documents as they are, without a version (an upgrade of their shape). */
export async function rewritePageDocuments(
  db: Db,
  path: string,
  documents: { published: PageContent; draft: PageContent | null },
): Promise<void> {
  await db.update(pages).set(documents).where(eq(pages.path, path));
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
