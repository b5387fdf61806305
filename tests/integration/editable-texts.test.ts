import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { CONSENT_TEXTS } from "~/features/newsletter/consent";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { COOKIE_BANNER_TEXT } from "~/features/site/messages";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { renderMarkdown } from "~/platform/markdown.server";
import { CATEGORY_LABELS } from "~/features/projects/project";
import { CONTACT_LABELS } from "~/features/pages/page-content";
import { LEGAL_SLUGS } from "~/features/settings/legal/types";
import { FOOTER_LEGAL } from "~/features/site/menu";
import { engineNeutralDatabases } from "../setup/databases";
import { get, signInOverHttp, withServer } from "../setup/http";
import { tokenize } from "../setup/html";
import { isAdminUrl, routeEndpoints } from "../setup/routes";

/**
 * Every public text is the owner's. On a fresh install this walks the public site
 * from the home page (every internal link, so the list of pages is the site's own: menus,
 * categories, service pages, projects, legal pages), adds the not-found page, and splits what a
 * visitor reads (text outside scripts and styles, the title and the meta description) into
 * sentences. Each sentence must stand in a field the owner can change: the values of the admin's
 * own forms (Inhalte, every page editor, Einstellungen, every project's editor), as they render.
 * What the admin cannot change is listed below, each with its reason.
 */

const unique = randomBytes(4).toString("hex");
const ADMIN = { email: `texte-${unique}@example.org`, password: "Eigene-Worte-2026!" };

/**
 * Texts the owner cannot change on purpose, each group with its reason. Words and sentences as a
 * visitor reads them; an entry that hides nothing any more fails the test (at its end).
 */
const FIXED: { texts: readonly string[]; why: string }[] = [
  {
    why: "the form fields' labels and notes: the forms' behaviour, fixed by the spec (§4/§5)",
    texts: [
      "Name",
      "E-Mail",
      "Betreff",
      "Nachricht",
      "Name (optional)",
      "Nachricht senden",
      "Anmelden",
      "Bestätigungs-E-Mail anfordern",
      "Ich verwende deine Angaben nur, um deine Anfrage zu beantworten.",
      "Details in der",
      "Datenschutzerklärung",
    ],
  },
  { why: "the honeypot field: bots read it, people never see it", texts: ["Website (bitte leer lassen)"] },
  {
    why: "the footer's legal links: the names of the pages they open, as the spec lists them (§2)",
    texts: FOOTER_LEGAL.map((item) => item.title),
  },
  {
    why: "the spec's two labels of a service block's contact link; the owner picks one per block (§2)",
    texts: CONTACT_LABELS,
  },
  {
    why: "screen-reader hints that say what a link or icon does, not what the site says",
    texts: [
      "Zum Inhalt springen",
      "zur Startseite",
      "(öffnet in neuem Tab)",
      "Telefon:",
      "E-Mail:",
      "Schlagwörter:",
    ],
  },
  {
    why: "the category badges: the spec's labels of the fixed project categories (§2)",
    texts: Object.values(CATEGORY_LABELS),
  },
  {
    why: "the submenus of the owner's products and ideas sites: those sites' categories (spec §2)",
    texts: [
      ...["Übersicht", "Software", "Produkte", "Bücher", "Kurse", "Persönlichkeitsentwicklung"],
      ...["Business", "Geschenke", "Gesundheit", "Nachhaltigkeit", "Sonstiges"],
    ],
  },
];

/** Message modules whose every sentence is fixed behaviour, not page copy. */
const FIXED_MESSAGES: { messages: unknown; why: string }[] = [
  { messages: [CONTACT_MESSAGES, FORM_GUARD_MESSAGES], why: "the forms' answers (spec §4/§5/§8)" },
  {
    messages: [NEWSLETTER_MESSAGES, CONSENT_TEXTS],
    why: "the newsletter flow; its consent text is the proof of consent",
  },
  { messages: [PUBLIC_MESSAGES], why: "the project pages' failure messages, the spec's English (§8)" },
  { messages: [COOKIE_BANNER_TEXT], why: "the cookie notice (spec §4/§9)" },
];

/**
 * Text made from a field the owner changes, not a text of its own: a project's date in long
 * German form, the owner's initials in the logo.
 */
const DERIVED = [
  /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/,
  /^\p{Lu}{1,3}$/u,
];

/**
 * The legal pages (Impressum, Datenschutz, Cookies): their text is generated around the owner's
 * data (Einstellungen) and must not be rewritten; only their frame is checked.
 */
const LEGAL_PATHS = new Set(LEGAL_SLUGS.map((slug) => `/${slug}`));

/** Every string in a value, however deeply nested. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** A text as sentences (and headings, labels): pieces with at least one letter. */
function piecesOf(text: string): string[] {
  return squash(text)
    .split(/(?<=[.!?…:])\s+(?=\P{Ll})/u)
    .map((piece) => piece.replace(/^[\s.,;:)–-]+/, "").trim())
    .filter((piece) => /\p{L}/u.test(piece));
}

/**
 * What a visitor reads on a page: text outside scripts and styles, the title's parts (the page's
 * own title and the owner's name), the meta description. `legal`: only the site's frame (header,
 * menus, footer), as the legal text writes the page's content, title and description.
 */
function visibleText(html: string, legal: boolean): string[] {
  const texts: string[] = [];
  let inMain = false;
  let inTitle = false;
  for (const token of tokenize(html)) {
    if (token.type === "start" && token.name === "main") inMain = true;
    if (token.type === "end" && token.name === "main") inMain = false;
    if (token.type === "start" && token.name === "title") inTitle = true;
    if (token.type === "end" && token.name === "title") inTitle = false;
    if (token.type === "text" && !(legal && (inMain || inTitle))) {
      texts.push(...(inTitle ? token.text.split(" | ") : [token.text]));
    }
    if (token.type === "start" && token.name === "meta") {
      const attrs = Object.fromEntries(token.attrs);
      if (attrs.name !== "description" || !attrs.content || legal) continue;
      // A description cut at 160 characters ends in a piece of a word.
      texts.push(attrs.content.length >= 160 ? attrs.content.replace(/\s+\S*$/, "") : attrs.content);
    }
  }
  return texts.flatMap(piecesOf);
}

/** The values the owner can change in a form of the admin: text inputs and text areas. */
function fieldValues(html: string): string[] {
  const values: string[] = [];
  const tokens = tokenize(html);
  tokens.forEach((token, index) => {
    if (token.type !== "start") return;
    const attrs = Object.fromEntries(token.attrs);
    // A project's tags are hidden inputs of the tag editor, which adds and removes them.
    const editable =
      !["hidden", "checkbox", "radio", "file", "submit"].includes(attrs.type ?? "") || attrs.name === "tags";
    if (token.name === "input" && editable && attrs.value && !("readonly" in attrs)) values.push(attrs.value);
    if (token.name === "textarea") {
      const next = tokens[index + 1];
      if (next?.type === "text") values.push(next.text);
    }
  });
  return values;
}

/** Links of a page to other pages of the site. */
function linksOf(html: string, admin: boolean): string[] {
  return tokenize(html).flatMap((token) => {
    if (token.type !== "start" || token.name !== "a") return [];
    const href = Object.fromEntries(token.attrs).href;
    if (!href?.startsWith("/") || href.startsWith("//")) return [];
    const path = href.split("#")[0]!;
    const isAdmin = path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?");
    if (isAdmin !== admin || path.startsWith("/media/") || /\.(xml|txt|json|html)$/.test(path)) return [];
    return [path];
  });
}

/** Every page reachable from `start` through `linksOf` that answers 200, and the not-found pages (404). */
async function crawl(base: string, start: string[], admin: boolean, cookie?: string) {
  const pages = new Map<string, string>();
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await get(base, path, cookie);
    const html = await response.text();
    if (response.status !== 200 && response.status !== 404) {
      pages.set(path, "");
      continue;
    }
    pages.set(path, html);
    for (const link of linksOf(html, admin)) if (!pages.has(link)) queue.push(link);
  }
  return pages;
}

/** Whether `piece` stands in `text` as whole words (a sentence's closing mark aside). */
function containsWords(text: string, sentence: string): boolean {
  const piece = sentence.replace(/[.!?:]$/, "");
  for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + piece.length] ?? " ";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** The sentences of `pages` that are in none of `owned` (the admin's values) and not listed as fixed. */
function notEditable(pages: Map<string, string>, owned: string[]): Map<string, Set<string>> {
  const fixed = [
    ...FIXED.flatMap(({ texts }) => texts),
    ...FIXED_MESSAGES.flatMap(({ messages }) => stringsOf(messages)),
  ].map(squash);
  const whole = new Set([...owned, ...owned.flatMap(piecesOf)].map((value) => value.replace(/[.!?:]$/, "")));
  // A short piece (a label, a heading) must be a field's whole value, not a word in a longer text.
  const isOwned = (piece: string) =>
    piece.split(" ").length <= 3
      ? whole.has(piece.replace(/[.!?:]$/, ""))
      : owned.some((value) => containsWords(value, piece));
  const missing = new Map<string, Set<string>>();
  for (const [path, html] of pages) {
    for (const piece of visibleText(html, LEGAL_PATHS.has(path))) {
      if (isOwned(piece) || DERIVED.some((pattern) => pattern.test(piece))) continue;
      // A list (a project's tags) is the owner's when each of its items is.
      if (piece.includes(", ") && piece.split(", ").every(isOwned)) continue;
      if (fixed.some((value) => containsWords(value, piece))) continue;
      missing.set(piece, (missing.get(piece) ?? new Set()).add(path));
    }
  }
  return missing;
}

/** The admin's values as text: as typed, and, for long texts in Markdown, as rendered. */
function ownedTexts(adminPages: Map<string, string>): string[] {
  const values = [...adminPages.values()].flatMap(fieldValues);
  const rendered = values.flatMap((value) =>
    tokenize(renderMarkdown(value)).flatMap((token) => (token.type === "text" ? [token.text] : [])),
  );
  return [...values, ...rendered].map(squash);
}

/** Public page routes the walk does not reach on a fresh install, and why. */
const NOT_WALKED = new Map([
  ["/sitemap.xml", "not a page"],
  ["/robots.txt", "not a page"],
  ["/media/:id/:file", "images"],
  ["/newsletter/archiv", "off on a fresh install"],
  ["/newsletter/archiv/:id", "off on a fresh install"],
  // Termine: 404 until the owner switches booking on with a visible type.
  ["/termine", "off on a fresh install"],
  ["/termine/:art", "off on a fresh install"],
  ["/termine/bestaetigt/:id", "a booking's signed link"],
  ["/termine/bestaetigt/:id/kalender.ics", "a booking's .ics download"],
  ["/termine/verschieben/:id", "a booking's signed link"],
  ["/termine/absagen/:id", "a booking's signed link"],
]);

/** The route pattern that serves `path`: static segments before dynamic ones, the splat last. */
function routeOf(patterns: string[], path: string): string | undefined {
  const pathname = path.split("?")[0]!;
  const matching = patterns.filter((pattern) =>
    new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+").replace(/\*$/, ".+")}$`).test(pathname),
  );
  const rank = (pattern: string) => (pattern.match(/:/g)?.length ?? 0) + (pattern.endsWith("*") ? 100 : 0);
  return matching.sort((a, b) => rank(a) - rank(b))[0];
}

describe("every public text is the owner's", () => {
  // One database is enough: the texts do not depend on it, and a fresh install is what counts.
  const database = engineNeutralDatabases[0]!;

  test("each sentence of every public page stands in a field of the admin, or is listed as fixed", async () => {
    await withServer(database, {
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      run: async ({ url }) => {
        const walk = await crawl(
          url,
          ["/", "/not-found", `/gibt/es-nicht-${unique}`, "/newsletter/bestaetigen", "/newsletter/abmelden"],
          false,
        );
        // A project's page answers under its second address too (spec §2).
        const project = [...walk.keys()].find((path) => path.startsWith("/project/"))!;
        const alias = await crawl(url, [project.replace("/project/", "/projects/")], false);
        const publicPages = new Map([...walk, ...alias]);
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const adminPages = await crawl(
          url,
          ["/admin", "/admin/inhalte", "/admin/einstellungen"],
          true,
          session,
        );
        const owned = ownedTexts(adminPages);

        // The walk reached every public page route (a new route cannot be forgotten here).
        const patterns = routeEndpoints()
          .map((endpoint) => endpoint.path)
          .filter((path) => !isAdminUrl(path));
        const walked = new Set([...publicPages.keys()].map((path) => routeOf(patterns, path)));
        expect(patterns.filter((pattern) => !walked.has(pattern) && !NOT_WALKED.has(pattern))).toEqual([]);
        // …including the editors of every page, and of every project.
        expect([...adminPages.keys()]).toEqual(
          expect.arrayContaining([
            "/admin/inhalte/kontakt",
            "/admin/inhalte/rahmen",
            "/admin/inhalte/portfolio",
          ]),
        );
        expect([...adminPages.keys()].filter((path) => path.startsWith("/admin?bearbeiten=")).length).toBe(
          [...publicPages.keys()].filter((path) => path.startsWith("/project/")).length,
        );

        const report = [...notEditable(publicPages, owned)].map(
          ([piece, paths]) => `${JSON.stringify(piece)} on ${[...paths].slice(0, 3).join(", ")}`,
        );
        expect(report).toEqual([]);

        // The check fails for a sentence written into a page's code, and passes once it is a field's.
        const probe = new Map([["/probe", "<main><p>Ein fest eingebauter Satz. Kontaktdaten</p></main>"]]);
        expect([...notEditable(probe, owned).keys()]).toEqual(["Ein fest eingebauter Satz."]);
        expect([...notEditable(probe, [...owned, "Ein fest eingebauter Satz."]).keys()]).toEqual([]);

        // Every listed text is still on a page: a stale entry would hide nothing.
        const shown = [...publicPages].flatMap(([path, html]) => visibleText(html, LEGAL_PATHS.has(path)));
        const listed = FIXED.flatMap(({ texts }) => texts);
        expect(listed.filter((text) => !shown.some((piece) => containsWords(squash(text), piece)))).toEqual(
          [],
        );
      },
    });
  });
});
