import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import {
  actAsOwnClient,
  expect,
  formTokenOf,
  openAdminPage,
  postForm,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  waitForHydration,
  waitForMail,
  sendContact,
} from "./fixtures";

/**
 * The Kontaktanfragen and Newsletter tabs (spec §2, §4, §7, §8): lists newest first,
 * German dates, the detail dialog, replies by mail, deleting after confirmation, and the CSV
 * export byte for byte. Other tests add rows to the shared server at the same time, so each
 * test finds its own rows through the list's search and never counts the whole list.
 */

const berlinDay = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
const berlinGermanDay = () =>
  new Intl.DateTimeFormat("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Berlin",
  }).format(new Date());

const main = (page: Page) => page.getByRole("main");

/** Searches the current admin list for `text` with its search box. */
async function search(page: Page, label: string, text: string) {
  const box = main(page).getByRole("searchbox", { name: label });
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

/** Presses a dialog's button with the keyboard (see admin-projects.spec.ts on phone layouts). */
async function pressIn(dialog: Locator, button: string) {
  await dialog.getByRole("button", { name: button }).press("Enter");
}

async function subscribe(
  request: APIRequestContext,
  options: { baseURL: string; clientAddress: string },
  fields: { email: string; name?: string },
) {
  const formToken = await formTokenOf(request, "/contact", options.clientAddress);
  const response = await postForm(
    request,
    "/contact",
    { intent: "newsletter", formToken, consent: "on", name: "", ...fields },
    options,
  );
  expect(response.status(), `newsletter ${fields.email}`).toBe(200);
}

/** Confirms a sign-up through the link of its mail, as the subscriber's button press does. */
async function confirmByMail(
  request: APIRequestContext,
  options: { baseURL: string; clientAddress: string },
  email: string,
) {
  const mail = await waitForMail(email);
  const token = mail.text.match(/\/newsletter\/bestaetigen\?token=([0-9a-f]{64})/)?.[1];
  expect(token, `confirmation link to ${email}`).toBeTruthy();
  const response = await postForm(
    request,
    "/newsletter/bestaetigen",
    { intent: "confirm", token: token! },
    options,
  );
  expect(response.status(), `confirm ${email}`).toBe(200);
}

test("contact requests: newest first, German date, detail dialog, mailto reply, delete after confirming", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const mark = randomBytes(4).toString("hex");
  const email = `anfrage-${mark}@example.org`;
  const first = { name: "Erika Musterfrau", email, subject: `Erste Anfrage ${mark}`, message: "Hallo!" };
  const second = {
    name: "Max Beispiel",
    email,
    subject: `Zweite Anfrage ${mark} & Co.`,
    message: "Guten Tag,\nich hätte gern ein Angebot.\nViele Grüße",
  };
  const options = { baseURL: baseURL!, clientAddress: client };
  const sentAt = Date.now();
  await sendContact(request, options, first);
  await sendContact(request, options, second);

  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/kontaktanfragen");
  await expect(
    main(page).getByRole("heading", { level: 2, name: "Kontaktanfragen verwalten" }),
  ).toBeVisible();
  // A search that finds nothing says so, not that there are no requests, and leads back.
  await search(page, "Kontaktanfragen durchsuchen", `nichts-${mark}`);
  await expect(main(page).getByText(`Keine Treffer für „nichts-${mark}“.`)).toBeVisible();
  await expect(main(page).getByText("Keine Kontaktanfragen vorhanden")).toHaveCount(0);
  await main(page).getByRole("link", { name: "Suche zurücksetzen" }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(main(page).getByRole("listitem").filter({ hasText: mark })).toHaveCount(2);
  await search(page, "Kontaktanfragen durchsuchen", mark);

  const items = main(page).getByRole("listitem").filter({ hasText: mark });
  await expect(items).toHaveCount(2);
  // Newest first.
  await expect(items.nth(0)).toContainText(second.subject);
  await expect(items.nth(1)).toContainText(first.subject);
  const time = items.nth(0).locator("time");
  await expect(time).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect(time).toContainText(berlinGermanDay());
  const stored = Date.parse((await time.getAttribute("datetime"))!);
  expect(Math.abs(stored - sentAt)).toBeLessThan(5 * 60_000);
  await expect(items.nth(0)).toContainText(`${second.name} · ${email}`);

  const mailto = `mailto:${email}?subject=${encodeURIComponent(`Re: ${second.subject}`)}`;
  await expect(items.nth(0).getByRole("link", { name: /^Antworten/ })).toHaveAttribute("href", mailto);

  // The detail dialog: subject, sender, date, the message with its line breaks, a reply link.
  await items
    .nth(0)
    .getByRole("button", { name: /^Details/ })
    .click();
  const details = page.getByRole("dialog", { name: second.subject });
  await expect(details).toBeVisible();
  await expect(details).toContainText(second.name);
  await expect(details).toContainText(email);
  await expect(details).toContainText(berlinGermanDay());
  const message = details.getByText("ich hätte gern ein Angebot.");
  expect(await message.evaluate((element) => (element as HTMLElement).innerText)).toBe(second.message);
  const reply = details.getByRole("link", { name: "Per E-Mail antworten" });
  await expect(reply).toHaveAttribute("href", mailto);
  expect(decodeURIComponent(new URL(mailto).searchParams.get("subject")!)).toBe(`Re: ${second.subject}`);
  await details.getByRole("button", { name: "Schließen" }).click();
  await expect(details).toHaveCount(0);

  // Delete: cancel keeps the request, confirming removes it.
  await items
    .nth(1)
    .getByRole("button", { name: /^Löschen/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Kontaktanfrage löschen" });
  await expect(confirm).toContainText("Möchten Sie diese Kontaktanfrage wirklich löschen?");
  await pressIn(confirm, "Abbrechen");
  await expect(confirm).toHaveCount(0);
  await expect(items).toHaveCount(2);
  await items
    .nth(1)
    .getByRole("button", { name: /^Löschen/ })
    .click();
  await pressIn(confirm, "Löschen");
  const deleted = toastWith(page, "Kontaktanfrage erfolgreich gelöscht");
  await expect(deleted).toBeVisible();
  await expect(items).toHaveCount(1);
  // Closed, so that the next delete's toast is the only one with this text.
  await deleted.getByRole("button", { name: "Meldung schließen" }).click();
  await expect(deleted).toHaveCount(0);
  await expect(items.first()).toContainText(second.subject);
  // The search survives the delete; with the last one gone, the list says it is empty.
  await expect(page).toHaveURL(new RegExp(`q=${mark}`));
  await items
    .first()
    .getByRole("button", { name: /^Löschen/ })
    .click();
  await pressIn(confirm, "Löschen");
  await expect(toastWith(page, "Kontaktanfrage erfolgreich gelöscht")).toHaveCount(1);
  await expect(items).toHaveCount(0);
  // The search is still on: nothing of it is left, which is not to say the list is empty.
  await expect(main(page).getByText(`Keine Treffer für „${mark}“.`)).toBeVisible();
});

test("subscribers: e-mail, name, date and confirmation; mail link; removal after confirming", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const mark = randomBytes(4).toString("hex");
  const options = { baseURL: baseURL!, clientAddress: client };
  const confirmed = `abo-${mark}-bestaetigt@example.org`;
  const pending = `abo-${mark}-offen@example.org`;
  await subscribe(request, options, { email: confirmed, name: "Erika" });
  const mail = await waitForMail(confirmed);
  const confirmPath = mail.text.match(
    /https?:\/\/[^\s/]+(\/newsletter\/bestaetigen\?token=[0-9a-f]{64})/,
  )?.[1];
  expect(confirmPath).toBeTruthy();
  await openAdminPage(page, confirmPath!);
  await page.getByRole("button", { name: "Anmeldung bestätigen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deine Anmeldung ist bestätigt");
  await subscribe(request, options, { email: pending });

  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/newsletter");
  await expect(
    main(page).getByRole("heading", { level: 2, name: "Newsletter-Abonnenten verwalten" }),
  ).toBeVisible();
  await expect(main(page).getByRole("columnheader")).toHaveText([
    "E-Mail",
    "Name",
    "Abonniert am",
    "Status",
    "Aktionen",
  ]);
  await search(page, "Abonnenten durchsuchen", mark);
  const rows = main(page).getByRole("row").filter({ hasText: mark });
  await expect(rows).toHaveCount(2);
  const today = berlinDay();
  await expect(rows.nth(0).getByRole("cell")).toHaveText([pending, "–", today, "Unbestätigt", /E-Mail/]);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([confirmed, "Erika", today, "Bestätigt", /E-Mail/]);
  await expect(rows.nth(1).getByRole("link", { name: /^E-Mail/ })).toHaveAttribute(
    "href",
    `mailto:${confirmed}`,
  );

  await rows
    .nth(0)
    .getByRole("button", { name: /^Entfernen/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Abonnent entfernen" });
  await expect(confirm).toContainText("Möchten Sie diesen Abonnenten wirklich entfernen?");
  await pressIn(confirm, "Abbrechen");
  await expect(rows).toHaveCount(2);
  await rows
    .nth(0)
    .getByRole("button", { name: /^Entfernen/ })
    .click();
  await pressIn(confirm, "Entfernen");
  await expect(toastWith(page, "Abonnent erfolgreich entfernt")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(confirmed);
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test("CSV export: BOM, header, CRLF, YYYY-MM-DD, formula characters neutralised, dated file name", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const mark = randomBytes(4).toString("hex");
  const options = { baseURL: baseURL!, clientAddress: client };
  // Valid e-mail addresses that a spreadsheet would read as formulas.
  const plus = `+csv-${mark}@example.org`;
  const minus = `-csv-${mark}@example.org`;
  const plain = `csv-${mark}-klar@example.org`;
  for (const email of [plus, minus, plain]) {
    await subscribe(request, options, { email });
    await confirmByMail(request, options, email);
  }
  // An address that never confirmed is not exported.
  const unconfirmed = `csv-${mark}-offen@example.org`;
  await subscribe(request, options, { email: unconfirmed });

  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/newsletter");
  const today = berlinDay();
  const fileName = `newsletter-abonnenten-${today}.csv`;

  const checkCsv = (bytes: Buffer, where: string) => {
    expect([...bytes.subarray(0, 3)], `${where}: UTF-8 BOM`).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3, 23).toString("utf8"), `${where}: header`).toBe("Email,Abonniert am\r\n");
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n"), `${where}: ends with CRLF`).toBe(true);
    expect(text.replace(/\r\n/g, ""), `${where}: no bare line feeds`).not.toMatch(/[\r\n]/);
    for (const line of [`'${plus},${today}`, `'${minus},${today}`, `${plain},${today}`]) {
      expect(bytes.includes(Buffer.from(`\r\n${line}\r\n`, "utf8")), `${where}: ${line}`).toBe(true);
    }
    expect(text, `${where}: unconfirmed address`).not.toContain(unconfirmed);
    for (const line of text.split("\r\n").slice(1, -1)) {
      // Every row: one e-mail (a formula character only behind a '), one day or 'Unbekannt'.
      expect(line, where).toMatch(/^(?:'[=+\-@\t\r]|[^=+\-@\t\r])[^,]*,(?:\d{4}-\d{2}-\d{2}|Unbekannt)$/);
    }
  };

  // The button downloads the file and says so.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    main(page).getByRole("link", { name: "CSV exportieren" }).click(),
  ]);
  await expect(toastWith(page, "CSV-Datei wird heruntergeladen")).toBeVisible();
  expect(download.suggestedFilename()).toBe(fileName);
  checkCsv(readFileSync((await download.path())!), "download");

  // The server's answer itself, with the admin's session.
  const response = await page.request.get("/admin/newsletter/export", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
  expect(response.headers()["cache-control"]).toBe("no-store");
  checkCsv(await response.body(), "response");

  // Without a session there is no file, only the way to the login.
  const anonymous = await request.get("/admin/newsletter/export", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toBe("/admin?redirectTo=%2Fadmin%2Fnewsletter%2Fexport");
});

test("an empty installation: empty lists say so and the export is refused", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/kontaktanfragen`);
    await expect(main(page).getByText("Keine Kontaktanfragen vorhanden")).toBeVisible();
    await openAdminPage(page, `${server.url}/admin/newsletter`);
    await expect(main(page).getByText("Keine Newsletter-Abonnenten vorhanden")).toBeVisible();

    await main(page).getByRole("link", { name: "CSV exportieren" }).click();
    await expect(toastWith(page, "Keine Abonnenten zum Herunterladen vorhanden")).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin/newsletter`);
    await waitForHydration(page);
    await expect(toastWith(page, "CSV-Datei wird heruntergeladen")).toHaveCount(0);

    const refused = await page.request.get(`${server.url}/admin/newsletter/export`, { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/admin/newsletter");
    expect(refused.headers()["content-type"] ?? "").not.toContain("text/csv");
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});

test("a request marked Aufbewahren is kept past the retention period until unmarked", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const client = await actAsOwnClient(page.context(), testInfo);
  const options = { baseURL: baseURL!, clientAddress: client };
  const mark = randomBytes(4).toString("hex");
  await sendContact(request, options, {
    name: "Karl Beispiel",
    email: `karl.${mark}@example.org`,
    subject: `Auftrag ${mark}`,
    message: "Wir nehmen das Angebot an.",
  });

  await signInAsAdmin(page, options);
  await openAdminPage(page, "/admin/kontaktanfragen");
  await search(page, "Kontaktanfragen durchsuchen", mark);
  const item = main(page).getByRole("listitem").filter({ hasText: mark });
  // Six months (the default period) after today.
  const inSixMonths = new Date();
  inSixMonths.setUTCMonth(inSixMonths.getUTCMonth() + 6);
  const day = new Intl.DateTimeFormat("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Berlin",
  }).format(inSixMonths);
  await expect(item).toContainText(`Wird am ${day} automatisch gelöscht`);

  await item.getByRole("button", { name: /^Aufbewahren/ }).click();
  await expect(toastWith(page, "Die Anfrage wird aufbewahrt, bis du die Markierung aufhebst.")).toBeVisible();
  await expect(item).toContainText("Aufbewahrt");
  await expect(item).not.toContainText("automatisch gelöscht");

  await item.getByRole("button", { name: /^Nicht mehr aufbewahren/ }).click();
  await expect(
    toastWith(page, "Die Anfrage wird wieder nach der Aufbewahrungsfrist gelöscht."),
  ).toBeVisible();
  await expect(item).toContainText(`Wird am ${day} automatisch gelöscht`);
  await expect(item.getByRole("button", { name: /^Aufbewahren/ })).toBeVisible();
});
