import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { PROJECT_MESSAGES } from "~/features/admin";
import type { Category, Project } from "~/features/projects/project";
import { isUuid } from "~/platform/uuid";
import type { Db } from "~/platform/db/engines.server";
import { projects, type NewProjectRow, type ProjectRow } from "~/platform/db/schema";

/** Queries of spec §7 for showcase items; every list is newest first by `date`. */

export class ProjectError extends Error {
  override name = "ProjectError";
}

/** True when `id` can be a project id; anything else can never match a row. */
export const isProjectId = isUuid;

const newestFirst = [sql`${projects.date} desc nulls last`, desc(projects.created_at)];

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  title: row.title,
  description: row.description,
  details: row.details,
  image: row.image,
  image_focus_x: row.image_focus_x,
  image_focus_y: row.image_focus_y,
  category: row.category,
  url: row.url,
  admin_url: row.admin_url,
  show_on_homepage: row.show_on_homepage,
  tags: row.tags,
  date: row.date,
  status: row.status,
});

/** Visitors see published projects only; the admin also sees drafts. */
export type Audience = { drafts?: boolean };
const visibleTo = ({ drafts = false }: Audience = {}) =>
  drafts ? undefined : eq(projects.status, "published");

export async function listProjects(db: Db, audience?: Audience): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(visibleTo(audience))
    .orderBy(...newestFirst);
  return rows.map(toProject);
}

export async function listProjectsByCategory(db: Db, category: Category): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.category, category), visibleTo()))
    .orderBy(...newestFirst);
  return rows.map(toProject);
}

/** The categories that have at least one published project. */
export async function listPublishedCategories(db: Db): Promise<Category[]> {
  const rows = await db.selectDistinct({ category: projects.category }).from(projects).where(visibleTo());
  return rows.map((row) => row.category);
}

export async function listHomepageProjects(db: Db, category?: Category): Promise<Project[]> {
  const onHomepage = and(eq(projects.show_on_homepage, true), visibleTo());
  const rows = await db
    .select()
    .from(projects)
    .where(category ? and(onHomepage, eq(projects.category, category)) : onHomepage)
    .orderBy(...newestFirst);
  return rows.map(toProject);
}

/** One project or undefined; an id that is not a UUID is simply not found. */
export async function getProject(db: Db, id: string, audience?: Audience): Promise<Project | undefined> {
  if (!isProjectId(id)) return undefined;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleTo(audience)))
    .limit(1);
  return row && toProject(row);
}

export type ProjectInput = Omit<NewProjectRow, "created_at" | "updated_at">;

export async function createProject(db: Db, input: ProjectInput): Promise<Project> {
  const [row] = await db
    .insert(projects)
    .values({ ...input, show_on_homepage: Boolean(input.show_on_homepage) })
    .returning();
  if (!row) throw new ProjectError(PROJECT_MESSAGES.creationFailed);
  return toProject(row);
}

async function requireExisting(db: Db, id: unknown): Promise<string> {
  if (typeof id !== "string" || id.trim() === "") throw new ProjectError(PROJECT_MESSAGES.invalidId);
  if (!(await getProject(db, id, { drafts: true }))) throw new ProjectError(PROJECT_MESSAGES.notFound(id));
  return id;
}

/** Looks the project up first, then updates it; the id in `changes` is ignored. */
export async function updateProject(db: Db, id: unknown, changes: Partial<ProjectInput>): Promise<Project> {
  const existing = await requireExisting(db, id);
  const { id: _ignored, ...fields } = changes;
  const [row] = await db
    .update(projects)
    .set({
      ...fields,
      ...(fields.show_on_homepage === undefined
        ? {}
        : { show_on_homepage: Boolean(fields.show_on_homepage) }),
      updated_at: new Date(),
    })
    .where(eq(projects.id, existing))
    .returning();
  if (!row) throw new ProjectError(PROJECT_MESSAGES.updateFailed);
  return toProject(row);
}

/** Looks the project up first, then deletes it. */
export async function deleteProject(db: Db, id: unknown): Promise<void> {
  const existing = await requireExisting(db, id);
  await db.delete(projects).where(eq(projects.id, existing));
}

/**
 * Deletes every project of `ids` in one transaction, or none: when one of them is not there
 * (any more), nothing is deleted. Returns how many went.
 */
export async function deleteProjects(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0 || !ids.every(isProjectId)) throw new ProjectError(PROJECT_MESSAGES.invalidId);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(projects)
      .where(inArray(projects.id, [...ids]))
      .returning({ id: projects.id });
    if (deleted.length !== new Set(ids).size) throw new MissingProjectsError();
    return deleted.length;
  });
}

/** Some of the projects to delete were not there: the transaction was rolled back. */
export class MissingProjectsError extends ProjectError {
  override name = "MissingProjectsError";
}

/** Stores items as they are, ids included (the built-in demo items). */
export async function insertProjects(db: Db, items: readonly Project[]): Promise<void> {
  await db.insert(projects).values([...items]);
}

export async function countProjects(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
  return row?.count ?? 0;
}

/**
 * The built-in demo items still there as they came: same id, title and image. An item the owner
 * gave a title or picture of their own counts as replaced: it is hers.
 */
export async function unchangedDemoProjects(
  db: Db,
  demo: readonly Project[],
): Promise<{ id: string; title: string }[]> {
  if (demo.length === 0) return [];
  const rows = await db
    .select({ id: projects.id, title: projects.title, image: projects.image })
    .from(projects)
    .where(
      inArray(
        projects.id,
        demo.map((item) => item.id),
      ),
    )
    .orderBy(...newestFirst);
  const original = new Map(demo.map((item) => [item.id, item]));
  return rows
    .filter((row) => {
      const item = original.get(row.id);
      return item && item.title === row.title && item.image === row.image;
    })
    .map(({ id, title }) => ({ id, title }));
}

/** How many of the built-in demo items are still there as they came (`unchangedDemoProjects`). */
export async function countUnchangedDemoProjects(db: Db, demo: readonly Project[]): Promise<number> {
  return (await unchangedDemoProjects(db, demo)).length;
}

/**
 * Deletes the built-in demo items still there as they came, inside the caller's transaction;
 * the owner's own and the demo items she changed stay. Returns how many went.
 */
export async function deleteUnchangedDemoProjects(db: Db, demo: readonly Project[]): Promise<number> {
  const ids = (await unchangedDemoProjects(db, demo)).map((item) => item.id);
  return ids.length === 0 ? 0 : deleteProjects(db, ids);
}
