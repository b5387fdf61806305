import { createHash, randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of every response. Scripts run only from our own origin, plus the
 * inline scripts React Router renders, allowed either by a per-request nonce (pages rendered for
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

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` sources for every inline script of a document, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const digest = createHash("sha256").update(match[1]!, "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}
