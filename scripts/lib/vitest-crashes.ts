/**
 * Reads Vitest's output for test workers that V8 ended with SIGSEGV or SIGTRAP (scripts/vitest-run.ts,
 * docs/decisions/0026-vitest-worker-crashes.md).
 */

// e.g. "Worker exited unexpectedly with signal SIGSEGV during started state while running test
// file /…/data-layer.test.ts"
// SIGTRAP: V8's own crash (int3) in one of its threads, seen once in the same PGlite-heavy file.
const CRASH = /Worker exited unexpectedly with signal SIG(?:SEGV|TRAP)\b.*? while running test file (\S+)/g;
const UNHANDLED = /Vitest caught (\d+) unhandled errors? during the test run/;
const FAILED_SUMMARY = /^\s*(Test Files|Tests)\s.*\bfailed\b/m;
// eslint-disable-next-line no-control-regex -- the colours Vitest prints
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The files whose worker V8 ended with SIGSEGV or SIGTRAP, when those crashes are the run's only faults (no
 * failed test, no other unhandled error); otherwise none.
 */
export function crashedFilesOnly(output: string): string[] {
  const plain = output.replace(ANSI, "");
  const files = [...plain.matchAll(CRASH)].map((match) => match[1]!);
  const unhandled = Number(plain.match(UNHANDLED)?.[1] ?? 0);
  if (files.length === 0 || unhandled !== files.length || FAILED_SUMMARY.test(plain)) return [];
  return [...new Set(files)];
}
