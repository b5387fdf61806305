import { randomUUID } from "node:crypto";
import { chromium } from "@playwright/test";
import { describe, expect, test } from "vitest";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { contactSubmissions, projects } from "~/platform/db/schema";
import { failDiskWrites, type FailingDisk } from "../setup/failing-disk";
import { installations, type Installation } from "../setup/installations";
import { clientAddress, formToken, isSuccess, submitForm, type Answer } from "../setup/public-forms";
import { processReport, startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";
import { chromiumArgs, playwrightArgsToDrop, testChromiumPath } from "../../scripts/lib/chromium.ts";
import { startTcpProxy } from "../setup/tcp-proxy";

/**
 * Database outage while the server runs (spec §4/§8): public pages answer 200 with the
 * built-in items and the spec's toast, forms answer 503 in German and give the visitor's input
 * back, /healthz answers 503, and all of it recovers without a restart once the database is back.
 *
 * PostgreSQL becomes unreachable through a TCP proxy that is cut. The embedded database gets a
 * failing disk (tests/setup/failing-disk.ts explains why permissions cannot do it): every write
 * of the server process fails with EIO until the disk heals.
 *
 * Answers are awaited with expect.poll: a page rendered just before the outage may still come
 * from the server's page cache for a moment.
 */
type Outage = { begin(server: ServerProcess): Promise<void>; end(): Promise<void> };

type Variant = {
  name: string;
  create(): Promise<Installation>;
  /** The server's database environment and the outage it can suffer. */
  prepare(installation: Installation): Promise<{ env: Record<string, string>; outage: Outage }>;
};

// On the embedded database, the first write after the disk fails hangs PGlite (it spins inside
// WebAssembly); the statement's deadline ends its thread (app/platform/db/pglite-thread.server.ts), so
// this also proves that a hung instance is retired and opened again.
const variants: Variant[] = installations.map(({ name, create }) =>
  name === "postgres"
    ? {
        name,
        create,
        prepare: async (installation) => {
          const target = new URL(installation.env.DATABASE_URL!);
          const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
          target.host = `127.0.0.1:${proxy.port}`;
          return {
            env: { ...installation.env, DATABASE_URL: target.toString() },
            outage: { begin: () => proxy.cut(), end: () => proxy.restore() },
          };
        },
      }
    : {
        name,
        create,
        prepare: async (installation) => {
          let disk: FailingDisk | undefined;
          return {
            env: installation.env,
            outage: {
              begin: async (server) => {
                disk = await failDiskWrites(server.child.pid!);
              },
              end: async () => {
                // The premise held: the server did try to write, and the disk refused.
                expect(disk!.failedWrites()).toBeGreaterThan(0);
                await disk!.heal();
              },
            },
          };
        },
      },
);

const POLL = { timeout: 30_000, interval: 250 };
const REQUEST_TIMEOUT_MS = 10_000;
const DB_ONLY_TITLE = "Nur in der Datenbank: Relaunch Musterbäckerei";
const builtIn = fallbackProjects[0]!;

const get = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, body: await response.text() };
};
const health = async (server: ServerProcess) => (await get(`${server.url}/healthz`)).status;
/** What the projects page's loader says: "fallback" (built-in items) or "database". */
const projectsSource = async (server: ServerProcess) => {
  const { status, body } = await get(`${server.url}/projects.data`);
  if (status !== 200) return `status ${status}`;
  return body.includes('"fallback",true') ? "fallback" : body.includes(DB_ONLY_TITLE) ? "database" : "other";
};

describe.each(variants)("database outage on $name", ({ create, prepare }) => {
  test("pages fall back with the toast, forms answer 503 keeping the input, /healthz 503; all recovers without a restart", async () => {
    const installation = await create();
    // The database holds a project the built-in items do not have, so every page shows which
    // of the two it was rendered from.
    const direct = await installation.open();
    await direct.db.insert(projects).values({ ...builtIn, id: randomUUID(), title: DB_ONLY_TITLE });
    await direct.close();

    const { env, outage } = await prepare(installation);
    const server = await startServer({ ...env, TRUST_PROXY: "X-Forwarded-For", FORM_MIN_FILL_MS: "0" });
    let sequence = 0;
    const contact = (token: string, channel: "document" | "data", values: Record<string, string>) =>
      submitForm(
        server.url,
        "/contact",
        { intent: "contact", formToken: token, ...values },
        { channel, address: clientAddress(++sequence), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      );
    const browser = await chromium.launch({
      executablePath: testChromiumPath,
      args: chromiumArgs,
      ignoreDefaultArgs: playwrightArgsToDrop,
    });
    try {
      await waitUntilHealthy(server, 60_000);
      expect(await projectsSource(server)).toBe("database");
      const token = await formToken(server.url);
      const typed = {
        name: "Erika Ausfall",
        email: "erika@example.org",
        subject: "Während der Störung",
        message: "Bitte trotzdem aufbewahren.",
      };
      const before = await contact(token, "document", { ...typed, name: "Erika Davor" });
      expect(isSuccess(before, CONTACT_MESSAGES.success, "/contact"), `${before.status}`).toBe(true);

      await outage.begin(server);

      // Forms: 503, the German message, and what the visitor typed comes back.
      let answer: Answer | undefined;
      await expect
        .poll(async () => (answer = await contact(token, "document", typed)).status, POLL)
        .toBe(503);
      expect(answer!.body).toContain(FORM_GUARD_MESSAGES.unavailable);
      expect(answer!.body).toContain(CONTACT_MESSAGES.failure);
      for (const field of ["name", "email", "subject"] as const) {
        expect(answer!.body).toContain(`value="${typed[field]}"`);
      }
      expect(answer!.body).toContain(`>${typed.message}</textarea>`);

      const withScript = await contact(token, "data", typed);
      expect(withScript.status).toBe(503);
      expect(withScript.body).toContain(FORM_GUARD_MESSAGES.unavailable);
      expect(withScript.body).toContain('"values"');
      for (const value of Object.values(typed)) expect(withScript.body).toContain(`"${value}"`);

      const newsletter = await submitForm(
        server.url,
        "/contact",
        { intent: "newsletter", formToken: token, email: "nora@example.org", name: "Nora", consent: "on" },
        { address: clientAddress(++sequence), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      );
      expect(newsletter.status).toBe(503);
      expect(newsletter.body).toContain(FORM_GUARD_MESSAGES.unavailable);
      expect(newsletter.body).toContain('value="nora@example.org"');

      // /healthz and the pages.
      await expect.poll(() => health(server), POLL).toBe(503);
      await expect.poll(() => projectsSource(server), POLL).toBe("fallback");
      const listing = await get(`${server.url}/projects`);
      expect(listing.status).toBe(200);
      for (const project of fallbackProjects) expect(listing.body).toContain(project.title);
      expect(listing.body).not.toContain(DB_ONLY_TITLE);
      const home = await get(server.url);
      expect(home.status).toBe(200);
      for (const project of fallbackProjects.filter((p) => p.show_on_homepage)) {
        expect(home.body).toContain(project.title);
      }
      const detail = await get(`${server.url}/project/${builtIn.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toContain(builtIn.title);

      // The toast is the browser's part.
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      expect((await page.goto(`${server.url}/projects`))?.status()).toBe(200);
      await page
        .getByText(PUBLIC_MESSAGES.projectsFallback, { exact: true })
        .waitFor({ timeout: POLL.timeout });
      await page.getByRole("heading", { name: builtIn.title }).waitFor();
      expect((await page.goto(`${server.url}/project/${builtIn.id}`))?.status()).toBe(200);
      await page
        .getByText(PUBLIC_MESSAGES.projectFallback, { exact: true })
        .waitFor({ timeout: POLL.timeout });
      expect(pageErrors).toEqual([]);

      // The database comes back; the same server process recovers by itself.
      await outage.end();
      await expect.poll(() => health(server), POLL).toBe(200);
      await expect.poll(() => projectsSource(server), POLL).toBe("database");
      const after = { ...typed, name: "Erika Danach", email: "erika.danach@example.org" };
      const stored = await contact(token, "document", after);
      expect(isSuccess(stored, CONTACT_MESSAGES.success, "/contact"), `${stored.status}`).toBe(true);
      expect(await server.stop(), processReport(server)).toBe(0);
    } finally {
      await browser.close();
      await server.stop("SIGKILL");
      await outage.end().catch(() => undefined);
    }

    const reopened = await installation.open();
    try {
      const rows = await reopened.db.select().from(contactSubmissions);
      expect(rows.map((row) => row.name).sort()).toEqual(["Erika Danach", "Erika Davor"]);
    } finally {
      await reopened.close();
      await installation.dispose();
    }
  }, 240_000);
});
