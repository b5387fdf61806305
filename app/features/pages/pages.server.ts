import { data } from "react-router";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import type { Db } from "~/platform/db/engines.server";
import { findPageRow, listPageRows, type PageRow } from "~/features/pages/queries.server";
import { logger } from "~/platform/logger.server";
import {
  SERVICE_OVERVIEW_PATH,
  type CategoryContent,
  type PageContent,
  type PageKind,
  type ServiceContent,
} from "./page-content";
import { parsePage } from "./page-schemas.server";
import { requireAdmin } from "~/features/auth/index.server";
import { versionedRead } from "~/platform/http/versioned-read.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/**
 * The editable pages as public routes use them: the published content of every page,
 * read once per version of the public pages, the built-in content while the database can't be
 * read; and, for the signed-in owner, the draft in a preview.
 */

/** Published content by path, built-in pages first in their order, then added service pages. */
export type PagesSnapshot = ReadonlyMap<string, PageContent>;

/** A stored document through its schema; undefined when it no longer passes (logged). */
export function storedContent(path: string, value: unknown): PageContent | undefined {
  const kind = DEFAULT_PAGES.get(path)?.kind ?? (value as { kind?: PageKind } | null)?.kind;
  if (kind !== "home" && kind !== "about" && kind !== "category" && kind !== "service") return undefined;
  const parsed = parsePage(kind, value);
  if (parsed.ok) return parsed.content;
  logger.warn({ path, errors: Object.keys(parsed.errors) }, "stored page content is invalid; not shown");
  return undefined;
}

const publishedOf = (row: PageRow) => storedContent(row.path, row.published) ?? DEFAULT_PAGES.get(row.path);

export async function readPublishedPages(db: Db): Promise<PagesSnapshot> {
  const rows = await listPageRows(db);
  const stored = new Map(rows.map((row) => [row.path, row]));
  const snapshot = new Map<string, PageContent>();
  for (const [path, content] of DEFAULT_PAGES) {
    const row = stored.get(path);
    snapshot.set(path, (row && publishedOf(row)) ?? content);
  }
  for (const row of rows) {
    const content = !DEFAULT_PAGES.has(row.path) && publishedOf(row);
    if (content) snapshot.set(row.path, content);
  }
  return snapshot;
}

const pagesRead = versionedRead("pages", readPublishedPages, () => DEFAULT_PAGES);

/** The published pages for a public page; the built-in ones while the database can't answer. */
export const loadPages = (context: RequestContext): Promise<PagesSnapshot> =>
  pagesRead.load(() => context.get(databaseContext));

type ContentOf<K extends PageKind> = Extract<PageContent, { kind: K }>;

function ofKind<K extends PageKind>(content: PageContent | undefined, kind: K): ContentOf<K> | undefined {
  return content?.kind === kind ? (content as ContentOf<K>) : undefined;
}

export const categoryOf = (pages: PagesSnapshot, slug: string): CategoryContent | undefined =>
  ofKind(pages.get(`/category/${slug}`), "category");

/** The visible service pages with their paths, in menu order (the overview first). */
export function visibleServices(pages: PagesSnapshot): { path: string; content: ServiceContent }[] {
  return [...pages].flatMap(([path, content]) =>
    content.kind === "service" && content.visible ? [{ path, content }] : [],
  );
}

/** The service menu (spec §2): the visible service pages by their short names. */
export function serviceMenuOf(pages: PagesSnapshot): { title: string; path: string }[] {
  return visibleServices(pages).map(({ path, content }) => ({ title: content.name, path }));
}

/** The draft preview (`?vorschau`) is the owner's only: answered fresh, never cached or indexed. */
export const PREVIEW_PARAM = "vorschau";
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

export function wantsPreview(request: Request): boolean {
  return new URL(request.url).searchParams.has(PREVIEW_PARAM);
}

/**
 * The content of the page at `path` for this request: the published one, or, in a preview, the
 * owner's draft (else the published version). A preview asks a visitor who is not signed in to
 * sign in. Undefined when there is no such page of this kind (or it is hidden, outside a preview).
 * `pages` is what every public page reads of the others (menus, categories, links).
 */
export async function pageFor<K extends PageKind>(
  request: Request,
  context: RequestContext,
  path: string,
  kind: K,
): Promise<{ content: ContentOf<K> | undefined; preview: boolean; pages: PagesSnapshot }> {
  const pages = await loadPages(context);
  if (wantsPreview(request)) {
    await requireAdmin(request, context);
    const row = await findPageRow(await context.get(databaseContext), path);
    const content =
      (row && (storedContent(path, row.draft ?? row.published) ?? publishedOf(row))) ??
      DEFAULT_PAGES.get(path);
    return { content: ofKind(content, kind), preview: true, pages };
  }
  const published = pages.get(path);
  const hidden = published?.kind === "service" && !published.visible;
  return { content: hidden ? undefined : ofKind(published, kind), preview: false, pages };
}

/** A loader's answer: in a preview with headers that keep it out of every cache and index. */
export function pageData<T>(value: T, preview: boolean) {
  return data({ ...value, preview }, preview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const isOverview = (path: string) => path === SERVICE_OVERVIEW_PATH;
