import type { Category } from "~/lib/project";

/** The five category pages (spec §2): slug in the URL, category in the data. */
export type CategoryPage = {
  slug: string;
  category: Category;
  /** Page title; also used in the empty message "Keine {title} gefunden. …". */
  title: string;
  subtitle: string;
  description: string;
  /** Label of the filter pill on /projects. */
  filterLabel: string;
};

export const CATEGORY_PAGES: CategoryPage[] = [
  {
    slug: "projects",
    category: "project",
    title: "Projekte",
    subtitle: "Websites, Shops und Plattformen, die ich umgesetzt habe",
    description:
      "Von der ersten Idee bis zum Livegang: Hier findest du eine Auswahl meiner Kundenprojekte – mit Einblicken in Aufgabe, Vorgehen und Ergebnis.",
    filterLabel: "Projekte",
  },
  {
    slug: "products",
    category: "product",
    title: "Produkte",
    subtitle: "E-Books, Kurse und Werkzeuge zum Selbermachen",
    description:
      "Mein Wissen zum Mitnehmen: Produkte, mit denen du in deinem Tempo lernst und deine eigenen Projekte voranbringst.",
    filterLabel: "Produkte",
  },
  {
    slug: "services",
    category: "service",
    title: "Services",
    subtitle: "Leistungen, die dich und dein Business weiterbringen",
    description:
      "Ob Coaching, Betreuung oder Umsetzung: Diese Services buchst du direkt bei mir – persönlich, verlässlich und auf dein Ziel ausgerichtet.",
    filterLabel: "Services",
  },
  {
    slug: "magazine",
    category: "magazine",
    title: "Magazine",
    subtitle: "Artikelserien rund um digitales Business und KI",
    description:
      "In meinen Magazin-Serien teile ich Praxiswissen, Erfahrungen und Werkzeuge – verständlich aufbereitet und sofort anwendbar.",
    filterLabel: "Magazine",
  },
  {
    slug: "consulting",
    category: "consulting",
    title: "Consulting",
    subtitle: "Beratung für Strategie, Digitalisierung und KI",
    description:
      "Mit klarer Analyse und pragmatischen Empfehlungen helfe ich dir, die richtigen digitalen Entscheidungen zu treffen und umzusetzen.",
    filterLabel: "Consulting",
  },
];

export function categoryPage(slug: string): CategoryPage | undefined {
  return CATEGORY_PAGES.find((page) => page.slug === slug);
}

/** Spec §2: the message of an empty category page. */
export const emptyCategoryMessage = (title: string) =>
  `Keine ${title} gefunden. Bitte schauen Sie später wieder vorbei.`;
