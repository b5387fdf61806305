import type { PublicSite } from "~/features/site/public-site";

/** A menu entry (spec §3): external entries open in a new tab. */
export type MenuItem = {
  title: string;
  path: string;
  external?: boolean;
  submenu?: MenuItem[];
};

const ext = (title: string, path: string): MenuItem => ({ title, path, external: true });

/** What the menus need of the site: the owner's other sites, the categories and service pages shown. */
type MenuSite = Pick<PublicSite, "external" | "services" | "portfolio">;

/** The Services entry: the overview, or the first service page shown when the overview is hidden. */
function servicesEntry(services: MenuSite["services"]): MenuItem[] {
  const [first] = services;
  if (!first) return [];
  return [
    { title: "Services", path: first.path, submenu: services.map(({ title, path }) => ({ title, path })) },
  ];
}

/** Entries of the owner's other sites, left out where the owner has no such site. */
const whenSet = (url: string, item: () => MenuItem): MenuItem[] => (url ? [item()] : []);

/** The header menu (spec §2), in display order, for the owner's other sites as configured. */
export function mainMenu({ external, services, portfolio }: MenuSite): MenuItem[] {
  const { products, ideas, videos, events, blog } = external;
  return [
    { title: "Home", path: "/" },
    { title: "Portfolio", path: "/projects", submenu: portfolio },
    ...whenSet(products, () => ({
      title: "Produktwelt",
      path: products,
      external: true,
      submenu: [
        ext("Übersicht", `${products}/overview`),
        ext("Software", `${products}/category/software`),
        ext("Produkte", `${products}/category/products`),
        ext("Bücher", `${products}/category/books`),
        ext("Kurse", `${products}/category/courses`),
        ext("Persönlichkeitsentwicklung", `${products}/category/pdevelopment`),
      ],
    })),
    ...whenSet(ideas, () => ({
      title: "Ideenwelt",
      path: ideas,
      external: true,
      submenu: [
        ext("Übersicht", `${ideas}/overview`),
        ext("Business", `${ideas}/category/business`),
        ext("Geschenke", `${ideas}/category/geschenke`),
        ext("Gesundheit", `${ideas}/category/gesundheit`),
        ext("Nachhaltigkeit", `${ideas}/category/nachhaltigkeit`),
        ext("Sonstiges", `${ideas}/category/sonstiges`),
      ],
    })),
    ...servicesEntry(services),
    ...whenSet(videos, () => ext("Videos", videos)),
    ...whenSet(events, () => ext("Termine", `${events}/overview`)),
    ...whenSet(blog, () => ext("Blog", blog)),
    { title: "Über mich", path: "/about" },
    { title: "Kontakt", path: "/contact" },
  ];
}

/** The footer's navigation column (spec §2). */
export function footerNavigation({ external, services }: MenuSite): MenuItem[] {
  return [
    { title: "Home", path: "/" },
    { title: "Mein Portfolio", path: "/projects" },
    ...servicesEntry(services).map(({ path }) => ({ title: "Mein Services", path })),
    ...whenSet(external.ideas, () => ext("Ideenwelt", external.ideas)),
    ...whenSet(external.products, () => ext("Produktwelt", external.products)),
  ];
}

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
