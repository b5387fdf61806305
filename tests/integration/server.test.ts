import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { countProjects } from "~/db/projects.server";
import { contactSubmissions } from "~/db/schema";
import { createPostgresDatabase } from "../setup/databases";
import { startServer, waitUntilHealthy } from "../setup/server-process";

const tempDataDir = () => mkdtempSync(path.join(tmpdir(), "portfolio-server-"));

async function timed<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await promise;
  return { value, ms: Date.now() - started };
}

describe("production server on the embedded database", () => {
  test("serves the site, stops within 10 s on SIGTERM with the database closed, and keeps its data", async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(first);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: "ok" });
    const home = await fetch(first.url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Willkommen in meiner Welt");

    const stop = await timed(first.stop("SIGTERM"));
    expect(stop.value).toBe(0);
    expect(stop.ms).toBeLessThan(10_000);
    expect(first.output()).toContain("database closed");
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // The directory is consistent and writable after the clean stop...
    const offline = await openDatabase({ dataDir });
    expect(await countProjects(offline.db)).toBe(12);
    await offline.db
      .insert(contactSubmissions)
      .values({ name: "Anna", email: "anna@example.com", subject: "Test", message: "Bleibt erhalten" });
    await offline.close();

    // ...and a restart finds all of it, without loading the demo content again.
    const second = await startServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(second);
    expect(await second.stop("SIGINT")).toBe(0);
    const reopened = await openDatabase({ dataDir });
    expect(await countProjects(reopened.db)).toBe(12);
    const rows = await reopened.db.select().from(contactSubmissions);
    expect(rows.map((row) => row.message)).toEqual(["Bleibt erhalten"]);
    await reopened.close();
  });

  test("takes over the lock of a crashed server", async () => {
    const dataDir = tempDataDir();
    const crashed = await startServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(crashed);
    await crashed.stop("SIGKILL");
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(true);

    const next = await startServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(next);
    expect(await next.stop()).toBe(0);
  });

  test("exits at once naming an invalid variable", async () => {
    const server = await startServer({ DATA_DIR: tempDataDir(), PORT: "kein-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
  });
});

describe.each(process.env.TEST_DATABASE_URL ? ["postgres"] : [])("production server on %s", () => {
  test("serves the same site from DATABASE_URL and reports an unreachable database on /healthz", async () => {
    const database = await createPostgresDatabase();
    const server = await startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: database.url,
      FORM_MIN_FILL_MS: "0",
    });
    try {
      await waitUntilHealthy(server);
      expect(await (await fetch(server.url)).text()).toContain("Willkommen in meiner Welt");

      const direct = await openDatabase({ url: database.url });
      expect(await countProjects(direct.db)).toBe(12);
      await direct.close();

      const contactPage = await (await fetch(`${server.url}/contact`)).text();
      const formToken = contactPage.match(/name="formToken" value="([^"]+)"/)?.[1] ?? "";
      await database.drop();
      // Public pages keep working on the built-in items; forms say in German that they cannot.
      const projects = await fetch(`${server.url}/projects`);
      expect(projects.status).toBe(200);
      expect(await projects.text()).toContain("Website-Relaunch Physiopraxis");
      const contact = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "contact",
          formToken,
          name: "Anna",
          email: "anna@example.com",
          subject: "Hallo",
          message: "Test",
        }).toString(),
      });
      expect(contact.status).toBe(503);
      expect(await contact.text()).toContain("Der Dienst ist gerade nicht erreichbar");
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable" });
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
