import { data } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { createPageRow, listPageRows } from "~/features/pages/queries.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { editorKey, servicePath, type ServiceContent } from "~/features/pages/page-content";
import { ServiceSchema, SlugSchema } from "~/features/pages/page-schemas.server";
import { fieldLimits } from "~/platform/forms/field-limits";
import { storedContent } from "~/features/pages/pages.server";
import { requireAdmin } from "~/features/auth/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/** The server half of /admin/inhalte: every editable page, and new service pages. */

export type ContentListEntry = {
  key: string;
  path: string;
  title: string;
  group: "Seiten" | "Menüs" | "Leistungen" | "Kategorien";
  visible: boolean;
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
    };
    switch (content.kind) {
      case "home":
        return [{ ...common, title: "Startseite", group: "Seiten" }];
      case "about":
        return [{ ...common, title: "Über mich", group: "Seiten" }];
      case "menu":
        // The menus have no page of their own to open.
        return [{ ...common, path: "", title: "Menüs", group: "Menüs" }];
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

/** A new service page under /service/<slug>: stored hidden, then opened in the editor. */
export async function createServicePage(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const values = {
    name: String(form?.get("name") ?? "").trim(),
    slug: String(form?.get("slug") ?? "").trim(),
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
    ctaTitle: "Lass uns sprechen",
    ctaText: "Erzähl mir von deinem Vorhaben – ich melde mich bei dir.",
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
