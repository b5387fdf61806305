import type { JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { expect, test } from "vitest";
import { renderMarkdown } from "~/platform/markdown.server";
import { MARKED_OPTIONS, editorSource, linkAddress, richTextExtensions } from "./rich-text-markdown";

/**
 * The text editor's conversion, as the admin's editor runs it (the same extensions and parser
 * options), without a browser: what the owner types is stored as Markdown that the server
 * renders as the editor showed it, and a stored text loads and saves unchanged.
 */
const markdown = new MarkdownManager({ extensions: richTextExtensions, markedOptions: MARKED_OPTIONS });
const load = (stored: string) => markdown.parse(editorSource(stored));
const save = (doc: JSONContent) => markdown.serialize(doc);

const text = (value: string, marks?: JSONContent["marks"]): JSONContent => ({
  type: "text",
  text: value,
  marks,
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: "paragraph", content });
const doc = (...content: JSONContent[]): JSONContent => ({ type: "doc", content });

test("a German date typed at a line's start is stored escaped and shown as text, not as a list", () => {
  const typed = doc(paragraph(text("16. Januar: Start")), paragraph(text("3. Mär. 2027: Vortrag")));
  const stored = save(typed);
  expect(stored).toBe("16\\. Januar: Start\n\n3\\. Mär. 2027: Vortrag");
  expect(renderMarkdown(stored)).toBe("<p>16. Januar: Start</p>\n<p>3. Mär. 2027: Vortrag</p>\n");
  // Loaded again, it is the same paragraph, and saved again the same text.
  expect(load(stored)).toEqual(typed);
  expect(save(load(stored))).toBe(stored);
});

test("a date written before the editor (without the escape) loads as text and stays text", () => {
  const loaded = load("16. Januar: Start");
  expect(loaded).toEqual(doc(paragraph(text("16. Januar: Start"))));
  expect(renderMarkdown(save(loaded))).toBe("<p>16. Januar: Start</p>\n");
});

test("text that looks like Markdown block syntax stays text, also after a line break", () => {
  const typed = doc(
    paragraph(
      text("- kein Punkt"),
      { type: "hardBreak" },
      text("# keine Überschrift"),
      { type: "hardBreak" },
      text("2) auch keine Liste"),
      { type: "hardBreak" },
      text("---"),
    ),
    paragraph(text("<b>kein HTML</b> *kein Stern* [keine](/klammer)")),
  );
  const html = renderMarkdown(save(typed));
  expect(html).toBe(
    "<p>- kein Punkt<br />\n# keine Überschrift<br />\n2) auch keine Liste<br />\n---</p>\n" +
      "<p>&lt;b&gt;kein HTML&lt;/b&gt; *kein Stern* [keine](/klammer)</p>\n",
  );
  expect(load(save(typed))).toEqual(typed);
});

test("the toolbar's formats are stored as Markdown the server renders", () => {
  const typed = doc(
    { type: "heading", attrs: { level: 2 }, content: [text("Ablauf")] },
    paragraph(text("fett", [{ type: "bold" }]), text(" und "), text("kursiv", [{ type: "italic" }])),
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [paragraph(text("eins"))] },
        { type: "listItem", content: [paragraph(text("zwei"))] },
      ],
    },
    {
      type: "orderedList",
      attrs: { start: 1, type: null },
      content: [{ type: "listItem", content: [paragraph(text("erstens"))] }],
    },
    { type: "blockquote", content: [paragraph(text("Ein Zitat"))] },
    paragraph(text("Kontakt", [{ type: "link", attrs: { href: "/contact" } }])),
  );
  const stored = save(typed);
  expect(stored).toBe(
    "## Ablauf\n\n**fett** und *kursiv*\n\n- eins\n- zwei\n\n1. erstens\n\n> Ein Zitat\n\n[Kontakt](/contact)",
  );
  expect(renderMarkdown(stored)).toBe(
    "<h3>Ablauf</h3>\n<p><strong>fett</strong> und <em>kursiv</em></p>\n" +
      "<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>\n<ol>\n<li>erstens</li>\n</ol>\n" +
      "<blockquote>\n<p>Ein Zitat</p>\n</blockquote>\n" +
      '<p><a href="/contact">Kontakt</a></p>\n',
  );
});

test("texts written before the editor load and save unchanged", () => {
  for (const stored of [
    "Zeile eins\n– zwei\n– drei\n\nNeuer Absatz",
    "### Titel\n\n- a\n- b\n\n1. x\n2. y\n\n> Zitat",
    "**fett** und *kursiv* mit [Link](https://example.org)",
    "Mit `Code` und ~~durchgestrichen~~",
  ]) {
    expect(save(load(stored)), stored).toBe(stored);
  }
});

test("a link's address: web addresses, mail and this site's paths; nothing that runs script", () => {
  expect(linkAddress("https://example.org/x")).toBe("https://example.org/x");
  expect(linkAddress(" /service/webdesign ")).toBe("/service/webdesign");
  expect(linkAddress("mailto:info@example.org")).toBe("mailto:info@example.org");
  expect(linkAddress("www.example.de")).toBe("https://www.example.de");
  expect(linkAddress("info@example.org")).toBe("mailto:info@example.org");
  for (const refused of ["", "javascript:alert(1)", "//evil.example", "data:text/html,x", "zwei Wörter"]) {
    expect(linkAddress(refused), refused).toBeNull();
  }
});
