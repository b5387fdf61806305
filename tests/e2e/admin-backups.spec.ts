import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  actAsOwnClient,
  expect,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  waitForHydration,
  type OwnServer,
} from "./fixtures";

/**
 * Einstellungen → Datensicherung on a phone: the owner changes the site, writes a backup with
 * "Jetzt sichern", finds it in the list and downloads it; the archive, restored with the command
 * the page documents into a fresh data directory, serves the same site. One server of its own
 * at a time (the first is stopped before the restore). Runs on the phone only (MOBILE_ONLY).
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const main = (page: Page) => page.getByRole("main");
const BRAND = "Erika Beispiel · Sicherungstest";

/** `npm run restore -- <archive>` into `dataDir`, as the page says; its exit code and output. */
function restore(archive: string, dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "restore", "--", archive], {
      cwd: root,
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: process.env["HOME"] ?? "",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

test("Jetzt sichern, the archive listed and downloaded, restored with the documented command", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const scratch = mkdtempSync(path.join(tmpdir(), "portfolio-e2e-restore-"));
  let server: OwnServer | undefined = await startOwnServer();
  let restored: OwnServer | undefined;
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });

    // Something only this owner made: the brand line in the footer.
    await openAdminPage(page, `${server.url}/admin/einstellungen`);
    const website = main(page).getByRole("region", { name: "Website", exact: true });
    await website.getByLabel("Markenzeile", { exact: true }).fill(BRAND);
    await website.getByRole("button", { name: "Speichern" }).click();
    await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();

    // Reachable from the Einstellungen tab.
    await main(page)
      .getByRole("navigation", { name: "Abschnitte der Einstellungen" })
      .getByRole("link", { name: "Datensicherung" })
      .click();
    await expect(main(page).getByRole("heading", { level: 2, name: "Datensicherung" })).toBeVisible();
    await expect(main(page).getByText("Noch keine Sicherung vorhanden.")).toBeVisible();
    await expect(main(page).getByText("keine automatische Sicherung")).toBeVisible();

    await main(page).getByRole("button", { name: "Jetzt sichern" }).click();
    await expect(toastWith(page, "Sicherung geschrieben")).toBeVisible({ timeout: 30_000 });
    const rows = main(page).getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(2);
    const downloadLink = main(page).getByRole("link", { name: /^Sicherung vom .+ Uhr herunterladen$/ });
    await expect(downloadLink).toBeVisible();

    // The sign-in a moment ago is the recent confirmation the download needs.
    const downloading = page.waitForEvent("download");
    await downloadLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^portfolio-backup-.+\.tar\.gz$/);
    const archive = path.join(scratch, download.suggestedFilename());
    await download.saveAs(archive);
    expect(statSync(archive).size).toBeGreaterThan(1000);

    // The page documents the command; it restores into a fresh data directory.
    await expect(main(page).getByText(/^npm run restore -- .+\.tar\.gz$/)).toBeVisible();
    await page.goto("about:blank");
    await server.stop();
    server = undefined;
    const dataDir = path.join(scratch, "neu");
    const result = await restore(archive, dataDir);
    expect(result.output).toContain("Restored");
    expect(result.code).toBe(0);

    restored = await startOwnServer({ dataDir, admin: null });
    await page.goto(`${restored.url}/`);
    await waitForHydration(page);
    await expect(page.getByRole("contentinfo")).toContainText(BRAND);
  } finally {
    await page.close();
    await server?.stop();
    await restored?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
});
