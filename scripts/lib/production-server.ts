/**
 * Starts the production server (`node server.js`, needs a build) for the measuring scripts
 * (`npm run bench`, `npm run audit`): on 127.0.0.1, a free port and the DATA_DIR given, with
 * nothing inherited from the caller's environment but PATH, and with `npm run serve`'s flags.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..", "..");

// The server runs with the environment settings and Node flags of `npm run serve`
// (`MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 … server.js`, docs/decisions/0008-page-cache.md).
const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const serveParts = packageJson.scripts.serve!.split(" ");
/** The Node flags of `npm run serve`; the test servers run with them too. */
export const serverFlags = serveParts.filter((part) => part.startsWith("--"));
/** The environment settings that `npm run serve` puts before `node`. */
export const serverEnv: Record<string, string> = Object.fromEntries(
  serveParts.filter((part) => /^[A-Z_]+=/.test(part)).map((part) => part.split("=", 2) as [string, string]),
);

export type ProductionServer = {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until /healthz answered 200. */
  ms: number;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  /** Told each line the server writes to stdout (its log); otherwise the log is dropped. */
  onLogLine?: (line: string) => void,
): Promise<ProductionServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverFlags, "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...serverEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The production default (info): one log line per request, as a real server writes.
      ...extraEnv,
    },
    stdio: onLogLine ? ["ignore", "pipe", "ignore"] : "ignore",
  });
  if (onLogLine) createInterface({ input: child.stdout! }).on("line", onLogLine);
  const ms = await waitHealthy(url, child);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { child, url, ms, stop };
}
