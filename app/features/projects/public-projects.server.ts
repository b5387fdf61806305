import { fallbackProject, fallbackProjects } from "~/features/projects/fallback-projects";
import {
  getProject,
  listHomepageProjects,
  listProjects,
  listProjectsByCategory,
  listPublishedCategories,
} from "~/features/projects/queries.server";
import type { Category, Project, ProjectCardData, PublicProject } from "./project";
import { readWithFallback } from "~/platform/http/read-with-fallback.server";
import { renderMarkdownAsPage } from "~/platform/markdown.server";
import type { RequestContext } from "~/platform/http/request-context";

/**
 * The projects of the public pages. Pages read them only through here: each gets only what it
 * shows (a card, or the project page's fields), never the owner's admin URL, the homepage flag
 * or the status, and the built-in items when the database can't answer (readWithFallback).
 */

/** Which projects a list shows: all published ones, or those of one category, or the homepage's. */
export type CardSelection = { category?: Category; homepage?: boolean };

export async function projectCards(
  context: RequestContext,
  { category, homepage = false }: CardSelection = {},
): Promise<{ cards: ProjectCardData[]; fallback: boolean }> {
  const { data, fallback } = await readWithFallback(
    context,
    (db) =>
      homepage
        ? listHomepageProjects(db, category)
        : category
          ? listProjectsByCategory(db, category)
          : listProjects(db),
    () =>
      fallbackProjects.filter(
        (project) => (!category || project.category === category) && (!homepage || project.show_on_homepage),
      ),
  );
  return { cards: data.map(toCard), fallback };
}

/** The categories with a published project (of the built-in items while the database can't answer). */
export async function publishedCategories(context: RequestContext): Promise<ReadonlySet<Category>> {
  const { data } = await readWithFallback(context, listPublishedCategories, () =>
    fallbackProjects.map((project) => project.category),
  );
  return new Set(data);
}

/** The project page's project; drafts only for the owner's preview. */
export async function publicProject(
  context: RequestContext,
  id: string,
  { drafts }: { drafts: boolean },
): Promise<{ project: PublicProject | undefined; fallback: boolean }> {
  const { data, fallback } = await readWithFallback(
    context,
    (db) => getProject(db, id, { drafts }),
    () => fallbackProject(id),
  );
  return { project: data && toPublicProject(data), fallback };
}

function toCard({
  id,
  title,
  description,
  image,
  image_focus_x,
  image_focus_y,
  category,
  url,
}: Project): ProjectCardData {
  return { id, title, description, image, image_focus_x, image_focus_y, category, url };
}

function toPublicProject({
  admin_url: _adminUrl,
  show_on_homepage: _onHomepage,
  status: _status,
  ...shown
}: Project): PublicProject {
  return shown;
}

/**
 * A project's details as the project page shows them: Markdown, rendered here with raw HTML off
 * (the page gets HTML, never the Markdown library). The page's only heading above is its title,
 * so headings start at h2; a single line break stays one, so details written as plain lines
 * read as before.
 */
export function projectDetailsHtml(details: string | null): string {
  return details ? renderMarkdownAsPage(details) : "";
}
