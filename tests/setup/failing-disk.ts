import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * A failing disk under one running process, for the embedded database's outage tests.
 *
 * Permissions cannot make a running PGlite fail: it keeps its files open and its pages cached,
 * so even for a server that does not run as root, `chmod 000` on DATA_DIR changes nothing until
 * the next start. What does reach it is the disk failing. This attaches strace to the process
 * and answers each of its positioned writes (pwrite64/pwritev/pwritev2) with EIO, as a failing
 * disk would, until `heal()` detaches it. Only file I/O uses positioned writes; sockets and the
 * log use write/writev, so the server itself keeps talking. Needs strace (Debian: `apt-get
 * install strace`) and permission to trace the process (root, or kernel.yama.ptrace_scope 0).
 */
export type FailingDisk = {
  /** How many writes have failed so far. */
  failedWrites(): number;
  /** The disk works again: strace detaches. */
  heal(): Promise<void>;
};

const WRITES = "pwrite64,pwritev,pwritev2";

export const STRACE_MISSING =
  "strace is missing: install it (apt-get install strace) to run the disk-fault tests";
export const TRACING_NOT_ALLOWED =
  "tracing is not allowed here (ptrace): run the disk-fault tests as root, or with kernel.yama.ptrace_scope 0 and a container that permits ptrace";

type Run = (args: string[]) => Pick<SpawnSyncReturns<string>, "error" | "status">;
const runStrace: Run = (args) => spawnSync("strace", args, { encoding: "utf8" });

/** Why strace cannot fail a disk here, in one line, or undefined when it can. */
export function straceProblem(run: Run = runStrace): string | undefined {
  const version = run(["-V"]);
  if (version.error || version.status !== 0) return STRACE_MISSING;
  if (run(["-f", "-qq", "-e", "trace=none", "true"]).status !== 0) return TRACING_NOT_ALLOWED;
  return undefined;
}

function tracerOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^TracerPid:\s*(\d+)/m)?.[1] ?? 0);
  } catch {
    return 0; // the process has ended
  }
}

export async function failDiskWrites(pid: number): Promise<FailingDisk> {
  const problem = straceProblem();
  if (problem) throw new Error(problem);
  const strace = spawn(
    "strace",
    ["-f", "-qq", "-p", String(pid), "-e", `trace=${WRITES}`, "-e", `inject=${WRITES}:error=EIO`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let output = "";
  strace.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => strace.once("close", () => resolve()));
  const spawnError = new Promise<Error>((resolve) => strace.once("error", resolve));

  const deadline = Date.now() + 10_000;
  while (tracerOf(pid) !== strace.pid) {
    const error = await Promise.race([spawnError, new Promise<undefined>((r) => setTimeout(r, 50))]);
    if (error) throw new Error(`${STRACE_MISSING} (${error.message})`);
    // Tracing a child is allowed where attaching to another process is not (ptrace_scope 1).
    if (/Operation not permitted/.test(output)) throw new Error(TRACING_NOT_ALLOWED);
    if (strace.exitCode !== null || Date.now() > deadline) {
      throw new Error(`strace could not attach to process ${pid}:\n${output}`);
    }
  }

  return {
    failedWrites: () => output.split("\n").filter((line) => line.includes("(INJECTED)")).length,
    heal: async () => {
      if (strace.exitCode === null) strace.kill("SIGINT");
      await exited;
      if (tracerOf(pid) !== 0) throw new Error(`process ${pid} is still traced`);
    },
  };
}
