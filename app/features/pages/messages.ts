/** The copy of the service pages' order and deletion in the admin (Inhalte). */
export const PAGE_MESSAGES = {
  pageMoved: "Reihenfolge gespeichert",
  alreadyFirst: "Die Seite steht schon an erster Stelle.",
  alreadyLast: "Die Seite steht schon an letzter Stelle.",
  pathMissing: "Bitte gib an, welche Seite gemeint ist.",
  overviewFixed: "Die Übersicht unter /service lässt sich weder löschen noch verschieben.",
  onlyServicePages: "Nur Leistungsseiten unter /service/… lassen sich löschen oder verschieben.",
  unknownIntent: "Unbekannte Aktion.",
  deleteTitle: (name: string) => `Leistungsseite „${name}“ löschen?`,
  deleteDescription: (name: string, path: string) =>
    `„${name}“ (${path}) wird mit allen früheren Fassungen gelöscht und verschwindet aus Menü, Übersicht, Footer und Sitemap – auch nach einem Update kommt sie nicht zurück. Das lässt sich nicht rückgängig machen.`,
  deleteFailed: "Die Seite konnte nicht gelöscht werden. Bitte versuche es später erneut.",
  moveFailed: "Die Reihenfolge konnte nicht gespeichert werden. Bitte versuche es später erneut.",
} as const;
