import { site } from "./site";

/** A menu entry (spec §3): external entries open in a new tab. */
export type MenuItem = {
  title: string;
  path: string;
  external?: boolean;
  submenu?: MenuItem[];
};

const ext = (title: string, path: string): MenuItem => ({ title, path, external: true });

export const CATEGORY_MENU: MenuItem[] = [
  { title: "Alle Projekte", path: "/projects" },
  { title: "Projekte", path: "/category/projects" },
  { title: "Produkte", path: "/category/products" },
  { title: "Services", path: "/category/services" },
  { title: "Magazin", path: "/category/magazine" },
  { title: "Consulting", path: "/category/consulting" },
];

export const SERVICE_MENU: MenuItem[] = [
  { title: "Übersicht", path: "/service" },
  { title: "Webdesign", path: "/service/webdesign" },
  { title: "Webentwicklung", path: "/service/web-development" },
  { title: "Funnels", path: "/service/funnels" },
  { title: "Landingpages", path: "/service/landingpages" },
  { title: "Online-Shops", path: "/service/shops" },
  { title: "Portale", path: "/service/portale" },
  { title: "Technologien", path: "/service/technology" },
  { title: "Erklärvideos", path: "/service/videos" },
  { title: "KI", path: "/service/ki" },
];

/** The header menu (spec §2), in display order. */
export const MAIN_MENU: MenuItem[] = [
  { title: "Home", path: "/" },
  { title: "Portfolio", path: "/projects", submenu: CATEGORY_MENU },
  {
    title: "Produktwelt",
    path: site.external.products,
    external: true,
    submenu: [
      ext("Übersicht", `${site.external.products}/overview`),
      ext("Software", `${site.external.products}/category/software`),
      ext("Produkte", `${site.external.products}/category/products`),
      ext("Bücher", `${site.external.products}/category/books`),
      ext("Kurse", `${site.external.products}/category/courses`),
      ext("Persönlichkeitsentwicklung", `${site.external.products}/category/pdevelopment`),
    ],
  },
  {
    title: "Ideenwelt",
    path: site.external.ideas,
    external: true,
    submenu: [
      ext("Übersicht", `${site.external.ideas}/overview`),
      ext("Business", `${site.external.ideas}/category/business`),
      ext("Geschenke", `${site.external.ideas}/category/geschenke`),
      ext("Gesundheit", `${site.external.ideas}/category/gesundheit`),
      ext("Nachhaltigkeit", `${site.external.ideas}/category/nachhaltigkeit`),
      ext("Sonstiges", `${site.external.ideas}/category/sonstiges`),
    ],
  },
  { title: "Services", path: "/service", submenu: SERVICE_MENU },
  ext("Videos", site.external.videos),
  ext("Termine", `${site.external.events}/overview`),
  ext("Blog", site.external.blog),
  { title: "Über mich", path: "/about" },
  { title: "Kontakt", path: "/contact" },
];

/** Footer columns (spec §2). */
export const FOOTER_NAVIGATION: MenuItem[] = [
  { title: "Home", path: "/" },
  { title: "Mein Portfolio", path: "/projects" },
  { title: "Mein Services", path: "/service" },
  ext("Ideenwelt", site.external.ideas),
  ext("Produktwelt", site.external.products),
];

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
