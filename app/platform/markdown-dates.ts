/**
 * German dates in the owner's Markdown: shared by the server's renderer and the admin's text
 * editor, so both read "16. Januar: …" at a line's start as text, not as a numbered list.
 */

const MONTHS =
  "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|" +
  "Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sept|Sep|Okt|Nov|Dez";
/** "16. Januar" at the start of a line: a date, not the 16th item of a numbered list. */
const DATE_AT_LINE_START = new RegExp(`^( {0,3})(\\d{1,2})\\.(?=[ \\t]+(?:${MONTHS})(?![\\p{L}]))`, "u");

/**
 * Escapes the dot of a German date at the start of a line ("16. Januar: Workshop"), which
 * CommonMark would otherwise turn into a numbered list starting at 16. Code blocks stay as written.
 */
export function keepDatesAsText(source: string): string {
  let fenced = false;
  return source
    .split("\n")
    .map((line) => {
      if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
      return fenced ? line : line.replace(DATE_AT_LINE_START, "$1$2\\.");
    })
    .join("\n");
}
