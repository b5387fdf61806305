/** What other features use of settings: the only way in from outside the folder. */
export { DEFAULT_SETTINGS } from "./defaults";
export { BackupFailureNotice } from "./backups/admin-backup-failure-notice";
