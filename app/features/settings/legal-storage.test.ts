import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { legalPage } from "~/features/settings/legal";
import type { LegalPage } from "~/features/settings/legal/types";
import { defaultSnapshot } from "~/features/settings/site-settings.server";
import { projectRoot } from "#tests/setup/paths";

/**
 * The Cookie-Richtlinie must list every cookie and storage key the code can set (TDDDG § 25):
 * the sources under app/ and server/ are scanned for them, so a new one fails here until the
 * page (app/features/settings/legal/cookies.ts) lists it and this list is extended.
 */

/** What the code sets, and the cookie page must name: cookies, then localStorage/sessionStorage keys. */
const KNOWN = ["__Host-session", "session", "__Host-signin-step", "signin-step", "flash", "cookiesAccepted"];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(projectRoot, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(relative);
      return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

const QUOTED = String.raw`["'\x60]([^"'\x60]+)["'\x60]`;
const PATTERNS = [
  new RegExp(String.raw`createCookie\(\s*${QUOTED}`, "g"),
  new RegExp(String.raw`createCookieSessionStorage\(\s*\{[\s\S]*?\bname:\s*${QUOTED}`, "g"),
  // hono/cookie: setCookie(c, "name", …)
  new RegExp(String.raw`\bsetCookie\(\s*\w+\s*,\s*${QUOTED}`, "g"),
  /document\.cookie\s*=\s*["'`]([^"'`=]+)=/g,
];
/** `localStorage.setItem("key", …)` or `sessionStorage.setItem(KEY, …)`. */
const STORAGE = /(?:localStorage|sessionStorage)\.setItem\(\s*(?:["'`]([^"'`]+)["'`]|([A-Za-z_$][\w$]*))/g;
/** A Set-Cookie value written by hand: `name=value; Path=/; …`, the name literal or interpolated. */
const HEADER =
  /["'`]((?:\$\{[^}]+\}|[\w-])+)=[^"'`\n]*?;\s*(?:Path|Max-Age|HttpOnly|SameSite|Expires|Domain|Secure)\b/g;

/** The string a `const NAME = "…"` of the same file holds. */
const constant = (source: string, name: string) =>
  new RegExp(String.raw`\bconst\s+${name}\s*(?::[^=]+)?=\s*${QUOTED}`).exec(source)?.[1];

/** The source of a module, by the specifier a file imports it with (undefined for packages). */
type ModuleSource = (specifier: string) => string | undefined;

/**
 * The string a `const NAME = "…"` holds, in the same file or, one step on, in the module the
 * file imports NAME from (`import { NAME } from "./cookie-names"`, also `{ OTHER as NAME }`).
 */
function constantOrImported(source: string, name: string, moduleSource?: ModuleSource): string | undefined {
  const own = constant(source, name);
  if (own !== undefined || !moduleSource) return own;
  for (const [, bindings, specifier] of source.matchAll(
    /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    for (const binding of bindings!.split(",")) {
      const [imported, local = imported] = binding.trim().split(/\s+as\s+/);
      if (local === name) {
        const module = moduleSource(specifier!);
        return module === undefined ? undefined : constant(module, imported!);
      }
    }
  }
  return undefined;
}

/**
 * What a `function name()` of the same file returns: its string literals, and the constants its
 * return statements name (of this file, or imported as in constantOrImported).
 */
function returned(source: string, name: string, moduleSource?: ModuleSource): string[] {
  const body = new RegExp(String.raw`function\s+${name}\s*\([^)]*\)[^{]*\{([\s\S]*?)\n\s*\}`).exec(
    source,
  )?.[1];
  const returns = body?.match(/\breturn\b[^;]*;/g) ?? [];
  return returns.flatMap((line) => [
    ...[...line.matchAll(/["'`]([^"'`$]+)["'`]/g)].map((match) => match[1]!),
    // A bare identifier outside the literals: not a property (`.isHttps`), not called (`env()`),
    // not a member's owner.
    ...[
      ...line.replace(/["'`][^"'`]*["'`]/g, '""').matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)(?![\w$(.])/g),
    ].flatMap((match) =>
      match[1] === "return" ? [] : filledList(constantOrImported(source, match[1]!, moduleSource)),
    ),
  ]);
}

/** The cookie and storage names a source file sets; what it sets under a name it can't resolve. */
function storageNames(
  source: string,
  moduleSource?: ModuleSource,
): { names: string[]; unresolved: string[] } {
  const names: string[] = [];
  const unresolved: string[] = [];
  for (const pattern of PATTERNS) for (const match of source.matchAll(pattern)) names.push(match[1]!);
  for (const [whole, literal, identifier] of source.matchAll(STORAGE)) {
    const name = literal ?? constantOrImported(source, identifier!, moduleSource);
    if (name) names.push(name);
    else unresolved.push(whole);
  }
  for (const [whole, name] of source.matchAll(HEADER)) {
    const parts = name!.match(/\$\{[^}]+\}|[^$]+/g) ?? [];
    if (parts.length === 1 && !parts[0]!.startsWith("${")) {
      names.push(parts[0]!);
      continue;
    }
    const inner = parts.length === 1 ? /^\$\{\s*([A-Za-z_$][\w$]*)(\(\))?\s*\}$/.exec(parts[0]!) : null;
    const resolved = !inner
      ? []
      : inner[2]
        ? returned(source, inner[1]!, moduleSource)
        : filledList(constantOrImported(source, inner[1]!, moduleSource));
    if (resolved.length > 0) names.push(...resolved);
    else unresolved.push(whole);
  }
  return { names, unresolved };
}

const filledList = (value: string | undefined) => (value ? [value] : []);

const linesOf = (page: LegalPage) =>
  page.sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) =>
      block.type === "p" ? [block.text] : block.type === "list" ? block.items : [],
    ),
  ]);

test("the scanner finds cookies and storage keys in every form the code could set them", () => {
  const sample = `
    const theme = createCookie("theme", { maxAge: 60 });
    const store = createCookieSessionStorage({ cookie: { name: "__session", httpOnly: true } });
    setCookie(c, "csrf", token);
    document.cookie = "consent=1; path=/";
    window.localStorage.setItem("draft", text);
    const KEY = "lastVisit";
    sessionStorage.setItem(KEY, now);
    headers.append("Set-Cookie", \`lang=\${value}; Path=/; Max-Age=3600\`);
    const NAME = "prefs";
    const cookie = (value) => \`\${NAME}=\${value}; Path=/; HttpOnly\`;
    function cookieName() {
      return secure ? "__Host-id" : "id";
    }
    const id = \`\${cookieName()}=\${value}; Path=/; Secure\`;
    headers.append("Set-Cookie", \`\${somewhere.name}=1; Path=/\`);
    import { TOKEN_COOKIE, PAIR_SECURE as SECURE_PAIR, PAIR_PLAIN } from "./names";
    import { ELSEWHERE } from "a-package";
    const token = \`\${TOKEN_COOKIE}=\${value}; Path=/; HttpOnly\`;
    function pairName() {
      return secure ? SECURE_PAIR : PAIR_PLAIN;
    }
    const pair = \`\${pairName()}=\${value}; Path=/\`;
    headers.append("Set-Cookie", \`\${ELSEWHERE}=1; Path=/\`);
  `;
  const namesModule = `
    export const TOKEN_COOKIE = "token";
    export const PAIR_SECURE = "__Host-pair";
    export const PAIR_PLAIN = "pair";
  `;
  const { names: found, unresolved } = storageNames(sample, (specifier) =>
    specifier === "./names" ? namesModule : undefined,
  );
  expect(found.sort()).toEqual(
    [
      "theme",
      "__session",
      "csrf",
      "consent",
      "draft",
      "lastVisit",
      "lang",
      "prefs",
      "__Host-id",
      "id",
      "token",
      "__Host-pair",
      "pair",
    ].sort(),
  );
  expect(unresolved).toEqual(["`${somewhere.name}=1; Path", "`${ELSEWHERE}=1; Path"]);
});

test("the Cookie-Richtlinie lists every cookie and storage key the code sets", async () => {
  const files = [...(await sourceFiles("app")), ...(await sourceFiles("server"))];
  expect(files.length).toBeGreaterThan(50);
  const sources = new Map(
    await Promise.all(
      files.map(async (file) => [file, await readFile(path.join(projectRoot, file), "utf8")] as const),
    ),
  );
  /** The app's own modules as `file` imports them (`~/…` or relative); packages are not followed. */
  const moduleSourceOf =
    (file: string): ModuleSource =>
    (specifier) => {
      const base = specifier.startsWith("~/")
        ? path.join("app", specifier.slice(2))
        : specifier.startsWith(".")
          ? path.join(path.dirname(file), specifier)
          : undefined;
      if (base === undefined) return undefined;
      const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")];
      return candidates.map((candidate) => sources.get(candidate)).find((source) => source !== undefined);
    };
  const found = new Set<string>();
  const unresolved: string[] = [];
  for (const [file, source] of sources) {
    const scanned = storageNames(source, moduleSourceOf(file));
    scanned.names.forEach((name) => found.add(name));
    unresolved.push(...scanned.unresolved.map((what) => `${file}: ${what}`));
  }
  // A cookie whose name the scanner can't read must be named in a plainer way (or taught here).
  expect(unresolved).toEqual([]);
  expect(found.size).toBeGreaterThan(0);
  expect([...found].sort(), "cookies and storage keys set in app/ and server/").toEqual([...KNOWN].sort());

  const page = linesOf(
    legalPage("cookies", defaultSnapshot(), { backup: { keep: 7, cron: undefined } }),
  ).join("\n");
  for (const name of KNOWN) expect(page, `the cookie page names „${name}“`).toContain(`„${name}“`);
});
