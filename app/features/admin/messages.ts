/** The admin area's messages (spec §2, §5, §8), in one place for pages and tests. */
export const ADMIN_MESSAGES = {
  heading: "Admin-Bereich",
  loginSuccess: "Login successful",
  loginFailed: (message: string) => `Login failed: ${message}`,
  logoutSuccess: "Logged out successfully",
  logoutFailed: (message: string) => `Logout failed: ${message}`,

  projectsHeading: "Projekte verwalten",
  newProject: "Neues Projekt",
  createHeader: "Create New Project",
  editHeader: (id: string) => `Edit Project (ID: ${id})`,
  projectRequired: "Title, description and image are required",
  projectCreated: "Project created successfully",
  projectUpdated: "Project updated successfully",
  projectDeleted: "Project deleted successfully",
  createError: (message: string) => `Error creating project: ${message}`,
  updateError: (message: string) => `Error updating project: ${message}`,
  deleteError: (message: string) => `Error deleting project: ${message}`,
  invalidIdForUpdate: "Invalid project ID for update",
  invalidIdForDelete: "Invalid project ID for delete",
  /** A request whose body is no form (only a hand-made request sends one). */
  unreadableRequest: "Die Anfrage konnte nicht verarbeitet werden.",
  noProjects: "No projects found",
  deleteTitle: "Are you absolutely sure?",
  deleteDescription: (id: string) =>
    `This action cannot be undone. This will permanently delete the project with ID: ${id}.`,

  contactsHeading: "Kontaktanfragen verwalten",
  contactsLoadError: "Fehler beim Laden der Kontaktanfragen. Bitte versuchen Sie es später erneut.",
  contactDeleteConfirm: "Möchten Sie diese Kontaktanfrage wirklich löschen?",
  contactDeleted: "Kontaktanfrage erfolgreich gelöscht",
  contactDeleteError: (message: string) => `Fehler beim Löschen der Anfrage: ${message}`,
  noContacts: "Keine Kontaktanfragen vorhanden",
  /** An admin list's search that finds nothing (the list's own empty text says it is empty). */
  noSearchMatch: (query: string) => `Keine Treffer für „${query}“.`,
  resetSearch: "Suche zurücksetzen",
  /**
   * Kontaktanfragen: the cap of all public forms (FORM_MAX_PER_HOUR) refused submissions (issue
   * 25). The times are "03.03.2025, 14:05" and "15:05".
   */
  formCapHeading: "Stundenlimit der Formulare erreicht",
  formCapReached: (notice: { reachedAt: string; refused: number; cap: number }) =>
    `Das Stundenlimit aller Formulare (FORM_MAX_PER_HOUR = ${notice.cap.toLocaleString("de-DE")}) wurde am ${notice.reachedAt} Uhr erreicht; ${notice.refused.toLocaleString("de-DE")} ${notice.refused === 1 ? "Einsendung wurde" : "Einsendungen wurden"} abgewiesen.`,
  formCapStillReached: (until: string) =>
    `Bis ${until} Uhr nimmt die Website keine Kontaktanfragen und Newsletter-Anmeldungen an.`,
  formCapWhatToDo:
    "Das Limit schützt dich vor Spam-Fluten und gibt nach Ablauf der Stunde von selbst wieder frei. Waren es echte Anfragen, kannst du warten oder FORM_MAX_PER_HOUR in der Konfiguration des Servers (.env) erhöhen und den Server neu starten.",
  contactCameVia: "Kam über:",
  contactKept: "Die Anfrage wird aufbewahrt, bis du die Markierung aufhebst.",
  contactReleased: "Die Anfrage wird wieder nach der Aufbewahrungsfrist gelöscht.",
  contactKeepError: (message: string) => `Fehler beim Ändern der Aufbewahrung: ${message}`,
  unknownDate: "Unbekannt",

  subscribersHeading: "Newsletter-Abonnenten verwalten",
  subscribersLoadError: "Fehler beim Laden der Newsletter-Abonnenten. Bitte versuchen Sie es später erneut.",
  subscriberDeleteConfirm: "Möchten Sie diesen Abonnenten wirklich entfernen?",
  subscriberDeleted: "Abonnent erfolgreich entfernt",
  subscriberDeleteError: (message: string) => `Fehler beim Entfernen des Abonnenten: ${message}`,
  noSubscribers: "Keine Newsletter-Abonnenten vorhanden",
  csvEmpty: "Keine Abonnenten zum Herunterladen vorhanden",
  csvStarted: "CSV-Datei wird heruntergeladen",

  profileHeading: "Profil verwalten",
  profileUpdated: "Profil erfolgreich aktualisiert",
  profileError: (message: string) => `Fehler beim Aktualisieren des Profils: ${message}`,
  passwordsDoNotMatch: "Passwords do not match",
  changePassword: "Passwort ändern",
  cancel: "Abbrechen",

  contentHeading: "Inhalte",
  draftSaved: "Entwurf gespeichert",
  pagePublished: "Veröffentlicht",
  draftDiscarded: "Entwurf verworfen",
  versionRestored: "Version als Entwurf wiederhergestellt",
  formInvalid: "Bitte prüfe die markierten Felder. Es wurde nichts gespeichert.",
  pageCreated: "Seite angelegt",
  pageDeleted: "Seite gelöscht",
  pageNotFound: "Diese Seite gibt es nicht.",

  settingsHeading: "Einstellungen",
  settingsSaved: "Einstellungen gespeichert",
  /** The admin header's notice while the go-live checklist has open items. */
  goLiveNotice: (open: number) => `Noch ${open} ${open === 1 ? "Punkt" : "Punkte"} bis zum Livegang`,
} as const;

/** The project data layer's messages (spec §5, §8); the admin pages quote them too. */
export const PROJECT_MESSAGES = {
  invalidId: "Invalid project ID",
  notFound: (id: string) => `No project found with id ${id}`,
  creationFailed: "Project creation failed, no data returned",
  updateFailed: "Project update failed, no data returned",
} as const;
