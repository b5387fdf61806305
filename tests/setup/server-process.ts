import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { serverEnv, serverFlags } from "../../scripts/lib/production-server.ts";
import { currentSuite, logWriter } from "./test-logs";

/** Runs the production server (`node server.js`, needs `npm run build`) as a child process. */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Bytes of JavaScript heap in use after a full collection (only with `heapProbe`). */
  heapUsed(): Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

const root = path.resolve(import.meta.dirname, "..", "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** `env.PORT`: a port of the caller's (a restart on the port of before keeps the site's origin). */
export async function startServer(
  env: Record<string, string>,
  { heapProbe = false }: { heapProbe?: boolean } = {},
): Promise<ServerProcess> {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("No production build: run `npm run build` first");
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const probe = heapProbe ? ["--expose-gc", "--import", "./tests/setup/heap-probe.ts"] : [];
  const child = spawn(process.execPath, [...serverFlags, ...probe, "server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...serverEnv,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      // Tests send many forms to one server; the cap of all forms has its own test.
      FORM_MAX_PER_HOUR: "1000000",
      // Likewise the pace of public form posts (server/public-form-posts.ts has its own test).
      FORM_MAX_PER_SECOND: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", ...(heapProbe ? (["ipc"] as const) : [])],
  });
  let output = "";
  // Every line also goes to tmp/test-logs/, scanned for leaks when the suite ends.
  const log = logWriter(currentSuite(), `server-${port}-${Date.now()}`);
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    log(chunk);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    heapUsed: () =>
      new Promise((resolve, reject) => {
        if (!child.send) return reject(new Error("started without heapProbe"));
        child.once("message", (message) => resolve((message as { heapUsed: number }).heapUsed));
        child.send("heap");
      }),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once /healthz answers ok; rejects if the process ends first or after `timeoutMs`. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`server exited during start:\n${server.output()}`);
    const ok = await fetch(`${server.url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/** How a server process is doing, for failure messages: running with its CPU time, or how it ended. */
export function processReport(server: ServerProcess): string {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) {
    return `ended with code ${child.exitCode}, signal ${child.signalCode}; output:\n${server.output().slice(-3000)}`;
  }
  let cpu = "unknown";
  try {
    // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    cpu = `${(Number(fields[11]) + Number(fields[12])) / 100} s`;
  } catch {
    // not Linux
  }
  return `running (pid ${child.pid}, CPU time ${cpu}); output:\n${server.output().slice(-3000)}`;
}
