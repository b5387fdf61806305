import type pg from "pg";
import { describe, expect, test } from "vitest";
import { isHealthy, openDatabase } from "~/platform/db/engines.server";
import { createPostgresDatabase } from "../setup/postgres-database";
import { startTcpProxy } from "../setup/tcp-proxy";

/**
 * A PostgreSQL connection that is lost while the application holds it (inside a transaction,
 * between two statements) must not end the process. node-postgres reports it as an 'error'
 * event on the client, and an 'error' event nobody listens to is an uncaught exception: the
 * reliability suite's outage test once ended the server that way (CI, 2026-11-21).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL connection loss", () => {
  test("a checked-out client losing its connection fails its next statement; the pool recovers", async () => {
    const database = await createPostgresDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ url: target.toString() });
    try {
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      await client.query("begin");
      await proxy.cut();
      // Without a listener, the 'error' event would have ended this test process here.
      await expect(client.query("select 1")).rejects.toThrow();
      client.release();

      await proxy.restore();
      await expect.poll(() => isHealthy(handle), { timeout: 10_000 }).toBe(true);
    } finally {
      await handle.close();
      await proxy.cut();
      await database.drop();
    }
  });
});
