import { sql } from "drizzle-orm";
import { readMeta, writeMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";

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
  await writeMeta(db, KEY, JSON.stringify(fresh), {
    update: (value) => {
      const stored = sql`${value}::jsonb`;
      const sameHour = sql`(${stored} ->> 'windowEndsAt')::timestamptz > ${fresh.windowEndsAt}::timestamptz - interval '30 minutes'`;
      return sql`case when ${sameHour}
          then jsonb_set(${stored}, '{refused}', to_jsonb((${stored} ->> 'refused')::int + ${refusals.refused}::int))::text
          else excluded.value end`;
    },
  });
}

/** The last hour in which the cap was reached, if it ever was. */
export async function lastFormCapRecord(db: Db): Promise<FormCapRecord | undefined> {
  const value = (await readMeta(db, [KEY])).get(KEY);
  if (value === undefined) return undefined;
  const stored = JSON.parse(value) as Stored;
  return {
    reachedAt: new Date(stored.reachedAt),
    windowEndsAt: new Date(stored.windowEndsAt),
    refused: stored.refused,
    cap: stored.cap,
  };
}
