import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Every line a server under test prints is kept in a file below tmp/test-logs/ (one directory
 * per suite run, emptied when it starts). When the suite ends, the files are scanned for what
 * must never be logged: the e-mail addresses and passwords the tests use, stack traces, SQL and
 * session tokens.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
export const TEST_LOG_ROOT = path.join(root, "tmp", "test-logs");

/** Vitest's servers log to tmp/test-logs/vitest, Playwright's to tmp/test-logs/e2e-<port>. */
export type LogSuite = "vitest" | `e2e-${string}`;

export const e2eSuite = (port = process.env.E2E_PORT ?? "3210"): LogSuite => `e2e-${port}`;
export const currentSuite = (): LogSuite => (process.env.VITEST ? "vitest" : e2eSuite());
export const logDirOf = (suite: LogSuite) => path.join(TEST_LOG_ROOT, suite);

/** Empties the suite's log directory (called once when the suite starts). */
export function resetLogDir(suite: LogSuite): void {
  rmSync(logDirOf(suite), { recursive: true, force: true });
  mkdirSync(logDirOf(suite), { recursive: true });
}

/** A function that appends a chunk of server output to `name`.log in the suite's directory. */
export function logWriter(suite: LogSuite, name: string): (chunk: Buffer | string) => void {
  const dir = logDirOf(suite);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.log`);
  return (chunk) => appendFileSync(file, chunk);
}

export type Secrets = { emails: string[]; passwords: string[] };

// A string literal (without interpolation) as the value of a name or key that says "password".
const PASSWORD_ASSIGNMENT = /\w*pass(?:word|wort)\w*["']?\s*[:=]\s*(["'`])([^"'`$\\\n]{6,128})\1/gi;
// A literal that looks like a password: one word (no spaces) naming itself so, or a long one
// handed to the password setters of the data layer.
const PASSWORD_LITERAL = /(["'`])([^\s"'`$\\]*pass(?:word|wort)[^\s"'`$\\]*)\1/gi;
const PASSWORD_CALL = /(?:setPassword|verifyPassword|signIn)\([^)]*?(["'`])([^"'`$\\\n]{8,128})\1/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The e-mail addresses and passwords the tests and their fixtures use, read from their
 * sources (tests/ and playwright.config.ts), so that a new test's credentials are covered
 * without a list to maintain.
 */
export function collectTestSecrets(): Secrets {
  const emails = new Set<string>();
  const passwords = new Set<string>();
  const files = [...sourceFiles(path.join(root, "tests")), path.join(root, "playwright.config.ts")];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(EMAIL)) emails.add(match[0]);
    for (const pattern of [PASSWORD_ASSIGNMENT, PASSWORD_LITERAL, PASSWORD_CALL]) {
      for (const match of text.matchAll(pattern)) {
        const value = match[2]!;
        // Field names, autocomplete tokens (e.g. "current-password") and paths of the site
        // (e.g. "/admin/passwort-vergessen") are not secrets.
        if (value.startsWith("/")) continue;
        if (!/^[a-z]+(?:-[a-z]+)*$/i.test(value) || /\d/.test(value)) passwords.add(value);
      }
    }
  }
  return { emails: [...emails], passwords: [...passwords] };
}

export type Finding = { file: string; line: number; rule: string; text: string };

const RULES: { rule: string; pattern: RegExp }[] = [
  // An e-mail address of any kind: the logger never writes one (request lines carry no query).
  { rule: "e-mail address", pattern: EMAIL },
  { rule: "url-encoded e-mail address", pattern: /[A-Za-z0-9._+-]+%40[A-Za-z0-9-]+\.[A-Za-z]{2,}/g },
  // "    at fn (file:1:2)" in a printed stack, or "\n    at " inside a JSON log line.
  { rule: "stack trace", pattern: /(?:^|\\n|\n)\s*at [^\n]*(?:\(|file:|node:|\.js:\d)/g },
  { rule: "SQL", pattern: /\b(?:insert into|select\s[^\n]*?\sfrom|update\s+"?\w+"?\s+set|delete from)\b/gi },
  // Drizzle's "Failed query: … \nparams: …" (the values of a query).
  { rule: "query parameters", pattern: /(?:^|\\n|\s|")params:|Failed query/gi },
  { rule: "session token", pattern: /\b(?:__Host-)?session=[A-Za-z0-9_-]{20,}/g },
  { rule: "password hash", pattern: /\$argon2id?\$/g },
];

/** Everything in `text` that must not be in a log, with the secrets of the test suite. */
export function scanLogText(text: string, secrets: Secrets, file = "(text)"): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split("\n");
  lines.forEach((content, index) => {
    const report = (rule: string) =>
      findings.push({ file, line: index + 1, rule, text: content.slice(0, 300) });
    for (const { rule, pattern } of RULES) {
      pattern.lastIndex = 0;
      if (pattern.test(content)) report(rule);
    }
    const lower = content.toLowerCase();
    for (const email of secrets.emails) {
      if (lower.includes(email.toLowerCase()) || content.includes(encodeURIComponent(email)))
        report(`test e-mail ${email}`);
    }
    for (const password of secrets.passwords) {
      if (content.includes(password) || content.includes(encodeURIComponent(password)))
        report(`test password ${password}`);
    }
  });
  return findings;
}

/** Scans every log file of the suite. */
export function scanLogDir(suite: LogSuite, secrets = collectTestSecrets()): Finding[] {
  const dir = logDirOf(suite);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".log"))
    .flatMap((name) => scanLogText(readFileSync(path.join(dir, name), "utf8"), secrets, name));
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .slice(0, 50)
    .map(({ file, line, rule, text }) => `  ${file}:${line} [${rule}] ${text}`)
    .join("\n");
}
