/**
 * The built-in content of the editable pages: what a fresh install shows, word for
 * word the specification's. On the first start (and on an upgrade) it fills the `pages` table;
 * from then on the owner edits the pages in the admin (Inhalte), and public pages read the
 * table, falling back to this content only while the database cannot be read.
 */
import { CATEGORY_PAGES, emptyCategoryMessage, type CategoryPage } from "~/features/projects";
import { DEFAULT_MENUS, DEFAULT_SITE_TEXTS } from "~/features/site";
import {
  CENTRE,
  HERO_PRODUCT_IMAGES,
  HERO_STOCK_IMAGES,
  TEAM_IMAGE,
  type ResponsiveImage,
} from "~/features/media";
import { SERVICE_PAGES, type ServicePage, type ServiceText } from "./services";
import {
  CONTACT_PATH,
  FRAME_PATH,
  MENU_PATH,
  SERVICE_CTA_LABEL,
  SERVICE_OVERVIEW_PATH,
  type AboutContent,
  type CategoryContent,
  type ContactContent,
  type FrameContent,
  type HomeContent,
  type MenuContent,
  type PageContent,
  type PageImage,
  type PortfolioContent,
  type ServiceContent,
  type ServiceTeaser,
} from "~/features/pages/page-content";

/** Built-in images are cropped around their centre, as a page the owner saves states it. */
const pageImage = (image: ResponsiveImage, alt = image.alt): PageImage => ({
  src: image.base,
  alt,
  width: image.width,
  height: image.height,
  focus: { ...CENTRE },
});

/** The ten built-in hero images (tools/artwork/generate-images.js), described. */
const HERO_ALT_TEXTS = [
  "Illustration: aufgeklappter Laptop mit einer Website auf einem Schreibtisch",
  "Illustration: Stapel farbiger Bücher",
  "Illustration: Smartphone mit geöffneter App",
  "Illustration: Videokurs in einem Player mit Kapitelliste",
  "Illustration: aufgeräumter Schreibtisch mit Bildschirm und Pflanze",
  "Berglandschaft mit schneebedeckten Gipfeln",
  "Weites Meer unter einem hellen Himmel",
  "Skyline einer Stadt in der Dämmerung",
  "Dichter grüner Wald",
  "Polarlicht über einer nächtlichen Landschaft",
];

export const DEFAULT_HOME: HomeContent = {
  kind: "home",
  heroTitle: "Willkommen in meiner Welt",
  heroSubtitle: "Lerne hier mich, meine Projekte und mein Tun kennen!",
  heroImages: [
    ...HERO_PRODUCT_IMAGES.map((image, i) => pageImage(image, HERO_ALT_TEXTS[i]!)),
    ...HERO_STOCK_IMAGES.map((image, i) => pageImage(image, HERO_ALT_TEXTS[i + 5]!)),
  ],
  particles: true,
  newsletterTitle: "Bleib auf dem Laufenden",
  newsletterText:
    "Neue Projekte, Produkte und Impulse rund um Web, Coaching und KI – direkt in dein Postfach.",
  metaDescription:
    "Coaching, Consulting und Webentwicklung: Lerne mich, meine Projekte und mein Tun kennen – Websites, Shops, Portale, Kurse und KI-Beratung.",
};

export const DEFAULT_ABOUT: AboutContent = {
  kind: "about",
  title: "Über mich",
  text: [
    "Ich bin Coach, Berater und Webentwickler – und ich liebe es, wenn aus einer Idee etwas wird, das Menschen wirklich nutzen. Seit vielen Jahren begleite ich Selbstständige, kleine Unternehmen und Bildungsanbieter auf ihrem Weg ins Digitale.",
    "Mein Weg begann mit den ersten eigenen Websites und führte über Agenturprojekte und eigene Produkte zu dem, was ich heute mache: Ich verbinde Technik mit Strategie und Coaching. Denn eine gute Website, ein funktionierender Shop oder ein lebendiges Portal entstehen nicht allein durch Code, sondern durch klare Ziele und gute Entscheidungen.",
    "Ich arbeite persönlich, ehrlich und lösungsorientiert. Du bekommst von mir keine Standardpakete, sondern Lösungen, die zu dir und deinem Vorhaben passen – und auf Wunsch die Begleitung, damit du sie auch selbst weiterführen kannst.",
  ].join("\n\n"),
  image: pageImage(TEAM_IMAGE),
  keyfactsTitle: "Keyfacts",
  // Spec §2: five key facts.
  keyfacts: [
    "Über 15 Jahre Erfahrung in Webentwicklung, Beratung und Coaching",
    "Websites, Shops und Portale mit WordPress, WooCommerce, React und Node.js",
    "Zertifizierter Business-Coach mit Schwerpunkt Selbstständigkeit",
    "KI-Beratung und Schulungen für Selbstständige und kleine Teams",
    "Persönliche Betreuung aus einer Hand – von der Idee bis zum Betrieb",
  ],
  contactLabel: "Lass uns kennenlernen",
  metaDescription:
    "Über mich: Coach, Berater und Webentwickler. Wie ich arbeite, was mich antreibt und welche Erfahrung ich in dein Projekt einbringe.",
};

export const DEFAULT_CONTACT: ContactContent = {
  kind: "contact",
  // Spec §2 fixes this title verbatim, "kennen lernen" included.
  title: "Lass uns kennen lernen",
  intro:
    "Du hast eine Idee, ein Projekt oder eine Frage? Schreib mir – ich melde mich in der Regel innerhalb von zwei Werktagen.",
  detailsTitle: "Kontaktdaten",
  formTitle: "Schreib mir eine Nachricht",
  newsletterTitle: "Newsletter abonnieren",
  newsletterText:
    "Impulse zu Webentwicklung, Coaching und KI – etwa einmal im Monat, kostenlos und jederzeit abbestellbar.",
  metaTitle: "Kontakt",
  metaDescription:
    "Lass uns kennenlernen: Schreib mir über das Kontaktformular, per E-Mail oder Telefon – für Webprojekte, Coaching und Beratung.",
};

/** Characters that would start Markdown syntax in the built-in copy are escaped. */
const escapeMarkdown = (text: string) =>
  text
    .replace(/[\\`*_[\]<&]/g, "\\$&")
    .replace(/^(\s*)([#>+-])(?=\s|$)/, "$1\\$2")
    .replace(/^(\s*)(\d+)([.)])(?=\s|$)/, "$1$2\\$3");

/** The built-in service copy (paragraphs and bullet lists) as Markdown. */
export function serviceTextToMarkdown(body: ServiceText[]): string {
  return body
    .map((text) =>
      typeof text === "string"
        ? escapeMarkdown(text)
        : text.map((item) => `- ${escapeMarkdown(item)}`).join("\n"),
    )
    .join("\n\n");
}

/** Service illustrations are SVGs drawn at 1200 × 800 (tools/artwork/generate-service-art.js). */
const serviceImage = (image: { src: string; alt: string }): PageImage => ({
  ...image,
  width: 1200,
  height: 800,
  focus: { ...CENTRE },
});

/** The overview's built-in blocks (spec §2), each of which becomes its page's teaser. */
const OVERVIEW_BLOCKS = SERVICE_PAGES.find((page) => page.path === SERVICE_OVERVIEW_PATH)!.blocks;

function teaserOf(page: ServicePage): ServiceTeaser | undefined {
  const block = OVERVIEW_BLOCKS.find((candidate) => candidate.link?.to === page.path);
  if (!block) return undefined;
  return {
    title: block.title,
    text: serviceTextToMarkdown(block.body),
    linkText: block.link!.text,
    contactLabel: block.contactLabel,
  };
}

function serviceContent(page: ServicePage): ServiceContent {
  const overview = page.path === SERVICE_OVERVIEW_PATH;
  const teaser = overview ? undefined : teaserOf(page);
  return {
    kind: "service",
    visible: true,
    name: page.name,
    heroTitle: page.hero.title,
    heroSubtitle: page.hero.subtitle,
    heroImage: serviceImage(page.hero.image),
    intro: page.intro ? escapeMarkdown(page.intro) : "",
    // The overview's blocks are its pages' teasers (pages.server.ts, overviewBlocks).
    blocks: (overview ? [] : page.blocks).map((block) => ({
      title: block.title,
      text: serviceTextToMarkdown(block.body),
      image: serviceImage(block.image),
      linkText: block.link?.text ?? "",
      linkTo: block.link?.to ?? "",
      contactLabel: block.contactLabel,
    })),
    ...(teaser ? { teaser } : {}),
    ctaTitle: page.callToAction.title,
    ctaText: page.callToAction.text,
    ctaLabel: SERVICE_CTA_LABEL,
    showServiceProjects: page.showServiceProjects,
    metaTitle: page.meta.title,
    metaDescription: page.meta.description,
  };
}

const categoryContent = (page: CategoryPage): CategoryContent => ({
  kind: "category",
  visible: true,
  name: page.name,
  filterLabel: page.filterLabel,
  title: page.title,
  subtitle: page.subtitle,
  description: page.description,
  homeLinkLabel: page.homeLinkLabel,
  emptyMessage: emptyCategoryMessage(page.title),
});

export const DEFAULT_PORTFOLIO: PortfolioContent = {
  kind: "portfolio",
  title: "Mein Portfolio",
  intro: "Projekte, Produkte, Services, Magazine und Consulting – alles, woran ich arbeite, an einem Ort.",
  allLabel: "Alle",
  menuAllLabel: "Alle Projekte",
  hideEmptyCategories: false,
  emptyMessage: "Keine Projekte gefunden.",
  allEntriesTitle: "Alle Einträge",
  // Spec §2 fixes the labels of cards and project pages.
  moreLabel: "Mehr erfahren",
  websiteLabel: "Zur Webseite",
  contactLabel: "Kontakt aufnehmen",
  backLabel: "Zurück zu allen Projekten",
  detailContactLabel: "Jetzt Kontakt aufnehmen",
  serviceProjectsTitle: "Ausgewählte Service-Leistungen",
  serviceProjectsLinkLabel: "Weitere Service-Leistungen entdecken",
  metaTitle: "Portfolio",
  metaDescription:
    "Mein Portfolio: Projekte, Produkte, Services, Magazine und Consulting – Einblicke in meine Arbeit als Coach, Berater und Webentwickler.",
};

export const DEFAULT_MENU: MenuContent = { kind: "menu", ...DEFAULT_MENUS };

export const DEFAULT_FRAME: FrameContent = { kind: "frame", ...DEFAULT_SITE_TEXTS };

/** Every built-in page by path, in the order the admin lists them (services in menu order). */
export const DEFAULT_PAGES: ReadonlyMap<string, PageContent> = new Map<string, PageContent>([
  ["/", DEFAULT_HOME],
  ["/about", DEFAULT_ABOUT],
  ["/projects", DEFAULT_PORTFOLIO],
  ...CATEGORY_PAGES.map((page) => [`/category/${page.slug}`, categoryContent(page)] as const),
  ...SERVICE_PAGES.map((page) => [page.path, serviceContent(page)] as const),
  [MENU_PATH, DEFAULT_MENU],
  // Last: an upgrade stores it after the pages that were there before.
  [CONTACT_PATH, DEFAULT_CONTACT],
  [FRAME_PATH, DEFAULT_FRAME],
]);
