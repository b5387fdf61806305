import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/engines.server";
import { appMeta } from "../db/schema";

/**
 * When the cap of all public forms (FORM_MAX_PER_HOUR) was last reached and how many submissions
 * it refused in that hour, for the owner's admin. Kept in the database, so that every
 * instance adds its refusals and the admin of any instance shows them.
 */
const KEY = "form_cap_reached";

export type FormCapRecord = {
  /** The first refusal of the hour. */
  reachedAt: Date;
  /** When the cap takes submissions again. */
  windowEndsAt: Date;
  refused: number;
  /** FORM_MAX_PER_HOUR at the time. */
  cap: number;
};

type Stored = { reachedAt: string; windowEndsAt: string; refused: number; cap: number };

/**
 * Adds `refused` refusals of the hour that ends at `windowEndsAt`. A later hour starts a new
 * record; two instances' ends of one hour differ by a second or so, hours by 60 minutes.
 */
export async function recordFormCapRefusals(
  db: Db,
  refusals: { refused: number; windowEndsAt: Date; cap: number },
): Promise<void> {
  const fresh: Stored = {
    reachedAt: new Date().toISOString(),
    windowEndsAt: refusals.windowEndsAt.toISOString(),
    refused: refusals.refused,
    cap: refusals.cap,
  };
  const stored = sql`${appMeta.value}::jsonb`;
  const sameHour = sql`(${stored} ->> 'windowEndsAt')::timestamptz > ${fresh.windowEndsAt}::timestamptz - interval '30 minutes'`;
  await db
    .insert(appMeta)
    .values({ key: KEY, value: JSON.stringify(fresh), updated_at: sql`now()` })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: {
        value: sql`case when ${sameHour}
          then jsonb_set(${stored}, '{refused}', to_jsonb((${stored} ->> 'refused')::int + ${refusals.refused}::int))::text
          else excluded.value end`,
        updated_at: sql`now()`,
      },
    });
}

/** The last hour in which the cap was reached, if it ever was. */
export async function lastFormCapRecord(db: Db): Promise<FormCapRecord | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) return undefined;
  const stored = JSON.parse(row.value) as Stored;
  return {
    reachedAt: new Date(stored.reachedAt),
    windowEndsAt: new Date(stored.windowEndsAt),
    refused: stored.refused,
    cap: stored.cap,
  };
}
