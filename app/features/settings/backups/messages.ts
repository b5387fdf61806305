import { UNKNOWN_INTENT } from "~/platform/forms/messages";

/** The copy of Einstellungen → Datensicherung and of the admin's notice after a failed backup. */
export const BACKUP_MESSAGES = {
  heading: "Datensicherung",
  backupNow: "Jetzt sichern",
  backupPending: "Sicherung läuft …",
  backupPendingStatus:
    "Die Sicherung wird geschrieben. Das dauert je nach Größe der Website einige Sekunden.",
  backupWritten: (size: string) => `Sicherung geschrieben (${size}).`,
  backupCopied: (size: string) => `Sicherung geschrieben (${size}) und auf den zweiten Speicherort kopiert.`,
  download: "Herunterladen",
  noArchives: "Noch keine Sicherung vorhanden.",
  scheduleSaved: "Zeitplan gespeichert.",
  remoteSaved: "Zweiter Speicherort gespeichert.",
  remoteRemoved: "Zweiter Speicherort entfernt.",
  removeRemote: "Speicherort entfernen",
  removeRemoteTitle: "Zweiten Speicherort entfernen?",
  removeRemoteDescription:
    "Neue Sicherungen werden dann nur noch auf dem Server gespeichert. Was schon auf dem zweiten Speicherort liegt, bleibt dort. Die gespeicherten Zugangsdaten werden gelöscht.",
  removeRemoteConfirm: "Entfernen",
  removeRemotePending: "Wird entfernt …",
  cancel: "Abbrechen",
  save: "Speichern",
  savePending: "Wird gespeichert …",
  unknownArchive: "Diese Sicherung gibt es nicht (mehr).",
  unknownIntent: UNKNOWN_INTENT,
  /** The header's notice on every admin page, until a backup succeeds. */
  failedNotice: "Datensicherung fehlgeschlagen",
  failedSince: (at: string) => `Die letzte Datensicherung (${at} Uhr) ist fehlgeschlagen.`,
} as const;
