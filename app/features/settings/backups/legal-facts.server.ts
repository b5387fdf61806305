import { env } from "~/platform/env.server";
import { versionedRead } from "~/platform/http/versioned-read.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import type { LegalFacts } from "~/features/settings/legal/types";
import { readEffectiveBackup } from "./backup-settings.server";

/**
 * The schedule and number of archives the privacy policy states: the ones in force (BACKUP_CRON
 * and BACKUP_KEEP, else the owner's choice), read once per version of the public pages (a
 * change of backup_settings announces one). While the database can't answer, the last read, or
 * the environment's.
 */
const factsRead = versionedRead<LegalFacts["backup"]>(
  "backup schedule",
  async (db) => {
    const { cron, keep } = await readEffectiveBackup(db, env());
    return { cron, keep };
  },
  () => ({ cron: env().BACKUP_CRON, keep: env().BACKUP_KEEP }),
);

export const backupFacts = (context: RequestContext): Promise<LegalFacts["backup"]> =>
  factsRead.load(() => context.get(databaseContext));
