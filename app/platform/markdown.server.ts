import MarkdownIt from "markdown-it";

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

/**
 * The plain-text part of a mail: the Markdown itself, which reads as text, with each link's
 * address written out after its text and images as their descriptions.
 */
export function markdownToPlainText(text: string, publicUrl: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_, label: string, href: string) =>
      ALLOWED_LINK.test(href) ? `${label} (${absoluteUrl(href, publicUrl)})` : label,
    );
}
