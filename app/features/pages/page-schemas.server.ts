import {
  CONTROL_CHARACTERS_MESSAGE,
  PLAIN_TEXT,
  SINGLE_LINE,
  SINGLE_LINE_MESSAGE,
} from "~/platform/forms/schemas";
import { z } from "zod";
import { formLimits, type FormLimits } from "~/platform/forms/field-limits";
import { FocusSchema } from "~/features/media/index.server";
import {
  defaultSubmenu,
  hasEditableSubmenu,
  MAX_SUBMENU_ENTRIES,
  MENU_TARGETS,
  SUBMENU_PAGES,
  type MenuSubEntry,
} from "~/features/site";
import {
  CONTACT_LABELS,
  isKnownImageSource,
  SERVICE_CTA_LABEL,
  type PageContent,
  type PageKind,
} from "./page-content";

/**
 * One zod schema per kind of editable page. The editor's action parses the form with
 * it, and stored documents are read back through it, so a page never shows what a schema would
 * refuse. Field errors are keyed by the field's path ("blocks.2.title").
 */

const line = (max: number, missing?: string) => {
  const field = z
    .string()
    // A text area may send line breaks; these fields show as one paragraph.
    .overwrite((value) => value.replace(/\s*\r?\n\s*/g, " "))
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);
  return missing ? field.min(1, missing) : field;
};

const markdownText = (max: number, missing?: string) => {
  const field = z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, "\n"))
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE);
  return missing ? field.min(1, missing) : field;
};

export const ALT_MISSING =
  "Bitte beschreibe das Bild in einem Satz: Screenreader lesen diesen Text vor, und er erscheint, wenn das Bild nicht lädt.";

const ImageSchema = z.object({
  src: z.string().refine(isKnownImageSource, "Dieses Bild gibt es nicht. Bitte lade es neu hoch."),
  alt: line(300, ALT_MISSING),
  width: z.coerce.number().int().min(1).max(20_000),
  height: z.coerce.number().int().min(1).max(20_000),
  focus: FocusSchema,
});

/** A link target: a path of this site, an http(s) address or a mailto link. */
export const LINK_TARGET_MESSAGE =
  "Bitte einen Pfad dieser Website (z. B. /service/webdesign) oder eine Adresse mit https:// angeben.";
export function isLinkTarget(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !/\s/.test(value);
  } catch {
    return false;
  }
}

const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("")])
  .transform((value) => value === true || value === "on");

const metaTitle = line(70, "Bitte gib einen Seitentitel ein.");
const metaDescription = line(200, "Bitte gib eine Beschreibung ein.");

export const HomeSchema = z.object({
  kind: z.literal("home"),
  heroTitle: line(120, "Bitte gib eine Überschrift ein."),
  heroSubtitle: line(300, "Bitte gib eine Unterzeile ein."),
  // None: the hero shows its gradient.
  heroImages: z.array(ImageSchema).max(20, "Höchstens 20 Bilder."),
  // On unless switched off: a home page stored before the switch existed keeps its particles.
  particles: checkbox.default(true),
  newsletterTitle: line(120, "Bitte gib eine Überschrift ein."),
  newsletterText: line(400, "Bitte gib einen Text ein."),
  metaDescription,
});

export const AboutSchema = z.object({
  kind: z.literal("about"),
  title: line(120, "Bitte gib einen Titel ein."),
  text: markdownText(10_000, "Bitte gib einen Text ein."),
  image: ImageSchema,
  keyfactsTitle: line(120, "Bitte gib eine Überschrift für die Keyfacts ein."),
  keyfacts: z
    .array(line(200, "Bitte fülle den Punkt aus oder entferne ihn."))
    .max(20, "Höchstens 20 Punkte."),
  contactLabel: line(80, "Bitte gib eine Beschriftung für den Button ein."),
  metaDescription,
});

export const ContactPageSchema = z.object({
  kind: z.literal("contact"),
  title: line(120, "Bitte gib eine Überschrift ein."),
  intro: line(600, "Bitte gib eine Einleitung ein."),
  detailsTitle: line(120, "Bitte gib eine Überschrift für die Kontaktdaten ein."),
  formTitle: line(120, "Bitte gib eine Überschrift für das Formular ein."),
  newsletterTitle: line(120, "Bitte gib eine Überschrift für den Newsletter ein."),
  newsletterText: line(400, "Bitte gib einen Text zum Newsletter ein."),
  metaTitle,
  metaDescription,
});

export const PortfolioSchema = z.object({
  kind: z.literal("portfolio"),
  title: line(120, "Bitte gib eine Überschrift ein."),
  intro: line(400, "Bitte gib einen Text ein."),
  allLabel: line(40, "Bitte gib eine Beschriftung für den Filter ein."),
  menuAllLabel: line(60, "Bitte gib einen Namen für das Menü ein."),
  hideEmptyCategories: checkbox,
  emptyMessage: line(300, "Bitte gib einen Text für eine leere Liste ein."),
  allEntriesTitle: line(80, "Bitte gib eine Überschrift für alle Einträge ein."),
  moreLabel: line(60, "Bitte gib eine Beschriftung für den Link zum Projekt ein."),
  websiteLabel: line(60, "Bitte gib eine Beschriftung für den Link zur Webseite ein."),
  contactLabel: line(60, "Bitte gib eine Beschriftung für den Link zum Kontakt ein."),
  backLabel: line(80, "Bitte gib eine Beschriftung für den Link zurück ein."),
  detailContactLabel: line(80, "Bitte gib eine Beschriftung für den Button zum Kontakt ein."),
  serviceProjectsTitle: line(120, "Bitte gib eine Überschrift für die Service-Projekte ein."),
  serviceProjectsLinkLabel: line(80, "Bitte gib eine Beschriftung für den Button ein."),
  metaTitle,
  metaDescription,
});

export const CategorySchema = z.object({
  kind: z.literal("category"),
  visible: checkbox,
  name: line(60, "Bitte gib einen Namen für das Menü ein."),
  filterLabel: line(40, "Bitte gib eine Beschriftung für den Filter ein."),
  title: line(60, "Bitte gib einen Titel ein."),
  subtitle: line(200, "Bitte gib einen Untertitel ein."),
  description: line(600, "Bitte gib eine Beschreibung ein."),
  homeLinkLabel: line(80, "Bitte gib eine Beschriftung für den Button ein."),
  emptyMessage: line(300, "Bitte gib einen Text für eine Kategorie ohne Einträge ein."),
});

const BlockSchema = z
  .object({
    title: line(160, "Bitte gib einen Titel ein."),
    text: markdownText(10_000),
    image: ImageSchema,
    linkText: line(80),
    linkTo: line(500).refine((value) => value === "" || isLinkTarget(value), LINK_TARGET_MESSAGE),
    contactLabel: z.enum(CONTACT_LABELS, { error: "Bitte wähle eine Beschriftung." }),
  })
  .superRefine((block, ctx) => {
    if (block.linkText && !block.linkTo)
      ctx.addIssue({ code: "custom", path: ["linkTo"], message: "Bitte gib das Ziel des Links an." });
    if (block.linkTo && !block.linkText)
      ctx.addIssue({ code: "custom", path: ["linkText"], message: "Bitte gib den Text des Links an." });
  });

/** A service page's block on the overview; its image and link are the page's own. */
const TeaserSchema = z.object({
  title: line(160, "Bitte gib einen Titel für den Block auf der Übersicht ein."),
  text: markdownText(4_000),
  linkText: line(80, "Bitte gib den Text des Links zur Seite ein."),
  contactLabel: z.enum(CONTACT_LABELS, { error: "Bitte wähle eine Beschriftung." }),
});

export const ServiceSchema = z.object({
  kind: z.literal("service"),
  visible: checkbox,
  name: line(60, "Bitte gib einen Namen für das Menü ein."),
  heroTitle: line(120, "Bitte gib einen Titel ein."),
  heroSubtitle: line(400, "Bitte gib eine Unterzeile ein."),
  heroImage: ImageSchema,
  intro: markdownText(10_000),
  blocks: z.array(BlockSchema).max(30, "Höchstens 30 Abschnitte."),
  // Absent on the overview, and on a page stored before teasers existed (storedContent fills it).
  teaser: TeaserSchema.optional(),
  ctaTitle: line(160, "Bitte gib eine Überschrift ein."),
  ctaText: line(600, "Bitte gib einen Text ein."),
  // A page stored before the button could be worded (the owner's own pages too) keeps its words.
  ctaLabel: line(80, "Bitte gib eine Beschriftung für den Button ein.").default(SERVICE_CTA_LABEL),
  showServiceProjects: checkbox,
  metaTitle,
  metaDescription,
});

const linkFields = {
  label: line(60, "Bitte gib einen Namen ein."),
  visible: checkbox,
  href: line(500),
  newTab: checkbox,
};

/** Built-in entries lead where the site says; only an own link has an address. */
function checkLink(entry: { target: string; href: string }, ctx: z.RefinementCtx) {
  if (entry.target === "link" && !isLinkTarget(entry.href))
    ctx.addIssue({ code: "custom", path: ["href"], message: LINK_TARGET_MESSAGE });
}
const withoutAddress = <T extends { target: string; href: string; newTab: boolean }>(entry: T): T =>
  entry.target === "link" ? entry : { ...entry, href: "", newTab: false };

const SUBMENU_TARGETS = [
  ...new Set([...SUBMENU_PAGES.products, ...SUBMENU_PAGES.ideas].map(({ key }) => key)),
  "link",
] as const;

const MenuSubEntrySchema = z
  .object({ target: z.enum(SUBMENU_TARGETS, { error: "Diesen Eintrag gibt es nicht." }), ...linkFields })
  .superRefine(checkLink)
  .transform(withoutAddress);

const MenuEntrySchema = z
  .object({
    target: z.enum(MENU_TARGETS, { error: "Diesen Eintrag gibt es nicht." }),
    ...linkFields,
    // A menu stored before submenus were edited has none (filled in below).
    submenu: z
      .array(MenuSubEntrySchema)
      .max(MAX_SUBMENU_ENTRIES, `Höchstens ${MAX_SUBMENU_ENTRIES} Einträge im Untermenü.`)
      .optional(),
  })
  .superRefine(checkLink)
  .transform(withoutAddress);

/**
 * A header entry: Produktwelt and Ideenwelt keep every built-in entry of their submenu (one
 * missing, as in a menu stored before they were edited, is added at the end as it came), own links
 * may have one of own links; the other entries have none (Portfolio and Services show the
 * categories and service pages).
 */
const HeaderEntrySchema = MenuEntrySchema.superRefine((entry, ctx) => {
  const submenu = entry.submenu ?? [];
  submenu.forEach((sub, index) => {
    const builtIns: readonly { key: string }[] =
      entry.target === "products" || entry.target === "ideas" ? SUBMENU_PAGES[entry.target] : [];
    if (sub.target !== "link" && !builtIns.some(({ key }) => key === sub.target))
      ctx.addIssue({
        code: "custom",
        path: ["submenu", index, "target"],
        message: "Diesen Eintrag gibt es nicht.",
      });
    else if (sub.target !== "link" && submenu.findIndex(({ target }) => target === sub.target) !== index)
      ctx.addIssue({
        code: "custom",
        path: ["submenu", index, "target"],
        message: "Diesen Eintrag gibt es im Untermenü schon.",
      });
  });
  if (submenu.length > 0 && !hasEditableSubmenu(entry.target))
    ctx.addIssue({ code: "custom", path: ["submenu"], message: "Dieser Eintrag hat kein Untermenü." });
}).transform(({ submenu = [], ...entry }) => {
  if (entry.target === "link") return { ...entry, submenu };
  if (entry.target !== "products" && entry.target !== "ideas") return entry;
  const missing = defaultSubmenu(entry.target).filter(
    (builtIn) => !submenu.some(({ target }) => target === builtIn.target),
  );
  return { ...entry, submenu: [...submenu, ...missing] as MenuSubEntry[] };
});

/** The footer and the hero have no submenus. */
const PlainEntrySchema = MenuEntrySchema.transform(({ submenu: _submenu, ...entry }) => entry);

const menuEntries = <T extends z.ZodType>(entry: T, max: number) =>
  z.array(entry).max(max, `Höchstens ${max} Einträge.`);

export const MenuSchema = z.object({
  kind: z.literal("menu"),
  header: menuEntries(HeaderEntrySchema, 20),
  footer: menuEntries(PlainEntrySchema, 20),
  hero: menuEntries(PlainEntrySchema, 6),
});

export const FrameSchema = z.object({
  kind: z.literal("frame"),
  footerNavigationTitle: line(60, "Bitte gib eine Überschrift für die Navigation ein."),
  footerLegalTitle: line(60, "Bitte gib eine Überschrift für die rechtlichen Links ein."),
  copyright: line(200, "Bitte gib einen Text nach dem Copyright ein."),
  toTopLabel: line(60, "Bitte gib eine Beschriftung für den Button ein."),
  notFoundTitle: line(120, "Bitte gib eine Überschrift ein."),
  notFoundLinkLabel: line(80, "Bitte gib eine Beschriftung für den Link ein."),
  notFoundMetaTitle: metaTitle,
  notFoundMetaDescription: metaDescription,
});

export const PAGE_SCHEMAS = {
  home: HomeSchema,
  about: AboutSchema,
  contact: ContactPageSchema,
  portfolio: PortfolioSchema,
  category: CategorySchema,
  service: ServiceSchema,
  menu: MenuSchema,
  frame: FrameSchema,
} as const satisfies Record<PageKind, z.ZodType>;

/** Each kind's field limits, for the editor's inputs' `maxLength`. */
export const PAGE_LIMITS = Object.fromEntries(
  Object.entries(PAGE_SCHEMAS).map(([kind, schema]) => [kind, formLimits(schema)]),
) as Record<PageKind, FormLimits>;

export type PageErrors = Record<string, string>;

export type ParsedPage = { ok: true; content: PageContent } | { ok: false; errors: PageErrors };

/** Validates a page document of the given kind; errors keyed by the field's path. */
export function parsePage(kind: PageKind, value: unknown): ParsedPage {
  const result = PAGE_SCHEMAS[kind].safeParse(value);
  if (result.success) return { ok: true, content: result.data as PageContent };
  const errors: PageErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
  return { ok: false, errors };
}

/** A new service page's slug: lower-case letters, digits and single hyphens. */
export const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Bitte gib eine Adresse ein, z. B. coaching.")
  .max(60, "Höchstens 60 Zeichen.")
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. business-coaching.",
  );
