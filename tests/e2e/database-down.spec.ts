import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { createPostgresDatabase } from "../setup/postgres-database";
import { startServer, waitUntilHealthy } from "../setup/server-process";
import { startTcpProxy } from "../setup/tcp-proxy";
import { acceptCookiesUpFront, expect, test, waitForHydration } from "./fixtures";

/**
 * A database outage never turns a public page into an error page (spec §4/§8): the built-in
 * items are shown with the spec's toast, forms answer 503 in German, /healthz says 503, and all
 * of it recovers without a restart. Runs against PostgreSQL behind a TCP proxy that the test
 * cuts, so it needs TEST_DATABASE_URL (CI sets it).
 */
const servers = process.env.TEST_DATABASE_URL ? ["postgres"] : [];

for (const name of servers) {
  test(`public pages fall back to the built-in items while ${name} is down and recover after`, async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    const database = await createPostgresDatabase();
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "portfolio-down-")),
      DATABASE_URL: target.toString(),
      LOG_LEVEL: "fatal",
    });
    try {
      await waitUntilHealthy(server);
      await acceptCookiesUpFront(page);
      await page.goto(`${server.url}/projects`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Mein Portfolio" })).toBeVisible();
      await expect(page.getByText("Failed to load projects. Using fallback data.")).toHaveCount(0);

      await proxy.cut();
      // Until the server has seen the outage, its page cache may still answer with the page
      // rendered before the cut, which is right but shows no toast. /healthz failing means the
      // lost connections, the listening one among them, have been noticed.
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 15_000 })
        .toBe(503);
      consoleGuard.allow(/status of 503/);
      const response = await page.goto(`${server.url}/projects`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByText("Failed to load projects. Using fallback data.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Website-Relaunch Physiopraxis" })).toBeVisible();

      const builtIn = fallbackProjects[0]!;
      expect((await page.goto(`${server.url}/project/${builtIn.id}`))?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: builtIn.title })).toBeVisible();
      await expect(page.getByText("Failed to load project. Using fallback data.")).toBeVisible();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

      await proxy.restore();
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 30_000 })
        .toBe(200);
      await page.goto(`${server.url}/projects`);
      await waitForHydration(page);
      await expect(page.getByText("Failed to load projects. Using fallback data.")).toHaveCount(0);
    } finally {
      await server.stop();
      await proxy.restore().catch(() => undefined);
      await database.drop();
    }
  });
}
