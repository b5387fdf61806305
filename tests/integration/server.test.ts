import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openDatabase } from "~/platform/db/engines.server";
import { countProjects } from "~/features/projects/queries.server";
import { PUBLIC_URL_REQUIRED } from "~/platform/env.server";
import { contactSubmissions } from "~/platform/db/schema";
import { createPostgresDatabase } from "../setup/postgres-database";
import { freePort, startServer, waitUntilHealthy } from "../setup/server-process";

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
    // Idle connections outlive a proxy's (server/app.ts); the stop below closes this one at once.
    expect(home.headers.get("keep-alive")).toBe("timeout=125");

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

  test("exits without PUBLIC_URL when listening beyond this machine, saying why", async () => {
    const server = await startServer({ DATA_DIR: tempDataDir(), HOST: "0.0.0.0" });
    const code = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve("still running after 30 s"), 30_000)),
    ]);
    await server.stop();
    expect(code).toBe(1);
    expect(server.output()).toContain(`PUBLIC_URL: ${PUBLIC_URL_REQUIRED}`);
  });

  test("`npm start` without PUBLIC_URL and HOST serves this machine only and says so", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["scripts/start.js"], {
      cwd: path.resolve(import.meta.dirname, "..", ".."),
      env: { PATH: process.env.PATH, DATA_DIR: tempDataDir(), PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('"server listening"') && Date.now() < deadline && child.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain(
        `PUBLIC_URL is not set: the site is reachable only at http://localhost:${port} on this machine until PUBLIC_URL is set.`,
      );
      expect(output).toMatch(
        /"host":"127\.0\.0\.1".*"server listening"|"server listening".*"host":"127\.0\.0\.1"/,
      );
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
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
