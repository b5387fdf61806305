import { expect, test } from "vitest";
import { keepDatesAsText } from "~/platform/markdown-dates";
import { markdownToPlainText, renderMarkdown, renderMarkdownForMail } from "./markdown.server";

test("a German date at the start of a line stays text, numbered lists stay lists", () => {
  expect(renderMarkdown("16. Januar: Workshop in Hamburg\n3. Mär. 2027: Vortrag")).toBe(
    "<p>16. Januar: Workshop in Hamburg<br />\n3. Mär. 2027: Vortrag</p>\n",
  );
  expect(renderMarkdown("1. Mai\n\n2. Dezember")).not.toContain("<ol");
  expect(renderMarkdown("1. Erster Punkt\n2. Zweiter Punkt")).toBe(
    "<ol>\n<li>Erster Punkt</li>\n<li>Zweiter Punkt</li>\n</ol>\n",
  );
  expect(renderMarkdownForMail("16. Januar: Workshop", "https://example.org")).not.toContain("<ol");
  // A word that only begins like a month is no date.
  expect(renderMarkdown("3. Augenblicke")).toContain('<ol start="3">');
  // Code is shown as written.
  expect(keepDatesAsText("```\n16. Januar\n```\n16. Januar")).toBe("```\n16. Januar\n```\n16\\. Januar");
});

test("a mail's plain-text part reads as text: no Markdown characters, links written out", () => {
  const markdown = [
    "## Was es Neues gibt",
    "",
    "Ein **fetter** und ein *kursiver* Satz, mein [Angebot](/service/webdesign).",
    "",
    "- Erstens",
    "- Zweitens",
    "",
    "1. Eins",
    "2. Zwei",
    "",
    "> Ein Zitat",
    "",
    "16. Januar: Workshop",
  ].join("\n");
  expect(markdownToPlainText(markdown, "https://www.example.org")).toBe(
    [
      "Was es Neues gibt",
      "",
      "Ein fetter und ein kursiver Satz, mein Angebot (https://www.example.org/service/webdesign).",
      "",
      "• Erstens",
      "• Zweitens",
      "",
      "1. Eins",
      "2. Zwei",
      "",
      "    Ein Zitat",
      "",
      "16. Januar: Workshop",
    ].join("\n"),
  );
});
