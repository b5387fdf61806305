import type { Page, TestInfo } from "@playwright/test";
import { startSmtpReceiver } from "../setup/smtp-receiver";
import {
  actAsOwnClient,
  expect,
  newContextWithoutJavaScript,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  waitForHydration,
  type OwnServer,
} from "./fixtures";
import { parseMail } from "./mail";

/**
 * The Einstellungen tab, as the owner uses it: their own identity on every page and
 * in every mail, an external site removed from the menus, a refused tax number, the go-live
 * checklist and the test mail. Each test runs a server of its own (with a real SMTP receiver):
 * changing the owner's data would change what every other test sees.
 */

const main = (page: Page) => page.getByRole("main");
const section = (page: Page, name: string) => main(page).getByRole("region", { name, exact: true });
const field = (page: Page, sectionName: string, label: string) =>
  section(page, sectionName).getByLabel(label, { exact: true });
const saveSection = (page: Page, sectionName: string) =>
  section(page, sectionName).getByRole("button", { name: "Speichern" }).click();
const checklistItem = (page: Page, label: string) =>
  section(page, "Checkliste für den Livegang").getByRole("listitem").filter({ hasText: label });

const OWN = {
  name: "Erika Beispiel",
  street: "Lindenallee 7",
  postalCode: "20259",
  city: "Hamburg",
  state: "Hamburg",
  phone: "040 123 456 78",
  phoneDial: "+494012345678",
  email: "hallo@erika-beispiel.de",
};

/** Replaces the demo owner's name, street and e-mail with OWN's and saves the section. */
async function saveOwnOwnerData(page: Page) {
  await field(page, "Inhaber und Impressum", "Name").fill(OWN.name);
  await field(page, "Inhaber und Impressum", "Straße und Hausnummer").fill(OWN.street);
  await field(page, "Inhaber und Impressum", "Öffentliche E-Mail-Adresse").fill(OWN.email);
  await field(page, "Inhaber und Impressum", "USt-IdNr.").fill("");
  await saveSection(page, "Inhaber und Impressum");
}

/** Empties the demo owner's other sites, sets OWN's brand line and saves the section. */
async function saveOwnWebsite(page: Page) {
  for (const label of [
    "Deine Hauptwebsite",
    "Produktwelt",
    "Ideenwelt",
    "Videos",
    "Termine und Events",
    "Blog",
  ]) {
    await field(page, "Website", label).fill("");
  }
  await field(page, "Website", "Markenzeile").fill("Erika Beispiel · Beratung");
  await saveSection(page, "Website");
}

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

/**
 * Runs `journey` as the owner of a server of its own (with an SMTP receiver when `smtp`), signed
 * in and on the Einstellungen tab; stops both afterwards.
 */
async function asOwner(
  page: Page,
  testInfo: TestInfo,
  options: { smtp: boolean },
  journey: (server: OwnServer, smtp: Smtp | undefined) => Promise<void>,
) {
  const smtp = options.smtp ? await startSmtpReceiver() : undefined;
  const server = await startOwnServer({ env: smtp ? { SMTP_URL: smtp.url } : {} });
  try {
    const client = await actAsOwnClient(page.context(), testInfo);
    await signInAsAdmin(page, { baseURL: server.url, clientAddress: client, credentials: server.admin! });
    await openAdminPage(page, `${server.url}/admin/einstellungen`);
    await expect(main(page).getByRole("heading", { level: 2, name: "Einstellungen" })).toBeVisible();
    await journey(server, smtp);
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
    await smtp?.close();
  }
}

/** The JSON-LD of the home page, as search engines read it. */
async function structuredData(page: Page): Promise<string> {
  return (await page.locator('script[type="application/ld+json"]').textContent()) ?? "";
}

test("the owner's name, address and phone show on every page, in the JSON-LD and in mails", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await asOwner(page, testInfo, { smtp: true }, async (server, smtp) => {
    await field(page, "Inhaber und Impressum", "Name").fill(OWN.name);
    await field(page, "Inhaber und Impressum", "Straße und Hausnummer").fill(OWN.street);
    await field(page, "Inhaber und Impressum", "PLZ").fill(OWN.postalCode);
    await field(page, "Inhaber und Impressum", "Ort").fill(OWN.city);
    await section(page, "Inhaber und Impressum").getByLabel("Bundesland").selectOption({ label: OWN.state });
    await field(page, "Inhaber und Impressum", "Telefon").fill(OWN.phone);
    await field(page, "Inhaber und Impressum", "Öffentliche E-Mail-Adresse").fill(OWN.email);
    await saveSection(page, "Inhaber und Impressum");
    await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();

    // The Impressum, with today's date as its "Stand" on the privacy policy.
    await page.goto(`${server.url}/impressum`);
    await waitForHydration(page);
    const impressum = main(page);
    await expect(impressum).toContainText(OWN.name);
    await expect(impressum).toContainText(`${OWN.street}`);
    await expect(impressum).toContainText(`${OWN.postalCode} ${OWN.city}`);
    await expect(impressum).toContainText(`Du erreichst mich telefonisch unter ${OWN.phone}`);
    await expect(impressum).not.toContainText("Mustermann");
    await expect(page).toHaveTitle(`Impressum | ${OWN.name}`);

    // The footer's links, completed once the page runs.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /^Telefon:/ })).toHaveAttribute(
      "href",
      `tel:${OWN.phoneDial}`,
    );
    await expect(footer.getByRole("link", { name: /^Telefon:/ })).toHaveText(`Telefon: ${OWN.phone}`, {
      useInnerText: true,
    });
    await expect(footer.getByRole("link", { name: /^E-Mail:/ })).toHaveAttribute(
      "href",
      `mailto:${OWN.email}`,
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${OWN.name}. Alle Rechte vorbehalten.`);

    await page.goto(`${server.url}/datenschutz`);
    await expect(main(page)).toContainText(
      "Hamburgische Beauftragte für Datenschutz und Informationsfreiheit",
    );
    const today = new Date().toLocaleDateString("de-DE", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Berlin",
    });
    await expect(main(page)).toContainText(`Stand: ${today}`);

    // The contact page's details, and the header.
    await page.goto(`${server.url}/contact`);
    await waitForHydration(page);
    const details = page.getByRole("region", { name: "Kontaktdaten" });
    await expect(details.locator("address")).toHaveText(
      [OWN.name, OWN.street, `${OWN.postalCode} ${OWN.city}`, "Deutschland"].join("\n"),
      { useInnerText: true },
    );
    await expect(details.getByRole("link", { name: OWN.phone })).toHaveAttribute(
      "href",
      `tel:${OWN.phoneDial}`,
    );
    await expect(page.getByRole("banner").getByRole("link").first()).toContainText("EB");

    // Search engines read the new owner.
    await page.goto(`${server.url}/`);
    const jsonLd = JSON.parse(await structuredData(page)) as { "@graph": Record<string, unknown>[] };
    expect(jsonLd["@graph"][0]).toMatchObject({ "@type": "Person", name: OWN.name });
    expect(jsonLd["@graph"][1]).toMatchObject({
      telephone: OWN.phone,
      address: { streetAddress: OWN.street, postalCode: OWN.postalCode, addressLocality: OWN.city },
    });
    await expect(page).toHaveTitle(OWN.name);

    // A visitor's message reaches the owner's new address, signed with their Impressum data.
    const form = page.context().request;
    const html = await (await form.get(`${server.url}/contact`)).text();
    const token = html.match(/name="formToken" value="([^"]+)"/)![1]!;
    const sent = await form.post(`${server.url}/contact`, {
      form: {
        intent: "contact",
        formToken: token,
        name: "Kim Kundin",
        email: "kim@example.org",
        subject: "Anfrage nach dem Umzug",
        message: "Hallo Erika!",
      },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(200);
    await expect
      .poll(() =>
        smtp!.messages.map(parseMail).find((mail) => mail.subject.includes("Anfrage nach dem Umzug")),
      )
      .toBeTruthy();
    const mail = smtp!.messages
      .map(parseMail)
      .find((mail) => mail.subject.includes("Anfrage nach dem Umzug"))!;
    expect(mail.to).toContain(OWN.email);
    expect(mail.headers.from).toContain(OWN.email);
    expect(mail.text.replace(/\r\n/g, "\n")).toContain(
      `${OWN.name}\n${OWN.street}, ${OWN.postalCode} ${OWN.city}\nTelefon: ${OWN.phone}`,
    );
  });
});

test("an emptied external link takes its entries out of the menus, the footer and the hero", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await asOwner(page, testInfo, { smtp: false }, async (server) => {
    await field(page, "Website", "Videos").fill("");
    await saveSection(page, "Website");
    await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const desktop = page.getByRole("navigation", { name: "Hauptmenü" });
    await expect(desktop.getByRole("link", { name: /^Blog/ })).toBeVisible();
    await expect(desktop.getByRole("link", { name: /^Videos/ })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /^Ideenwelt/ })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    const overlay = page.getByRole("dialog", { name: "Menü" });
    await expect(overlay.getByRole("link", { name: /^Blog/ })).toBeVisible();
    await expect(overlay.getByRole("link", { name: /^Videos/ })).toHaveCount(0);
    await overlay.getByRole("button", { name: "Menü schließen" }).click();

    // The footer lists the other sites the owner has; one removed there goes from both places.
    await page.goto(`${server.url}/admin/einstellungen`);
    await waitForHydration(page);
    await field(page, "Website", "Ideenwelt").fill("");
    await field(page, "Website", "Termine und Events").fill("");
    await saveSection(page, "Website");
    await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();
    await page.goto(`${server.url}/impressum`);
    await waitForHydration(page);
    const footerLinks = page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Navigation" })
      .getByRole("link");
    await expect(footerLinks).toHaveText(["Home", "Mein Portfolio", "Mein Services", /^Produktwelt/]);

    // The home page's hero keeps the buttons of the sites that are left.
    await page.goto(`${server.url}/`);
    const hero = main(page).locator("section").first();
    await expect(hero.getByRole("link", { name: /^Produktwelt/ })).toBeVisible();
    await expect(hero.getByRole("link", { name: /^Events/ })).toHaveCount(0);
    await expect(hero.getByRole("link")).toHaveCount(3);
  });
});

test("a USt-IdNr. in the wrong format gets its German error, and nothing is saved", async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 400/);
  await asOwner(page, testInfo, { smtp: false }, async (server) => {
    await field(page, "Inhaber und Impressum", "Name").fill("Nicht Gespeichert");
    await field(page, "Inhaber und Impressum", "USt-IdNr.").fill("DE12345");
    await saveSection(page, "Inhaber und Impressum");

    const vatId = field(page, "Inhaber und Impressum", "USt-IdNr.");
    await expect(vatId).toHaveAttribute("aria-invalid", "true");
    await expect(vatId).toHaveAccessibleDescription(/Die USt-IdNr\. besteht aus DE und 9 Ziffern/);
    await expect(
      toastWith(page, "Bitte prüfe die markierten Felder. Es wurde nichts gespeichert."),
    ).toBeVisible();
    // What was typed stays in the form to be corrected.
    await expect(vatId).toHaveValue("DE12345");

    await page.goto(`${server.url}/impressum`);
    await expect(main(page)).toContainText("Max Mustermann");
    await expect(main(page)).not.toContainText("Nicht Gespeichert");
    await expect(main(page)).toContainText("DE123456789");
  });
});

test("the go-live checklist starts with every demo item open, and the test mail reports the SMTP answer", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await asOwner(page, testInfo, { smtp: true }, async (server, smtp) => {
    for (const label of [
      "Eigene Daten statt der Demodaten",
      "Impressum und Datenschutzerklärung vollständig",
      "Öffentliche Adresse mit https (PUBLIC_URL)",
      "E-Mail-Versand über den eigenen SMTP-Server getestet",
      "Demo-Projekte ersetzt oder gelöscht",
      "Demo-Leistungen, -Kategorietexte und -Bilder entfernt",
      "Eigene Beschreibungen für Suchmaschinen",
      "„Über mich“ mit eigenem Foto und Text",
      "Datensicherung eingerichtet",
      "Passkey oder zweiter Faktor eingerichtet",
    ]) {
      await expect(checklistItem(page, label)).toHaveAttribute("data-state", "offen");
    }
    // Pages that name the demo owner are no one's Impressum yet.
    await expect(checklistItem(page, "Impressum und Datenschutzerklärung vollständig")).toContainText(
      "nennen noch die Demodaten",
    );
    await expect(main(page).getByRole("link", { name: "Noch 10 Punkte bis zum Livegang" })).toBeVisible();

    // The test mail goes through the outbox to the SMTP receiver; the page says it was accepted.
    await section(page, "E-Mail").getByRole("button", { name: "Testmail senden" }).click();
    await expect(section(page, "E-Mail").getByRole("status")).toContainText(
      "Der SMTP-Server hat die Testmail an kontakt@example.com angenommen.",
    );
    expect(smtp!.messages.map(parseMail).some((mail) => mail.subject === "Testmail deiner Website")).toBe(
      true,
    );
    await expect(checklistItem(page, "E-Mail-Versand über den eigenen SMTP-Server getestet")).toHaveAttribute(
      "data-state",
      "erledigt",
    );

    // The owner's own data everywhere: the demo item is done, the header counts one less.
    await saveOwnOwnerData(page);
    await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();
    await saveOwnWebsite(page);
    for (const label of [
      "Eigene Daten statt der Demodaten",
      "Impressum und Datenschutzerklärung vollständig",
    ]) {
      await expect(checklistItem(page, label)).toHaveAttribute("data-state", "erledigt");
    }
    await expect(main(page).getByRole("link", { name: "Noch 7 Punkte bis zum Livegang" })).toBeVisible();
  });
});

test("without JavaScript a saved section counts at once in the header's go-live notice", async ({
  browser,
}, testInfo) => {
  const server = await startOwnServer();
  const context = await newContextWithoutJavaScript(browser, testInfo);
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, {
      baseURL: server.url,
      clientAddress: await actAsOwnClient(context, testInfo),
      credentials: server.admin!,
    });
    await page.goto(`${server.url}/admin/einstellungen`);
    await expect(main(page).getByRole("link", { name: "Noch 10 Punkte bis zum Livegang" })).toBeVisible();

    await saveOwnOwnerData(page);
    await expect(section(page, "Inhaber und Impressum")).toContainText("Einstellungen gespeichert");
    await saveOwnWebsite(page);
    // The answer to the form's POST is rendered after the change, header included.
    await expect(section(page, "Website")).toContainText("Einstellungen gespeichert");
    await expect(main(page).getByRole("link", { name: "Noch 8 Punkte bis zum Livegang" })).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});

test("without SMTP_URL the test mail says that mails go to the local mail drop", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await asOwner(page, testInfo, { smtp: false }, async () => {
    await section(page, "E-Mail").getByRole("button", { name: "Testmail senden" }).click();
    await expect(section(page, "E-Mail").getByRole("status")).toContainText(
      "SMTP_URL ist nicht gesetzt: Die Testmail an kontakt@example.com wurde nicht verschickt, sondern im lokalen Mail-Ordner abgelegt",
    );
  });
});
