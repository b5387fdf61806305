/**
 * Everything about the owner in one place: change this file to make the site yours.
 * Public pages, legal texts, mails and structured data all read from here.
 */
export const site = {
  /** Person of record (Impressum, JSON-LD, mails). */
  owner: {
    name: "Max Mustermann",
    profession: "Coach, Berater und Webentwickler",
    /** Umsatzsteuer-ID per § 27a UStG; leave empty if you have none. */
    vatId: "DE123456789",
    /** Berufshaftpflicht, Kammer etc. are not required for this profession. */
  },
  brand: "Max Mustermann · Coaching, Consulting & Web",
  /** Shown in the footer; English on purpose (spec §2). */
  tagline: "Ideas, code and coaching that move your business forward.",
  contact: {
    email: "kontakt@example.com",
    /** Displayed form and dialable form (E.164). */
    phone: { display: "+49 30 1234 5678", dial: "+493012345678" },
    address: {
      street: "Musterstraße 12",
      postalCode: "10115",
      city: "Berlin",
      country: "Deutschland",
    },
  },
  /** The owner's other sites, linked from the menu (always opened in a new tab). */
  external: {
    main: "https://www.example.com",
    products: "https://produkte.example.com",
    ideas: "https://ideen.example.com",
    videos: "https://videos.example.com",
    events: "https://events.example.com",
    blog: "https://blog.example.com",
  },
  /** Date the legal texts were last reviewed (shown on the legal pages). */
  legalUpdated: "2026-11-01",
} as const;

export type Site = typeof site;
