import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { openDatabase } from "~/platform/db/engines.server";
import { contactSubmissions } from "~/platform/db/schema";
import { clientAddress, formToken, isSuccess, submitForm } from "../setup/public-forms";
import { processReport, startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * One DATA_DIR, one server: the embedded database must never be opened by two
 * processes at once, so a second server refuses to start and leaves everything as it was, and
 * servers starting together on a crashed server's lock let exactly one of them take it over.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "portfolio-data-dir-"));

/** Every entry below `dir`: kind, size, modification time and, for files, a hash of the content. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      const stat = lstatSync(full, { bigint: true });
      const key = path.relative(dir, full);
      if (stat.isDirectory()) {
        entries[key] = `dir mtime=${stat.mtimeNs}`;
        walk(full);
      } else if (stat.isSocket()) {
        // The running server's backup control socket (server/backup.ts): no content to compare.
        entries[key] = `socket mtime=${stat.mtimeNs}`;
      } else {
        const hash = createHash("sha256").update(readFileSync(full)).digest("hex");
        entries[key] = `file size=${stat.size} mtime=${stat.mtimeNs} sha256=${hash}`;
      }
    }
  };
  walk(dir);
  return entries;
}

test("a second server on the same DATA_DIR refuses to start, changes nothing, and the first keeps serving", async () => {
  const dataDir = tempDataDir();
  const env = { DATA_DIR: dataDir, TRUST_PROXY: "X-Forwarded-For", FORM_MIN_FILL_MS: "0" };
  const send = async (server: ServerProcess, name: string, n: number) => {
    const answer = await submitForm(
      server.url,
      "/contact",
      {
        intent: "contact",
        formToken: await formToken(server.url),
        name,
        email: "ben@example.org",
        subject: "Hallo",
        message: "Zwei Server, ein Verzeichnis?",
      },
      { address: clientAddress(n) },
    );
    expect(isSuccess(answer, CONTACT_MESSAGES.success, "/contact"), `${answer.status}`).toBe(true);
  };

  const first = await startServer(env);
  try {
    await waitUntilHealthy(first, 60_000);
    await send(first, "Ben Vorher", 1);
    // Once the notification is in the mail drop and nothing moves any more, DATA_DIR is at rest.
    await expect.poll(() => readdirSync(path.join(dataDir, "mail")).length, { timeout: 20_000 }).toBe(1);
    let before = snapshot(dataDir);
    await expect
      .poll(
        () => {
          const now = snapshot(dataDir);
          const same = JSON.stringify(now) === JSON.stringify(before);
          before = now;
          return same;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);

    const second = await startServer(env);
    // A second server that wrongly starts is ended here, not left running past the test.
    const stillRunning = new Promise<"still running">((resolve) =>
      setTimeout(() => resolve("still running"), 30_000),
    );
    const code = await Promise.race([second.exited, stillRunning]);
    if (code === "still running") await second.stop("SIGKILL");
    expect(code, processReport(second)).toBe(1);
    expect(second.output()).toContain("already in use by another server");
    expect(snapshot(dataDir)).toEqual(before);

    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await send(first, "Ben Nachher", 2);
  } finally {
    expect(await first.stop(), processReport(first)).toBe(0);
  }

  const reopened = await openDatabase({ dataDir });
  try {
    const rows = await reopened.db.select().from(contactSubmissions);
    expect(rows.map((row) => row.name).sort()).toEqual(["Ben Nachher", "Ben Vorher"]);
  } finally {
    await reopened.close();
  }
}, 180_000);

test("servers starting together on a crashed server's lock: exactly one of them takes it over", async () => {
  const CONTENDERS = 8;
  const ROUNDS = 20;
  const modulePath = path.join(root, "app", "platform", "db", "data-dir-lock.server.ts");
  // The pid of a process that has ended: a lock naming it is stale.
  const crashed = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => crashed.once("exit", resolve));
  const dataDirs = Array.from({ length: ROUNDS }, () => {
    const dataDir = tempDataDir();
    const lock = { pid: crashed.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
    writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify(lock));
    return dataDir;
  });

  // Every contender goes for the first directory at the same moment, then the second, and so on.
  const startAt = Date.now() + 2_000;
  const contenders = Array.from({ length: CONTENDERS }, () => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, "tests", "setup", "lock-contender.ts"),
        modulePath,
        String(startAt),
        "150",
        ...dataDirs,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const lines = () => output.split("\n").filter(Boolean);
    const done = new Promise<string[]>((resolve) => {
      child.stdout!.on("data", () => lines().length >= ROUNDS && resolve(lines()));
      child.once("exit", () => resolve(lines()));
    });
    return { child, done };
  });
  try {
    const answers = await Promise.all(contenders.map(({ done }) => done));
    for (const [round, dataDir] of dataDirs.entries()) {
      const results = answers.map((lines) => lines[round]);
      const winners = contenders.filter((_, i) => results[i] === `${round} locked`);
      expect(
        winners.map(({ child }) => child.pid),
        `round ${round + 1}: ${results}`,
      ).toHaveLength(1);
      expect(results.filter((result) => result === `${round} refused`)).toHaveLength(CONTENDERS - 1);
      const lock = JSON.parse(readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid: number };
      expect(lock.pid).toBe(winners[0]!.child.pid);
    }
  } finally {
    for (const { child } of contenders) child.kill();
  }
}, 120_000);
