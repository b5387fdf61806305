/** The Datensicherung page; its archives are downloaded from `${BACKUPS_PATH}/<name>`. */
export const BACKUPS_PATH = "/admin/einstellungen/datensicherung";
