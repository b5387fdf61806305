import MarkdownIt from "markdown-it";
import { keepDatesAsText } from "~/platform/markdown-dates";

/**
 * The owner's long texts are Markdown, rendered here on the server with a CommonMark
 * parser. Raw HTML is off (a tag is shown as the text it is), images come only through the
 * upload pipeline (a Markdown image shows as its description), links may go to http(s), mailto and paths
 * of this site, and headings are level 3 or 4, below the page's own (2 and 3 where the text is all
 * the page has below its title). The browser never gets
 * this library: pages receive the HTML. Newsletter mails use the same rules, with
 * absolute links and inline styles (mail clients ignore style sheets).
 */
function createMarkdown(topLevel = 3) {
  const markdown = new MarkdownIt("commonmark", { html: false, breaks: true, linkify: false });
  markdown.core.ruler.before("block", "dates_stay_text", (state) => {
    state.src = keepDatesAsText(state.src);
  });
  // A Markdown image shows as its description: pictures come through the upload pipeline only.
  markdown.renderer.rules.image = (tokens, index) => markdown.utils.escapeHtml(tokens[index]!.content);
  markdown.validateLink = (url) => ALLOWED_LINK.test(url.trim()) && !/[\\\s]/.test(url.trim().slice(0, 8));
  markdown.core.ruler.push("heading_levels", (state) => {
    for (const token of state.tokens) {
      if (token.type === "heading_open" || token.type === "heading_close") {
        token.tag = `h${Number(token.tag.slice(1)) <= topLevel ? topLevel : topLevel + 1}`;
      }
    }
  });
  return markdown;
}

const ALLOWED_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

const markdown = createMarkdown();

/** Text for HTML (& < > "), as markdown-it escapes it; for the mail templates around its output. */
export const escapeHtml = (text: string) => markdown.utils.escapeHtml(text);

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

const pageMarkdown = createMarkdown(2);

/** For a text that is the whole page below its h1 (an issue in the newsletter archive): h2 and h3. */
export function renderMarkdownAsPage(text: string): string {
  return pageMarkdown.render(text);
}

/** Inline styles of the elements a mail's Markdown may produce (system fonts, no web fonts). */
const MAIL_STYLES: Record<string, string> = {
  p: "margin:0 0 16px;",
  h3: "margin:24px 0 12px;font-size:20px;line-height:28px;font-weight:700;color:#0f172a;",
  h4: "margin:20px 0 8px;font-size:17px;line-height:24px;font-weight:700;color:#0f172a;",
  ul: "margin:0 0 16px;padding-left:24px;",
  ol: "margin:0 0 16px;padding-left:24px;",
  li: "margin:0 0 6px;",
  a: "color:#1d4ed8;text-decoration:underline;",
  blockquote: "margin:0 0 16px;padding:0 0 0 16px;border-left:4px solid #cbd5e1;color:#475569;",
  code: "font-family:Menlo,Consolas,monospace;font-size:14px;background:#f1f5f9;padding:1px 4px;",
  pre: "margin:0 0 16px;padding:12px;background:#f1f5f9;white-space:pre-wrap;",
  hr: "border:0;border-top:1px solid #e2e8f0;margin:24px 0;",
};

/** A path of this site as an address that works in a mail. */
export const absoluteUrl = (href: string, publicUrl: string) =>
  href.startsWith("/") ? `${publicUrl}${href}` : href;

const mailMarkdown = createMarkdown();
mailMarkdown.core.ruler.push("mail_styles", (state) => {
  const style = (tokens: typeof state.tokens) => {
    for (const token of tokens) {
      if (token.nesting !== -1 && MAIL_STYLES[token.tag]) token.attrSet("style", MAIL_STYLES[token.tag]!);
      if (token.type === "link_open") {
        token.attrSet(
          "href",
          absoluteUrl(String(token.attrGet("href") ?? ""), (state.env as MailEnv).publicUrl),
        );
      }
      if (token.children) style(token.children);
    }
  };
  style(state.tokens);
});
type MailEnv = { publicUrl: string };

/** A newsletter's Markdown as mail HTML: the page rules, inline styles, links absolute. */
export function renderMarkdownForMail(text: string, publicUrl: string): string {
  return mailMarkdown.render(text, { publicUrl } satisfies MailEnv);
}

type Token = ReturnType<typeof mailMarkdown.parse>[number];

/** The words of an inline run: emphasis dropped, a link's address after its text. */
function plainInline(tokens: Token[], publicUrl: string): string {
  let text = "";
  let href: string | null = null;
  for (const token of tokens) {
    if (token.type === "text" || token.type === "code_inline" || token.type === "image")
      text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += "\n";
    else if (token.type === "link_open") href = String(token.attrGet("href") ?? "") || null;
    else if (token.type === "link_close" && href) {
      text += ` (${absoluteUrl(href, publicUrl)})`;
      href = null;
    }
  }
  return text;
}

/**
 * The plain-text part of a mail, read as the HTML part shows it: paragraphs and headings as
 * text, list items after "•" or their number, a quote indented, each link's address after its
 * text, images as their descriptions. No Markdown characters are left to read past.
 */
export function markdownToPlainText(text: string, publicUrl: string): string {
  const tokens = mailMarkdown.parse(text, { publicUrl } satisfies MailEnv);
  const blocks: { text: string; tight: boolean }[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let marker = "";
  let quoteDepth = 0;
  let previousInTightList = false;
  /** A block of text; the items of a tight list follow each other line by line, as in HTML. */
  const add = (body: string, inTightList = false) => {
    const indent = "    ".repeat(quoteDepth) + "  ".repeat(Math.max(lists.length - 1, 0));
    const lines = body
      .split("\n")
      .map((line, index) => `${indent}${index === 0 ? marker : " ".repeat(marker.length)}${line}`);
    blocks.push({ text: lines.join("\n"), tight: inTightList && previousInTightList });
    previousInTightList = inTightList;
    marker = "";
  };
  for (const [index, token] of tokens.entries()) {
    switch (token.type) {
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push({
          ordered: token.type === "ordered_list_open",
          next: Number(token.attrGet("start") ?? 1),
        });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        // A list after this one starts after a blank line.
        if (lists.length === 0) previousInTightList = false;
        break;
      case "list_item_open": {
        const list = lists.at(-1)!;
        marker = list.ordered ? `${list.next++}. ` : "• ";
        break;
      }
      case "blockquote_open":
        quoteDepth++;
        break;
      case "blockquote_close":
        quoteDepth--;
        break;
      case "inline":
        add(plainInline(token.children ?? [], publicUrl), tokens[index - 1]?.hidden === true);
        break;
      case "fence":
      case "code_block":
        add(token.content.replace(/\n$/, ""));
        break;
      case "hr":
        add("———");
        break;
    }
  }
  return blocks.map((block, index) => (index === 0 ? "" : block.tight ? "\n" : "\n\n") + block.text).join("");
}
