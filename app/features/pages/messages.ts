import { UNKNOWN_INTENT } from "~/platform/forms/messages";

/** The copy of the service pages' and categories' order and the service pages' deletion in the admin (Inhalte). */
export const PAGE_MESSAGES = {
  pageMoved: "Reihenfolge gespeichert",
  alreadyFirst: "Die Seite steht schon an erster Stelle.",
  alreadyLast: "Die Seite steht schon an letzter Stelle.",
  pathMissing: "Bitte gib an, welche Seite gemeint ist.",
  overviewFixed: "Die Übersicht unter /service lässt sich weder löschen noch verschieben.",
  onlyServicePages: "Nur Leistungsseiten unter /service/… lassen sich löschen oder verschieben.",
  onlyMovablePages: "Nur Leistungsseiten unter /service/… und Kategorien lassen sich verschieben.",
  unknownIntent: UNKNOWN_INTENT,
  deleteTitle: (name: string) => `Leistungsseite „${name}“ löschen?`,
  deleteDescription: (name: string, path: string) =>
    `„${name}“ (${path}) wird mit allen früheren Fassungen gelöscht und verschwindet aus Menü, Übersicht, Footer und Sitemap – auch nach einem Update kommt sie nicht zurück. Das lässt sich nicht rückgängig machen.`,
  deleteFailed: "Die Seite konnte nicht gelöscht werden. Bitte versuche es später erneut.",
  moveFailed: "Die Reihenfolge konnte nicht gespeichert werden. Bitte versuche es später erneut.",
} as const;

/** "Ausgewählte entfernen" under the home page's hero images, and the question before it. */
export const HERO_SELECTION_MESSAGES = {
  label: "Ausgewählte entfernen",
  title: (count: number) => (count === 1 ? "Ein Bild entfernen?" : `${count} Bilder entfernen?`),
  description: (count: number) =>
    `${count === 1 ? "Das ausgewählte Bild wird" : `Die ${count} ausgewählten Bilder werden`} aus dem Entwurf entfernt. Auf der Website bleiben sie, bis du veröffentlichst.`,
  descriptionAny:
    "Die ausgewählten Bilder werden aus dem Entwurf entfernt. Auf der Website bleiben sie, bis du veröffentlichst.",
  confirm: "Entfernen",
  pending: "Wird entfernt …",
  cancel: "Abbrechen",
} as const;

/**
 * What "Demo-Inhalte entfernen" puts in place of the demo's texts: neutral words that tell the
 * owner what belongs there, and still read acceptably to a visitor meanwhile.
 */
export const DEMO_PLACEHOLDERS = {
  category: (title: string) => ({
    subtitle: `Hier steht in einem Satz, was du unter „${title}“ zeigst.`,
    description: `Beschreibe hier in ein, zwei Sätzen, was Besucher unter „${title}“ finden.`,
  }),
  overview: {
    heroSubtitle: "Beschreibe hier in einem Satz, was du anbietest.",
    intro:
      "Beschreibe hier in zwei, drei Sätzen, wie du arbeitest und was Besucher auf den folgenden Seiten über deine Leistungen erfahren.",
  },
} as const;
