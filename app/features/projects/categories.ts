import type { Category } from "~/features/projects/project";

/**
 * The five category pages (spec §2): slug in the URL, category in the data, and their built-in
 * texts (the owner changes them in the admin: the `category` page documents).
 */
export type CategoryPage = {
  slug: string;
  category: Category;
  /** Its entry in the Portfolio menu. */
  name: string;
  /** Page title; also used in the empty message "Keine {title} gefunden. …". */
  title: string;
  subtitle: string;
  description: string;
  /** Label of the filter pill on /projects. */
  filterLabel: string;
  /** The home page section's button to the category page (spec §2 names no wording). */
  homeLinkLabel: string;
};

export const CATEGORY_PAGES: CategoryPage[] = [
  {
    slug: "projects",
    name: "Projekte",
    category: "project",
    title: "Projekte",
    subtitle: "Websites, Shops und Plattformen, die ich umgesetzt habe",
    description:
      "Von der ersten Idee bis zum Livegang: Hier findest du eine Auswahl meiner Kundenprojekte – mit Einblicken in Aufgabe, Vorgehen und Ergebnis.",
    filterLabel: "Projekte",
    homeLinkLabel: "Alle Projekte ansehen",
  },
  {
    slug: "products",
    name: "Produkte",
    category: "product",
    title: "Produkte",
    subtitle: "E-Books, Kurse und Werkzeuge zum Selbermachen",
    description:
      "Mein Wissen zum Mitnehmen: Produkte, mit denen du in deinem Tempo lernst und deine eigenen Projekte voranbringst.",
    filterLabel: "Produkte",
    homeLinkLabel: "Alle Produkte ansehen",
  },
  {
    slug: "services",
    name: "Services",
    category: "service",
    title: "Services",
    subtitle: "Leistungen, die dich und dein Business weiterbringen",
    description:
      "Ob Coaching, Betreuung oder Umsetzung: Diese Services buchst du direkt bei mir – persönlich, verlässlich und auf dein Ziel ausgerichtet.",
    filterLabel: "Services",
    homeLinkLabel: "Alle Services ansehen",
  },
  {
    slug: "magazine",
    name: "Magazin",
    category: "magazine",
    title: "Magazine",
    subtitle: "Artikelserien rund um digitales Business und KI",
    description:
      "In meinen Magazin-Serien teile ich Praxiswissen, Erfahrungen und Werkzeuge – verständlich aufbereitet und sofort anwendbar.",
    filterLabel: "Magazine",
    homeLinkLabel: "Alle Magazine ansehen",
  },
  {
    slug: "consulting",
    name: "Consulting",
    category: "consulting",
    title: "Consulting",
    subtitle: "Beratung für Strategie, Digitalisierung und KI",
    description:
      "Mit klarer Analyse und pragmatischen Empfehlungen helfe ich dir, die richtigen digitalen Entscheidungen zu treffen und umzusetzen.",
    filterLabel: "Consulting",
    homeLinkLabel: "Alle Consulting-Angebote ansehen",
  },
];

export function categoryPage(slug: string): CategoryPage | undefined {
  return CATEGORY_PAGES.find((page) => page.slug === slug);
}

/** Spec §2: the message of an empty category page. */
export const emptyCategoryMessage = (title: string) =>
  `Keine ${title} gefunden. Bitte schauen Sie später wieder vorbei.`;
