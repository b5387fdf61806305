import {
  SUBMENU_PAGES,
  type MenuEntry,
  type MenuPlace,
  type Menus,
  type MenuSubEntry,
  type PublicSite,
} from "~/features/site/public-site";

/** A menu entry (spec §3): external entries open in a new tab. */
export type MenuItem = {
  title: string;
  path: string;
  external?: boolean;
  submenu?: MenuItem[];
};

const ext = (title: string, path: string): MenuItem => ({ title, path, external: true });

/** A built-in entry of a menu or a submenu, shown, under its default name. */
const builtIn = <Target extends MenuEntry["target"] | MenuSubEntry["target"]>(
  target: Target,
  label: string,
) => ({
  target,
  label,
  visible: true,
  href: "",
  newTab: false,
});

/** The built-in entries of the submenu of Produktwelt or Ideenwelt, as a fresh install has them. */
export const defaultSubmenu = (target: keyof typeof SUBMENU_PAGES): MenuSubEntry[] =>
  SUBMENU_PAGES[target].map(({ key, label }) => builtIn(key, label));

/** The menus of a fresh install: the specification's. */
export const DEFAULT_MENUS: Menus = {
  header: [
    builtIn("home", "Home"),
    builtIn("portfolio", "Portfolio"),
    { ...builtIn("products", "Produktwelt"), submenu: defaultSubmenu("products") },
    { ...builtIn("ideas", "Ideenwelt"), submenu: defaultSubmenu("ideas") },
    builtIn("services", "Services"),
    builtIn("videos", "Videos"),
    builtIn("events", "Termine"),
    builtIn("blog", "Blog"),
    builtIn("about", "Über mich"),
    builtIn("contact", "Kontakt"),
  ],
  footer: [
    builtIn("home", "Home"),
    builtIn("portfolio", "Mein Portfolio"),
    builtIn("services", "Mein Services"),
    builtIn("ideas", "Ideenwelt"),
    builtIn("products", "Produktwelt"),
  ],
  hero: [
    builtIn("portfolio", "Portfolio"),
    builtIn("contact", "Kontakt"),
    builtIn("events", "Events"),
    builtIn("products", "Produktwelt"),
  ],
};

/** What the menus need of the site. */
type MenuSite = Pick<PublicSite, "external" | "services" | "portfolio" | "menus" | "bookingOpen">;

/** The visitors' booking, which the header's "Termine" leads to while it is open. */
export const BOOKING_PATH = "/termine";

/** The Services entry: the overview, or the first service page shown when the overview is hidden. */
function servicesEntry(services: MenuSite["services"]): MenuItem[] {
  const [first] = services;
  if (!first) return [];
  return [
    { title: "Services", path: first.path, submenu: services.map(({ title, path }) => ({ title, path })) },
  ];
}

/** An own link: external (a new tab) when the owner ticked "In neuem Tab öffnen". */
const ownLink = (title: string, { href, newTab }: { href: string; newTab: boolean }): MenuItem => ({
  title,
  path: href,
  ...(newTab && { external: true }),
});

/**
 * The visible entries of an edited submenu: a built-in one is a page of the parent's site
 * (`site`), an own link leads where the owner says. None when all are hidden.
 */
function editedSubmenu(entry: MenuEntry, site: string | undefined): { submenu?: MenuItem[] } {
  const builtIns = entry.target === "products" || entry.target === "ideas" ? entry.target : undefined;
  const pages: readonly { key: string; path: string }[] = builtIns ? SUBMENU_PAGES[builtIns] : [];
  // A menu stored before submenus were edited has none: the built-in one.
  const entries = entry.submenu ?? (builtIns ? defaultSubmenu(builtIns) : []);
  const items = entries.flatMap((sub): MenuItem[] => {
    if (!sub.visible) return [];
    if (sub.target === "link") return [ownLink(sub.label, sub)];
    const page = pages.find(({ key }) => key === sub.target);
    return page && site ? [ext(sub.label, `${site}${page.path}`)] : [];
  });
  return items.length > 0 ? { submenu: items } : {};
}

/** Entries of the owner's other sites, left out where the owner has no such site. */
const whenSet = (url: string, item: () => MenuItem): MenuItem[] => (url ? [item()] : []);

/** The entries an entry of `place` stands for: none when its target is not there (an empty external site). */
function resolve(
  entry: MenuEntry,
  { external, services, portfolio, bookingOpen }: Omit<MenuSite, "menus">,
  place: MenuPlace,
): MenuItem[] {
  const title = entry.label;
  const withSubmenu = place === "header";
  const { products, ideas, videos, events, blog } = external;
  switch (entry.target) {
    case "home":
      return [{ title, path: "/" }];
    case "portfolio":
      return [{ title, path: "/projects", ...(withSubmenu && { submenu: portfolio }) }];
    case "services":
      return servicesEntry(services).map(({ path, submenu }) => ({
        title,
        path,
        ...(withSubmenu && { submenu }),
      }));
    case "products":
      return whenSet(products, () => ({
        title,
        path: products,
        external: true,
        ...(withSubmenu && editedSubmenu(entry, products)),
      }));
    case "ideas":
      return whenSet(ideas, () => ({
        title,
        path: ideas,
        external: true,
        ...(withSubmenu && editedSubmenu(entry, ideas)),
      }));
    case "videos":
      return whenSet(videos, () => ext(title, videos));
    // The header leads to the events site's overview, the hero's button to its start (spec §2).
    case "events":
      if (bookingOpen && place === "header") return [{ title, path: BOOKING_PATH }];
      return whenSet(events, () => ext(title, place === "header" ? `${events}/overview` : events));
    case "blog":
      return whenSet(blog, () => ext(title, blog));
    case "about":
      return [{ title, path: "/about" }];
    case "contact":
      return [{ title, path: "/contact" }];
    case "link":
      return [{ ...ownLink(title, entry), ...(withSubmenu && editedSubmenu(entry, undefined)) }];
  }
}

function menuOf(site: MenuSite, place: MenuPlace): MenuItem[] {
  return site.menus[place].flatMap((entry) => (entry.visible ? resolve(entry, site, place) : []));
}

/** The header menu (spec §2, as the owner arranged it), for the owner's other sites as configured. */
export const mainMenu = (site: MenuSite): MenuItem[] => menuOf(site, "header");

/** The footer's navigation column (spec §2). */
export const footerNavigation = (site: MenuSite): MenuItem[] => menuOf(site, "footer");

/** The buttons of the home page's hero (spec §2). */
export const heroLinks = (site: MenuSite): MenuItem[] => menuOf(site, "hero");

export const FOOTER_LEGAL: MenuItem[] = [
  { title: "Über mich", path: "/about" },
  { title: "Kontakt", path: "/contact" },
  { title: "Impressum", path: "/impressum" },
  { title: "Datenschutz", path: "/datenschutz" },
  { title: "Cookies", path: "/cookies" },
];

/** Whether `item` (or one of its submenu entries) is the page at `pathname`. */
export function isActive(item: MenuItem, pathname: string): boolean {
  if (item.external) return false;
  if (item.path === "/") return pathname === "/";
  const here = pathname === item.path || pathname.startsWith(`${item.path}/`);
  return here || (item.submenu ?? []).some((child) => isActive(child, pathname));
}
