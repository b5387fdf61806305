/**
 * `vitest run` for `npm test`, with one exception (docs/decisions/0026-vitest-worker-crashes.md):
 * a test file whose worker process V8 ended with SIGSEGV or SIGTRAP (nodejs/node#64500, open) is run once
 * more. Everything else is Vitest's own verdict: a failed test, another unhandled error or a
 * second crash fails the run as before. Arguments are passed on to Vitest.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { crashedFilesOnly } from "./lib/vitest-crashes.ts";

const vitest = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "vitest");

/** Runs Vitest, showing its output as it comes; resolves to its exit code and its output. */
function run(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(vitest, ["run", ...args], { stdio: ["inherit", "pipe", "pipe"] });
    let output = "";
    const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      output += chunk.toString("utf8");
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const args = process.argv.slice(2);
const first = await run(args);
const crashed = first.code === 0 ? [] : crashedFilesOnly(first.output);
if (crashed.length === 0) process.exit(first.code);

console.log(
  `\nNOTICE: V8 ended a test worker with SIGSEGV or SIGTRAP (nodejs/node#64500); running once more: ${crashed.join(", ")}\n`,
);
process.exit((await run([...args, ...crashed])).code);
