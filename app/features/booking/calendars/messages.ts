/**
 * What the owner reads under Termine → Kalender when a feed or the CalDAV calendar cannot be
 * read or written. Whole sentences, never with a password; `host` is the server's name only.
 */
export const CALENDAR_MESSAGES = {
  feedUrlInvalid: "Bitte eine vollständige Adresse des Kalender-Feeds angeben (https:// oder webcal://).",
  feedUrlScheme: "Die Adresse des Kalender-Feeds muss mit https://, http:// oder webcal:// beginnen.",
  feedUnreachable: (host: string) =>
    `Der Kalender-Feed auf ${host} ist nicht erreichbar. Bitte die Adresse prüfen.`,
  feedTimeout: (host: string, seconds: number) =>
    `Der Kalender-Feed auf ${host} hat nicht innerhalb von ${seconds} Sekunden geantwortet.`,
  feedStatus: (host: string, status: number) =>
    status === 404 || status === 410
      ? `Den Kalender-Feed gibt es auf ${host} nicht (HTTP ${status}). Bitte die Adresse prüfen: Wurde die Freigabe zurückgesetzt?`
      : status === 401 || status === 403
        ? `${host} gibt den Kalender-Feed nicht frei (HTTP ${status}). Bitte die geheime Adresse des Kalenders verwenden.`
        : `${host} hat den Kalender-Feed nicht geliefert (HTTP ${status}).`,
  feedTooLarge: (host: string, megabytes: number) =>
    `Der Kalender-Feed auf ${host} ist größer als ${megabytes} MB und wird nicht gelesen.`,
  notACalendar: (host: string) =>
    `Unter der Adresse auf ${host} liegt kein Kalender (keine iCalendar-Datei). Bitte die ICS-Adresse des Kalenders angeben.`,
  tooManyOccurrences: (host: string) =>
    `Der Kalender auf ${host} enthält zu viele Wiederholungen, um ihn zu lesen. Bitte sehr häufige Serientermine (z. B. minütlich) entfernen.`,

  readFailed: "Der Kalender konnte nicht gelesen werden. Bitte später erneut prüfen.",

  calDavUrlInvalid: "Bitte die vollständige Adresse des Kalenders mit https:// angeben.",
  calDavUrlScheme:
    "Die Adresse muss mit https:// beginnen (http:// nur für einen Server auf diesem Rechner).",
  calDavUrlCredentials: "Benutzername und App-Passwort bitte in ihre eigenen Felder, nicht in die Adresse.",
  calDavUnreachable: (host: string) =>
    `Der Kalender-Server ${host} ist nicht erreichbar. Bitte die Adresse prüfen.`,
  calDavTimeout: (host: string, seconds: number) =>
    `Der Kalender-Server ${host} hat nicht innerhalb von ${seconds} Sekunden geantwortet.`,
  calDavUnauthorized: "Benutzername oder App-Passwort stimmen nicht.",
  calDavForbidden: (host: string) =>
    `Der Kalender-Server ${host} erlaubt diesem Zugang den Kalender nicht (HTTP 403). Bitte die Freigabe prüfen.`,
  calDavNotFound: (host: string) =>
    `Unter dieser Adresse gibt es auf ${host} keinen Kalender (HTTP 404). Bitte die Adresse des Kalenders prüfen.`,
  calDavNotACalendar: (host: string) =>
    `Die Adresse auf ${host} ist kein Kalender. Bitte die Adresse des Kalenders selbst angeben, nicht die des Kontos.`,
  calDavReadOnly: (host: string) =>
    `Der Kalender auf ${host} ist nur lesbar: Buchungen könnten nicht eingetragen werden. Bitte einen Kalender mit Schreibrecht wählen.`,
  calDavStatus: (host: string, status: number) =>
    `Der Kalender-Server ${host} hat die Anfrage abgelehnt (HTTP ${status}).`,
  calDavBrokenEvent: (host: string) =>
    `Ein Eintrag im Kalender auf ${host} ist beschädigt oder zu oft wiederholt und konnte nicht gelesen werden.`,
  calDavTooLarge: (host: string, megabytes: number) =>
    `Die Antwort des Kalender-Servers ${host} ist größer als ${megabytes} MB und wird nicht gelesen.`,
} as const;
