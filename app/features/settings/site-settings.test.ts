import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { legalPage } from "~/features/settings/legal";
import type { LegalFacts, LegalPage } from "~/features/settings/legal/types";
import { DEFAULT_MENUS, footerNavigation, mainMenu } from "~/features/site/menu";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { fallbackProjects } from "~/features/projects";
import { META_KEYS, writeMeta } from "~/platform/db/app-meta.server";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import { deleteProject, updateProject } from "~/features/projects/queries.server";
import { createAdmin } from "~/features/auth/admin-users.server";
import { adminUsers, siteSettings } from "~/platform/db/schema";
import { parseEnv } from "~/platform/env.server";
import { goLiveChecklist, smtpFingerprint } from "~/features/settings/go-live.server";
import { recordBackupOutcome, saveSchedule } from "~/features/settings/backups/backup-settings.server";
import { DEFAULT_SITE_TEXTS, externalSites } from "~/features/site";
import { SETTINGS_SCHEMAS, type SiteSettings } from "~/features/settings/schemas.server";
import {
  defaultSnapshot,
  LEGAL_SECTIONS,
  mailSender,
  readSiteSettings,
  saveSiteSettings,
  sectionValues,
  toPublicSite,
  usesDemoData,
} from "~/features/settings/site-settings.server";
import { contactNotification } from "~/features/contact/notification-mail.server";
import { newsletterConfirmation } from "~/features/newsletter/confirmation-mail.server";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * The owner's settings: validation of every section, storage on both databases,
 * and the texts, menus and mails built from them.
 */

const OWNER = {
  ...Object.fromEntries(Object.entries(DEFAULT_SETTINGS.owner).map(([key, value]) => [key, String(value)])),
  name: "Erika Beispiel",
  profession: "Systemische Beraterin",
  street: "Lindenallee 7",
  postalCode: "20259",
  city: "Hamburg",
  state: "HH",
  phone: "040 123 456 78",
  email: "hallo@erika-beispiel.de",
  vatId: "",
};
delete (OWNER as Record<string, string>).phoneDial;

const ownerErrors = (changes: Record<string, string>) => {
  const result = SETTINGS_SCHEMAS.owner.safeParse({ ...OWNER, ...changes });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

const withOwner = (changes: Partial<SiteSettings["owner"]>): SiteSettings => ({
  ...DEFAULT_SETTINGS,
  owner: { ...DEFAULT_SETTINGS.owner, ...changes },
});

/** Every line of a legal page as a reader sees it (headings, paragraphs, list items, address). */
const linesOf = (page: LegalPage) =>
  page.sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) =>
      block.type === "p"
        ? [block.text]
        : block.type === "list"
          ? block.items
          : block.type === "link"
            ? [`${block.label} ${block.href}`]
            : block.lines,
    ),
  ]);

/** The environment's defaults: BACKUP_KEEP 7, no BACKUP_CRON. */
const FACTS: LegalFacts = { backup: { keep: 7, cron: undefined } };

const impressumOf = (settings: SiteSettings) =>
  linesOf(legalPage("impressum", { ...defaultSnapshot(), settings }, FACTS));
const datenschutzOf = (settings: SiteSettings, facts: LegalFacts = FACTS) =>
  linesOf(legalPage("datenschutz", { ...defaultSnapshot(), settings }, facts));

describe("the settings' validation", () => {
  test("a complete owner is accepted and the phone gets its E.164 form", () => {
    const result = SETTINGS_SCHEMAS.owner.parse(OWNER);
    expect(result.phone).toBe("040 123 456 78");
    expect(result.phoneDial).toBe("+494012345678");
    expect(
      SETTINGS_SCHEMAS.owner.parse({ ...OWNER, phone: "+41 44 668 18 00", country: "Schweiz", state: "" })
        .phoneDial,
    ).toBe("+41446681800");
  });

  test("formats of tax numbers, phone and postcode are checked, with German messages", () => {
    expect(ownerErrors({ vatId: "DE12345" }).vatId).toBe(
      "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789.",
    );
    expect(ownerErrors({ vatId: "AT123456789" }).vatId).toMatch(/^Die USt-IdNr\./);
    expect(ownerErrors({ vatId: "de 123 456 789" })).toEqual({});
    expect(SETTINGS_SCHEMAS.owner.parse({ ...OWNER, vatId: "de 123 456 789" }).vatId).toBe("DE123456789");
    expect(ownerErrors({ economicId: "DE123456789" }).economicId).toMatch(
      /Wirtschafts-Identifikationsnummer/,
    );
    expect(SETTINGS_SCHEMAS.owner.parse({ ...OWNER, economicId: "DE12345678900001" }).economicId).toBe(
      "DE123456789-00001",
    );
    expect(ownerErrors({ phone: "12345" }).phone).toMatch(/gültige Telefonnummer/);
    expect(ownerErrors({ postalCode: "2025" }).postalCode).toBe(
      "Eine deutsche Postleitzahl hat fünf Ziffern.",
    );
    expect(ownerErrors({ email: "keine-adresse" }).email).toBe("Bitte eine gültige E-Mail-Adresse angeben.");
  });

  test("required fields, the Bundesland in Germany and blocks filled together", () => {
    expect(ownerErrors({ name: "  " }).name).toBe("Bitte einen Namen angeben.");
    expect(ownerErrors({ state: "" }).state).toMatch(/Bundesland/);
    expect(ownerErrors({ state: "XX" }).state).toBeDefined();
    expect(ownerErrors({ country: "Österreich", state: "", postalCode: "1010" }).phone).toMatch(
      /Ländervorwahl/,
    );
    expect(
      ownerErrors({ country: "Österreich", state: "", postalCode: "1010", phone: "+43 1 5123456" }),
    ).toEqual({});
    expect(ownerErrors({ registerCourt: "Amtsgericht Hamburg" })).toEqual({
      registerNumber: "Bitte die Registernummer angeben.",
    });
    expect(Object.keys(ownerErrors({ chamber: "Steuerberaterkammer Hamburg" })).sort()).toEqual([
      "professionCountry",
      "professionRules",
      "professionRulesUrl",
      "professionTitle",
    ]);
  });

  test("links are http(s) only, and no field takes control characters", () => {
    const website = (changes: Record<string, string>) =>
      SETTINGS_SCHEMAS.website.safeParse({ ...DEFAULT_SETTINGS.website, ...changes });
    expect(website({ videosUrl: "" }).success).toBe(true);
    expect(website({ videosUrl: "https://videos.erika-beispiel.de/" }).data?.videosUrl).toBe(
      "https://videos.erika-beispiel.de",
    );
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.org",
      "www.example.org",
      "https://user:pw@host.de",
    ]) {
      expect(website({ blogUrl: bad }).success, bad).toBe(false);
    }
    expect(ownerErrors({ city: "Ham\u0000burg" }).city).toBe(
      "Bitte keine Steuerzeichen oder Zeilenumbrüche verwenden.",
    );
    expect(ownerErrors({ name: "Erika\nBeispiel" }).name).toBeDefined();
    const privacy = SETTINGS_SCHEMAS.privacy.safeParse({
      ...DEFAULT_SETTINGS.privacy,
      extra: "Absatz 1\n\nAbsatz 2",
    });
    expect(privacy.success).toBe(true);
  });

  test("the defaults pass their own schemas (a fresh install shows valid data)", () => {
    for (const [section, schema] of Object.entries(SETTINGS_SCHEMAS)) {
      expect(schema.safeParse(DEFAULT_SETTINGS[section as keyof SiteSettings]).success, section).toBe(true);
    }
    expect(usesDemoData(DEFAULT_SETTINGS)).toBe(true);
  });
});

describe("texts built from the settings", () => {
  test("the default Impressum is today's, and an empty optional field leaves no line behind", () => {
    const lines = impressumOf(DEFAULT_SETTINGS);
    expect(lines).toContain("Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE123456789");
    expect(lines).toContain("Max Mustermann, Musterstraße 12, 10115 Berlin");
    expect(lines).toContain("Coach, Berater und Webentwickler (freiberuflich tätig)");

    const bare = impressumOf(withOwner({ vatId: "", phone: "", phoneDial: "" }));
    expect(bare.join("\n")).not.toMatch(
      /Umsatzsteuer|Registergericht|Kammer|Wirtschafts-Identifikationsnummer|telefonisch/,
    );
    for (const line of bare) expect(line.trim(), "an empty line").not.toBe("");
    expect(bare.join("\n")).not.toMatch(/: $|undefined|null/m);
  });

  test("company, register, regulated profession and the person responsible appear when filled", () => {
    const lines = impressumOf(
      withOwner({
        companyName: "Beispiel Beratung",
        legalForm: "GmbH",
        registerCourt: "Amtsgericht Hamburg",
        registerNumber: "HRB 12345",
        economicId: "DE123456789-00001",
        chamber: "Steuerberaterkammer Hamburg",
        professionTitle: "Steuerberaterin",
        professionCountry: "Deutschland",
        professionRules: "Steuerberatungsgesetz (StBerG)",
        professionRulesUrl: "https://www.gesetze-im-internet.de/stberg",
        responsibleName: "Paula Presse",
        responsibleAddress: "Pressegasse 2, 20095 Hamburg",
      }),
    );
    expect(lines.slice(1, 3)).toEqual(["Beispiel Beratung GmbH", "Vertreten durch: Max Mustermann"]);
    expect(lines).toContain("Registergericht: Amtsgericht Hamburg");
    expect(lines).toContain("Registernummer: HRB 12345");
    expect(lines).toContain(
      "Wirtschafts-Identifikationsnummer gemäß § 139c Abgabenordnung: DE123456789-00001",
    );
    expect(lines).toContain("Zuständige Kammer: Steuerberaterkammer Hamburg");
    expect(lines).toContain("Die Regelungen sind einsehbar unter: https://www.gesetze-im-internet.de/stberg");
    expect(lines).toContain("Paula Presse, Pressegasse 2, 20095 Hamburg");
  });

  test("the privacy policy names the authority of the owner's Land, or the one the owner names", () => {
    expect(datenschutzOf(DEFAULT_SETTINGS)).toContain(
      "Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59-61, 10555 Berlin",
    );
    const bavarian = datenschutzOf(withOwner({ state: "BY" })).join("\n");
    expect(bavarian).toContain("Bayerisches Landesamt für Datenschutzaufsicht, Promenade 18, 91522 Ansbach");
    expect(bavarian).not.toContain("Berliner Beauftragte");
    const named = datenschutzOf({
      ...DEFAULT_SETTINGS,
      privacy: {
        ...DEFAULT_SETTINGS.privacy,
        authorityName: "Datenschutzbehörde Wien",
        authorityAddress: "Barichgasse 40-42, 1030 Wien",
        hostingName: "Hetzner Online GmbH",
        hostingAddress: "Industriestr. 25, 91710 Gunzenhausen",
        mailProvider: "mailbox.org",
        extra: "Ich nutze eine Terminbuchung.\n\nDie Termine lösche ich nach einem Jahr.",
      },
    });
    expect(named).toContain("Datenschutzbehörde Wien, Barichgasse 40-42, 1030 Wien");
    expect(named.join("\n")).toMatch(
      /bei Hetzner Online GmbH, Industriestr\. 25, 91710 Gunzenhausen, gehostet/,
    );
    expect(named.join("\n")).toContain("über meinen E-Mail-Provider mailbox.org");
    expect(named).toContain("Weitere Verarbeitungen");
    expect(named).toContain("Die Termine lösche ich nach einem Jahr.");
  });

  test("the privacy policy states the owner's contact retention, hosting, mail provider and authority", () => {
    const text = (settings: SiteSettings) => datenschutzOf(settings).join("\n");
    const withPrivacy = (changes: Partial<SiteSettings["privacy"]>): SiteSettings => ({
      ...DEFAULT_SETTINGS,
      privacy: { ...DEFAULT_SETTINGS.privacy, ...changes },
    });
    expect(text(DEFAULT_SETTINGS)).toContain("spätestens 6 Monate nach ihrem Eingang löscht die Website sie");
    expect(text(DEFAULT_SETTINGS)).toContain(
      "Kontaktanfragen: bis zur abschließenden Bearbeitung, höchstens 6 Monate",
    );

    const year = text(
      withPrivacy({
        contactMonths: "12",
        hostingName: "Hetzner Online GmbH",
        hostingAddress: "Industriestr. 25, 91710 Gunzenhausen",
        mailProvider: "mailbox.org",
      }),
    );
    expect(year).toContain("spätestens 12 Monate nach ihrem Eingang löscht die Website sie");
    expect(year).toContain("Kontaktanfragen: bis zur abschließenden Bearbeitung, höchstens 12 Monate");
    expect(year).not.toMatch(/\b6 Monate/);
    expect(year).toContain("bei Hetzner Online GmbH, Industriestr. 25, 91710 Gunzenhausen, gehostet");
    expect(year).toContain("über meinen E-Mail-Provider mailbox.org");
    expect(year).toContain("Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59-61");

    const month = text(withPrivacy({ contactMonths: "1" }));
    expect(month).toContain("spätestens 1 Monat nach ihrem Eingang");
    expect(month).toContain("höchstens 1 Monat nach Eingang");
    expect(month).not.toContain("1 Monate");

    const bavarian = text({
      ...withPrivacy({ contactMonths: "12" }),
      owner: { ...DEFAULT_SETTINGS.owner, state: "BY" },
    });
    expect(bavarian).toContain("Bayerisches Landesamt für Datenschutzaufsicht, Promenade 18, 91522 Ansbach");
    expect(bavarian).not.toContain("Berliner Beauftragte");
  });

  test("switched on, the visit statistics get their section in the privacy policy and a line in the cookie policy", () => {
    const on: SiteSettings = {
      ...DEFAULT_SETTINGS,
      statistics: { ...DEFAULT_SETTINGS.statistics, enabled: "on" },
    };
    const cookiesOf = (settings: SiteSettings) =>
      linesOf(legalPage("cookies", { ...defaultSnapshot(), settings }, FACTS)).join("\n");
    const before = datenschutzOf(DEFAULT_SETTINGS).join("\n");
    expect(before).not.toContain("Besucherstatistik");
    expect(before).toContain("Kein Tracking, keine Analyse- oder Statistikdienste, keine Werbung.");
    expect(cookiesOf(DEFAULT_SETTINGS)).not.toContain("Besucherstatistik");

    const after = datenschutzOf(on).join("\n");
    expect(after).not.toContain("Kein Tracking, keine Analyse- oder Statistikdienste, keine Werbung.");
    expect(after).toContain("Die Website zählt ihre Besuche selbst, ohne Cookies");
    expect(after).toContain(
      "Deine IP-Adresse und die vollständige Kennung deines Browsers (User-Agent) werden nicht gespeichert.",
    );
    expect(after).toContain("Das ist eine Pseudonymisierung");
    expect(after).toContain("Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO.");
    expect(after).toContain("keine Einwilligung nach § 25 TDDDG nötig");
    expect(after).toContain("Besucherstatistik: einzelne Seitenaufrufe 30 Tage, danach nur noch Tagessummen");
    expect(after).not.toMatch(/\banonym(e|en|er|isiert)?\b/i);
    expect(after).not.toMatch(/\b(Sie|Ihre?[mnrs]?|Ihnen)\b(?! (enthalten|dienen))/);
    expect(cookiesOf(on)).toContain("Die Besucherstatistik dieser Website kommt ohne Cookies");
    expect(LEGAL_SECTIONS).toContain("statistics");
  });

  test("the privacy policy lists exactly what the server logs, and calls the IP hash pseudonymous", () => {
    const page = legalPage("datenschutz", defaultSnapshot(), FACTS);
    const logs = page.sections.find((section) => section.heading === "Hosting und Server-Logfiles")!;
    const logged = logs.blocks.find((block) => block.type === "list");
    expect(logged).toEqual({
      type: "list",
      items: [
        "Datum und Uhrzeit der Anfrage",
        "Art der Anfrage (HTTP-Methode, etwa GET oder POST)",
        "aufgerufener Pfad (Seite oder Datei) ohne angehängte Parameter (Query-String)",
        "HTTP-Statuscode der Antwort",
        "Bearbeitungsdauer in Millisekunden",
      ],
    });
    const text = linesOf(page).join("\n");
    expect(text).toContain(
      "Nicht protokolliert werden deine IP-Adresse, dein Browser und dein Betriebssystem (User-Agent), die zuvor besuchte Seite (Referrer)",
    );
    expect(text).toContain("Das ist eine Pseudonymisierung, keine Anonymisierung");
    expect(text).toContain("die ersten 64 Bit der Adresse (/64-Präfix)");
    expect(text).toContain("Zähler zur Missbrauchsabwehr (pseudonymisierte IP-Adresse): 24 Stunden");
    expect(text).not.toMatch(/\banonym(e|en|er|isiert)?\b/i);
    expect(text).toContain("Server-Logfiles: 14 Tage");
    // The overview names every browser storage the site uses.
    expect(text).toMatch(
      /Nur technisch notwendige Speicherung in deinem Browser – .*Anmelde-Cookies.*„flash“.*Cookie-Hinweis/,
    );
    // The visitor is addressed informally throughout.
    expect(text).not.toMatch(/\b(Sie|Ihre?[mnrs]?|Ihnen)\b(?! (enthalten|dienen))/);
  });

  test("the privacy policy says how long backups hold deleted data, from BACKUP_CRON and BACKUP_KEEP", () => {
    const backups = (keep: number, cron?: string) =>
      datenschutzOf(DEFAULT_SETTINGS, { backup: { keep, cron } }).join("\n");
    const daily = backups(7, "0 3 * * *");
    expect(daily).toContain(
      "Sicherungskopien der Datenbank werden automatisch täglich erstellt; aufbewahrt werden die letzten 7 Sicherungen",
    );
    expect(daily).toContain("noch bis zu 7 Tage nach ihrer Löschung in einer Sicherung enthalten sein");
    expect(daily).toContain(
      "Sicherungskopien: täglich erstellt, die letzten 7 Sicherungen werden aufbewahrt; gelöschte Daten darin höchstens 7 Tage",
    );
    expect(backups(4, "30 2 * * 0")).toContain("bis zu 28 Tage nach ihrer Löschung");
    expect(backups(4, "0 */6 * * *")).toContain("bis zu 1 Tag nach ihrer Löschung");
    expect(backups(3, "0 */6 * * *")).toContain("bis zu 18 Stunden nach ihrer Löschung");
    expect(backups(2, "0 4 1 * *")).toContain("bis zu 2 Monate nach ihrer Löschung");
    expect(backups(14, "@daily")).toContain("bis zu 14 Tage nach ihrer Löschung");

    // A schedule without one fixed interval: no period is claimed.
    const irregular = backups(7, "0 3 1-15 * *");
    expect(irregular).toContain("bis die letzten 7 Sicherungen ersetzt sind");
    expect(irregular).not.toMatch(/bis zu \d+ (Tage|Stunden|Monate)? nach ihrer Löschung/);

    const manual = backups(7);
    expect(manual).toContain(
      "Sicherungskopien der Datenbank erstelle ich bei Bedarf von Hand; davon bewahre ich nur die letzten 7 Sicherungen auf.",
    );
    expect(manual).toContain("bis die letzten 7 Sicherungen ersetzt sind");
    expect(backups(1)).toContain("bis die letzte Sicherung ersetzt ist");
  });

  test("only the built-in English tagline is marked English; the owner's own takes the page's German", () => {
    const links = {
      services: [],
      portfolio: [],
      menus: DEFAULT_MENUS,
      texts: { ...DEFAULT_SITE_TEXTS, notFoundLang: "en" as const },
    };
    expect(toPublicSite(DEFAULT_SETTINGS, links).taglineLang).toBe("en");
    const own = { ...DEFAULT_SETTINGS, website: { ...DEFAULT_SETTINGS.website, tagline: "Ideen und Code" } };
    expect(toPublicSite(own, links).taglineLang).toBeUndefined();
  });

  test("an empty external site has no menu or footer entry", () => {
    const external = externalSites({ ...DEFAULT_SETTINGS.website, videosUrl: "", productsUrl: "" });
    const site = {
      external,
      services: [{ title: "Übersicht", path: "/service" }],
      portfolio: [],
      menus: DEFAULT_MENUS,
    };
    const titles = mainMenu(site).map((item) => item.title);
    expect(titles).not.toContain("Videos");
    expect(titles).not.toContain("Produktwelt");
    expect(titles).toContain("Blog");
    expect(footerNavigation(site).map((item) => item.title)).toEqual([
      "Home",
      "Mein Portfolio",
      "Mein Services",
      "Ideenwelt",
    ]);
  });

  test("mails go to the notification address, from the sender name, with the Impressum footer", () => {
    const settings: SiteSettings = {
      ...withOwner({
        name: "Erika Beispiel",
        email: "hallo@erika-beispiel.de",
        phone: "040 1234",
        vatId: "",
      }),
      mail: { notifyEmail: "anfragen@erika-beispiel.de", senderName: "" },
    };
    const notification = contactNotification(
      { name: "Kim", email: "kim@example.org", subject: "Frage", message: "Hallo" },
      settings,
    );
    expect(notification.to).toBe("anfragen@erika-beispiel.de");
    expect(notification.text).toContain(
      "Erika Beispiel\nMusterstraße 12, 10115 Berlin\nTelefon: 040 1234\nE-Mail: hallo@erika-beispiel.de",
    );
    const confirmation = newsletterConfirmation(
      { to: "kim@example.org", confirmUrl: "https://x/c", unsubscribeUrl: "https://x/u" },
      settings,
    );
    expect(confirmation.text).toContain("für den Newsletter von Erika Beispiel angemeldet");
    expect(mailSender(settings)).toEqual({ name: "Erika Beispiel", address: "hallo@erika-beispiel.de" });
    expect(mailSender(settings, "Website <noreply@erika-beispiel.de>")).toEqual({
      name: "Website",
      address: "noreply@erika-beispiel.de",
    });
    expect(
      mailSender(
        { ...settings, mail: { ...settings.mail, senderName: "Praxis Beispiel" } },
        "noreply@erika-beispiel.de",
      ),
    ).toEqual({ name: "Praxis Beispiel", address: "noreply@erika-beispiel.de" });
  });
});

describe.each(testDatabases)("settings stored on $name", (database) => {
  test.override({ database });

  test("a fresh database has the defaults; a saved section replaces them, others stay", async ({ db }) => {
    const fresh = await readSiteSettings(db);
    expect(fresh.settings).toEqual(DEFAULT_SETTINGS);
    expect(fresh.legalDate.toISOString()).toBe("2026-11-01T00:00:00.000Z");

    const saved = await saveSiteSettings(db, "owner", OWNER);
    expect(saved).toEqual({ ok: true, changed: true });
    const after = await readSiteSettings(db);
    expect(after.settings.owner.name).toBe("Erika Beispiel");
    expect(after.settings.owner.phoneDial).toBe("+494012345678");
    expect(after.settings.website).toEqual(DEFAULT_SETTINGS.website);
    expect(after.legalDate.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a refused section stores nothing; an unchanged save keeps the legal date", async ({ db }) => {
    await saveSiteSettings(db, "owner", OWNER);
    const [first] = await db.select().from(siteSettings).where(eq(siteSettings.section, "owner"));
    const refused = await saveSiteSettings(db, "owner", { ...OWNER, name: "Neu", vatId: "DE1" });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? {} : refused.errors).toEqual({
      vatId: "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789.",
    });
    expect((await readSiteSettings(db)).settings.owner.name).toBe("Erika Beispiel");

    expect(await saveSiteSettings(db, "owner", OWNER)).toEqual({ ok: true, changed: false });
    const [second] = await db.select().from(siteSettings).where(eq(siteSettings.section, "owner"));
    expect(second!.updated_at).toEqual(first!.updated_at);
  });

  test("the weekly report is on where the statistics section was stored before it existed; an unticked box stores it off", async ({
    db,
  }) => {
    await db.insert(siteSettings).values({ section: "statistics", value: { enabled: "on" } });
    expect((await readSiteSettings(db)).settings.statistics).toEqual({ enabled: "on", weeklyReport: "on" });

    const form = new FormData();
    form.set("enabled", "on");
    expect(await saveSiteSettings(db, "statistics", sectionValues("statistics", form))).toEqual({
      ok: true,
      changed: true,
    });
    expect((await readSiteSettings(db)).settings.statistics).toEqual({ enabled: "on", weeklyReport: "" });
  });

  test("a stored field a later version no longer accepts is reset alone, never to the demo data", async ({
    db,
  }) => {
    await db.insert(siteSettings).values({
      section: "owner",
      value: { ...OWNER, vatId: "kaputt", street: "", unknownField: "x" },
    });
    const { settings } = await readSiteSettings(db);
    expect(settings.owner.name).toBe("Erika Beispiel");
    // An optional field is emptied; a required one gets its default (the checklist shows it).
    expect(settings.owner.vatId).toBe("");
    expect(settings.owner.street).toBe(DEFAULT_SETTINGS.owner.street);
    expect(settings.owner).not.toHaveProperty("unknownField");
  });

  test("the go-live checklist: every demo item open on a fresh install, done once replaced", async ({
    db,
  }) => {
    await loadDemoContent(db, fallbackProjects);
    const state = async (config: Record<string, string>) =>
      Object.fromEntries(
        (await goLiveChecklist(db, (await readSiteSettings(db)).settings, parseEnv(config))).map((item) => [
          item.id,
          item.done,
        ]),
      );
    expect(await state({})).toEqual({
      "owner-data": false,
      "legal-data": false,
      "public-url": false,
      smtp: false,
      "demo-projects": false,
      "demo-content": false,
      "search-descriptions": false,
      "about-page": false,
      backup: false,
      "sign-in-factor": false,
    });

    // The owner's own data everywhere, demo projects replaced or deleted, a schedule whose run succeeded.
    await saveSiteSettings(db, "owner", OWNER);
    await saveSiteSettings(db, "website", {
      brand: "Erika Beispiel · Beratung",
      tagline: "",
      mainUrl: "https://erika-beispiel.de",
      productsUrl: "",
      ideasUrl: "",
      videosUrl: "",
      eventsUrl: "",
      blogUrl: "",
    });
    const [first, ...rest] = fallbackProjects;
    await updateProject(db, first!.id, { title: "Mein eigenes Projekt" });
    for (const item of rest) await deleteProject(db, item.id);
    await saveSchedule(db, "daily", null);
    await recordBackupOutcome(db, { ok: true }, new Date());
    const smtpUrl = "smtp://user:geheim@mail.erika-beispiel.de:587";
    expect((await state({ SMTP_URL: smtpUrl }))["smtp"]).toBe(false);
    await writeMeta(db, META_KEYS.smtpTested, smtpFingerprint(smtpUrl));
    // a second factor (here TOTP) counts like a passkey.
    const admin = await createAdmin(db, { email: "erika@example.org", password: "Checkliste-2026!" });
    await db.update(adminUsers).set({ totp_secret: "JBSWY3DPEHPK3PXP" }).where(eq(adminUsers.id, admin.id));

    expect(await state({ PUBLIC_URL: "https://erika-beispiel.de", SMTP_URL: smtpUrl })).toEqual({
      "owner-data": true,
      "legal-data": true,
      "public-url": true,
      smtp: true,
      "demo-projects": true,
      // The demo's pages and what only she can write there: demo-content.test.ts.
      "demo-content": false,
      "search-descriptions": false,
      "about-page": false,
      backup: true,
      "sign-in-factor": true,
    });
    // Another SMTP server needs its own test mail; a failed scheduled run undoes the backup item.
    expect((await state({ SMTP_URL: "smtp://other.example.org" }))["smtp"]).toBe(false);
    await recordBackupOutcome(db, { ok: false, failure: "Festplatte voll" }, new Date());
    expect((await state({}))["backup"]).toBe(false);
    await recordBackupOutcome(db, { ok: true }, new Date());
    await saveSchedule(db, "off", null);
    expect((await state({}))["backup"]).toBe(false);
    expect((await state({ BACKUP_CRON: "0 3 * * *" }))["backup"]).toBe(true);
  });
});
