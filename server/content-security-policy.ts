import { createHash, randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of every response. Scripts run only from our own origin, plus the
 * inline scripts the server renders, allowed either by a per-request nonce (pages rendered for
 * one request) or by their SHA-256 hashes (pages served from the page cache, whose bytes are
 * shared by many requests; see docs/decisions/0008-page-cache.md).
 */
export function contentSecurityPolicy(options: { https: boolean; scriptSources?: string[] }): string {
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...(options.scriptSources ?? [])].join(" ")}`,
    // Inline style attributes (React) and the toast library's injected styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const NONCE_ATTRIBUTE = /\snonce="([^"]*)"/;
const SRC_ATTRIBUTE = /\ssrc=/;

/**
 * The inline scripts the server itself put into a document, which it rendered with `marker` as
 * the nonce of its scripts (a fresh random value per render, so no content can carry it): their
 * `'sha256-…'` sources in order of appearance, and the document without the marker. Any other
 * inline script, one that content might have smuggled into the page, gets no hash and so does
 * not run.
 */
export function serverScriptHashes(html: string, marker: string): { html: string; scriptSources: string[] } {
  if (!marker) throw new Error("A marker is needed to tell the server's scripts from others.");
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes!) || NONCE_ATTRIBUTE.exec(attributes!)?.[1] !== marker) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(` nonce="${marker}"`, ""), scriptSources: [...hashes] };
}
