import type { SiteSettings } from "~/features/settings/schemas.server";

/**
 * The owner's data a fresh install starts with: the demo owner "Max Mustermann". This is not the
 * place to make the site yours: the owner changes every one of these facts in the admin under
 * Einstellungen (/admin/einstellungen), and the stored settings replace these defaults at once.
 * Public pages, legal texts, mails and structured data read the settings, never this file.
 */
export const DEFAULT_SETTINGS: SiteSettings = {
  owner: {
    name: "Max Mustermann",
    profession: "Coach, Berater und Webentwickler",
    companyName: "",
    legalForm: "",
    street: "Musterstraße 12",
    postalCode: "10115",
    city: "Berlin",
    country: "Deutschland",
    state: "BE",
    phone: "+49 30 1234 5678",
    phoneDial: "+493012345678",
    email: "kontakt@example.com",
    vatId: "DE123456789",
    economicId: "",
    registerCourt: "",
    registerNumber: "",
    chamber: "",
    professionTitle: "",
    professionCountry: "",
    professionRules: "",
    professionRulesUrl: "",
    responsibleName: "",
    responsibleAddress: "",
  },
  website: {
    brand: "Max Mustermann · Coaching, Consulting & Web",
    /** Shown in the footer; English on purpose (spec §2). */
    tagline: "Ideas, code and coaching that move your business forward.",
    mainUrl: "https://www.example.com",
    productsUrl: "https://produkte.example.com",
    ideasUrl: "https://ideen.example.com",
    videosUrl: "https://videos.example.com",
    eventsUrl: "https://events.example.com",
    blogUrl: "https://blog.example.com",
  },
  privacy: {
    hostingName: "",
    hostingAddress: "",
    mailProvider: "",
    authorityName: "",
    authorityAddress: "",
    extra: "",
    /** Contact requests not marked "Aufbewahren" are deleted this many months after they arrived. */
    contactMonths: "6",
  },
  mail: {
    /** Empty: contact notifications go to the public e-mail address. */
    notifyEmail: "",
    /** Empty: mails are sent under the owner's name. */
    senderName: "",
  },
  newsletter: {
    /** Empty: no public archive of sent issues. */
    archive: "",
    /** Proof-and-block records after an unsubscribe: the limitation period (§ 195 BGB). */
    proofYears: "3",
  },
  statistics: {
    /** Empty: no visit is counted (docs/decisions/0025-visit-statistics.md). */
    enabled: "",
    /**
     * On: a weekly report by mail (Monday morning) while the statistics are on. An installation
     * stored before the switch existed gets this default (stored sections are read over these).
     */
    weeklyReport: "on",
  },
};

/** When the built-in legal texts were last reviewed: their "Stand" until the owner changes legal data. */
export const DEFAULT_LEGAL_DATE = new Date("2026-11-01T00:00:00Z");

/** Strings that mark the demo owner's data; the go-live checklist and the start-up warning look for them. */
export const DEMO_MARKERS = [/Mustermann/i, /example\.com/i, /DE123456789/i, /Musterstra(ß|ss)e/i] as const;
