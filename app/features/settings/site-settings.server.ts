import { DEFAULT_LEGAL_DATE, DEFAULT_SETTINGS, DEMO_MARKERS } from "~/features/settings/defaults";
import {
  authorityFor,
  isBundeslandCode,
  type SupervisoryAuthority,
} from "~/features/settings/supervisory-authorities";
import type { Db } from "~/platform/db/engines.server";
import { readSettingsSections, saveSettingsSection } from "~/features/settings/queries.server";
import { fieldErrors, type FieldErrors } from "~/platform/forms/schemas";
import { logger } from "~/platform/logger.server";
import { versionedRead } from "~/platform/http/versioned-read.server";
import { externalSites, scramble, type PublicSite } from "~/features/site";
import {
  isGermany,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  type SettingsSection,
  type SiteSettings,
} from "./schemas.server";

/**
 * The owner's settings as the site uses them: stored sections over the defaults,
 * read once per version of the public pages (every change, on any instance, bumps it) and
 * shared by every page, mail and loader until then.
 */
export type SettingsSnapshot = {
  settings: SiteSettings;
  /** "Stand" of the legal texts: when the legal data (owner, privacy) last changed. */
  legalDate: Date;
};

/**
 * The sections the Impressum, the Datenschutzerklärung and the newsletter's consent text show:
 * the privacy text names the proof records' period (newsletter) and, while they are on, the visit
 * statistics.
 */
export const LEGAL_SECTIONS: SettingsSection[] = ["owner", "privacy", "newsletter", "statistics"];

export const defaultSnapshot = (): SettingsSnapshot => ({
  settings: DEFAULT_SETTINGS,
  legalDate: DEFAULT_LEGAL_DATE,
});

/**
 * A stored section over its defaults, through the section's schema. A field that no longer
 * passes (a rule added by a later version) is emptied, or, where it must not be empty, set to
 * its default: an update never costs the owner the rest of their data, and never shows the
 * demo owner's data where the owner's own was.
 */
function parseSection<S extends SettingsSection>(
  section: S,
  stored: Record<string, unknown>,
): SiteSettings[S] {
  const schema = SETTINGS_SCHEMAS[section];
  const defaults = DEFAULT_SETTINGS[section] as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (typeof stored[key] === "string") merged[key] = stored[key];
  }
  let result = schema.safeParse(merged);
  for (const replacement of [() => "", (key: string) => defaults[key]]) {
    if (result.success) break;
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key in defaults) merged[key] = replacement(key);
    }
    result = schema.safeParse(merged);
    logger.warn({ section }, "stored settings partly invalid; those fields were reset");
  }
  return (result.success ? result.data : DEFAULT_SETTINGS[section]) as SiteSettings[S];
}

/** Reads every stored section (uncached). */
export async function readSiteSettings(db: Db): Promise<SettingsSnapshot> {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  let legalDate = DEFAULT_LEGAL_DATE;
  for (const row of await readSettingsSections(db)) {
    if (!(SETTINGS_SECTIONS as string[]).includes(row.section)) continue;
    const section = row.section as SettingsSection;
    settings[section] = parseSection(section, row.value);
    if (LEGAL_SECTIONS.includes(section) && row.updated_at > legalDate) legalDate = row.updated_at;
  }
  return { settings: settings as SiteSettings, legalDate };
}

const settingsRead = versionedRead("settings", readSiteSettings, defaultSnapshot);

/** The settings of `db`, read once per version of the public pages. */
export const siteSettingsOf = settingsRead.of;

/** The settings of `db` if read already for this version of the public pages; else undefined. */
export const currentSiteSettings = settingsRead.current;

/**
 * The settings for a page. When the database can't answer, the page still renders: with the
 * settings last read (the owner's own data), or the defaults if none were read since the start.
 */
export const loadSiteSettings = settingsRead.load;

export type SaveResult = { ok: true; changed: boolean } | { ok: false; errors: FieldErrors };

/** Validates a section's form values and stores them; nothing is stored when one field fails. */
export async function saveSiteSettings(
  db: Db,
  section: SettingsSection,
  values: Record<string, string>,
): Promise<SaveResult> {
  const parsed = SETTINGS_SCHEMAS[section].safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const changed = await saveSettingsSection(db, section, parsed.data);
  return { ok: true, changed };
}

/** The form fields of a section, read from a submitted form (missing fields count as empty). */
export function sectionValues(section: SettingsSection, form: FormData): Record<string, string> {
  const fields = Object.keys(DEFAULT_SETTINGS[section]).filter((key) => key !== "phoneDial");
  return Object.fromEntries(
    fields.map((key) => {
      const value = form.get(key);
      return [key, typeof value === "string" ? value : ""];
    }),
  );
}

/** What every public page needs of the settings (see PublicSite). */
export function toPublicSite(
  settings: SiteSettings,
  { services, portfolio, menus, texts }: Pick<PublicSite, "services" | "portfolio" | "menus" | "texts">,
): PublicSite {
  const { owner, website } = settings;
  return {
    ownerName: owner.name,
    profession: owner.profession,
    brand: website.brand,
    tagline: website.tagline,
    taglineLang: website.tagline === DEFAULT_SETTINGS.website.tagline ? "en" : undefined,
    address: { street: owner.street, postalCode: owner.postalCode, city: owner.city, country: owner.country },
    email: scramble(owner.email),
    phone: scramble(owner.phone),
    phoneDial: scramble(owner.phoneDial),
    external: externalSites(website),
    services,
    portfolio,
    menus,
    texts,
    countsClicks: settings.statistics.enabled === "on",
  };
}

/** Whether any setting of `sections` still holds the demo owner's data (Mustermann, example.com, …). */
export function usesDemoData(settings: SiteSettings, sections = SETTINGS_SECTIONS): boolean {
  return sections.some((section) =>
    Object.values(settings[section]).some(
      (value) => typeof value === "string" && DEMO_MARKERS.some((marker) => marker.test(value)),
    ),
  );
}

/** Where contact notifications go: the address set for them, else the public one. */
export const notificationAddress = (settings: SiteSettings) =>
  settings.mail.notifyEmail || settings.owner.email;

/**
 * The sender of every mail: the configured name (else the MAIL_FROM's, else the owner's) at the
 * MAIL_FROM address (which the SMTP server accepts), else at the public address.
 */
export function mailSender(settings: SiteSettings, mailFrom?: string): { name: string; address: string } {
  const match = mailFrom?.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  const fromName = match?.[1]?.trim() ?? "";
  const fromAddress = match?.[2]?.trim() ?? mailFrom?.trim() ?? "";
  return {
    name: settings.mail.senderName || fromName || settings.owner.name,
    address: fromAddress || settings.owner.email,
  };
}

/** The supervisory authority of the owner's Land, unless the owner named another one. */
export function supervisoryAuthority(settings: SiteSettings): { name: string; address: string } | undefined {
  const { privacy, owner } = settings;
  if (privacy.authorityName) return { name: privacy.authorityName, address: privacy.authorityAddress };
  if (!isBundeslandCode(owner.state)) return undefined;
  const authority: SupervisoryAuthority = authorityFor(owner.state);
  return { name: authority.name, address: `${authority.street}, ${authority.postalCode} ${authority.city}` };
}

/**
 * Structured data for search engines: the person and their professional service. The e-mail
 * address stays out (harvesters read JSON-LD too); the phone is public business data.
 */
export function structuredData(settings: SiteSettings, origin: string): object {
  const { owner, website } = settings;
  const sameAs = [website.mainUrl].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Person",
        "@id": `${origin}/#person`,
        name: owner.name,
        jobTitle: owner.profession,
        url: origin,
        ...(sameAs.length > 0 ? { sameAs } : {}),
      },
      {
        "@type": "ProfessionalService",
        "@id": `${origin}/#service`,
        name: owner.companyName || website.brand,
        url: origin,
        founder: { "@id": `${origin}/#person` },
        ...(owner.phone ? { telephone: owner.phone } : {}),
        address: {
          "@type": "PostalAddress",
          streetAddress: owner.street,
          postalCode: owner.postalCode,
          addressLocality: owner.city,
          addressCountry: isGermany(owner.country) ? "DE" : owner.country,
        },
        ...(isGermany(owner.country) ? { areaServed: "DE" } : {}),
        knowsLanguage: "de",
      },
    ],
  };
}
