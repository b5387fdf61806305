import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/engines.server";
import { siteSettings } from "~/platform/db/schema";

/** Queries of the site_settings table: one JSON document per section of the Einstellungen tab. */

export type StoredSection = { section: string; value: Record<string, unknown>; updated_at: Date };

export async function readSettingsSections(db: Db): Promise<StoredSection[]> {
  return db.select().from(siteSettings);
}

/**
 * Stores a section's value. Its `updated_at` moves only when the value differs from the stored
 * one, so saving an unchanged form does not change the date the legal texts show. Returns
 * whether anything changed.
 */
export async function saveSettingsSection(
  db: Db,
  section: string,
  value: Record<string, unknown>,
): Promise<boolean> {
  const changed = await db
    .insert(siteSettings)
    .values({ section, value })
    .onConflictDoUpdate({
      target: siteSettings.section,
      set: { value: sql`excluded.value`, updated_at: sql`now()` },
      setWhere: sql`${siteSettings.value} is distinct from excluded.value`,
    })
    .returning({ section: siteSettings.section });
  return changed.length > 0;
}
