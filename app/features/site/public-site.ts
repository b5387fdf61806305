import { useRouteLoaderData } from "react-router";
import { outboundClickProps } from "~/features/statistics";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * What every public page shows about the owner (header, footer, contact details, menu), as the
 * site layout's loader sends it to the browser. Built on the server from the settings
 * (site-settings.server.ts), so the browser ships no settings code.
 */
/**
 * What an entry of the owner's menus leads to: a built-in target, resolved from the site (the
 * owner's other sites in Einstellungen, the categories and service pages shown), or a `link`
 * the owner added.
 */
export const MENU_TARGETS = [
  "home",
  "portfolio",
  "products",
  "ideas",
  "services",
  "videos",
  "events",
  "blog",
  "about",
  "contact",
  "link",
] as const;
export type MenuTarget = (typeof MENU_TARGETS)[number];

/**
 * The entries of the submenus of Produktwelt and Ideenwelt a fresh install has: a page of that
 * site, by its path there. The owner renames, hides and reorders them, and never removes one.
 */
export const SUBMENU_PAGES = {
  products: [
    { key: "overview", label: "Übersicht", path: "/overview" },
    { key: "software", label: "Software", path: "/category/software" },
    { key: "products", label: "Produkte", path: "/category/products" },
    { key: "books", label: "Bücher", path: "/category/books" },
    { key: "courses", label: "Kurse", path: "/category/courses" },
    { key: "pdevelopment", label: "Persönlichkeitsentwicklung", path: "/category/pdevelopment" },
  ],
  ideas: [
    { key: "overview", label: "Übersicht", path: "/overview" },
    { key: "business", label: "Business", path: "/category/business" },
    { key: "geschenke", label: "Geschenke", path: "/category/geschenke" },
    { key: "gesundheit", label: "Gesundheit", path: "/category/gesundheit" },
    { key: "nachhaltigkeit", label: "Nachhaltigkeit", path: "/category/nachhaltigkeit" },
    { key: "sonstiges", label: "Sonstiges", path: "/category/sonstiges" },
  ],
} as const satisfies Record<string, readonly { key: string; label: string; path: string }[]>;

/** The header entries whose submenu the owner edits in the menu editor. */
export type EditableSubmenuOf = keyof typeof SUBMENU_PAGES | "link";
export const hasEditableSubmenu = (target: MenuTarget): target is EditableSubmenuOf =>
  target === "products" || target === "ideas" || target === "link";

/** What a submenu entry leads to: a built-in page of the parent's site (its key), or an own `link`. */
export type SubmenuTarget = (typeof SUBMENU_PAGES)[keyof typeof SUBMENU_PAGES][number]["key"] | "link";

/** A submenu's most entries: a longer list would not fit a dropdown. */
export const MAX_SUBMENU_ENTRIES = 12;

/** What every menu entry has, whatever it leads to (`target`: a built-in page, or an own `link`). */
type MenuLink<Target> = {
  target: Target;
  label: string;
  visible: boolean;
  /** Only for a `link`: a path of this site or a web address. */
  href: string;
  /** Only for a `link`: opens in a new tab. */
  newTab: boolean;
};

/** One entry of a header entry's submenu, edited like an entry (one level, no deeper). */
export type MenuSubEntry = MenuLink<SubmenuTarget>;

/** One entry of a menu as the owner edits it (Inhalte → Menüs). */
export type MenuEntry = MenuLink<MenuTarget> & {
  /**
   * Only in the header, and only for Produktwelt, Ideenwelt and own links (`hasEditableSubmenu`);
   * Portfolio's and Services' submenus come from the categories and service pages.
   */
  submenu?: MenuSubEntry[];
};

/** The three places with links to the site's pages: the header (with its submenus), the footer's navigation, the hero's buttons. */
export type Menus = { header: MenuEntry[]; footer: MenuEntry[]; hero: MenuEntry[] };
export type MenuPlace = keyof Menus;
export const MENU_PLACES: readonly MenuPlace[] = ["header", "footer", "hero"];

/** The frame's own words: the footer's and the not-found page's (Inhalte → Fußzeile und Fehlerseite). */
export type SiteTexts = {
  footerNavigationTitle: string;
  footerLegalTitle: string;
  /** After "© {year} {owner name}.". */
  copyright: string;
  toTopLabel: string;
  notFoundTitle: string;
  notFoundLinkLabel: string;
  notFoundMetaTitle: string;
  notFoundMetaDescription: string;
};

/** The built-in frame texts: the specification's, its not-found page in English (spec §2). */
export const DEFAULT_SITE_TEXTS: SiteTexts = {
  footerNavigationTitle: "Navigation",
  footerLegalTitle: "Rechtliches",
  copyright: "Alle Rechte vorbehalten.",
  toTopLabel: "Nach oben",
  notFoundTitle: "Oops! Page not found",
  notFoundLinkLabel: "Return to Home",
  notFoundMetaTitle: "Seite nicht gefunden",
  notFoundMetaDescription: "Die angeforderte Seite gibt es nicht.",
};

export type ExternalSite = "main" | "products" | "ideas" | "videos" | "events" | "blog";

export type PublicSite = {
  ownerName: string;
  profession: string;
  brand: string;
  /** Empty when the owner has none. */
  tagline: string;
  /** "en" for the built-in tagline, which the specification has in English; else the page's German. */
  taglineLang: "en" | undefined;
  address: { street: string; postalCode: string; city: string; country: string };
  /**
   * E-mail address, phone as typed and phone in E.164, scrambled (see `scramble`): the loader
   * data is part of the HTML, and harvesters read HTML. Empty when not given.
   */
  email: string;
  phone: string;
  phoneDial: string;
  /** The owner's other sites; an empty one has no menu or footer entry. */
  external: Record<ExternalSite, string>;
  /** The visible service pages in menu order, the overview (/service) first when shown. */
  services: { title: string; path: string }[];
  /** The Portfolio submenu: all projects, then the categories shown, by their menu names. */
  portfolio: { title: string; path: string }[];
  /** The owner's menus: header, footer navigation, hero buttons. */
  menus: Menus;
  /** The frame's texts; `notFoundLang` is "en" while the not-found page has the spec's English. */
  texts: SiteTexts & { notFoundLang: "en" | undefined };
  /** Whether statistics are on: links to other websites then report their clicks. */
  countsClicks: boolean;
  /** Booking on with a visible Termin-Art: the header's "Termine" leads to /termine. */
  bookingOpen?: boolean;
};

/** The owner's other sites by name, from the Website settings' fields. */
export function externalSites(website: Record<`${ExternalSite}Url`, string>): Record<ExternalSite, string> {
  return {
    main: website.mainUrl,
    products: website.productsUrl,
    ideas: website.ideasUrl,
    videos: website.videosUrl,
    events: website.eventsUrl,
    blog: website.blogUrl,
  };
}

const KEY = 23;

/** A reversible disguise for contact data in the HTML: not encryption, only not plain text. */
export function scramble(text: string): string {
  return [...text].map((char) => (char.codePointAt(0)! ^ KEY).toString(36)).join(".");
}

export function unscramble(code: string): string {
  if (!code) return "";
  return code
    .split(".")
    .map((part) => String.fromCodePoint(Number.parseInt(part, 36) ^ KEY))
    .join("");
}

export const SITE_LAYOUT_ROUTE = "features/site/layout";

/** The owner's public data, from the site layout's loader (every public page and the admin area). */
export function useSite(): PublicSite {
  const data = useRouteLoaderData<{ site: PublicSite }>(SITE_LAYOUT_ROUTE);
  if (!data) throw new Error("useSite() needs the site layout's loader data");
  return data.site;
}

/**
 * What a link carries so that its click is counted when it leads to another website and
 * statistics are on (`ping` before the page's script runs, a beacon after): spread its `ping`
 * onto the link and call its `onClick` from the link's.
 */
export function useClickReport(href: string): { ping?: string; onClick?: () => void } {
  const counting = useSite().countsClicks && /^https?:\/\//i.test(href);
  return outboundClickProps(counting, useHydrated(), href);
}
