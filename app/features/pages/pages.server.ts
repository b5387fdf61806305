import { data } from "react-router";
import { DEFAULT_MENU, DEFAULT_PAGES, DEFAULT_PORTFOLIO } from "~/features/pages/built-in-pages";
import type { Menus } from "~/features/site";
import { CATEGORY_PAGES, type Category } from "~/features/projects";
import { publishedCategories } from "~/features/projects/index.server";
import type { Db } from "~/platform/db/engines.server";
import { findPageRow, listPageRows, type PageRow } from "~/features/pages/queries.server";
import { logger } from "~/platform/logger.server";
import {
  MENU_PATH,
  PORTFOLIO_PATH,
  SERVICE_OVERVIEW_PATH,
  type CategoryContent,
  type PortfolioContent,
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

const PAGE_KINDS: readonly PageKind[] = ["home", "about", "portfolio", "category", "service", "menu"];

/** Fields a kind gained after its pages were first stored: a page stored before gets the built-in value. */
const ADDED_FIELDS: Partial<Record<PageKind, string[]>> = {
  category: ["visible", "name", "filterLabel", "homeLinkLabel", "emptyMessage"],
};

function withAddedFields(kind: PageKind, value: unknown, builtIn: PageContent | undefined): unknown {
  const added = ADDED_FIELDS[kind];
  if (!added || !builtIn || typeof value !== "object" || value === null) return value;
  const missing = added.filter((field) => !(field in value));
  return {
    ...value,
    ...Object.fromEntries(missing.map((field) => [field, builtIn[field as keyof PageContent]])),
  };
}

/** A stored document through its schema; undefined when it no longer passes (logged). */
export function storedContent(path: string, value: unknown): PageContent | undefined {
  const builtIn = DEFAULT_PAGES.get(path);
  const kind = builtIn?.kind ?? (value as { kind?: PageKind } | null)?.kind;
  if (!kind || !PAGE_KINDS.includes(kind)) return undefined;
  const parsed = parsePage(kind, withAddedFields(kind, value, builtIn));
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

export const portfolioOf = (pages: PagesSnapshot): PortfolioContent =>
  ofKind(pages.get(PORTFOLIO_PATH), "portfolio") ?? DEFAULT_PORTFOLIO;

/** A category as the public pages show it: its fixed slug and data key, and the owner's texts. */
export type ShownCategory = CategoryContent & { slug: string; category: Category; path: string };

/**
 * The categories the public pages show (menus, filter pills, home page, sitemap), in their
 * order: the visible ones, and, when the owner hides empty categories, only those with a
 * published project.
 */
export async function shownCategories(
  context: RequestContext,
  pages: PagesSnapshot,
): Promise<ShownCategory[]> {
  const visible = CATEGORY_PAGES.flatMap(({ slug, category }) => {
    const path = `/category/${slug}`;
    const content = categoryOf(pages, slug) ?? ofKind(DEFAULT_PAGES.get(path), "category");
    return content?.visible ? [{ ...content, slug, category, path }] : [];
  });
  if (!portfolioOf(pages).hideEmptyCategories) return visible;
  const used = await publishedCategories(context);
  return visible.filter((shown) => used.has(shown.category));
}

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

/** The Portfolio submenu: all projects, then the categories shown, by their menu names. */
export async function portfolioMenuOf(
  context: RequestContext,
  pages: PagesSnapshot,
): Promise<{ title: string; path: string }[]> {
  const categories = await shownCategories(context, pages);
  return [
    { title: portfolioOf(pages).menuAllLabel, path: PORTFOLIO_PATH },
    ...categories.map(({ name, path }) => ({ title: name, path })),
  ];
}

/** The owner's menus, as published. */
export const menusOf = (pages: PagesSnapshot): Menus => {
  const { header, footer, hero } = ofKind(pages.get(MENU_PATH), "menu") ?? DEFAULT_MENU;
  return { header, footer, hero };
};

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
  const hidden = (published?.kind === "service" || published?.kind === "category") && !published.visible;
  return { content: hidden ? undefined : ofKind(published, kind), preview: false, pages };
}

/** A loader's answer: in a preview with headers that keep it out of every cache and index. */
export function pageData<T>(value: T, preview: boolean) {
  return data({ ...value, preview }, preview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const isOverview = (path: string) => path === SERVICE_OVERVIEW_PATH;
