import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
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
  type OwnServer,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";

/**
 * Writing and sending the newsletter, as the owner does it: a new issue, its preview,
 * a test mail, the send to every confirmed subscriber with the progress reaching 100 %, and the
 * mails as they arrive. A server of its own, without SMTP_URL: its mails are files in the mail
 * drop (DATA_DIR/mail).
 */

const main = (page: Page) => page.getByRole("main");

type DroppedMail = { to: string; subject: string; raw: string };

function droppedMails(server: OwnServer): DroppedMail[] {
  const folder = path.join(server.dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return [];
  }
  return files.map((file) => {
    // Quoted-printable bodies: soft line breaks and "=3D" undone, enough to read links.
    const raw = readFileSync(path.join(folder, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    return {
      raw,
      to: raw.match(/^To: <?([^>\r\n]+)>?\r?$/m)?.[1] ?? "",
      subject: raw.match(/^Subject: (.*)\r?$/m)?.[1] ?? "",
    };
  });
}

/** Signs `email` up through the contact page's card and confirms it with the mailed link. */
async function confirmedSubscriber(
  request: APIRequestContext,
  server: OwnServer,
  email: string,
  client: string,
) {
  const options = { baseURL: server.url, clientAddress: client };
  const formToken = await formTokenOf(request, `${server.url}/contact`, client);
  const signup = await postForm(
    request,
    `${server.url}/contact`,
    { intent: "newsletter", formToken, email, consent: "on", name: "" },
    options,
  );
  expect(signup.status()).toBe(200);
  await expect.poll(() => droppedMails(server).some((mail) => mail.to === email)).toBe(true);
  const token = droppedMails(server)
    .find((mail) => mail.to === email)!
    .raw.match(/\/newsletter\/bestaetigen\?token=([0-9a-f]{64})/)![1]!;
  const confirmed = await postForm(
    request,
    `${server.url}/newsletter/bestaetigen`,
    { intent: "confirm", token },
    options,
  );
  expect(confirmed.status()).toBe(200);
}

test("the owner writes an issue, previews it, tests it, sends it and watches it reach everyone", async ({
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  // The test's own init script (the cookie choice, set up front) is refused in the preview's
  // sandboxed frames, which is what the sandbox is for; the mail itself holds no script.
  consoleGuard.allow(/Blocked script execution in 'about:srcdoc'/);
  const server = await startOwnServer();
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    const subscribers = ["anna", "ben", "cem"].map((name) => `${name}-${testInfo.project.name}@example.org`);
    for (const [index, email] of subscribers.entries()) {
      await confirmedSubscriber(
        request,
        server,
        email,
        `${client.split(".").slice(0, 3).join(".")}.${100 + index}`,
      );
    }
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });

    // From the subscriber list to the issues, and a new draft.
    await openAdminPage(page, `${server.url}/admin/newsletter`);
    await page
      .getByRole("navigation", { name: "Newsletter" })
      .getByRole("link", { name: "Ausgaben" })
      .click();
    await expect(main(page).getByRole("heading", { name: "Newsletter-Ausgaben" })).toBeVisible();
    await expect(main(page)).toContainText("3 bestätigte Abonnenten");
    await main(page).getByRole("button", { name: "Neue Ausgabe" }).click();
    await expect(main(page).getByRole("heading", { name: "Ausgabe bearbeiten" })).toBeVisible();

    await main(page).getByLabel("Betreff").fill("Neues aus der Werkstatt");
    await main(page).getByLabel("Vorschauzeile (optional)").fill("Drei Projekte und ein Termin");
    // The text with the toolbar: a heading, a link on a word, a list.
    const body = main(page).getByRole("textbox", { name: "Text", exact: true });
    const tools = main(page).getByRole("group", { name: "Formatierung: Text" });
    await expect(body).toHaveAttribute("contenteditable", "true");
    await body.click();
    await tools.getByRole("button", { name: "Überschrift" }).click();
    await page.keyboard.type("Was es Neues gibt");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Mein neues Angebot.");
    await page.keyboard.press("ArrowLeft");
    for (const _ of "Angebot") await page.keyboard.press("Shift+ArrowLeft");
    await tools.getByRole("button", { name: "Link" }).click();
    await main(page).getByRole("textbox", { name: "Linkadresse" }).fill("/service/webdesign");
    await main(page).getByRole("textbox", { name: "Linkadresse" }).press("Enter");
    await expect(body.getByRole("link", { name: "Angebot" })).toBeVisible();
    await expect(body).toBeFocused();
    // The editor gives the focus and its selection (the linked word) back in an animation frame,
    // which can undo an End pressed before it; Enter would then replace the word. So End until
    // the editor's own selection is a caret.
    const editorSelectionEmpty = () =>
      body.evaluate(
        (element) =>
          (element as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state
            .selection.empty,
      );
    await expect(async () => {
      await page.keyboard.press("End");
      expect(await editorSelectionEmpty()).toBe(true);
    }).toPass();
    await page.keyboard.press("Enter");
    await tools.getByRole("button", { name: "Aufzählung" }).click();
    await page.keyboard.type("Erstens");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Zweitens");
    await main(page).getByRole("button", { name: "Vorschau" }).click();

    // The preview: the HTML at two widths, and the plain text with the link written out.
    await expect(
      main(page).getByRole("heading", { name: "Vorschau: Neues aus der Werkstatt" }),
    ).toBeVisible();
    // (Read from the frames' documents: the sandbox lets no script, not even the test's, into them.)
    const desktop = main(page).locator('iframe[title="Vorschau der E-Mail, Desktop-Breite"]');
    const phone = main(page).locator('iframe[title="Vorschau der E-Mail, Smartphone-Breite"]');
    await expect(desktop).toHaveAttribute("srcdoc", /<h1[^>]*>Neues aus der Werkstatt<\/h1>/);
    await expect(desktop).toHaveAttribute("srcdoc", /<li[^>]*>Erstens<\/li>/);
    await expect(phone).toHaveAttribute("srcdoc", /Drei Projekte und ein Termin/);
    expect((await desktop.boundingBox())!.width).toBeGreaterThan((await phone.boundingBox())!.width);
    await expect(main(page).getByRole("region", { name: "Textfassung" })).toContainText(
      /Angebot \(https?:\/\/[^/\s]+\/service\/webdesign\)/,
    );
    await main(page).getByRole("link", { name: "Zurück zur Ausgabe" }).click();

    // The test mail goes to the owner's notification address.
    await main(page).getByRole("button", { name: "Testmail senden" }).click();
    await expect(toastWith(page, "Testmail an")).toBeVisible();
    await expect
      .poll(
        () => droppedMails(server).filter((mail) => mail.subject === "[Test] Neues aus der Werkstatt").length,
      )
      .toBe(1);

    // Send, after the confirmation that names the number of recipients.
    await main(page).getByRole("button", { name: "Senden", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "An 3 bestätigte Abonnenten senden?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Jetzt senden" }).click();
    await expect(toastWith(page, "Ausgabe an 3 Abonnenten in den Postausgang gelegt")).toBeVisible();

    // The progress updates by itself until every mail went out.
    const progress = main(page).getByRole("progressbar", { name: "Versandfortschritt" });
    await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
    await expect(main(page)).toContainText("3 gesendet · 0 wartend · 0 fehlgeschlagen");
    await expect(main(page)).toContainText("Status: Gesendet", { timeout: 15_000 });

    // Every subscriber got it once, with their own unsubscribe link.
    const sent = droppedMails(server).filter((mail) => mail.subject === "Neues aus der Werkstatt");
    expect(sent.map((mail) => mail.to).sort()).toEqual([...subscribers].sort());
    for (const mail of sent) {
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(mail.raw).toContain("/newsletter/abmelden?id=");
    }

    // The sent issue is read-only and can be copied into a new draft.
    const sentUrl = page.url();
    await expect(main(page).getByRole("button", { name: "Entwurf speichern" })).toHaveCount(0);
    await main(page).getByRole("button", { name: "Als neuen Entwurf kopieren" }).click();
    await expect(toastWith(page, "Kopie als neuer Entwurf angelegt")).toBeVisible();
    await expect(main(page).getByLabel("Betreff")).toHaveValue("Neues aus der Werkstatt");
    const draftUrl = page.url();
    await page.goto(`${server.url}/admin/newsletter/ausgaben`);
    await expect(main(page).getByRole("row")).toHaveCount(3);

    // Each of these pages, opened afresh (no toast in the way), has no axe violation.
    await expectNoAxeViolations(page, "the list of issues");
    for (const [url, state] of [
      [draftUrl, "a draft"],
      [sentUrl, "a sent issue"],
      [`${sentUrl}/vorschau`, "the preview"],
    ] as const) {
      await page.goto(url);
      await expect(main(page).getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expectNoAxeViolations(page, state, { frames: false });
    }

    // The public archive exists once the owner turns it on, and lists the sent issue only.
    expect((await request.get(`${server.url}/newsletter/archiv`)).status()).toBe(404);
    await openAdminPage(page, `${server.url}/admin/einstellungen#newsletter`);
    const section = main(page).getByRole("region", { name: "Newsletter" });
    await section.getByLabel("Öffentliches Archiv der gesendeten Ausgaben unter /newsletter/archiv").check();
    await section.getByRole("button", { name: "Speichern" }).click();
    await expect(toastWith(page, "gespeichert")).toBeVisible();
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/newsletter/archiv</loc>");
    await page.goto(`${server.url}/newsletter/archiv`);
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter-Archiv" })).toBeVisible();
    const entries = main(page).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expectNoAxeViolations(page, "the archive");
    await entries.getByRole("link", { name: "Neues aus der Werkstatt" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neues aus der Werkstatt" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Was es Neues gibt" })).toBeVisible();
    await expectNoAxeViolations(page, "an issue in the archive");
    await expect(main(page).getByRole("link", { name: "Angebot" })).toHaveAttribute(
      "href",
      "/service/webdesign",
    );
    expect(await page.content()).not.toContain("/newsletter/abmelden?id=");
  } finally {
    await page.close();
    await server.stop();
  }
});

test("the owner opens a subscriber's proof of consent and downloads it as a page", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const server = await startOwnServer();
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    const email = `nachweis-${testInfo.project.name}@example.org`;
    await confirmedSubscriber(request, server, email, `${client.split(".").slice(0, 3).join(".")}.150`);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/newsletter`);
    await main(page)
      .getByRole("link", { name: /^Nachweis/ })
      .click();
    await expect(main(page).getByRole("heading", { name: "Einwilligungsnachweis" })).toBeVisible();
    const proof = main(page).getByRole("article");
    await expect(proof).toContainText(email);
    await expect(proof).toContainText("Bestätigt (Double-Opt-In)");
    await expect(proof).toContainText("Newsletter-Karte auf der Kontaktseite (/contact)");
    await expect(proof.getByRole("blockquote")).toHaveText(
      "Ich möchte den Newsletter erhalten und habe die Datenschutzerklärung gelesen. Meine Einwilligung kann ich jederzeit widerrufen.",
    );
    await expect(proof).toContainText(/SHA-256 des Textes\s*[0-9a-f]{64}/);
    await expect(proof).not.toContainText("noch nicht bestätigt");
    await expectNoAxeViolations(page, "the proof of consent");

    const download = page.waitForEvent("download");
    await main(page).getByRole("link", { name: "Als Seite herunterladen" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^einwilligungsnachweis-\d{4}-\d{2}-\d{2}\.html$/);
    const html = readFileSync(await file.path(), "utf8");
    expect(html).toContain("<h1>Einwilligungsnachweis Newsletter</h1>");
    expect(html).toContain(email);
    expect(html).not.toMatch(/<script|<link /);
  } finally {
    await page.close();
    await server.stop();
  }
});
