import { mkdtemp, readdir, readlink, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { EmbeddedDatabaseUnavailableError, PgliteThread } from "~/platform/db/pglite-thread.server";

/**
 * The embedded database's thread (app/platform/db/pglite-thread.server.ts): a statement that overruns its
 * deadline ends the thread without stopping this one, the thread's files are closed, and the
 * directory opens again with what was committed.
 */
const DEADLINE_MS = 30_000;
let dir: string;
const open = () => PgliteThread.open(dir, PGlite.defaultStartParams, DEADLINE_MS);

/** This process's open files inside the data directory. */
async function filesOpenIn(directory: string): Promise<string[]> {
  const prefix = (await realpath(directory)) + path.sep;
  const targets = await Promise.all(
    (await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")),
  );
  return targets.filter((target) => target.startsWith(prefix));
}

beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(tmpdir(), "portfolio-thread-")), "pgdata");
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

describe("PgliteThread", () => {
  test("answers queries with PostgreSQL's values, errors with their SQLSTATE, and parses in the caller's thread", async () => {
    const thread = await open();
    try {
      await thread.query(
        "create table t (id int primary key, at timestamptz, data bytea)",
        [],
        {},
        DEADLINE_MS,
      );
      await thread.query(
        "insert into t values ($1, $2, $3)",
        [1, "2026-11-21T10:00:00Z", new Uint8Array([1, 2, 3])],
        {},
        DEADLINE_MS,
      );
      const { rows } = await thread.query<{ id: number; at: string; data: Uint8Array }>(
        "select * from t",
        [],
        { parsers: { 1184: (value: string) => `parsed ${value}` } },
        DEADLINE_MS,
      );
      expect(rows).toEqual([{ id: 1, at: "parsed 2026-11-21 10:00:00+00", data: new Uint8Array([1, 2, 3]) }]);
      const array = await thread.query("select id from t", [], { rowMode: "array" }, DEADLINE_MS);
      expect(array.rows).toEqual([[1]]);

      const duplicate = thread.query("insert into t (id) values (1)", [], {}, DEADLINE_MS);
      await expect(duplicate).rejects.toMatchObject({ code: "23505", severity: "ERROR" });
      // The query and its values stay in the thread: they would carry visitors' data into logs.
      await expect(duplicate).rejects.not.toHaveProperty("params");
    } finally {
      await thread.close(DEADLINE_MS);
    }
  });

  test("a statement that overruns its deadline ends the thread and closes its files; the directory opens again", async () => {
    const first = await open();
    await first.query("create table t (id int)", [], {}, DEADLINE_MS);
    await first.query("insert into t values (1)", [], {}, DEADLINE_MS);
    expect((await filesOpenIn(dir)).length).toBeGreaterThan(0);

    const hung = first.query("select pg_sleep(600)", [], {}, 500);
    await expect(hung).rejects.toBeInstanceOf(EmbeddedDatabaseUnavailableError);
    await first.end("test");
    expect(first.ended).toBe(true);
    await expect(first.query("select 1", [], {}, DEADLINE_MS)).rejects.toBeInstanceOf(
      EmbeddedDatabaseUnavailableError,
    );
    expect(await filesOpenIn(dir)).toEqual([]);

    const second = await open();
    try {
      expect((await second.query("select id from t", [], {}, DEADLINE_MS)).rows).toEqual([{ id: 1 }]);
    } finally {
      await second.close(DEADLINE_MS);
    }
    expect(await filesOpenIn(dir)).toEqual([]);
  });
});
