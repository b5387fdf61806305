/** What the project pages say when the database fails or a project is missing (spec §8). */
export const PUBLIC_MESSAGES = {
  projectsFallback: "Failed to load projects. Using fallback data.",
  projectFallback: "Failed to load project. Using fallback data.",
  projectNotFound: "Project not found",
  projectsLoading: "Projekte werden geladen …",
} as const;

/** The Projekte tab's selection: several projects removed at once. */
export const SELECTION_MESSAGES = {
  select: (title: string) => `Auswählen: ${title}`,
  removeSelected: "Ausgewählte entfernen",
  confirmTitle: (count: number) =>
    count === 1 ? "Ein Projekt endgültig löschen?" : `${count} Projekte endgültig löschen?`,
  confirmDescription: (count: number) =>
    `${count === 1 ? "Das ausgewählte Projekt wird" : `Die ${count} ausgewählten Projekte werden`} gelöscht, auch von der Website. Das lässt sich nicht rückgängig machen.`,
  /** Without JavaScript the page cannot count the ticked boxes. */
  confirmDescriptionAny:
    "Die ausgewählten Projekte werden gelöscht, auch von der Website. Das lässt sich nicht rückgängig machen.",
  confirm: "Endgültig löschen",
  cancel: "Abbrechen",
  removed: (count: number) => (count === 1 ? "1 Projekt gelöscht" : `${count} Projekte gelöscht`),
  noneSelected: "Bitte wähle mindestens ein Projekt aus.",
  invalidId: "Die Auswahl enthält eine ungültige Projekt-ID. Es wurde nichts gelöscht.",
  tooMany: "Höchstens 200 Projekte auf einmal.",
  gone: "Mindestens eines der ausgewählten Projekte gibt es nicht mehr. Es wurde nichts gelöscht.",
} as const;
