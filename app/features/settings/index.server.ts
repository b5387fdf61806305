/** What other features use of settings on the server: the only way in from outside the folder. */
export { goLiveChecklist, openItems } from "./go-live.server";
export { mailFooter } from "./mail-templates.server";
export { pageSettings } from "./public-data.server";
export { type SiteSettings } from "./schemas.server";
export {
  currentSiteSettings,
  loadSiteSettings,
  notificationAddress,
  readSiteSettings,
  siteSettingsOf,
  structuredData,
  toPublicSite,
} from "./site-settings.server";
export {
  backupFailure,
  backupSettingsChanged,
  onBackupSettingsChanged,
  readEffectiveBackup,
  type EffectiveBackup,
} from "./backups/backup-settings.server";
export { backupDir, backupsSettled, oneBackupAtATime, runBackup } from "./backups/run-backup.server";
