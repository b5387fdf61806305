import { expect, test } from "vitest";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { projectDetailsHtml } from "~/features/projects/public-projects.server";

/**
 * A project's details on its page: Markdown since the text editor writes them, and details
 * written before as plain lines read as they did (every line a line, paragraphs apart).
 */

/** The text the HTML shows, a line per line: `<br>` a line break, paragraphs a blank line apart. */
function shownLines(html: string): string {
  return html
    .replace(/<br \/>\n/g, "\n")
    .replace(/<\/p>\n<p>/g, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

test("plain details keep their lines and paragraphs", () => {
  const details = "Zeile eins\nZeile zwei\n– ein Punkt\n\nNeuer Absatz";
  const html = projectDetailsHtml(details);
  expect(html).toBe("<p>Zeile eins<br />\nZeile zwei<br />\n– ein Punkt</p>\n<p>Neuer Absatz</p>\n");
  expect(shownLines(html)).toBe(details);
});

test("the demo projects' details read as before, line by line and as text only", () => {
  for (const { title, details } of fallbackProjects) {
    const html = projectDetailsHtml(details);
    expect(shownLines(html), title).toBe(details);
    // Nothing but paragraphs and line breaks: no list, heading or emphasis made from plain text.
    expect(html.match(/<(?!\/?p>|br \/>)[^>]*>/g), title).toBeNull();
  }
});

test("Markdown details are formatted: bold, lists, headings below the page's title", () => {
  expect(projectDetailsHtml("Das ist **wichtig**.")).toBe("<p>Das ist <strong>wichtig</strong>.</p>\n");
  expect(projectDetailsHtml("## Ablauf\n\n- eins\n- zwei")).toBe(
    "<h2>Ablauf</h2>\n<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>\n",
  );
  expect(projectDetailsHtml("16. Januar: Start")).toBe("<p>16. Januar: Start</p>\n");
});

test("HTML in the details stays text, script links stay no links", () => {
  const html = projectDetailsHtml(
    '<script>window.__xss=1</script> <img src=x onerror="alert(1)"> [klick](javascript:alert(1))',
  );
  expect(html).not.toMatch(/<script|<img|<a /);
  expect(shownLines(html)).toBe(
    '<script>window.__xss=1</script> <img src=x onerror="alert(1)"> [klick](javascript:alert(1))',
  );
  expect(projectDetailsHtml(null)).toBe("");
  expect(projectDetailsHtml("")).toBe("");
});
