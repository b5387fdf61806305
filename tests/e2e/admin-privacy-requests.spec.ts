import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  actAsOwnClient,
  addVirtualAuthenticator,
  expect,
  formTokenOf,
  openAdminPage,
  postForm,
  sendContact,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "./fixtures";

/**
 * Auskunft und Löschung (Art. 15, 17, 20 DSGVO): the owner looks up everything stored
 * for an address that used the public forms, downloads it as JSON and as a printable page,
 * erases all of it after a confirmation that names the counts, and finds nothing afterwards;
 * the audit log lists the exports and the erasure. Other tests share the server, so each test
 * uses an address of its own. Exports and the erasure need a confirmation within 10 minutes:
 * a fresh sign-in is one; the last test ages it on a server of its own.
 */

const main = (page: Page) => page.getByRole("main");
const COUNTS = "1 Kontaktanfrage, 1 Newsletter-Abonnement, 2 E-Mails, 0 Nachweise, 0 Termine";

type Client = { baseURL: string; clientAddress: string };

async function subscribeAndConfirm(request: APIRequestContext, options: Client, email: string) {
  const formToken = await formTokenOf(request, "/contact", options.clientAddress);
  const signup = await postForm(
    request,
    "/contact",
    { intent: "newsletter", formToken, consent: "on", name: "", email },
    options,
  );
  expect(signup.status(), `newsletter ${email}`).toBe(200);
  const mail = await waitForMail(email);
  const token = mail.text.match(/\/newsletter\/bestaetigen\?token=([0-9a-f]{64})/)?.[1];
  expect(token, `confirmation link to ${email}`).toBeTruthy();
  const confirmed = await postForm(
    request,
    "/newsletter/bestaetigen",
    { intent: "confirm", token: token! },
    options,
  );
  expect(confirmed.status(), `confirm ${email}`).toBe(200);
}

/** The lookup is a POST: the address never shows in the URL. */
async function lookUp(page: Page, email: string) {
  const box = main(page).getByRole("textbox", { name: "E-Mail-Adresse" });
  await box.fill(email);
  await main(page).getByRole("button", { name: "Suchen" }).click();
  await expect(main(page).getByRole("heading", { level: 3, name: email.trim().toLowerCase() })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/datenschutz$/);
}

async function download(page: Page, button: string) {
  const started = page.waitForEvent("download");
  await main(page).getByRole("button", { name: button }).click();
  const file = await started;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, "utf8") };
}

/** Presses a dialog's button with the keyboard (see admin-projects.spec.ts on phone layouts). */
async function pressIn(dialog: Locator, button: string) {
  await dialog.getByRole("button", { name: button }).press("Enter");
}

test("the owner looks an address up, exports it, erases all of it and finds nothing", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(60_000);
  const clientAddress = await actAsOwnClient(page.context(), testInfo);
  const options = { baseURL: baseURL!, clientAddress };
  const email = uniqueEmail(testInfo, "auskunft");
  const subject = `Anfrage ${email.split("@")[0]}`;
  await sendContact(request, options, { name: "Paula Person", email, subject, message: "Bitte melden." });
  await subscribeAndConfirm(request, options, email);

  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/datenschutz");
  // The tab follows Einstellungen; the earlier tabs keep their names and order.
  const tabs = page.getByRole("navigation", { name: "Admin-Bereiche" }).getByRole("link");
  await expect(tabs).toHaveText([
    "Projekte",
    "Inhalte",
    "Kontaktanfragen",
    "Newsletter",
    "Profil",
    "Einstellungen",
    "Datenschutz",
    "Statistik",
    "Termine",
  ]);
  await expect(main(page).getByRole("heading", { level: 2, name: "Auskunft und Löschung" })).toBeVisible();

  // An invalid address: a field error, and status 400 (which the browser reports in the console).
  consoleGuard.allow(/status of 400/, `${baseURL}/admin/datenschutz.data`);
  await main(page).getByRole("textbox", { name: "E-Mail-Adresse" }).fill("kein-at-zeichen");
  await main(page).getByRole("button", { name: "Suchen" }).click();
  const field = main(page).getByRole("textbox", { name: "E-Mail-Adresse" });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(main(page).getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  const lookupPost = (email: string) =>
    page.request.post("/admin/datenschutz", {
      form: { intent: "lookup", email },
      headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress },
    });
  expect((await lookupPost("kein-at-zeichen")).status()).toBe(400);

  // Everything stored for the address, in any case.
  await lookUp(page, email.toUpperCase());
  const result = main(page).getByRole("region", { name: email });
  await expect(result).toContainText(`${COUNTS}.`);
  await expect(result.getByRole("region", { name: "Kontaktanfragen (1)" })).toContainText(subject);
  await expect(result.getByRole("region", { name: "Newsletter-Abonnement (1)" })).toContainText(
    "Bestätigt (Double-Opt-In)",
  );
  await expect(result.getByRole("region", { name: "E-Mails im Postausgang (2)" })).toContainText(
    `Neue Kontaktanfrage: ${subject}`,
  );
  const lookup = await lookupPost(email);
  expect(lookup.headers()["cache-control"]).toBe("no-store");
  expect(await lookup.text()).toContain(subject);
  // An address in the URL (an old link) looks nobody up.
  const linked = await page.request.get(`/admin/datenschutz?email=${encodeURIComponent(email)}`);
  expect(linked.status()).toBe(200);
  expect(await linked.text()).not.toContain(subject);
  await expectNoAxeViolations(page, "Auskunft und Löschung with an address looked up");

  // The machine-readable export.
  const json = await download(page, "Als JSON exportieren");
  expect(json.name).toMatch(/^datenauskunft-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(json.text) as Record<string, unknown>;
  expect(exported).toMatchObject({
    email,
    counts: { contacts: 1, subscriptions: 1, mails: 2, records: 0, bookings: 0 },
    contactRequests: [{ name: "Paula Person", email, subject, message: "Bitte melden." }],
    newsletterSubscription: { email, state: "confirmed" },
  });
  expect(exported.mails).toHaveLength(2);

  // The printable page: self-contained, no script; it opens as a page of its own.
  const html = await download(page, "Als Seite exportieren");
  expect(html.name).toMatch(/^datenauskunft-\d{4}-\d{2}-\d{2}\.html$/);
  expect(html.text).not.toMatch(/<script|<link |src=/);
  const printable = await page.context().newPage();
  await printable.setContent(html.text);
  await expect(
    printable.getByRole("heading", { level: 1, name: "Datenauskunft nach Art. 15 DSGVO" }),
  ).toBeVisible();
  await expect(printable.getByRole("main").or(printable.locator("body"))).toContainText(subject);
  await expect(printable.locator("body")).toContainText(COUNTS);
  await printable.close();
  const headers = (
    await page.request.post("/admin/datenschutz/export.html", {
      form: { email },
      headers: { Origin: baseURL!, "X-Forwarded-For": clientAddress },
    })
  ).headers();
  expect(headers["content-security-policy"]).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["content-disposition"]).toMatch(/^attachment; filename="datenauskunft-/);

  // The erasure, without the block: cancel keeps everything, confirming erases it.
  await main(page).getByRole("checkbox", { name: "nicht erneut anschreiben" }).uncheck();
  await main(page).getByRole("button", { name: "Alles löschen" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Alle Daten dieser Adresse löschen" });
  await expect(confirm).toContainText(email);
  await expect(confirm).toContainText(COUNTS);
  await expect(confirm).toContainText("kein Sperrvermerk");
  await pressIn(confirm, "Abbrechen");
  await expect(confirm).toHaveCount(0);
  await main(page).getByRole("button", { name: "Alles löschen" }).click();
  await pressIn(confirm, "Alles löschen");
  await expect(toastWith(page, "Alle Daten zu dieser Adresse wurden gelöscht.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/datenschutz$/);

  await lookUp(page, email);
  await expect(main(page).getByRole("region", { name: email })).toContainText(
    "Zu dieser Adresse ist nichts gespeichert.",
  );

  // The audit log: both exports and the erasure, with counts and without the address.
  const audit = main(page).getByRole("region", { name: "Protokoll" });
  await expect(
    audit.getByRole("row").filter({ hasText: "Löschung" }).filter({ hasText: COUNTS }),
  ).not.toHaveCount(0);
  await expect(
    audit.getByRole("row").filter({ hasText: "Export" }).filter({ hasText: COUNTS }),
  ).not.toHaveCount(0);
  await expect(audit).not.toContainText(email);
});

test("Auskunft und Löschung at 360 px: the result and the audit log fit the screen", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const clientAddress = await actAsOwnClient(page.context(), testInfo);
  const options = { baseURL: baseURL!, clientAddress };
  const email = uniqueEmail(testInfo, "auskunft-telefon");
  await sendContact(request, options, {
    name: "Theo Telefon",
    email,
    subject: "Eine ziemlich lange Betreffzeile, die auf einem Telefon umbrechen muss",
    message: "Hallo!",
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/datenschutz");
  await lookUp(page, email);
  await expect(main(page).getByRole("region", { name: email })).toContainText("1 Kontaktanfrage");
  for (const button of ["Als JSON exportieren", "Als Seite exportieren", "Alles löschen"]) {
    const box = (await main(page).getByRole("button", { name: button }).boundingBox())!;
    expect(box.x, button).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, button).toBeLessThanOrEqual(360);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "the page scrolls sideways").toBeLessThanOrEqual(360);
});

test("after 10 minutes an export and the erasure send the owner to Profil, and a confirmation leads back", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  let server = await startOwnServer();
  const admin = server.admin!;
  const port = new URL(server.url).port;
  // A passkey's relying party is a host name: the site is reached as localhost, and restarts
  // keep the port, so the origin (PUBLIC_URL) stays the same.
  const base = `http://localhost:${port}`;
  /** Moves the session's last confirmation an hour into the past (the server must be stopped). */
  const ageSession = async () => {
    await server.stop();
    const db = await PGlite.create(path.join(server.dataDir, "pgdata"));
    await db.query("update sessions set verified_at = now() - interval '1 hour'");
    await db.close();
    server = await startOwnServer({ dataDir: server.dataDir, admin, env: { PORT: port } });
  };
  const sentToProfil = async () => {
    await expect(page).toHaveURL(`${base}/admin/profil?redirectTo=%2Fadmin%2Fdatenschutz`);
    await expect(
      toastWith(page, "Bitte bestätige zuerst deine Identität unter „Identität bestätigen“"),
    ).toBeVisible();
    await expect(main(page).getByRole("status")).toContainText("danach geht es zurück");
    await expect(main(page).getByRole("link", { name: "Zurück zur vorherigen Seite" })).toHaveAttribute(
      "href",
      "/admin/datenschutz",
    );
    await waitForHydration(page);
  };
  try {
    const clientAddress = await actAsOwnClient(page.context(), testInfo);
    const email = uniqueEmail(testInfo, "spaeter");
    const formToken = await formTokenOf(request, `${base}/contact`, clientAddress);
    const sent = await postForm(
      request,
      `${base}/contact`,
      { intent: "contact", formToken, name: "Lena Later", email, subject: "Später", message: "Hallo." },
      { baseURL: base, clientAddress },
    );
    expect(sent.status()).toBe(200);
    // Signed in just now (which counts as a confirmation): a passkey for later.
    await addVirtualAuthenticator(page);
    await signInAsAdmin(page, { baseURL: base, clientAddress, credentials: admin });
    await openAdminPage(page, `${base}/admin/profil`);
    await main(page).getByRole("button", { name: "Passkey hinzufügen" }).click();
    await expect(toastWith(page, "Passkey hinzugefügt")).toBeVisible();

    // An hour later, the export (a plain form) leads to Profil instead of a file; the passkey
    // confirms, and the page goes back by itself.
    await ageSession();
    await openAdminPage(page, `${base}/admin/datenschutz`);
    await lookUp(page, email);
    await main(page).getByRole("button", { name: "Als JSON exportieren" }).click();
    await sentToProfil();
    await main(page).getByRole("button", { name: "Mit Passkey bestätigen" }).click();
    await expect(page).toHaveURL(`${base}/admin/datenschutz`);
    await lookUp(page, email);
    const json = await download(page, "Als JSON exportieren");
    expect(JSON.parse(json.text)).toMatchObject({ email, counts: { contacts: 1 } });

    // Another hour later, "Alles löschen" leads to Profil; with a passkey, the password alone no
    // longer confirms (the server's way back after a password or code is
    // tests/integration/recent-confirmation.test.ts), the passkey does.
    await ageSession();
    await openAdminPage(page, `${base}/admin/datenschutz`);
    await lookUp(page, email);
    const erase = async () => {
      await main(page).getByRole("button", { name: "Alles löschen" }).click();
      await pressIn(
        page.getByRole("alertdialog", { name: "Alle Daten dieser Adresse löschen" }),
        "Alles löschen",
      );
    };
    await erase();
    await sentToProfil();
    await expect(main(page).getByLabel("Passwort", { exact: true })).toHaveCount(0);
    await main(page).getByRole("button", { name: "Mit Passkey bestätigen" }).click();
    await expect(page).toHaveURL(`${base}/admin/datenschutz`);
    await lookUp(page, email);
    await erase();
    await expect(toastWith(page, "Alle Daten zu dieser Adresse wurden gelöscht.")).toBeVisible();
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});
