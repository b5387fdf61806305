import { data } from "react-router";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/features/admin";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import {
  createPageRow,
  deletePage,
  findPageRow,
  listPageRows,
  movePage,
} from "~/features/pages/queries.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { logger } from "~/platform/logger.server";
import type { Db } from "~/platform/db/engines.server";
import {
  editorKey,
  isCategoryPath,
  isServiceSubPage,
  SERVICE_CTA_LABEL,
  SERVICE_OVERVIEW_PATH,
  servicePath,
  type ServiceContent,
} from "~/features/pages/page-content";
import { PAGE_MESSAGES } from "~/features/pages/messages";
import { ServiceSchema, SlugSchema } from "~/features/pages/page-schemas.server";
import { fieldLimits } from "~/platform/forms/field-limits";
import { storedContent } from "~/features/pages/pages.server";
import { requireAdmin } from "~/features/auth/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/**
 * The server half of /admin/inhalte: every editable page, new service pages, and the service
 * pages' order and deletion.
 */

export type ContentListEntry = {
  key: string;
  path: string;
  title: string;
  group: "Seiten" | "Menüs" | "Leistungen" | "Kategorien";
  visible: boolean;
  /** A service page under the overview, or a category: it can be moved among its kind. */
  movable: boolean;
  /** A service page under the overview: it can be deleted. */
  deletable: boolean;
  hasDraft: boolean;
  publishedAt: string;
};

export type CreatePageResult = {
  ok: false;
  message: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
};

/** The new service page's fields, as `createServicePage` checks them. */
const NEW_PAGE_LIMITS = { name: fieldLimits(ServiceSchema.shape.name), slug: fieldLimits(SlugSchema) };

export async function loadContentList(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const rows = await listPageRows(await context.get(databaseContext));
  const entries = rows.flatMap((row): ContentListEntry[] => {
    const content = storedContent(row.path, row.published) ?? DEFAULT_PAGES.get(row.path);
    if (!content) return [];
    const common = {
      key: editorKey(row.path),
      path: row.path,
      hasDraft: row.draft !== null,
      publishedAt: row.published_at.toISOString(),
      visible: content.kind !== "service" && content.kind !== "category" ? true : content.visible,
      movable: (content.kind === "service" && isServiceSubPage(row.path)) || content.kind === "category",
      deletable: content.kind === "service" && isServiceSubPage(row.path),
    };
    switch (content.kind) {
      case "home":
        return [{ ...common, title: "Startseite", group: "Seiten" }];
      case "about":
        return [{ ...common, title: "Über mich", group: "Seiten" }];
      case "contact":
        return [{ ...common, title: "Kontakt", group: "Seiten" }];
      case "menu":
        // The menus have no page of their own to open.
        return [{ ...common, path: "", title: "Menüs", group: "Menüs" }];
      case "frame":
        return [{ ...common, path: "", title: "Fußzeile und Fehlerseite", group: "Seiten" }];
      case "portfolio":
        return [{ ...common, title: "Alle Projekte (Portfolio)", group: "Kategorien" }];
      case "category":
        return [{ ...common, title: content.title, group: "Kategorien" }];
      case "service":
        return [
          {
            ...common,
            title: row.path === "/service" ? "Leistungen (Übersicht)" : content.name,
            group: "Leistungen",
          },
        ];
    }
  });
  return { entries, newPageLimits: NEW_PAGE_LIMITS };
}

/** The list's forms: a new page (no intent), and a service page deleted or moved. */
export async function contentListAction(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const refuse = (status: number, message: string) =>
    data<CreatePageResult>({ ok: false, message, errors: {}, values: {} }, { status });
  if (!form) return refuse(400, ADMIN_MESSAGES.unreadableRequest);
  const intent = form.get("intent");
  if (intent === null) return createServicePage(form, context);
  const direction = intent === "move-up" ? "up" : intent === "move-down" ? "down" : undefined;
  if (intent !== "delete-page" && !direction) return refuse(400, PAGE_MESSAGES.unknownIntent);
  const target = (direction ? MovablePagePathSchema : ServicePagePathSchema).safeParse(
    form.get("path") ?? "",
  );
  if (!target.success) return refuse(400, target.error.issues[0]!.message);
  const path = target.data;
  try {
    const db = await context.get(databaseContext);
    if (!(await findPageRow(db, path))) return refuse(404, ADMIN_MESSAGES.pageNotFound);
    if (intent === "delete-page") {
      const deleted = await deleteServicePage(db, path);
      return deleted === true
        ? listWithToast(ADMIN_MESSAGES.pageDeleted)
        : refuse(deleted.status, deleted.message);
    }
    const moved = await movePage(db, path, direction!);
    if (moved === "missing") return refuse(404, ADMIN_MESSAGES.pageNotFound);
    if (moved === "edge")
      return refuse(400, intent === "move-up" ? PAGE_MESSAGES.alreadyFirst : PAGE_MESSAGES.alreadyLast);
  } catch (error) {
    logger.error({ err: error, path, intent }, "service page could not be changed");
    return refuse(503, intent === "delete-page" ? PAGE_MESSAGES.deleteFailed : PAGE_MESSAGES.moveFailed);
  }
  return listWithToast(PAGE_MESSAGES.pageMoved);
}

const listWithToast = (title: string) => redirectWithFlash("/admin/inhalte", { type: "success", title });

/** A service page the owner may delete or move: /service/<slug>, not the overview. */
const ServicePagePathSchema = z
  .string({ error: PAGE_MESSAGES.pathMissing })
  .trim()
  .min(1, PAGE_MESSAGES.pathMissing)
  .max(200, PAGE_MESSAGES.onlyServicePages)
  .refine((path) => path !== SERVICE_OVERVIEW_PATH, PAGE_MESSAGES.overviewFixed)
  .refine(isServiceSubPage, PAGE_MESSAGES.onlyServicePages);

/** A page the owner may move: a service page as above, or a category (its order everywhere). */
const MovablePagePathSchema = z
  .string({ error: PAGE_MESSAGES.pathMissing })
  .trim()
  .min(1, PAGE_MESSAGES.pathMissing)
  .max(200, PAGE_MESSAGES.onlyMovablePages)
  .refine((path) => path !== SERVICE_OVERVIEW_PATH, PAGE_MESSAGES.overviewFixed)
  .refine((path) => isServiceSubPage(path) || isCategoryPath(path), PAGE_MESSAGES.onlyMovablePages);

/**
 * Deletes a service page and its versions. A built-in one leaves a tombstone, so the start-up
 * does not bring it back (decision 0012). True, or the refusal.
 */
export async function deleteServicePage(
  db: Db,
  path: string,
): Promise<true | { status: number; message: string }> {
  const checked = ServicePagePathSchema.safeParse(path);
  if (!checked.success) return { status: 400, message: checked.error.issues[0]!.message };
  try {
    const deleted = await deletePage(db, path, { tombstone: DEFAULT_PAGES.has(path) });
    return deleted || { status: 404, message: ADMIN_MESSAGES.pageNotFound };
  } catch (error) {
    logger.error({ err: error, path }, "service page could not be deleted");
    return { status: 503, message: PAGE_MESSAGES.deleteFailed };
  }
}

/** A new service page under /service/<slug>: stored hidden, then opened in the editor. */
async function createServicePage(form: FormData, context: RequestContext) {
  const values = {
    name: String(form.get("name") ?? "").trim(),
    slug: String(form.get("slug") ?? "").trim(),
  };
  const errors: Partial<Record<string, string>> = {};
  // The page's name in the menu, as its editor checks it.
  const name = ServiceSchema.shape.name.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]!.message;
  const slug = SlugSchema.safeParse(values.slug);
  if (!slug.success) errors.slug = slug.error.issues[0]!.message;
  const refuse = () =>
    data<CreatePageResult>(
      { ok: false, message: ADMIN_MESSAGES.formInvalid, errors, values },
      { status: 400 },
    );
  if (!slug.success || !name.success) return refuse();

  const path = servicePath(slug.data);
  const content: ServiceContent = {
    kind: "service",
    visible: false,
    name: name.data,
    heroTitle: name.data,
    heroSubtitle: "Beschreibe hier in einem Satz, was du anbietest.",
    heroImage: {
      src: "/images/services/launch.svg",
      alt: "Illustration: startende Rakete mit Sternen und Planet",
      width: 1200,
      height: 800,
    },
    intro: "",
    blocks: [],
    teaser: {
      title: name.data,
      text: "Beschreibe hier in zwei, drei Sätzen, was du anbietest.",
      linkText: `Mehr zu ${name.data}`,
      contactLabel: "Kontakt zu mir",
    },
    ctaTitle: "Lass uns sprechen",
    ctaText: "Erzähl mir von deinem Vorhaben – ich melde mich bei dir.",
    ctaLabel: SERVICE_CTA_LABEL,
    showServiceProjects: false,
    metaTitle: name.data,
    metaDescription: `${name.data}: was ich anbiete, wie ich arbeite und wie wir zusammenkommen.`,
  };
  if (!(await createPageRow(await context.get(databaseContext), path, content))) {
    errors.slug = "Unter dieser Adresse gibt es schon eine Seite.";
    return refuse();
  }
  return redirectWithFlash(`/admin/inhalte/${editorKey(path)}`, {
    type: "success",
    title: ADMIN_MESSAGES.pageCreated,
  });
}
