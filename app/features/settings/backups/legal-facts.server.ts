import { env } from "~/platform/env.server";
import { logger, scrubError } from "~/platform/logger.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import type { LegalFacts } from "~/features/settings/legal/types";
import { readEffectiveBackup } from "./backup-settings.server";

/**
 * The schedule and number of archives the privacy policy states: the ones in force (BACKUP_CRON
 * and BACKUP_KEEP, else the owner's choice). While the database can't answer, the environment's.
 */
export async function backupFacts(context: RequestContext): Promise<LegalFacts["backup"]> {
  const config = env();
  try {
    const { cron, keep } = await readEffectiveBackup(await context.get(databaseContext), config);
    return { cron, keep };
  } catch (error) {
    logger.warn(
      { err: scrubError(error) },
      "backup schedule unread; the privacy policy states the environment's",
    );
    return { cron: config.BACKUP_CRON, keep: config.BACKUP_KEEP };
  }
}
