import { META_KEYS, readMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";
import { hasPasskeyOrSecondFactor } from "~/features/auth/index.server";
import type { Env } from "~/platform/env.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import {
  effectiveBackup,
  readBackupSettings,
  type StoredBackupSettings,
} from "./backups/backup-settings.server";
import { demoContent, type DemoContent } from "./demo-content.server";
import { OwnerSettingsSchema, type SiteSettings } from "./schemas.server";
import { LEGAL_SECTIONS, supervisoryAuthority, usesDemoData } from "./site-settings.server";

/**
 * The go-live checklist of the Einstellungen tab: what stands between a fresh
 * install and a site that is the owner's own and legally ready. Each item knows whether it is
 * done and where it is fixed.
 */
export type ChecklistItem = {
  id:
    | "owner-data"
    | "legal-data"
    | "public-url"
    | "smtp"
    | "demo-projects"
    | "demo-content"
    | "search-descriptions"
    | "about-page"
    | "backup"
    | "sign-in-factor";
  label: string;
  done: boolean;
  /** What to do (or what was found), in one or two sentences. */
  hint: string;
  /** Where it is fixed: an anchor of the Einstellungen tab or another admin page. */
  href: string;
  linkLabel: string;
};

/**
 * What is missing from the legal data as stored (the form refuses such data; a restore may not),
 * or the demo owner's data still in it: pages naming Max Mustermann are no one's Impressum.
 */
export function legalDataGaps(settings: SiteSettings): string[] {
  const gaps: string[] = [];
  if (usesDemoData(settings, LEGAL_SECTIONS)) {
    gaps.push(
      "Impressum und Datenschutzerklärung nennen noch die Demodaten: Bitte trage deine eigenen Angaben ein.",
    );
  }
  const owner = OwnerSettingsSchema.safeParse(settings.owner);
  if (!owner.success) gaps.push(...new Set(owner.error.issues.map((issue) => issue.message)));
  if (!supervisoryAuthority(settings)) {
    gaps.push("Bitte die zuständige Datenschutz-Aufsichtsbehörde angeben (keine Anschrift in Deutschland).");
  }
  return gaps;
}

/** The SMTP server an accepted test mail proves, without its password. */
export function smtpFingerprint(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.password = "";
  return sha256Hex(url.toString());
}

export async function goLiveChecklist(db: Db, settings: SiteSettings, config: Env): Promise<ChecklistItem[]> {
  const [demo, meta, strongSignIn, backups] = await Promise.all([
    demoContent(db),
    readMeta(db, [META_KEYS.smtpTested]),
    hasPasskeyOrSecondFactor(db),
    readBackupSettings(db),
  ]);
  const demoProjects = demo.projects.length;
  const gaps = legalDataGaps(settings);
  const backup = backupItem(config, backups);
  const smtpTested = Boolean(
    config.SMTP_URL && meta.get(META_KEYS.smtpTested) === smtpFingerprint(config.SMTP_URL),
  );

  return [
    {
      id: "owner-data",
      label: "Eigene Daten statt der Demodaten",
      done: !usesDemoData(settings),
      hint: "Name, Anschrift, Kontaktdaten, Steuernummern und Links dürfen keine Demodaten mehr enthalten (Mustermann, example.com, DE123456789, Musterstraße).",
      href: "#inhaber",
      linkLabel: "Inhaberdaten bearbeiten",
    },
    {
      id: "legal-data",
      label: "Impressum und Datenschutzerklärung vollständig",
      done: gaps.length === 0,
      hint:
        gaps.length === 0
          ? "Alle Pflichtangaben für die ausgefüllten Felder sind vorhanden."
          : gaps.join(" "),
      href: "#inhaber",
      linkLabel: "Angaben ergänzen",
    },
    {
      id: "public-url",
      label: "Öffentliche Adresse mit https (PUBLIC_URL)",
      done: config.isHttps,
      hint: config.isHttps
        ? `Die Website ist unter ${config.PUBLIC_URL} erreichbar.`
        : `PUBLIC_URL ist ${config.PUBLIC_URL.startsWith("http://localhost") ? "nicht gesetzt" : `${config.PUBLIC_URL} (ohne https)`}: In der Server-Konfiguration PUBLIC_URL=https://deine-domain.de setzen und den Server neu starten. Links in E-Mails und Suchmaschinen verwenden diese Adresse.`,
      href: "#server",
      linkLabel: "Zur Server-Konfiguration",
    },
    {
      id: "smtp",
      label: "E-Mail-Versand über den eigenen SMTP-Server getestet",
      done: smtpTested,
      hint: !config.SMTP_URL
        ? "SMTP_URL ist nicht gesetzt: E-Mails landen nur im lokalen Mail-Ordner. SMTP_URL setzen, den Server neu starten und eine Testmail senden."
        : smtpTested
          ? "Der SMTP-Server hat eine Testmail angenommen."
          : "SMTP_URL ist gesetzt. Bitte eine Testmail senden, um den Versand zu prüfen.",
      href: "#e-mail",
      linkLabel: "Testmail senden",
    },
    {
      id: "demo-projects",
      label: "Demo-Projekte ersetzt oder gelöscht",
      done: demoProjects === 0,
      hint:
        demoProjects === 0
          ? "Im Portfolio stehen nur noch eigene Projekte."
          : `Noch ${demoProjects} ${demoProjects === 1 ? "Demo-Projekt ist" : "Demo-Projekte sind"} unverändert im Portfolio.`,
      href: demoProjects === 0 ? "/admin" : "#demo-inhalte",
      linkLabel: demoProjects === 0 ? "Projekte verwalten" : "Demo-Inhalte entfernen",
    },
    ...demoPageItems(demo),
    backup,
    {
      id: "sign-in-factor",
      label: "Passkey oder zweiter Faktor eingerichtet",
      done: strongSignIn,
      hint: strongSignIn
        ? "Die Anmeldung ist mit Passkey oder Authenticator-App geschützt."
        : "Ein Passwort allein lässt sich erraten oder abfischen: Richte im Profil einen Passkey oder die Authenticator-App ein.",
      href: "/admin/profil",
      linkLabel: "Zum Profil",
    },
  ];
}

/**
 * A schedule (stored or BACKUP_CRON) whose last run succeeded: a backup made once by hand
 * protects nothing written after it.
 */
function backupItem(config: Env, stored: StoredBackupSettings): ChecklistItem {
  const { cron, scheduleFrom } = effectiveBackup(config, stored);
  const succeeded = Boolean(cron) && stored.lastScheduledOk === true;
  const schedule =
    scheduleFrom === "env" ? `Zeitplan aus BACKUP_CRON („${cron}“)` : "Zeitplan unter Datensicherung";
  return {
    id: "backup",
    label: "Datensicherung eingerichtet",
    done: succeeded,
    hint: !cron
      ? "Es gibt keinen Zeitplan für automatische Sicherungen: Wähle unter Datensicherung täglich oder wöchentlich."
      : succeeded
        ? `${schedule}; die letzte geplante Sicherung war erfolgreich.`
        : stored.lastScheduledOk === false
          ? `${schedule}; die letzte geplante Sicherung ist fehlgeschlagen. Der Grund steht unter Datensicherung.`
          : `${schedule}; erledigt, sobald die erste geplante Sicherung gelungen ist.`,
    href: "/admin/einstellungen/datensicherung",
    linkLabel: "Zur Datensicherung",
  };
}

/** The demo's pages: service pages, category texts and hero images; search descriptions; Über mich. */
function demoPageItems(demo: DemoContent): ChecklistItem[] {
  const { pages } = demo;
  const left = [
    pages.servicePages.length > 0 &&
      `${pages.servicePages.length} ${pages.servicePages.length === 1 ? "Leistungsseite" : "Leistungsseiten"} (${pages.servicePages.map((page) => page.name).join(", ")})`,
    pages.categories.length > 0 && `die Texte der Kategorien ${pages.categories.join(", ")}`,
    pages.overviewTexts && "die Texte der Leistungsübersicht",
    pages.heroImages > 0 &&
      `${pages.heroImages} ${pages.heroImages === 1 ? "Bild" : "Bilder"} der Startseite`,
  ].filter((part): part is string => Boolean(part));
  const descriptions = pages.searchDescriptions;
  const about = [pages.aboutPortrait && "das Foto", pages.aboutText && "der Text"].filter(
    (part): part is string => Boolean(part),
  );
  return [
    {
      id: "demo-content",
      label: "Demo-Leistungen, -Kategorietexte und -Bilder entfernt",
      done: left.length === 0,
      hint:
        left.length === 0
          ? "Leistungsseiten, Kategorien und Startseite zeigen nur noch deine Inhalte."
          : `Noch aus der Demo: ${left.join("; ")}.`,
      // Everything listed is what "Demo-Inhalte entfernen" takes.
      href: "#demo-inhalte",
      linkLabel: "Demo-Inhalte entfernen",
    },
    {
      id: "search-descriptions",
      label: "Eigene Beschreibungen für Suchmaschinen",
      done: descriptions.length === 0,
      hint:
        descriptions.length === 0
          ? "Die Beschreibungen für Suchmaschinen sind deine eigenen."
          : `Suchmaschinen zeigen noch die Beschreibung der Demo (etwa „Coach, Berater und Webentwickler“) für: ${descriptions.map((page) => page.name).join(", ")}.`,
      href: descriptions[0] ? `/admin/inhalte/${descriptions[0].key}` : "/admin/inhalte",
      linkLabel: descriptions[0] ? `Beschreibung bearbeiten: ${descriptions[0].name}` : "Inhalte bearbeiten",
    },
    {
      id: "about-page",
      label: "„Über mich“ mit eigenem Foto und Text",
      done: about.length === 0,
      hint:
        about.length === 0
          ? "Foto und Text auf „Über mich“ sind deine eigenen."
          : `Auf „Über mich“ ${about.length === 2 ? "stehen noch das Foto und der Text" : `steht noch ${about[0]}`} der Demo.`,
      href: "/admin/inhalte/ueber-mich",
      linkLabel: "„Über mich“ bearbeiten",
    },
  ];
}

export const openItems = (items: ChecklistItem[]) => items.filter((item) => !item.done).length;
