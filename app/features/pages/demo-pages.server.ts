import { DEFAULT_ABOUT, DEFAULT_HOME, DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { deleteServicePage } from "~/features/pages/admin-content.server";
import { DEMO_PLACEHOLDERS } from "~/features/pages/messages";
import { deletedBuiltInPages, storedContent } from "~/features/pages/pages.server";
import {
  insertMissingPages,
  listPageRows,
  publishPage,
  saveDraft,
  type PageRow,
} from "~/features/pages/queries.server";
import {
  editorKey,
  isServiceSubPage,
  SERVICE_OVERVIEW_PATH,
  type HomeContent,
  type PageContent,
  type PageImage,
  type ServiceContent,
} from "~/features/pages/page-content";
import type { Db } from "~/platform/db/engines.server";

/**
 * What of the pages is still the demo a fresh install ships with, decided by comparing each
 * stored page with its built-in default, and its removal ("Demo-Inhalte entfernen" in
 * Einstellungen). The owner's own work is never demo: a page she added, a built-in service page
 * whose texts she changed, an image she uploaded, a text she rewrote.
 */

/** The category fields whose built-in words describe the demo's work, reset to placeholders. */
const CATEGORY_TEXTS = ["subtitle", "description"] as const;
/** The overview's fields that describe the demo's services. */
const OVERVIEW_TEXTS = ["heroSubtitle", "intro"] as const;

export type DemoPages = {
  /** Built-in service pages as they came (menu names and paths). */
  servicePages: { name: string; path: string }[];
  /** Categories with a built-in subtitle or description still in (their titles). */
  categories: string[];
  /** Whether the overview (/service) still says what the demo offers. */
  overviewTexts: boolean;
  /** The built-in images of the home page's hero still in the set (the removal takes them all). */
  heroImages: number;
  /** Pages whose search-engine description is still the built-in one (their names, editor keys). */
  searchDescriptions: { name: string; key: string }[];
  /** The about page's built-in portrait and text. */
  aboutPortrait: boolean;
  aboutText: boolean;
};

const BUILT_IN_HERO_SOURCES = new Set(DEFAULT_HOME.heroImages.map((image) => image.src));
const isBuiltInHeroImage = (image: PageImage) => BUILT_IN_HERO_SOURCES.has(image.src);

/** What a visitor reads of a service page: unchanged words mean the page is still the demo's. */
const serviceWords = (content: ServiceContent) =>
  JSON.stringify([
    content.name,
    content.heroTitle,
    content.heroSubtitle,
    content.intro,
    content.blocks.map((block) => [block.title, block.text]),
    content.teaser && [content.teaser.title, content.teaser.text],
  ]);

function isDemoServicePage(row: Pick<PageRow, "path" | "published" | "draft">): boolean {
  const builtIn = DEFAULT_PAGES.get(row.path);
  if (builtIn?.kind !== "service" || !isServiceSubPage(row.path)) return false;
  const unchanged = (value: unknown) => {
    const content = storedContent(row.path, value);
    return content?.kind === "service" && serviceWords(content) === serviceWords(builtIn);
  };
  // A draft with her words in it is her work in progress.
  return unchanged(row.published) && (row.draft === null || unchanged(row.draft));
}

const demoFields = <T extends PageContent, K extends keyof T>(content: T, builtIn: T, fields: readonly K[]) =>
  fields.filter((field) => content[field] === builtIn[field]);

/** The category or overview fields of `content` still at the built-in words, replaced by placeholders. */
function withPlaceholders(path: string, content: PageContent): PageContent | undefined {
  const builtIn = DEFAULT_PAGES.get(path);
  if (content.kind === "category" && builtIn?.kind === "category") {
    const fields = demoFields(content, builtIn, CATEGORY_TEXTS);
    if (fields.length === 0) return undefined;
    const placeholders = DEMO_PLACEHOLDERS.category(content.title);
    return { ...content, ...Object.fromEntries(fields.map((field) => [field, placeholders[field]])) };
  }
  if (content.kind === "service" && path === SERVICE_OVERVIEW_PATH && builtIn?.kind === "service") {
    const fields = demoFields(content, builtIn, OVERVIEW_TEXTS);
    if (fields.length === 0) return undefined;
    return {
      ...content,
      ...Object.fromEntries(fields.map((field) => [field, DEMO_PLACEHOLDERS.overview[field]])),
    };
  }
  if (content.kind === "home") {
    const heroImages = heroImagesKept(content);
    return heroImages.length === content.heroImages.length ? undefined : { ...content, heroImages };
  }
  return undefined;
}

/** The hero's images without the built-in ones: none left, the hero shows its gradient. */
function heroImagesKept(home: HomeContent): PageImage[] {
  return home.heroImages.filter((image) => !isBuiltInHeroImage(image));
}

/** The pages whose search-engine description the demo wrote (the frame's is the not-found page's). */
const SEARCH_DESCRIBED = new Set<PageContent["kind"]>(["home", "about", "contact", "service", "portfolio"]);

const titleOf = (path: string, content: PageContent) => {
  if (path === SERVICE_OVERVIEW_PATH) return "Leistungen (Übersicht)";
  if (content.kind === "portfolio") return "Alle Projekte (Portfolio)";
  if (content.kind === "service") return content.name;
  if (content.kind === "category") return content.title;
  if (content.kind === "home") return "Startseite";
  if (content.kind === "about") return "Über mich";
  if (content.kind === "contact") return "Kontakt";
  return path;
};

const publishedOf = (row: Pick<PageRow, "path" | "published">) =>
  storedContent(row.path, row.published) ?? DEFAULT_PAGES.get(row.path);

const BUILT_IN_ROWS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));

/**
 * The stored pages, and the built-in pages not stored (yet) that the public pages show in their
 * place (`readPublishedPages`), unless the owner deleted them.
 */
async function pagesAsShown(db: Db): Promise<Pick<PageRow, "path" | "published" | "draft">[]> {
  const [rows, deleted] = await Promise.all([listPageRows(db), deletedBuiltInPages(db)]);
  const stored = new Set(rows.map((row) => row.path));
  const missing = BUILT_IN_ROWS.filter(({ path }) => !stored.has(path) && !deleted.has(path));
  return [...rows, ...missing.map(({ path, content }) => ({ path, published: content, draft: null }))];
}

export async function demoPages(db: Db): Promise<DemoPages> {
  const rows = await pagesAsShown(db);
  const found: DemoPages = {
    servicePages: [],
    categories: [],
    overviewTexts: false,
    heroImages: 0,
    searchDescriptions: [],
    aboutPortrait: false,
    aboutText: false,
  };
  for (const row of rows) {
    const content = publishedOf(row);
    const builtIn = DEFAULT_PAGES.get(row.path);
    if (!content || !builtIn || content.kind !== builtIn.kind) continue;
    if (isDemoServicePage(row)) {
      found.servicePages.push({ name: (content as ServiceContent).name, path: row.path });
      continue;
    }
    if (content.kind === "category" && builtIn.kind === "category") {
      if (demoFields(content, builtIn, CATEGORY_TEXTS).length > 0) found.categories.push(content.title);
    }
    if (content.kind === "service" && row.path === SERVICE_OVERVIEW_PATH && builtIn.kind === "service") {
      found.overviewTexts = demoFields(content, builtIn, OVERVIEW_TEXTS).length > 0;
    }
    if (content.kind === "home") {
      found.heroImages = content.heroImages.filter(isBuiltInHeroImage).length;
    }
    if (content.kind === "about") {
      found.aboutPortrait = content.image.src === DEFAULT_ABOUT.image.src;
      found.aboutText = content.text === DEFAULT_ABOUT.text;
    }
    if (
      SEARCH_DESCRIBED.has(content.kind) &&
      "metaDescription" in content &&
      "metaDescription" in builtIn &&
      content.metaDescription === builtIn.metaDescription
    ) {
      found.searchDescriptions.push({ name: titleOf(row.path, content), key: editorKey(row.path) });
    }
  }
  return found;
}

/**
 * Deletes the demo service pages (each leaves its tombstone, as a deletion in the Inhalte list
 * does), puts placeholders in place of the demo's category and overview texts, and takes the
 * built-in images out of the hero, in published and draft alike (a draft published later must
 * not bring them back). The replaced published documents are kept as versions. Runs inside the
 * caller's transaction; throws when a page cannot be deleted, so nothing of it is kept.
 */
export async function removeDemoPages(tx: Db): Promise<void> {
  // Every built-in page has its row (the start-up stores them; a test database may not have).
  await insertMissingPages(tx, BUILT_IN_ROWS);
  const rows = await listPageRows(tx);
  for (const row of rows) {
    if (isDemoServicePage(row)) {
      const deleted = await deleteServicePage(tx, row.path);
      if (deleted !== true) throw new Error(`demo page ${row.path} not deleted: ${deleted.message}`);
      continue;
    }
    const published = publishedOf(row);
    const changed = published && withPlaceholders(row.path, published);
    const draft = row.draft === null ? undefined : storedContent(row.path, row.draft);
    const changedDraft = draft && withPlaceholders(row.path, draft);
    if (changed) await publishPage(tx, row.path, changed);
    // Publishing empties the draft: it is stored again, with the same changes.
    if ((changed || changedDraft) && row.draft !== null) {
      await saveDraft(tx, row.path, changedDraft ?? (row.draft as PageContent));
    }
  }
}
