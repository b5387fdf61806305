import type { AnyExtension, JSONContent, MarkdownRendererHelpers, RenderContext } from "@tiptap/core";
import HardBreak from "@tiptap/extension-hard-break";
import { OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import StarterKit from "@tiptap/starter-kit";
import { keepDatesAsText } from "~/platform/markdown-dates";

/**
 * What the text editor reads and writes, as Markdown that the server renders (CommonMark, a
 * single line break kept, raw HTML shown as text). Only the admin's editor loads this module,
 * and the unit tests, which run the same conversion without a browser.
 */

/**
 * Block syntax at the start of a line of a paragraph that CommonMark would read as a list, a
 * heading or a rule ("16. Januar", "- ", "# ", "==="): what the owner typed as text stays text.
 * (Inline characters and `<`, `>` are escaped by the Markdown extension itself.)
 */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) =>
      line
        // Leading spaces show as nothing on the page; four of them would start a code block.
        .replace(/^[ \t]+/, "")
        .replace(/^(\d{1,9})([.)])(?=[ \t]|$)/, "$1\\$2")
        .replace(/^([-+*]|#{1,6})(?=[ \t]|$)/, "\\$1")
        .replace(/^([-=])(?=\1*[ \t]*$)/, "\\$1"),
    )
    .join("\n");
}

/** A paragraph whose text never turns into block syntax. */
const TextParagraph = Paragraph.extend({
  renderMarkdown(node: JSONContent, helpers: MarkdownRendererHelpers, context: RenderContext) {
    return escapeLineStarts(this.parent?.(node, helpers, context) ?? "");
  },
});

/**
 * A numbered list comes from the toolbar only: typing "16. " would otherwise start one, and a
 * German date at a line's start ("16. Januar: Start") is text.
 */
const NumberedList = OrderedList.extend({ addInputRules: () => [] });

/** A line break within a paragraph: a plain newline, which the server's renderer keeps. */
const LineBreak = HardBreak.extend({ renderMarkdown: () => "\n" });

/**
 * The editor's nodes and marks: what the toolbar offers (bold, italic, heading, lists, link,
 * quote) and what stored texts may hold besides (code, rules, strikethrough), so that loading
 * and saving a text keeps it. Underline has no Markdown; links are not opened on a click.
 */
export const richTextExtensions: AnyExtension[] = [
  StarterKit.configure({
    paragraph: false,
    hardBreak: false,
    orderedList: false,
    underline: false,
    link: { openOnClick: false, autolink: false, linkOnPaste: true },
  }),
  TextParagraph,
  LineBreak,
  NumberedList,
];

/** The options of the Markdown parser: a single newline is a line break, as on the server. */
export const MARKED_OPTIONS = { breaks: true } as const;

/** A stored text as the editor loads it: dates at a line's start stay text, as on the server. */
export const editorSource = (markdown: string) => keepDatesAsText(markdown);

/** The address a link may have: as the server's renderer allows (http(s), mailto, a path here). */
export function linkAddress(input: string): string | null {
  const address = input.trim();
  if (!address || /\s/.test(address)) return null;
  if (/^(?:https?:\/\/[^/]|mailto:.+@|\/(?!\/))/i.test(address)) return address;
  // "www.example.de" or "example.de/seite": a web address without its scheme.
  if (/^[\p{L}\d-]+(?:\.[\p{L}\d-]+)+(?:[/?#].*)?$/u.test(address)) return `https://${address}`;
  // An e-mail address on its own.
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(address)) return `mailto:${address}`;
  return null;
}
