import type { SiteSettings } from "~/features/settings/schemas.server";

/** Legal pages are data: headings and plain-text blocks, built from the settings, rendered by one route. */
export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "list"; items: string[] }
  /** A labelled web address, e.g. where professional rules can be read. */
  | { type: "link"; label: string; href: string }
  /** A postal address (`lines`), then the owner's phone and e-mail, rendered obfuscated. */
  | { type: "contact"; lines: string[] };

export type LegalSection = { heading: string; blocks: LegalBlock[] };

/** The single-segment paths of the legal pages (spec §2). */
export const LEGAL_SLUGS = ["impressum", "datenschutz", "cookies"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export type LegalPage = {
  slug: LegalSlug;
  /** The page's h1, exactly as the specification names it. */
  title: string;
  /** German meta description. */
  description: string;
  sections: LegalSection[];
};

/**
 * What the installation's environment decides and the privacy policy must state: how many
 * backup archives are kept (BACKUP_KEEP) and on which schedule they are made (BACKUP_CRON).
 */
export type LegalFacts = {
  backup: { keep: number; cron: string | undefined };
  /**
   * Termine, while booking is switched on (Admin → Termine): how many months bookings are kept
   * after their appointment, and the host of the CalDAV calendar that receives them, if any.
   * Absent while booking is off.
   */
  booking?: BookingFacts;
};

export type BookingFacts = { retentionMonths: number; calDavHost?: string };

/** What a legal text is built from: the owner's settings, its "Stand" (formatted date), the facts. */
export type LegalContext = LegalFacts & {
  settings: SiteSettings;
  stand: string;
  /** The supervisory authority named in the privacy policy, if one is known. */
  authority: { name: string; address: string } | undefined;
};

export const p = (text: string): LegalBlock => ({ type: "p", text });
export const list = (...items: string[]): LegalBlock => ({ type: "list", items });

/** Keeps the filled entries only, so that an empty optional field leaves no empty line. */
export const filled = (...lines: (string | false | undefined)[]): string[] =>
  lines.filter((line): line is string => typeof line === "string" && line.trim() !== "");

/** The owner's postal address as lines: name, company, street, postcode and city, country. */
export function ownerAddressLines(settings: SiteSettings, options: { company?: boolean } = {}): string[] {
  const { owner } = settings;
  return filled(
    owner.name,
    options.company && companyLine(settings),
    owner.street,
    `${owner.postalCode} ${owner.city}`,
    owner.country,
  );
}

/** "Mustermann Consulting GmbH", or the company name alone, or nothing. */
export function companyLine({ owner }: SiteSettings): string {
  if (!owner.companyName) return "";
  return owner.legalForm && !owner.companyName.includes(owner.legalForm)
    ? `${owner.companyName} ${owner.legalForm}`
    : owner.companyName;
}
