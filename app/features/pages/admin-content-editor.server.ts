import { data } from "react-router";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/features/admin";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import type { Db } from "~/platform/db/engines.server";
import {
  discardDraft,
  findPageRow,
  findPageVersion,
  listPageVersions,
  publishPage,
  saveDraft,
} from "~/features/pages/queries.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { IMAGE_MESSAGES } from "~/features/media";
import { ImageError, storeUploadedImage, storedImageAt } from "~/features/media/index.server";
import { logger } from "~/platform/logger.server";
import { editorKey, isServiceSubPage, pathOfEditorKey, type PageKind } from "~/features/pages/page-content";
import { deleteServicePage } from "~/features/pages/admin-content.server";
import { hasEditableSubmenu, MENU_PLACES, type MenuTarget } from "~/features/site";
import {
  ALT_MISSING,
  CategorySchema,
  ContactPageSchema,
  FrameSchema,
  PAGE_LIMITS,
  parsePage,
  PortfolioSchema,
  type PageErrors,
} from "~/features/pages/page-schemas.server";
import { storedContent } from "~/features/pages/pages.server";
import { requireAdmin } from "~/features/auth/index.server";
import { isUuid } from "~/platform/uuid";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { UNKNOWN_INTENT } from "~/platform/forms/messages";

/**
 * The server half of /admin/inhalte/:key: one page's draft, preview link, publishing
 * and versions. Every change to the form's structure (a block added, moved or removed) is saved
 * as the draft at once, so the form needs no JavaScript and nothing typed is lost.
 */

export type EditorActionResult = {
  ok: boolean;
  message: string;
  errors?: PageErrors;
  /** What was sent, shown again after a refusal (the form's own shape, not yet valid). */
  values?: Record<string, unknown>;
  /** The list an item was added to, moved in or removed from ("header.2.submenu"): kept open. */
  list?: string;
};

async function pageOfKey(request: Request, context: RequestContext, key: string | undefined) {
  await requireAdmin(request, context);
  const path = key ? pathOfEditorKey(key) : undefined;
  const db = await context.get(databaseContext);
  const row = path ? await findPageRow(db, path) : undefined;
  if (!path || !row)
    throw redirectWithFlash("/admin/inhalte", { type: "error", title: ADMIN_MESSAGES.pageNotFound });
  return { db, path, row };
}

export async function loadEditor(request: Request, context: RequestContext, key: string | undefined) {
  const { db, path, row } = await pageOfKey(request, context, key);
  const published = storedContent(path, row.published) ?? DEFAULT_PAGES.get(path)!;
  const draft = row.draft ? storedContent(path, row.draft) : undefined;
  const versions = await listPageVersions(db, path);
  const content = draft ?? published;
  return {
    key: editorKey(path),
    path,
    content,
    limits: PAGE_LIMITS[content.kind],
    hasDraft: Boolean(draft),
    draftSavedAt: draft ? row.draft_saved_at?.toISOString() : undefined,
    publishedAt: row.published_at.toISOString(),
    /** A service page under the overview, which the owner may delete. */
    deletable: isServiceSubPage(path),
    versions: versions.map((version) => ({
      id: version.id,
      publishedAt: version.published_at.toISOString(),
      replacedAt: version.replaced_at.toISOString(),
    })),
  };
}

export async function editorAction(request: Request, context: RequestContext, key: string | undefined) {
  const { db, path, row } = await pageOfKey(request, context, key);
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  if (!form || typeof intent !== "string") {
    return data<EditorActionResult>(
      { ok: false, message: ADMIN_MESSAGES.unreadableRequest },
      { status: 400 },
    );
  }
  const kind = (storedContent(path, row.published) ?? DEFAULT_PAGES.get(path))?.kind;
  if (!kind)
    return data<EditorActionResult>({ ok: false, message: ADMIN_MESSAGES.pageNotFound }, { status: 404 });

  try {
    if (intent === "discard") {
      await discardDraft(db, path);
      return { ok: true, message: ADMIN_MESSAGES.draftDiscarded } satisfies EditorActionResult;
    }
    if (intent === "restore") {
      const id = form.get("version");
      const version = typeof id === "string" && isUuid(id) ? await findPageVersion(db, path, id) : undefined;
      const content = version && storedContent(path, version.content);
      if (!content) {
        return data<EditorActionResult>(
          { ok: false, message: "Diese Version gibt es nicht mehr." },
          { status: 404 },
        );
      }
      await saveDraft(db, path, content);
      return { ok: true, message: ADMIN_MESSAGES.versionRestored } satisfies EditorActionResult;
    }
    if (intent === "delete-page") {
      const deleted = await deleteServicePage(db, path);
      if (deleted !== true) {
        return data<EditorActionResult>({ ok: false, message: deleted.message }, { status: deleted.status });
      }
      return redirectWithFlash("/admin/inhalte", { type: "success", title: ADMIN_MESSAGES.pageDeleted });
    }
    return await saveOrPublish(db, path, kind, intent, form);
  } catch (error) {
    logger.error({ err: error, path }, "page could not be saved");
    return data<EditorActionResult>(
      { ok: false, message: "Die Seite konnte nicht gespeichert werden. Bitte versuche es später erneut." },
      { status: 503 },
    );
  }
}

/** "save", "publish" or a change of a list ("up:blocks:2", "down:…", "remove:…", "add:blocks"). */
async function saveOrPublish(db: Db, path: string, kind: PageKind, intent: string, form: FormData) {
  const values = formValues(kind, form);
  const refused = (status: number, message: string, errors?: PageErrors) =>
    data<EditorActionResult>({ ok: false, message, errors, values }, { status });

  // A list of the document ("blocks"), or a list inside one's item ("header.2.submenu").
  const listChange = /^(up|down|remove|add):([a-zA-Z]+(?:\.\d+\.[a-zA-Z]+)?)(?::(\d+))?$/.exec(intent);
  const selection = /^remove-selected:(heroImages)$/.exec(intent);
  if (intent !== "save" && intent !== "publish" && !listChange && !selection)
    return refused(400, UNKNOWN_INTENT);
  // Checked before anything is stored, taken out after the uploads (which keep the indices).
  const selected = selection ? selectedItems(values, selection[1]!, form) : undefined;
  if (typeof selected === "string") return refused(400, selected, { [selection![1]!]: selected });

  const uploadErrors = await storeUploads(db, form, values);
  if (uploadErrors) return refused(400, ADMIN_MESSAGES.formInvalid, uploadErrors);
  if (listChange) {
    const refusal = changeList(values, listChange[1] as ListOp, listChange[2]!, Number(listChange[3] ?? -1));
    if (refusal) return refused(400, refusal);
  }
  if (selection && selected) {
    const items = values[selection[1]!] as unknown[];
    values[selection[1]!] = items.filter((_, index) => !selected.has(index));
  }

  const parsed = parsePage(kind, values);
  if (!parsed.ok) return refused(400, ADMIN_MESSAGES.formInvalid, parsed.errors);
  if (intent === "publish") {
    await publishPage(db, path, parsed.content);
    return { ok: true, message: ADMIN_MESSAGES.pagePublished } satisfies EditorActionResult;
  }
  await saveDraft(db, path, parsed.content);
  const removed =
    selected instanceof Set ? `${selected.size} ${selected.size === 1 ? "Bild" : "Bilder"} entfernt. ` : "";
  return {
    ok: true,
    message: `${removed}${ADMIN_MESSAGES.draftSaved}`,
    ...(listChange && { list: listChange[2] }),
  } satisfies EditorActionResult;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The indices of a list's items as the form sent them (`<list>.count` items). */
function indices(form: FormData, list: string): number[] {
  const count = Math.min(Math.max(Number.parseInt(text(form, `${list}.count`), 10) || 0, 0), 50);
  return Array.from({ length: count }, (_, i) => i);
}

const imageValues = (form: FormData, prefix: string) => ({
  src: text(form, `${prefix}.src`),
  alt: text(form, `${prefix}.alt`),
  width: text(form, `${prefix}.width`),
  height: text(form, `${prefix}.height`),
  focus: focusValues(form, prefix),
});

/** A document of single fields: each as the form sends it (an unticked checkbox as ""). */
function flatValues(kind: PageKind, form: FormData, names: string[]): Record<string, unknown> {
  return { ...Object.fromEntries(names.map((name) => [name, text(form, name)])), kind };
}

/** The focal point as the form sent it; none for a form without one (the centre). */
function focusValues(form: FormData, prefix: string) {
  const x = form.get(`${prefix}.focus.x`);
  const y = form.get(`${prefix}.focus.y`);
  return x === null && y === null ? undefined : { x: x ?? "", y: y ?? "" };
}

/** A menu entry's fields (or a submenu entry's) as the form sent them. */
const menuEntryValues = (form: FormData, prefix: string) => ({
  target: text(form, `${prefix}.target`),
  label: text(form, `${prefix}.label`),
  visible: text(form, `${prefix}.visible`),
  href: text(form, `${prefix}.href`),
  newTab: text(form, `${prefix}.newTab`),
});

/** The form as a page document of `kind`, not yet validated. */
function formValues(kind: PageKind, form: FormData): Record<string, unknown> {
  switch (kind) {
    case "home":
      return {
        kind,
        heroTitle: text(form, "heroTitle"),
        heroSubtitle: text(form, "heroSubtitle"),
        heroImages: indices(form, "heroImages").map((i) => imageValues(form, `heroImages.${i}`)),
        particles: text(form, "particles"),
        newsletterTitle: text(form, "newsletterTitle"),
        newsletterText: text(form, "newsletterText"),
        metaDescription: text(form, "metaDescription"),
      };
    case "about":
      return {
        kind,
        title: text(form, "title"),
        text: text(form, "text"),
        image: imageValues(form, "image"),
        keyfactsTitle: text(form, "keyfactsTitle"),
        keyfacts: indices(form, "keyfacts").map((i) => text(form, `keyfacts.${i}`)),
        contactLabel: text(form, "contactLabel"),
        metaDescription: text(form, "metaDescription"),
      };
    case "contact":
      return flatValues(kind, form, Object.keys(ContactPageSchema.shape));
    case "frame":
      return flatValues(kind, form, Object.keys(FrameSchema.shape));
    case "portfolio":
      return flatValues(kind, form, Object.keys(PortfolioSchema.shape));
    case "category":
      return flatValues(kind, form, Object.keys(CategorySchema.shape));
    case "menu":
      return {
        kind,
        ...Object.fromEntries(
          MENU_PLACES.map((place) => [
            place,
            indices(form, place).map((i) => ({
              ...menuEntryValues(form, `${place}.${i}`),
              // Only the header's entries that have one send their submenu (and its count).
              ...(form.has(`${place}.${i}.submenu.count`) && {
                submenu: indices(form, `${place}.${i}.submenu`).map((j) =>
                  menuEntryValues(form, `${place}.${i}.submenu.${j}`),
                ),
              }),
            })),
          ]),
        ),
      };
    case "service":
      return {
        kind,
        visible: text(form, "visible"),
        name: text(form, "name"),
        heroTitle: text(form, "heroTitle"),
        heroSubtitle: text(form, "heroSubtitle"),
        heroImage: imageValues(form, "heroImage"),
        intro: text(form, "intro"),
        // The overview's form has no teaser: its blocks are its pages' teasers.
        ...(form.has("teaser.title")
          ? {
              teaser: {
                title: text(form, "teaser.title"),
                text: text(form, "teaser.text"),
                linkText: text(form, "teaser.linkText"),
                contactLabel: text(form, "teaser.contactLabel"),
              },
            }
          : {}),
        blocks: indices(form, "blocks").map((i) => ({
          title: text(form, `blocks.${i}.title`),
          text: text(form, `blocks.${i}.text`),
          image: imageValues(form, `blocks.${i}.image`),
          linkText: text(form, `blocks.${i}.linkText`),
          linkTo: text(form, `blocks.${i}.linkTo`),
          contactLabel: text(form, `blocks.${i}.contactLabel`),
        })),
        ctaTitle: text(form, "ctaTitle"),
        ctaText: text(form, "ctaText"),
        ctaLabel: text(form, "ctaLabel"),
        showServiceProjects: text(form, "showServiceProjects"),
        metaTitle: text(form, "metaTitle"),
        metaDescription: text(form, "metaDescription"),
      };
  }
}

/**
 * Stores every uploaded file (`<image>.file`) through the upload pipeline and points its image
 * at the upload. A new hero image (`heroImages.new.file`) is appended to the set. The alt text
 * is required with a new image: checked before anything is stored.
 */
async function storeUploads(
  db: Db,
  form: FormData,
  values: Record<string, unknown>,
): Promise<PageErrors | undefined> {
  // A file, or (sent with JavaScript) the path of the image the upload route stored already.
  const uploads = [...form.entries()].filter(
    (entry): entry is [string, File | string] =>
      entry[0].endsWith(".file") &&
      (entry[1] instanceof File ? entry[1].size > 0 : entry[1].startsWith("/media/")),
  );
  const errors: PageErrors = {};
  for (const [name] of uploads) {
    const prefix = name.slice(0, -".file".length);
    if (!text(form, `${prefix}.alt`).trim()) errors[`${prefix}.alt`] = ALT_MISSING;
  }
  if (Object.keys(errors).length > 0) return errors;

  for (const [name, file] of uploads) {
    const prefix = name.slice(0, -".file".length);
    let stored;
    try {
      stored = typeof file === "string" ? await storedImageAt(db, file) : await storeUploadedImage(db, file);
      if (!stored) return { [name]: IMAGE_MESSAGES.notAnImage };
    } catch (error) {
      if (error instanceof ImageError) return { [name]: error.message };
      throw error;
    }
    // The focal point the owner set on the new file's preview goes with it.
    const image = { ...stored, alt: text(form, `${prefix}.alt`), focus: focusValues(form, prefix) };
    if (prefix === "heroImages.new") (values.heroImages as unknown[]).push(image);
    else setAt(values, prefix, image);
  }
  return undefined;
}

/** Sets `value` at a dotted path ("blocks.2.image") of a form document. */
function setAt(target: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split(".");
  let node: Record<string, unknown> | unknown[] = target;
  for (const key of keys.slice(0, -1)) {
    const next = (node as Record<string, unknown>)[key];
    if (typeof next !== "object" || next === null) return;
    node = next as Record<string, unknown>;
  }
  (node as Record<string, unknown>)[keys.at(-1)!] = value;
}

const SELECTION_INVALID = "Die Auswahl passt nicht zu den Bildern. Bitte lade die Seite neu.";

/** The ticked items of a list (`<list>.selected`): whole indices of its items, at least one. */
const selectionSchema = (count: number) =>
  z
    .array(
      z.coerce
        .number()
        .int(SELECTION_INVALID)
        .min(0, SELECTION_INVALID)
        .max(count - 1, SELECTION_INVALID),
    )
    .min(1, "Bitte wähle mindestens ein Bild aus.")
    .transform((indices) => new Set(indices));

/**
 * "Ausgewählte entfernen": the indices of the ticked items, or why they cannot go (nothing
 * ticked, an index the list does not have).
 */
function selectedItems(values: Record<string, unknown>, list: string, form: FormData): Set<number> | string {
  const items = values[list];
  if (!Array.isArray(items)) return UNKNOWN_INTENT;
  const parsed = selectionSchema(items.length).safeParse(form.getAll(`${list}.selected`));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? SELECTION_INVALID;
  return parsed.data;
}

type ListOp = "up" | "down" | "remove" | "add";

/** What "add" puts into a list: a start the owner then rewrites. */
const newLink = () => ({ target: "link", label: "Neuer Eintrag", visible: "on", href: "/", newTab: "" });

/** The menus' lists, whose built-in entries are only hidden, never removed. */
const MENU_LISTS = new Set([...MENU_PLACES, "submenu"]);

const NEW_ITEMS: Record<string, () => unknown> = {
  header: newLink,
  footer: newLink,
  hero: newLink,
  submenu: newLink,
  keyfacts: () => "Neuer Punkt",
  blocks: () => ({
    title: "Neuer Abschnitt",
    text: "",
    image: {
      src: "/images/services/launch.svg",
      alt: "Illustration: startende Rakete mit Sternen und Planet",
      width: 1200,
      height: 800,
    },
    linkText: "",
    linkTo: "",
    contactLabel: "Kontakt zu mir",
  }),
};

/** Changes the list at `path` ("blocks", "header.2.submenu"); a German refusal when it may not. */
function changeList(values: Record<string, unknown>, op: ListOp, path: string, index: number) {
  const keys = path.split(".");
  const name = keys.at(-1)!;
  if (keys.length > 1) {
    // Only the header's entries have lists inside them: the submenus.
    const parent = valueAt(values, keys.slice(0, -1));
    if (typeof parent !== "object" || parent === null) return "Diesen Eintrag gibt es nicht.";
    if (name !== "submenu") return UNKNOWN_INTENT;
    const entry = parent as { target?: unknown; submenu?: unknown };
    if (keys[0] !== "header" || !hasEditableSubmenu(entry.target as MenuTarget))
      return "Dieser Eintrag hat kein Untermenü.";
    entry.submenu ??= [];
  }
  const items = valueAt(values, keys);
  if (!Array.isArray(items)) return undefined;
  if (op === "add") {
    const item = NEW_ITEMS[name];
    if (item) items.push(item());
    return undefined;
  }
  if (index < 0 || index >= items.length) return undefined;
  if (op === "remove") {
    if (MENU_LISTS.has(name) && (items[index] as { target?: unknown }).target !== "link")
      return "Eingebaute Einträge kannst du nur ausblenden, nicht entfernen.";
    items.splice(index, 1);
  }
  const other = op === "up" ? index - 1 : op === "down" ? index + 1 : -1;
  if (other >= 0 && other < items.length) [items[index], items[other]] = [items[other], items[index]];
  return undefined;
}

/** The value at `keys` of a form document. */
function valueAt(values: unknown, keys: string[]): unknown {
  return keys.reduce<unknown>(
    (node, key) =>
      typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined,
    values,
  );
}
