import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createPostgresDatabase } from "../setup/postgres-database";
import { acceptCookiesUpFront, expect, startOwnServer, test, waitForHydration } from "./fixtures";
import { parseMail } from "./mail";

/**
 * An expired confirmation link: the page offers a fresh mail, whose new link confirms.
 * The test ages the pending row in the database while the server runs, so it needs a PostgreSQL
 * server (TEST_DATABASE_URL; CI sets it). Mails go to the server's local mail drop.
 */
const servers = process.env.TEST_DATABASE_URL ? ["postgres"] : [];

function confirmLinks(dataDir: string): string[] {
  const dir = path.join(dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => parseMail(readFileSync(path.join(dir, file), "utf8")).text)
    .map((text) => text.match(/https?:\/\/\S+(\/newsletter\/bestaetigen\?token=[0-9a-f]{64})/)?.[1])
    .filter((link): link is string => Boolean(link));
}

for (const name of servers) {
  test(`an expired confirmation link offers a fresh mail whose link confirms (${name})`, async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    // The page for a used-up link answers 400, which Chromium reports on the console.
    consoleGuard.allow(/status of 400/);
    const database = await createPostgresDatabase();
    const server = await startOwnServer({ env: { DATABASE_URL: database.url } });
    try {
      await acceptCookiesUpFront(page);
      await page.goto(`${server.url}/contact`);
      await waitForHydration(page);
      const card = page.getByRole("region", { name: "Newsletter abonnieren" });
      await card.getByLabel("E-Mail", { exact: true }).fill("spaet@example.org");
      await card.getByRole("checkbox").check();
      await card.getByRole("button", { name: "Bestätigungs-E-Mail anfordern" }).click();
      await expect(page.getByText("Bestätigungs-E-Mail versendet!")).toBeVisible();
      await expect.poll(() => confirmLinks(server.dataDir).length, { timeout: 15_000 }).toBe(1);
      const [expiredLink] = confirmLinks(server.dataDir);

      // A day and more later: the token has expired, and the last mail is long ago.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(
        "update newsletter_subscriptions set token_expires_at = now() - interval '1 hour', confirmation_sent_at = now() - interval '25 hours'",
      );

      await page.goto(`${server.url}${expiredLink}`);
      await expect(
        page.getByRole("heading", { name: "Dieser Bestätigungslink ist abgelaufen" }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Neue Bestätigungs-E-Mail senden" }).click();
      await expect(page.getByRole("heading", { name: "Neue Bestätigungs-E-Mail versendet" })).toBeVisible();
      await expect.poll(() => confirmLinks(server.dataDir).length, { timeout: 15_000 }).toBe(2);
      const freshLink = confirmLinks(server.dataDir)[1]!;
      expect(freshLink).not.toBe(expiredLink);

      await page.goto(`${server.url}${expiredLink}`);
      await expect(page.getByRole("heading", { name: "Dieser Bestätigungslink ist ungültig" })).toBeVisible();
      await page.goto(`${server.url}${freshLink}`);
      await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
      await expect(page.getByRole("heading", { name: "Deine Anmeldung ist bestätigt" })).toBeVisible();
      const { rows } = await client.query("select is_confirmed from newsletter_subscriptions");
      expect(rows).toEqual([{ is_confirmed: true }]);
      await client.end();
    } finally {
      await page.close();
      await server.stop();
      await database.drop();
    }
  });
}
