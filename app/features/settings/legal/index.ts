import type { SettingsSnapshot } from "~/features/settings/site-settings.server";
import { supervisoryAuthority } from "~/features/settings/site-settings.server";
import { cookies } from "./cookies";
import { datenschutz } from "./datenschutz";
import { impressum } from "./impressum";
import { LEGAL_SLUGS, type LegalFacts, type LegalPage, type LegalSlug } from "./types";

const BUILDERS: Record<LegalSlug, typeof impressum> = { impressum, datenschutz, cookies };

export const isLegalSlug = (value: string): value is LegalSlug =>
  (LEGAL_SLUGS as readonly string[]).includes(value);

/** A legal page as the owner's current settings make it, dated when the legal data last changed. */
export function legalPage(
  slug: LegalSlug,
  { settings, legalDate }: SettingsSnapshot,
  facts: LegalFacts,
): LegalPage {
  const stand = legalDate.toLocaleDateString("de-DE", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Berlin",
  });
  return BUILDERS[slug]({ ...facts, settings, stand, authority: supervisoryAuthority(settings) });
}
