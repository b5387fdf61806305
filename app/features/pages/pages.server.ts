import { data } from "react-router";
import {
  DEFAULT_FRAME,
  DEFAULT_MENU,
  DEFAULT_PAGES,
  DEFAULT_PORTFOLIO,
} from "~/features/pages/built-in-pages";
import type { Menus, PublicSite } from "~/features/site";
import { CATEGORY_PAGES, type CardLabels, type Category } from "~/features/projects";
import { publishedCategories } from "~/features/projects/index.server";
import type { Db } from "~/platform/db/engines.server";
import {
  deletedPaths,
  findPageRow,
  listPageRows,
  rewritePageDocuments,
  type PageRow,
} from "~/features/pages/queries.server";
import { logger } from "~/platform/logger.server";
import {
  FRAME_PATH,
  MENU_PATH,
  PORTFOLIO_PATH,
  isServiceSubPage,
  SERVICE_OVERVIEW_PATH,
  type CategoryContent,
  type PortfolioContent,
  type PageContent,
  type PageKind,
  type ServiceBlock,
  type ServiceContent,
  type ServiceTeaser,
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

/**
 * Published content by path, in the pages' order (`position`): the owner's order of the service
 * pages. Pages the owner deleted are not in it.
 */
export type PagesSnapshot = ReadonlyMap<string, PageContent>;

const PAGE_KINDS: readonly PageKind[] = [
  "home",
  "about",
  "contact",
  "portfolio",
  "category",
  "service",
  "menu",
  "frame",
];

/** Fields a kind gained after its pages were first stored: a page stored before gets the built-in value. */
const ADDED_FIELDS: Partial<Record<PageKind, string[]>> = {
  home: ["metaDescription"],
  about: ["keyfactsTitle", "contactLabel", "metaDescription"],
  portfolio: [
    "allEntriesTitle",
    "moreLabel",
    "websiteLabel",
    "contactLabel",
    "backLabel",
    "detailContactLabel",
    "serviceProjectsTitle",
    "serviceProjectsLinkLabel",
  ],
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

/**
 * The teaser of a service page stored without one (before teasers existed, or an old version):
 * its built-in one, else one made of its name.
 */
export function defaultTeaser(path: string, content: ServiceContent): ServiceTeaser {
  const builtIn = DEFAULT_PAGES.get(path);
  if (builtIn?.kind === "service" && builtIn.teaser) return builtIn.teaser;
  return {
    title: content.name,
    text: "",
    linkText: `Mehr zu ${content.name}`,
    contactLabel: "Kontakt zu mir",
  };
}

/** A stored document through its schema; undefined when it no longer passes (logged). */
export function storedContent(path: string, value: unknown): PageContent | undefined {
  const builtIn = DEFAULT_PAGES.get(path);
  const kind = builtIn?.kind ?? (value as { kind?: PageKind } | null)?.kind;
  if (!kind || !PAGE_KINDS.includes(kind)) return undefined;
  const parsed = parsePage(kind, withAddedFields(kind, value, builtIn));
  if (parsed.ok) {
    const content = parsed.content;
    if (content.kind === "service" && isServiceSubPage(path) && !content.teaser) {
      return { ...content, teaser: defaultTeaser(path, content) };
    }
    return content;
  }
  logger.warn({ path, errors: Object.keys(parsed.errors) }, "stored page content is invalid; not shown");
  return undefined;
}

const publishedOf = (row: PageRow) => storedContent(row.path, row.published) ?? DEFAULT_PAGES.get(row.path);

/** The built-in pages the owner deleted. */
export const deletedBuiltInPages = (db: Db) => deletedPaths(db, DEFAULT_PAGES.keys());

export async function readPublishedPages(db: Db): Promise<PagesSnapshot> {
  const [rows, deleted] = await Promise.all([listPageRows(db), deletedBuiltInPages(db)]);
  const stored = new Set(rows.map((row) => row.path));
  const entries: { path: string; content: PageContent; position: number }[] = [];
  for (const row of rows) {
    const content = publishedOf(row);
    if (content) entries.push({ path: row.path, content, position: row.position });
  }
  // A built-in page without a row (the start-up stores them all) shows its built-in content in
  // its place, unless the owner deleted it.
  [...DEFAULT_PAGES].forEach(([path, content], position) => {
    if (!stored.has(path) && !deleted.has(path)) entries.push({ path, content, position });
  });
  entries.sort((a, b) => a.position - b.position || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return new Map(entries.map(({ path, content }) => [path, content]));
}

/**
 * An upgrade from before teasers: a service page stored without one takes the overview's stored
 * block that links to it (the owner may have edited that text), else its default. Run at start,
 * once per page: a page that has a teaser is left alone.
 */
export async function adoptOverviewTeasers(db: Db): Promise<number> {
  const rows = await listPageRows(db);
  const overview = rows.find((row) => isOverview(row.path));
  const oldBlocks = (overview && ofKind(storedContent(overview.path, overview.published), "service"))?.blocks;
  const teaserFrom = (path: string, content: ServiceContent): ServiceTeaser => {
    const block = oldBlocks?.find((candidate) => candidate.linkTo === path);
    if (!block) return defaultTeaser(path, content);
    return {
      title: block.title,
      text: block.text,
      linkText: block.linkText || defaultTeaser(path, content).linkText,
      contactLabel: block.contactLabel,
    };
  };
  const withTeaser = (path: string, value: unknown): PageContent | undefined => {
    if (typeof value !== "object" || value === null || "teaser" in value) return undefined;
    const content = ofKind(storedContent(path, value), "service");
    return content && { ...content, teaser: teaserFrom(path, content) };
  };
  let adopted = 0;
  for (const row of rows.filter((candidate) => isServiceSubPage(candidate.path))) {
    const published = withTeaser(row.path, row.published);
    const draft = row.draft === null ? undefined : withTeaser(row.path, row.draft);
    if (!published && !draft) continue;
    await rewritePageDocuments(db, row.path, {
      published: published ?? row.published,
      draft: draft ?? row.draft,
    });
    adopted++;
  }
  return adopted;
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

/** The links of a project card, as the owner words them (Inhalte → Alle Projekte). */
export function cardLabelsOf(pages: PagesSnapshot): CardLabels {
  const { moreLabel, websiteLabel, contactLabel } = portfolioOf(pages);
  return { more: moreLabel, website: websiteLabel, contact: contactLabel };
}

/** A category as the public pages show it: its fixed slug and data key, and the owner's texts. */
export type ShownCategory = CategoryContent & { slug: string; category: Category; path: string };

/**
 * The categories the public pages show (menus, filter pills, home page, sitemap), in the owner's
 * order (Inhalte → Kategorien, the pages' order): the visible ones, and, when the owner hides
 * empty categories, only those with a published project.
 */
export async function shownCategories(
  context: RequestContext,
  pages: PagesSnapshot,
): Promise<ShownCategory[]> {
  const order = [...pages.keys()];
  const place = (slug: string) => {
    const index = order.indexOf(`/category/${slug}`);
    return index < 0 ? order.length : index;
  };
  const ordered = CATEGORY_PAGES.toSorted((a, b) => place(a.slug) - place(b.slug));
  const visible = ordered.flatMap(({ slug, category }) => {
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
  const services = [...pages].flatMap(([path, content]) =>
    content.kind === "service" && content.visible ? [{ path, content }] : [],
  );
  return [
    ...services.filter((service) => isOverview(service.path)),
    ...services.filter((service) => !isOverview(service.path)),
  ];
}

/** The overview's blocks: the teaser of every visible service page, in their order. */
export function overviewBlocks(pages: PagesSnapshot): ServiceBlock[] {
  return visibleServices(pages).flatMap(({ path, content }) => {
    if (isOverview(path)) return [];
    const teaser = content.teaser ?? defaultTeaser(path, content);
    return [
      {
        title: teaser.title,
        text: teaser.text,
        image: content.heroImage,
        linkText: teaser.linkText,
        linkTo: path,
        contactLabel: teaser.contactLabel,
      },
    ];
  });
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

/** The frame's texts, as published; marked English while the not-found page has the spec's words. */
export function siteTextsOf(pages: PagesSnapshot): PublicSite["texts"] {
  const { kind: _kind, ...texts } = ofKind(pages.get(FRAME_PATH), "frame") ?? DEFAULT_FRAME;
  const english =
    texts.notFoundTitle === DEFAULT_FRAME.notFoundTitle &&
    texts.notFoundLinkLabel === DEFAULT_FRAME.notFoundLinkLabel;
  return { ...texts, notFoundLang: english ? "en" : undefined };
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
    // Without a row, what the public sees (nothing for a deleted page).
    const content =
      (row && (storedContent(path, row.draft ?? row.published) ?? publishedOf(row))) ?? pages.get(path);
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
