/**
 * A small HTML tokenizer after the WHATWG rules a browser applies (tag open, attribute names and
 * values, raw text of script/style, escapable raw text of title/textarea, comments), so that
 * tests can tell markup from text: an injected `<img onerror>` becomes an element here exactly
 * when it would in a browser. No dependency, enough for server-rendered pages.
 */
export type Token =
  | { type: "start"; name: string; attrs: [string, string][] }
  | { type: "end"; name: string }
  | { type: "text"; text: string }
  | { type: "raw"; name: string; text: string }
  | { type: "comment"; text: string };

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X"
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}

const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes"]);
const RCDATA = new Set(["title", "textarea"]);
const SPACE = /[\t\n\f\r ]/;

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let text = "";
  const flushText = () => {
    if (text) tokens.push({ type: "text", text: decodeEntities(text) });
    text = "";
  };
  while (i < html.length) {
    const char = html[i]!;
    if (char !== "<") {
      text += char;
      i++;
      continue;
    }
    if (html.startsWith("<!--", i)) {
      flushText();
      const end = html.indexOf("-->", i + 4);
      tokens.push({ type: "comment", text: html.slice(i + 4, end < 0 ? html.length : end) });
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === "!" || html[i + 1] === "?") {
      flushText();
      const end = html.indexOf(">", i);
      tokens.push({ type: "comment", text: html.slice(i + 2, end < 0 ? html.length : end) });
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const closing = html[i + 1] === "/";
    const nameStart = closing ? i + 2 : i + 1;
    if (!/[a-z]/i.test(html[nameStart] ?? "")) {
      text += char;
      i++;
      continue;
    }
    flushText();
    let j = nameStart;
    while (j < html.length && !SPACE.test(html[j]!) && html[j] !== "/" && html[j] !== ">") j++;
    const name = html.slice(nameStart, j).toLowerCase();
    const attrs: [string, string][] = [];
    // Attributes (end tags have them too, ignored as a browser does).
    for (;;) {
      while (j < html.length && (SPACE.test(html[j]!) || html[j] === "/")) j++;
      if (j >= html.length || html[j] === ">") break;
      const attrStart = j;
      j++; // the first character may be "=" (then it is part of the name)
      while (j < html.length && !SPACE.test(html[j]!) && !"/>=".includes(html[j]!)) j++;
      const attrName = html.slice(attrStart, j).toLowerCase();
      while (j < html.length && SPACE.test(html[j]!)) j++;
      let value = "";
      if (html[j] === "=") {
        j++;
        while (j < html.length && SPACE.test(html[j]!)) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end < 0 ? html.length : end);
          j = end < 0 ? html.length : end + 1;
        } else {
          const start = j;
          while (j < html.length && !SPACE.test(html[j]!) && html[j] !== ">") j++;
          value = html.slice(start, j);
        }
      }
      if (!attrs.some(([existing]) => existing === attrName)) attrs.push([attrName, decodeEntities(value)]);
    }
    i = j + 1;
    if (closing) {
      tokens.push({ type: "end", name });
      continue;
    }
    tokens.push({ type: "start", name, attrs });
    if (RAW_TEXT.has(name) || RCDATA.has(name)) {
      const close = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "i");
      const match = close.exec(html.slice(i));
      const end = match ? i + match.index : html.length;
      const content = html.slice(i, end);
      tokens.push(
        RCDATA.has(name)
          ? { type: "text", text: decodeEntities(content) }
          : { type: "raw", name, text: content },
      );
      i = end;
    }
  }
  flushText();
  return tokens;
}

/** Everything a reader sees or a field holds: text, title/textarea content, attribute values. */
export function shownText(tokens: Token[]): string {
  return tokens
    .flatMap((token) =>
      token.type === "text"
        ? [token.text]
        : token.type === "start"
          ? token.attrs.map(([, value]) => value)
          : [],
    )
    .join("\n");
}
