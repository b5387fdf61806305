import MarkdownIt from "markdown-it";

/**
 * The owner's long texts are Markdown (issue #13), rendered here on the server with a CommonMark
 * parser. Raw HTML is off (a tag is shown as the text it is), images come only through the
 * upload pipeline (a Markdown image shows as its description), links may go to http(s), mailto and paths
 * of this site, and headings are level 3 or 4, below the page's own. The browser never gets
 * this library: pages receive the HTML.
 */
const markdown = new MarkdownIt("commonmark", { html: false, breaks: true, linkify: false });
// A Markdown image shows as its description: pictures come through the upload pipeline only.
markdown.renderer.rules.image = (tokens, index) => markdown.utils.escapeHtml(tokens[index]!.content);

const ALLOWED_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;
markdown.validateLink = (url) => ALLOWED_LINK.test(url.trim()) && !/[\\\s]/.test(url.trim().slice(0, 8));

markdown.core.ruler.push("heading_levels", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      token.tag = Number(token.tag.slice(1)) <= 3 ? "h3" : "h4";
    }
  }
});

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
