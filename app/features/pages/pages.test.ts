import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
  DEFAULT_ABOUT,
  DEFAULT_HOME,
  DEFAULT_PAGES,
  serviceTextToMarkdown,
} from "~/features/pages/built-in-pages";
import { SERVICE_PAGES } from "~/features/pages/services";
import type { Db } from "~/platform/db/engines.server";
import {
  createPageRow,
  deletePageRow,
  discardDraft,
  findPageRow,
  findPageVersion,
  insertMissingPages,
  KEPT_VERSIONS,
  listPageRows,
  listPageVersions,
  publishPage,
  saveDraft,
} from "~/features/pages/queries.server";
import { pages, pageVersions } from "~/platform/db/schema";
import { renderMarkdown } from "~/platform/markdown.server";
import {
  CONTACT_LABELS,
  editorKey,
  pathOfEditorKey,
  type PageContent,
  type ServiceContent,
} from "~/features/pages/page-content";
import {
  ALT_MISSING,
  isLinkTarget,
  LINK_TARGET_MESSAGE,
  parsePage,
  SlugSchema,
} from "~/features/pages/page-schemas.server";
import {
  overviewBlocks,
  readPublishedPages,
  serviceMenuOf,
  storedContent,
  visibleServices,
} from "~/features/pages/pages.server";
import { test, testDatabases } from "#tests/setup/databases";
import { shownText, tokenize, type Token } from "#tests/setup/html";

/**
 * The editable pages: the Markdown renderer lets nothing run, the built-in copy
 * survives its conversion to Markdown word for word, drafts, publishing and versions on both
 * databases, and the schemas the editor and the stored documents pass through.
 */

// ── Reading rendered HTML the way a browser would ──

const starts = (html: string) =>
  tokenize(html).filter((token): token is Extract<Token, { type: "start" }> => token.type === "start");
const elementsOf = (html: string) => starts(html).map((token) => token.name);
const countOf = (html: string, name: string) => elementsOf(html).filter((element) => element === name).length;
const linksOf = (html: string) =>
  starts(html)
    .filter((token) => token.name === "a")
    .map((token) => Object.fromEntries(token.attrs).href);
const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text of every paragraph and list item, in document order. */
function blockTexts(html: string): string[] {
  const texts: string[] = [];
  let open: string[] | undefined;
  for (const token of tokenize(html)) {
    if (token.type === "start" && (token.name === "p" || token.name === "li")) open = [];
    else if (token.type === "end" && (token.name === "p" || token.name === "li") && open) {
      texts.push(normalise(open.join("")));
      open = undefined;
    } else if (token.type === "text" && open) open.push(token.text);
  }
  return texts;
}

/** What the renderer may produce; everything else (and every other attribute) is injected. */
const ALLOWED_ELEMENTS = new Set([
  "p",
  "br",
  "h3",
  "h4",
  "strong",
  "em",
  "ul",
  "ol",
  "li",
  "a",
  "code",
  "pre",
  "blockquote",
  "hr",
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ["href", "title"], code: ["class"], ol: ["start"] };
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

/** Everything in rendered Markdown that a browser could run or load. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const token of tokenize(html)) {
    if (token.type === "comment") found.push(`comment <!--${token.text}-->`);
    if (token.type === "raw") found.push(`raw text element <${token.name}>`);
    if (token.type !== "start") continue;
    if (!ALLOWED_ELEMENTS.has(token.name)) found.push(`element <${token.name}>`);
    for (const [name, value] of token.attrs) {
      if (!(ALLOWED_ATTRIBUTES[token.name] ?? []).includes(name))
        found.push(`attribute ${name}="${value}" on <${token.name}>`);
      // Browsers drop control characters and spaces around and inside a scheme.
      // eslint-disable-next-line no-control-regex -- that is what is removed here
      if (name === "href" && !SAFE_HREF.test(value.replace(/[\u0000-\u0020]/g, "")))
        found.push(`link to ${JSON.stringify(value)}`);
    }
  }
  return found;
}

describe("Markdown rendering", () => {
  test("the check itself finds what a browser would run", () => {
    for (const html of [
      `<p><img src=x onerror=alert(1)></p>`,
      `<p><a href="javascript:alert(1)">x</a></p>`,
      `<p><a href=" java\tscript:alert(1)">x</a></p>`,
      `<a href="//evil.example">x</a>`,
      `<p onclick="x">x</p>`,
      `<script>alert(1)</script>`,
      `<!-- x -->`,
      `<iframe src="/x"></iframe>`,
    ]) {
      expect(dangers(html), html).not.toEqual([]);
    }
    expect(dangers(`<p><a href="https://example.org" title="t">x</a><br />y</p>`)).toEqual([]);
  });

  test("raw HTML, script and event handlers are shown as text, never as markup", () => {
    const payloads = [
      `<script>window.__xss=1</script>`,
      `<img src=x onerror=window.__xss=2>`,
      `<svg onload=window.__xss=3>`,
      `Text <b onclick="window.__xss=4">fett</b> und <a href="javascript:alert(5)">Link</a>`,
      `<div onclick="window.__xss=6">\n\nInhalt\n\n</div>`,
      `<iframe src="javascript:alert(7)"></iframe>`,
      `<style>body{background:url(javascript:alert(8))}</style>`,
      `<!-- <script>window.__xss=9</script> -->`,
      `<![CDATA[<script>window.__xss=10</script>]]>`,
      `<?php echo 1; ?>`,
      `&lt;script&gt;window.__xss=11&lt;/script&gt;`,
      `&#60;img src=x onerror=window.__xss=12&#62;`,
      `<javascript:alert(13)>`,
      "```html\n<script>window.__xss=14</script>\n```",
      "    <script>window.__xss=15</script>",
    ];
    for (const payload of payloads) {
      const html = renderMarkdown(payload);
      expect(dangers(html), `${payload} → ${html}`).toEqual([]);
      expect(html).not.toMatch(/<(?:script|img|svg|iframe|style|div|b)\b/i);
    }
    // The tag is shown as the text it is.
    expect(shownText(tokenize(renderMarkdown(payloads[0]!))).trim()).toBe(payloads[0]);
    expect(shownText(tokenize(renderMarkdown(payloads[1]!))).trim()).toBe(payloads[1]);
  });

  test("links that would run script or leave for another host are not links", () => {
    const bad = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "JAVASCRIPT:alert(1)",
      "&#106;avascript:alert(1)",
      "&#x6A;avascript:alert(1)",
      "jav&#97;script:alert(1)",
      "javascript&colon;alert(1)",
      "java&#x09;script:alert(1)",
      "&NewLine;javascript:alert(1)",
      "&#0;javascript:alert(1)",
      "%6Aavascript:alert(1)",
      "<javascript:alert(1)>",
      "data:text/html,<script>alert(1)</script>",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "DATA:text/html,x",
      "vbscript:msgbox(1)",
      "VbScRiPt:msgbox(1)",
      "//evil.example/x",
      "&#47;&#47;evil.example/x",
      "\\/\\/evil.example/x",
      "/\\/evil.example/x",
      "ftp://example.org/x",
      "file:///etc/passwd",
      "https:alert(1)",
    ];
    for (const target of bad) {
      for (const markdown of [`[klick](${target})`, `[klick][ref]\n\n[ref]: ${target}`]) {
        const html = renderMarkdown(markdown);
        expect(dangers(html), `${markdown} → ${html}`).toEqual([]);
        expect(linksOf(html), `${markdown} → ${html}`).toEqual([]);
      }
    }
    for (const autolink of [
      "<javascript:alert(1)>",
      "<JAVASCRIPT:alert(1)>",
      "<vbscript:x>",
      "<data:text/html,x>",
    ]) {
      expect(linksOf(renderMarkdown(autolink)), autolink).toEqual([]);
    }
    // A backslash after the slash stays in the path (percent-encoded), not a second slash.
    for (const target of ["/\\evil.example/x", "</\t/evil.example>", "/&#92;evil.example"]) {
      const html = renderMarkdown(`[klick](${target})`);
      expect(dangers(html), `${target} → ${html}`).toEqual([]);
      for (const href of linksOf(html)) expect(href, target).toMatch(/^\/[^/\\]/);
    }
  });

  test("Markdown images become no image and load nothing", () => {
    for (const markdown of [
      "![Bild](https://example.org/bild.png)",
      "![x](javascript:alert(1))",
      "![x](data:image/png;base64,AAAA)",
      '![x](/images/x.png "Titel")',
      "![x][bild]\n\n[bild]: https://example.org/b.png",
      "[![x](https://example.org/b.png)](https://example.org)",
    ]) {
      const html = renderMarkdown(markdown);
      expect(dangers(html), `${markdown} → ${html}`).toEqual([]);
      expect(html, markdown).not.toMatch(/<img|src=/i);
    }
  });

  test("what the owner may write: paragraphs, headings 3 and 4, emphasis, lists, links, line breaks", () => {
    const html = renderMarkdown(
      [
        "# Eins",
        "## Zwei",
        "### Drei",
        "#### Vier",
        "##### Fünf",
        "###### Sechs",
        "",
        "Setext",
        "======",
        "",
        "Ein **fetter** und ein *kursiver* Text,",
        "in der nächsten Zeile.",
        "",
        "- Punkt eins",
        "- Punkt zwei",
        "",
        "1. Erstens",
        "2. Zweitens",
        "",
        "[Webdesign](/service/webdesign), [extern](https://example.org/seite?x=1), " +
          "[http](http://example.org), [Mail](mailto:kim@example.org) und <https://example.org/auto>.",
      ].join("\n"),
    );
    expect(dangers(html)).toEqual([]);
    const headings = starts(html).filter((token) => /^h\d$/.test(token.name));
    expect(headings.map((token) => token.name)).toEqual(["h3", "h3", "h3", "h4", "h4", "h4", "h3"]);
    expect(html).not.toMatch(/<h[1256]/);
    expect(html).toContain("<h3>Eins</h3>");
    expect(html).toContain("<h4>Fünf</h4>");
    expect(html).toContain("<strong>fetter</strong>");
    expect(html).toContain("<em>kursiver</em>");
    expect(html).toMatch(/Text,<br \/>\s*in der nächsten Zeile\./);
    expect(html).toMatch(/<ul>\s*<li>Punkt eins<\/li>\s*<li>Punkt zwei<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>Erstens<\/li>\s*<li>Zweitens<\/li>\s*<\/ol>/);
    expect(linksOf(html)).toEqual([
      "/service/webdesign",
      "https://example.org/seite?x=1",
      "http://example.org",
      "mailto:kim@example.org",
      "https://example.org/auto",
    ]);
    expect(countOf(html, "p")).toBe(2);
    // One line break makes a <br>, an empty line a new paragraph.
    expect(renderMarkdown("a\nb")).toBe("<p>a<br />\nb</p>\n");
    expect(countOf(renderMarkdown("a\n\nb"), "p")).toBe(2);
  });

  test("text inside links and titles stays text; quotes cannot leave the attribute", () => {
    for (const markdown of [
      `[<img src=x onerror=alert(1)>](/x)`,
      `[x](/x "<script>alert(1)</script>")`,
      `[x](/x "\\" onmouseover=\\"alert(1)")`,
      `[x](https://example.org/"onmouseover="alert(1))`,
      `[x](/a'onmouseover='alert(1))`,
      `**<img src=x onerror=alert(1)>**`,
      `- <script>alert(1)</script>`,
      `### <svg onload=alert(1)>`,
    ]) {
      const html = renderMarkdown(markdown);
      expect(dangers(html), `${markdown} → ${html}`).toEqual([]);
    }
  });
});

// ── The built-in copy as Markdown ──

describe("the built-in content as Markdown", () => {
  test("every service block renders to exactly the old copy: its paragraphs and list items", () => {
    let blocks = 0;
    for (const page of SERVICE_PAGES) {
      const content = DEFAULT_PAGES.get(page.path) as ServiceContent;
      expect(content?.kind, page.path).toBe("service");
      // The overview's blocks are its pages' teasers, in the built-in order of the pages.
      const shown = page.path === "/service" ? overviewBlocks(DEFAULT_PAGES) : content.blocks;
      expect(shown, page.path).toHaveLength(page.blocks.length);
      page.blocks.forEach((old, index) => {
        const what = `${page.path} block ${index + 1} (${old.title})`;
        const block = shown[index]!;
        expect(block.text, what).toBe(serviceTextToMarkdown(old.body));
        const html = renderMarkdown(block.text);
        const expected = old.body.flatMap((text) => (typeof text === "string" ? [text] : text));
        expect(blockTexts(html), what).toEqual(expected.map(normalise));
        expect(countOf(html, "p"), what).toBe(old.body.filter((text) => typeof text === "string").length);
        expect(countOf(html, "li"), what).toBe(
          old.body.reduce((sum, text) => sum + (typeof text === "string" ? 0 : text.length), 0),
        );
        expect(countOf(html, "ul"), what).toBe(old.body.filter((text) => typeof text !== "string").length);
        // Nothing else: the old copy had no headings, emphasis, links or line breaks.
        expect(new Set(elementsOf(html)), what).toEqual(
          new Set(old.body.some((text) => typeof text !== "string") ? ["p", "ul", "li"] : ["p"]),
        );
        // The fields around the text are carried over unchanged.
        expect(block, what).toMatchObject({
          title: old.title,
          image: { src: old.image.src, alt: old.image.alt },
          linkText: old.link?.text ?? "",
          linkTo: old.link?.to ?? "",
          contactLabel: old.contactLabel,
        });
        blocks++;
      });
      if (page.intro) {
        const html = renderMarkdown(content.intro);
        expect(blockTexts(html), `${page.path} intro`).toEqual([normalise(page.intro)]);
        expect(elementsOf(html), `${page.path} intro`).toEqual(["p"]);
      } else {
        expect(content.intro, page.path).toBe("");
      }
      expect(content, page.path).toMatchObject({
        name: page.name,
        heroTitle: page.hero.title,
        heroSubtitle: page.hero.subtitle,
        ctaTitle: page.callToAction.title,
        ctaText: page.callToAction.text,
        showServiceProjects: page.showServiceProjects,
        metaTitle: page.meta.title,
        metaDescription: page.meta.description,
        visible: true,
      });
    }
    // All ten service pages with their blocks were compared.
    expect(SERVICE_PAGES).toHaveLength(10);
    expect(blocks).toBeGreaterThan(30);
  });

  test("the about text is its three paragraphs", () => {
    const html = renderMarkdown(DEFAULT_ABOUT.text);
    expect(elementsOf(html)).toEqual(["p", "p", "p"]);
    expect(blockTexts(html)).toEqual(DEFAULT_ABOUT.text.split("\n\n").map(normalise));
  });

  test("every built-in page passes its own schema unchanged", () => {
    for (const [path, content] of DEFAULT_PAGES) {
      const parsed = parsePage(content.kind, content);
      expect(parsed.ok ? {} : parsed.errors, path).toEqual({});
      expect(parsed.ok && parsed.content, path).toEqual(content);
    }
    expect([...DEFAULT_PAGES.keys()].slice(0, 2)).toEqual(["/", "/about"]);
    expect(DEFAULT_HOME.heroImages.length).toBeGreaterThanOrEqual(1);
  });

  test("a page stored before a field existed gets the field's built-in words, and keeps its own", () => {
    const stored = (path: string, added: string[]) => {
      const content = { ...DEFAULT_PAGES.get(path)!, title: "Eigener Titel" } as Record<string, unknown>;
      for (const field of added) delete content[field];
      return storedContent(path, content) as Record<string, unknown> | undefined;
    };
    const about = stored("/about", ["keyfactsTitle", "contactLabel", "metaDescription"]);
    expect(about).toMatchObject({ title: "Eigener Titel", keyfactsTitle: "Keyfacts" });
    expect(about?.contactLabel).toBe("Lass uns kennenlernen");
    expect(stored("/", ["metaDescription"])?.metaDescription).toMatch(/^Coaching, Consulting/);
    const portfolio = stored("/projects", ["moreLabel", "backLabel", "serviceProjectsTitle"]);
    expect(portfolio).toMatchObject({ title: "Eigener Titel", moreLabel: "Mehr erfahren" });
    expect(portfolio?.serviceProjectsTitle).toBe("Ausgewählte Service-Leistungen");
    // The owner's own service pages have no built-in page: their schema words the button.
    const { ctaLabel: _label, ...ownPage } = { ...SERVICE, name: "Coaching" };
    expect(storedContent("/service/coaching", ownPage)).toMatchObject({ ctaLabel: "Kontakt aufnehmen" });
  });

  test("editor keys and paths map to each other for every built-in page", () => {
    for (const path of DEFAULT_PAGES.keys()) {
      const key = editorKey(path);
      expect(key, path).not.toContain("/");
      expect(pathOfEditorKey(key), key).toBe(path);
    }
    expect(editorKey("/service/business-coaching")).toBe("service-business-coaching");
    expect(pathOfEditorKey("service-business-coaching")).toBe("/service/business-coaching");
    for (const key of [
      "",
      "category",
      "admin",
      "service-",
      "service--x",
      "service-X",
      "../etc",
      "category-a/b",
    ]) {
      expect(pathOfEditorKey(key), key).toBeUndefined();
    }
  });
});

// ── Schemas ──

const SERVICE = DEFAULT_PAGES.get("/service/webdesign") as ServiceContent;
const BLOCK = SERVICE.blocks[0]!;
const serviceErrors = (changes: Partial<ServiceContent>) => {
  const parsed = parsePage("service", { ...SERVICE, ...changes });
  return parsed.ok ? {} : parsed.errors;
};
const blockErrors = (changes: Record<string, unknown>) =>
  serviceErrors({ blocks: [{ ...BLOCK, ...changes } as ServiceContent["blocks"][number]] });

describe("the page schemas", () => {
  test("link targets: paths of this site, http(s) and mailto; nothing that runs or leaves by //", () => {
    for (const good of [
      "/",
      "/service/webdesign",
      "/contact#formular",
      "/projects?category=project",
      "https://example.org",
      "https://example.org/pfad?x=1#y",
      "http://example.org",
      "HTTPS://EXAMPLE.ORG",
      "mailto:kim@example.org",
      "MAILTO:kim@example.org",
    ]) {
      expect(isLinkTarget(good), good).toBe(true);
    }
    for (const bad of [
      "",
      " ",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/x",
      "/\\evil.example/x",
      "\\\\evil.example/x",
      "/ pfad mit leerzeichen",
      "service/webdesign",
      "www.example.org",
      "ftp://example.org",
      "file:///etc/passwd",
      "https://exa mple.org",
      "mailto:",
      "mailto:kim",
      "mailto:kim@example.org?bcc=x@y.z extra",
    ]) {
      expect(isLinkTarget(bad), JSON.stringify(bad)).toBe(false);
    }
    // In a block the same rule applies, with the editor's message; text and target go together.
    expect(blockErrors({ linkText: "Mehr", linkTo: "javascript:alert(1)" })).toEqual({
      "blocks.0.linkTo": LINK_TARGET_MESSAGE,
    });
    expect(blockErrors({ linkText: "Mehr", linkTo: "//evil.example" })).toEqual({
      "blocks.0.linkTo": LINK_TARGET_MESSAGE,
    });
    expect(blockErrors({ linkText: "Mehr", linkTo: "" })).toEqual({
      "blocks.0.linkTo": "Bitte gib das Ziel des Links an.",
    });
    expect(blockErrors({ linkText: "", linkTo: "/contact" })).toEqual({
      "blocks.0.linkText": "Bitte gib den Text des Links an.",
    });
    expect(blockErrors({ linkText: "", linkTo: "" })).toEqual({});
    expect(blockErrors({ linkText: "Mehr", linkTo: "https://example.org" })).toEqual({});
  });

  test("slugs: lower-case letters, digits and single hyphens, at most 60", () => {
    const slug = (value: string) => SlugSchema.safeParse(value);
    expect(slug("business-coaching").data).toBe("business-coaching");
    expect(slug("  Business-Coaching ").data).toBe("business-coaching");
    expect(slug("ki2go").data).toBe("ki2go");
    expect(slug("a".repeat(60)).success).toBe(true);
    expect(slug("a".repeat(61)).error?.issues[0]?.message).toBe("Höchstens 60 Zeichen.");
    expect(slug("").error?.issues[0]?.message).toBe("Bitte gib eine Adresse ein, z. B. coaching.");
    for (const bad of [
      "-coaching",
      "coaching-",
      "business--coaching",
      "über",
      "a_b",
      "a/b",
      "a b",
      "../x",
      "a.b",
    ]) {
      expect(slug(bad).success, bad).toBe(false);
    }
    expect(slug("a_b").error?.issues[0]?.message).toBe(
      "Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche, z. B. business-coaching.",
    );
  });

  test("every image needs its alt text, and a known source", () => {
    const about = parsePage("about", { ...DEFAULT_ABOUT, image: { ...DEFAULT_ABOUT.image, alt: "   " } });
    expect(about.ok ? {} : about.errors).toEqual({ "image.alt": ALT_MISSING });
    expect(blockErrors({ image: { ...BLOCK.image, alt: "" } })).toEqual({
      "blocks.0.image.alt": ALT_MISSING,
    });
    expect(serviceErrors({ heroImage: { ...SERVICE.heroImage, alt: "" } })).toEqual({
      "heroImage.alt": ALT_MISSING,
    });
    const home = parsePage("home", {
      ...DEFAULT_HOME,
      heroImages: [DEFAULT_HOME.heroImages[0], { ...DEFAULT_HOME.heroImages[1]!, alt: "" }],
    });
    expect(home.ok ? {} : home.errors).toEqual({ "heroImages.1.alt": ALT_MISSING });
    for (const src of [
      "https://example.org/x.png",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "/images/../x",
    ]) {
      expect(Object.keys(serviceErrors({ heroImage: { ...SERVICE.heroImage, src } })), src).toEqual([
        "heroImage.src",
      ]);
    }
    expect(serviceErrors({ heroImage: { ...SERVICE.heroImage, src: `/media/${randomUUID()}` } })).toEqual({});
  });

  test("the home page may have no hero image (its gradient shows), and at most 20", () => {
    expect(parsePage("home", { ...DEFAULT_HOME, heroImages: [] }).ok).toBe(true);
    const many = parsePage("home", {
      ...DEFAULT_HOME,
      heroImages: Array(21).fill(DEFAULT_HOME.heroImages[3]),
    });
    expect(many.ok ? {} : many.errors).toEqual({ heroImages: "Höchstens 20 Bilder." });
  });

  test("a block's contact label is one of the two", () => {
    for (const label of CONTACT_LABELS) expect(blockErrors({ contactLabel: label }), label).toEqual({});
    for (const label of ["Jetzt kaufen", "", "kontakt zu mir", "<script>"]) {
      expect(blockErrors({ contactLabel: label }), label).toEqual({
        "blocks.0.contactLabel": "Bitte wähle eine Beschriftung.",
      });
    }
  });

  test("Markdown fields keep their lines, one-line fields are one line, control characters are refused", () => {
    const parsed = parsePage("service", {
      ...SERVICE,
      heroTitle: "Zwei\r\nZeilen",
      intro: "Absatz 1\r\nZeile 2\r\n\r\n- Punkt",
      visible: "on",
      showServiceProjects: "",
    });
    expect(parsed.ok).toBe(true);
    const content = (parsed.ok && parsed.content) as ServiceContent;
    expect(content.heroTitle).toBe("Zwei Zeilen");
    expect(content.intro).toBe("Absatz 1\nZeile 2\n\n- Punkt");
    expect(content.visible).toBe(true);
    expect(content.showServiceProjects).toBe(false);
    expect(Object.keys(serviceErrors({ intro: "a\u0000b" }))).toEqual(["intro"]);
    expect(Object.keys(serviceErrors({ name: "a\tb" }))).toEqual(["name"]);
    expect(Object.keys(serviceErrors({ intro: "x".repeat(10_001) }))).toEqual(["intro"]);
    // A document of another kind, or a bare kind, is no page.
    expect(parsePage("service", DEFAULT_ABOUT).ok).toBe(false);
    expect(parsePage("service", { kind: "service" }).ok).toBe(false);
  });
});

// ── Storage on both databases ──

const DEFAULTS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));
const PATH = "/service/webdesign";

/** The webdesign page with a marked hero title. */
const edited = (title: string): ServiceContent => ({ ...SERVICE, heroTitle: title });
const titleOf = (content: PageContent | undefined) =>
  content && "heroTitle" in content ? content.heroTitle : undefined;

async function rowOf(db: Db, path: string) {
  const row = await findPageRow(db, path);
  if (!row) throw new Error(`no row for ${path}`);
  return row;
}

describe.each(testDatabases)("pages stored on $name", (database) => {
  test.override({ database });

  test("the built-in pages fill an empty table once, and an edited page is never overwritten", async ({
    db,
  }) => {
    expect(await listPageRows(db)).toEqual([]);
    expect(await insertMissingPages(db, DEFAULTS)).toBe(DEFAULT_PAGES.size);
    expect(await insertMissingPages(db, DEFAULTS)).toBe(0);
    const rows = await listPageRows(db);
    expect(rows.map((row) => row.path)).toEqual([...DEFAULT_PAGES.keys()]);
    for (const row of rows) {
      expect(row.published, row.path).toEqual(DEFAULT_PAGES.get(row.path));
      expect(row.draft, row.path).toBeNull();
    }
    expect(await db.select().from(pageVersions)).toEqual([]);

    await publishPage(db, PATH, edited("Eigene Fassung"));
    await deletePageRow(db, "/service/ki");
    expect(await insertMissingPages(db, DEFAULTS)).toBe(1);
    expect(titleOf((await rowOf(db, PATH)).published)).toBe("Eigene Fassung");
    expect((await rowOf(db, "/service/ki")).published).toEqual(DEFAULT_PAGES.get("/service/ki"));
    expect(await listPageRows(db)).toHaveLength(DEFAULT_PAGES.size);
  });

  test("a draft leaves the live page alone; publishing makes it live, keeps the old one, ends the draft", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    const before = await rowOf(db, PATH);

    await saveDraft(db, PATH, edited("Entwurf"));
    const drafted = await rowOf(db, PATH);
    expect(drafted.published).toEqual(SERVICE);
    expect(drafted.published_at).toEqual(before.published_at);
    expect(titleOf(drafted.draft ?? undefined)).toBe("Entwurf");
    expect(drafted.draft_saved_at).toBeInstanceOf(Date);
    expect(titleOf((await readPublishedPages(db)).get(PATH))).toBe(SERVICE.heroTitle);
    expect(await listPageVersions(db, PATH)).toEqual([]);

    expect(await publishPage(db, PATH, edited("Live"))).toBe(true);
    const published = await rowOf(db, PATH);
    expect(titleOf(published.published)).toBe("Live");
    expect(published.draft).toBeNull();
    expect(published.draft_saved_at).toBeNull();
    expect(published.published_at.getTime()).toBeGreaterThan(before.published_at.getTime());
    expect(titleOf((await readPublishedPages(db)).get(PATH))).toBe("Live");
    const versions = await listPageVersions(db, PATH);
    expect(versions).toHaveLength(1);
    expect(versions[0]!.content).toEqual(SERVICE);
    expect(versions[0]!.published_at).toEqual(before.published_at);
    // Other pages have no versions; an unknown page cannot be published.
    expect(await listPageVersions(db, "/about")).toEqual([]);
    expect(await publishPage(db, "/service/gibt-es-nicht", edited("x"))).toBe(false);
    expect(await findPageRow(db, "/service/gibt-es-nicht")).toBeUndefined();
    expect(await db.select().from(pageVersions)).toHaveLength(1);
  });

  test(`after 25 publishes the newest ${KEPT_VERSIONS} earlier versions remain, newest first`, async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    await publishPage(db, "/about", { ...DEFAULT_ABOUT, title: "Andere Seite" });
    for (let n = 1; n <= 25; n++) await publishPage(db, PATH, edited(`Fassung ${n}`));
    expect(titleOf((await rowOf(db, PATH)).published)).toBe("Fassung 25");
    const versions = await listPageVersions(db, PATH);
    expect(KEPT_VERSIONS).toBe(20);
    // Publish n replaced version n - 1: the kept ones are 24 down to 5.
    expect(versions.map((version) => titleOf(version.content))).toEqual(
      Array.from({ length: 20 }, (_, i) => `Fassung ${24 - i}`),
    );
    const stored = await db.select().from(pageVersions).where(eq(pageVersions.path, PATH));
    expect(stored).toHaveLength(20);
    // Each version went live when the one before it was replaced.
    for (const [i, version] of versions.slice(0, -1).entries()) {
      expect(version.published_at).toEqual(versions[i + 1]!.replaced_at);
    }
    // Another page's versions are not pruned with these.
    expect(await listPageVersions(db, "/about")).toHaveLength(1);
  });

  test("restoring a version makes it the draft; discarding the draft keeps the live page", async ({ db }) => {
    await insertMissingPages(db, DEFAULTS);
    for (let n = 1; n <= 3; n++) await publishPage(db, PATH, edited(`Fassung ${n}`));
    const versions = await listPageVersions(db, PATH);
    expect(versions.map((version) => titleOf(version.content))).toEqual([
      "Fassung 2",
      "Fassung 1",
      SERVICE.heroTitle,
    ]);

    // Restore, as the editor's "restore" intent does it.
    const version = await findPageVersion(db, PATH, versions[1]!.id);
    expect(version?.id).toBe(versions[1]!.id);
    const content = storedContent(PATH, version!.content);
    expect(content).toBeDefined();
    await saveDraft(db, PATH, content!);
    const restored = await rowOf(db, PATH);
    expect(titleOf(restored.draft ?? undefined)).toBe("Fassung 1");
    expect(titleOf(restored.published)).toBe("Fassung 3");
    expect(await listPageVersions(db, PATH)).toHaveLength(3);
    // A version is found only under its own page.
    expect(await findPageVersion(db, "/about", versions[1]!.id)).toBeUndefined();

    await discardDraft(db, PATH);
    const discarded = await rowOf(db, PATH);
    expect(discarded.draft).toBeNull();
    expect(discarded.draft_saved_at).toBeNull();
    expect(titleOf(discarded.published)).toBe("Fassung 3");
    expect(discarded.published_at).toEqual(restored.published_at);

    // Publishing the restored draft brings the old text back live, and keeps "Fassung 3".
    await saveDraft(db, PATH, content!);
    await publishPage(db, PATH, (await rowOf(db, PATH)).draft!);
    expect(titleOf((await readPublishedPages(db)).get(PATH))).toBe("Fassung 1");
    expect(titleOf((await listPageVersions(db, PATH))[0]!.content)).toBe("Fassung 3");
  });

  test("the public pages show the built-in content for an invalid stored document and a missing row", async ({
    db,
  }) => {
    // Nothing stored at all: every built-in page.
    expect(await readPublishedPages(db)).toEqual(new Map(DEFAULT_PAGES));

    await insertMissingPages(db, DEFAULTS);
    await publishPage(db, "/service/shops", {
      ...(DEFAULT_PAGES.get("/service/shops") as ServiceContent),
      heroTitle: "Eigene Shops",
    });
    await db.execute(
      sql`update pages set published = ${JSON.stringify({ kind: "service" })}::jsonb where path = ${PATH}`,
    );
    await db.execute(
      sql`update pages set published = ${JSON.stringify({ ...DEFAULT_ABOUT, kind: "home" })}::jsonb where path = '/about'`,
    );
    await db.execute(sql`update pages set published = 'null'::jsonb where path = '/category/projects'`);
    await deletePageRow(db, "/service/ki");
    expect((await rowOf(db, PATH)).published).toEqual({ kind: "service" });

    const snapshot = await readPublishedPages(db);
    expect(snapshot.get(PATH)).toEqual(DEFAULT_PAGES.get(PATH));
    expect(snapshot.get("/about")).toEqual(DEFAULT_ABOUT);
    expect(snapshot.get("/category/projects")).toEqual(DEFAULT_PAGES.get("/category/projects"));
    expect(snapshot.get("/service/ki")).toEqual(DEFAULT_PAGES.get("/service/ki"));
    expect(titleOf(snapshot.get("/service/shops"))).toBe("Eigene Shops");
    expect([...snapshot.keys()]).toEqual([...DEFAULT_PAGES.keys()]);
    expect(storedContent(PATH, { kind: "service" })).toBeUndefined();
  });

  test("added service pages come after the built-in ones; hidden and invalid ones stay out of the menu", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    const coaching: ServiceContent = { ...SERVICE, name: "Coaching", visible: false, blocks: [] };
    expect(await createPageRow(db, "/service/coaching", coaching)).toBe(true);
    expect(await createPageRow(db, "/service/coaching", { ...coaching, name: "Doppelt" })).toBe(false);
    expect(await createPageRow(db, PATH, coaching)).toBe(false);
    expect((await rowOf(db, PATH)).published).toEqual(SERVICE);
    await createPageRow(db, "/service/kaputt", { ...coaching, name: "Kaputt", visible: true });
    await db.execute(
      sql`update pages set published = ${JSON.stringify({ kind: "service", name: "Kaputt" })}::jsonb where path = '/service/kaputt'`,
    );
    const rows = await listPageRows(db);
    expect(rows.slice(-2).map((row) => row.path)).toEqual(["/service/coaching", "/service/kaputt"]);
    expect((await rowOf(db, "/service/coaching")).position).toBe(DEFAULT_PAGES.size);

    let snapshot = await readPublishedPages(db);
    expect(snapshot.get("/service/coaching")).toEqual(coaching);
    expect(snapshot.has("/service/kaputt")).toBe(false);
    expect(serviceMenuOf(snapshot).map((item) => item.path)).not.toContain("/service/coaching");

    await publishPage(db, "/service/coaching", { ...coaching, visible: true });
    snapshot = await readPublishedPages(db);
    const menu = serviceMenuOf(snapshot);
    expect(menu.at(-1)).toEqual({ title: "Coaching", path: "/service/coaching" });
    expect(menu[0]).toEqual({ title: "Übersicht", path: "/service" });
    expect(visibleServices(snapshot)).toHaveLength(SERVICE_PAGES.length + 1);

    // Deleting a page takes its versions with it.
    expect(await listPageVersions(db, "/service/coaching")).toHaveLength(1);
    await deletePageRow(db, "/service/coaching");
    expect(await db.select().from(pageVersions).where(eq(pageVersions.path, "/service/coaching"))).toEqual(
      [],
    );
    expect(await db.select().from(pages).where(eq(pages.path, "/service/coaching"))).toEqual([]);
  });
});
