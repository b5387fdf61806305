/**
 * The content of the editable public pages, as stored in the `pages` table and shown
 * by the public routes. Shared by server and browser code: types and small pure helpers only.
 *
 * A page is addressed by its public path ("/", "/about", "/category/projects", "/service",
 * "/service/webdesign"); the admin addresses it by an editor key without slashes.
 */
import { isUpload, type Focus } from "~/features/media";
import type { Menus, SiteTexts } from "~/features/site";

/**
 * An image on a page: a built-in one under /images/ or an upload under /media/<id>. `focus` is
 * the spot every crop keeps in view, chosen with this use of the image (the centre when left
 * out: the built-in pages, and pages stored before; docs/decisions/0021-focal-points.md).
 */
export type PageImage = { src: string; alt: string; width: number; height: number; focus?: Focus };

export type HomeContent = {
  kind: "home";
  heroTitle: string;
  heroSubtitle: string;
  /** The hero shows one of these at random (spec §2); at least one. */
  heroImages: PageImage[];
  /** Slowly drifting dots over the hero image (spec §9); the owner can switch them off. */
  particles: boolean;
  newsletterTitle: string;
  newsletterText: string;
  /** What search engines show under the page's title (the title is the owner's name). */
  metaDescription: string;
};

export type AboutContent = {
  kind: "about";
  title: string;
  /** Markdown. */
  text: string;
  image: PageImage;
  /** The heading over the key facts. */
  keyfactsTitle: string;
  keyfacts: string[];
  /** The button to the contact page. */
  contactLabel: string;
  metaDescription: string;
};

/** /contact: the texts around the contact form and the newsletter card. */
export type ContactContent = {
  kind: "contact";
  title: string;
  intro: string;
  detailsTitle: string;
  formTitle: string;
  newsletterTitle: string;
  newsletterText: string;
  metaTitle: string;
  metaDescription: string;
};

export type CategoryContent = {
  kind: "category";
  /** A hidden category answers 404 and is left out of menus, filter pills, the home page and the sitemap. */
  visible: boolean;
  /** Its entry in the Portfolio menu. */
  name: string;
  /** Its filter pill on /projects. */
  filterLabel: string;
  title: string;
  subtitle: string;
  description: string;
  /** The home page section's button to the category page. */
  homeLinkLabel: string;
  /** Shown where the category has no published project. */
  emptyMessage: string;
};

/** /projects, the portfolio: its texts, and whether categories without a project are shown. */
export type PortfolioContent = {
  kind: "portfolio";
  title: string;
  intro: string;
  /** The filter pill of every category. */
  allLabel: string;
  /** The Portfolio menu's first entry. */
  menuAllLabel: string;
  /** Off by default: an empty category shows its empty message (spec §2). */
  hideEmptyCategories: boolean;
  /** Shown where no project matches the filter. */
  emptyMessage: string;
  /** The heading (for screen readers) over every project, without a filter. */
  allEntriesTitle: string;
  /** The links of a project card, wherever cards are shown. */
  moreLabel: string;
  websiteLabel: string;
  contactLabel: string;
  /** A project's page: the link back, and its button to the contact page. */
  backLabel: string;
  detailContactLabel: string;
  /** The section of service projects at the end of a service page. */
  serviceProjectsTitle: string;
  serviceProjectsLinkLabel: string;
  metaTitle: string;
  metaDescription: string;
};

export const CONTACT_LABELS = ["Kontakt zu mir", "Kontakt aufnehmen"] as const;
export type ContactLabel = (typeof CONTACT_LABELS)[number];

export type ServiceBlock = {
  title: string;
  /** Markdown. */
  text: string;
  image: PageImage;
  /** The extra link is shown only when both are set (spec §2). */
  linkText: string;
  linkTo: string;
  /** Every block links to /contact with one of the spec's two labels. */
  contactLabel: ContactLabel;
};

/**
 * A service page's block on the overview (/service): shown there, in page order, while the page
 * is visible, with the page's hero image and a link to the page.
 */
export type ServiceTeaser = {
  title: string;
  /** Markdown. */
  text: string;
  linkText: string;
  contactLabel: ContactLabel;
};

export type ServiceContent = {
  kind: "service";
  /** A hidden page answers 404 and is left out of menus, the overview, the sitemap and the footer. */
  visible: boolean;
  /** Short name for menus. */
  name: string;
  heroTitle: string;
  heroSubtitle: string;
  heroImage: PageImage;
  /** Markdown lead under the hero; may be empty. */
  intro: string;
  /** The page's own blocks; the overview's blocks are the teasers of the visible pages instead. */
  blocks: ServiceBlock[];
  /** Its block on the overview; every sub-page has one once read (the overview has none). */
  teaser?: ServiceTeaser;
  ctaTitle: string;
  ctaText: string;
  /** The closing button to the contact page. */
  ctaLabel: string;
  /** The section of service projects at the end (spec: every sub-page except AI and the overview). */
  showServiceProjects: boolean;
  metaTitle: string;
  metaDescription: string;
};

/** The site's menus (not a page of its own: stored under MENU_PATH, edited like one). */
export type MenuContent = { kind: "menu" } & Menus;

/** The frame's texts: footer and not-found page (not a page of its own: stored under FRAME_PATH). */
export type FrameContent = { kind: "frame" } & SiteTexts;

export type PageContent =
  | HomeContent
  | AboutContent
  | ContactContent
  | PortfolioContent
  | CategoryContent
  | ServiceContent
  | MenuContent
  | FrameContent;
export type PageKind = PageContent["kind"];

export const SERVICE_OVERVIEW_PATH = "/service";
/** The service pages' closing button, as built in (and for a page stored before it could be changed). */
export const SERVICE_CTA_LABEL = "Kontakt aufnehmen";
export const PORTFOLIO_PATH = "/projects";
export const CONTACT_PATH = "/contact";
/** The menus' document: no public path, so no visitor can ask for it. */
export const MENU_PATH = "menu";
/** The frame's document: no public path either. */
export const FRAME_PATH = "frame";

/** A service page under the overview (/service/<slug>): the pages the owner deletes and reorders. */
/** A category's page (/category/<slug>): one of the built-in ones, which the owner can move but not delete. */
export const isCategoryPath = (path: string) => /^\/category\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path);

export const isServiceSubPage = (path: string) => /^\/service\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path);

/** A service page's path for a slug ("" is the overview). */
export const servicePath = (slug: string) => (slug ? `/service/${slug}` : SERVICE_OVERVIEW_PATH);

/**
 * The admin's key of a page: "/" → "startseite", "/about" → "ueber-mich", "/projects" →
 * "portfolio", "/contact" → "kontakt", "/service/shops" → "service-shops".
 */
export function editorKey(path: string): string {
  if (path === "/") return "startseite";
  if (path === "/about") return "ueber-mich";
  if (path === PORTFOLIO_PATH) return "portfolio";
  if (path === CONTACT_PATH) return "kontakt";
  if (path === MENU_PATH) return "menues";
  if (path === FRAME_PATH) return "rahmen";
  return path.slice(1).replace("/", "-");
}

/** The inverse of editorKey; undefined for a key no page can have. */
export function pathOfEditorKey(key: string): string | undefined {
  if (key === "startseite") return "/";
  if (key === "ueber-mich") return "/about";
  if (key === "portfolio") return PORTFOLIO_PATH;
  if (key === "kontakt") return CONTACT_PATH;
  if (key === "menues") return MENU_PATH;
  if (key === "rahmen") return FRAME_PATH;
  const match = /^(category|service)(?:-([a-z0-9]+(?:-[a-z0-9]+)*))?$/.exec(key);
  if (!match) return undefined;
  if (match[1] === "category" && !match[2]) return undefined;
  return match[2] ? `/${match[1]}/${match[2]}` : `/${match[1]}`;
}

/** Whether `src` names an image the site can show: an upload, or a built-in one. */
export function isKnownImageSource(src: string): boolean {
  return isUpload(src) || /^\/images\/[a-z0-9/-]+(?:\.svg)?$/.test(src);
}
