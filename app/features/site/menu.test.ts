import { expect, test } from "vitest";
import { DEFAULT_MENUS, footerNavigation, heroLinks, mainMenu } from "./menu";
import { externalSites, type MenuEntry, type MenuSubEntry } from "./public-site";

const site = {
  external: externalSites({
    mainUrl: "https://www.example.com",
    productsUrl: "https://produkte.example.com",
    ideasUrl: "https://ideen.example.com",
    videosUrl: "https://videos.example.com",
    eventsUrl: "https://events.example.com",
    blogUrl: "",
  }),
  services: [
    { title: "Übersicht", path: "/service" },
    { title: "Webdesign", path: "/service/webdesign" },
  ],
  portfolio: [
    { title: "Alle Projekte", path: "/projects" },
    { title: "Projekte", path: "/category/projects" },
  ],
  menus: DEFAULT_MENUS,
};

test("the built-in menus are the specification's, and an entry without its site is left out", () => {
  expect(mainMenu(site).map(({ title }) => title)).toEqual([
    "Home",
    "Portfolio",
    "Produktwelt",
    "Ideenwelt",
    "Services",
    "Videos",
    "Termine",
    "Über mich",
    "Kontakt",
  ]);
  expect(footerNavigation(site).map(({ title, path }) => [title, path])).toEqual([
    ["Home", "/"],
    ["Mein Portfolio", "/projects"],
    ["Mein Services", "/service"],
    ["Ideenwelt", "https://ideen.example.com"],
    ["Produktwelt", "https://produkte.example.com"],
  ]);
  // The header's Termine lead to the events site's overview, the hero's Events to its start.
  expect(mainMenu(site).find(({ title }) => title === "Termine")?.path).toBe(
    "https://events.example.com/overview",
  );
  expect(heroLinks(site).map(({ title, path }) => [title, path])).toEqual([
    ["Portfolio", "/projects"],
    ["Kontakt", "/contact"],
    ["Events", "https://events.example.com"],
    ["Produktwelt", "https://produkte.example.com"],
  ]);
  // Submenus only in the header.
  expect(mainMenu(site)[1]?.submenu).toEqual(site.portfolio);
  expect(footerNavigation(site)[1]?.submenu).toBeUndefined();
});

test("the owner's order, names, hidden entries and own links", () => {
  const [home, portfolio, ...rest] = DEFAULT_MENUS.header;
  const menus = {
    ...DEFAULT_MENUS,
    header: [
      { ...portfolio!, label: "Arbeiten" },
      { ...home!, visible: false },
      ...rest,
      {
        target: "link" as const,
        label: "Podcast",
        visible: true,
        href: "https://podcast.example.com",
        newTab: true,
      },
      { target: "link" as const, label: "Preise", visible: true, href: "/service/webdesign", newTab: false },
    ],
  };
  const menu = mainMenu({ ...site, menus });
  expect(menu[0]).toMatchObject({ title: "Arbeiten", path: "/projects" });
  expect(menu.map(({ title }) => title)).not.toContain("Home");
  expect(menu.slice(-2)).toEqual([
    { title: "Podcast", path: "https://podcast.example.com", external: true },
    { title: "Preise", path: "/service/webdesign" },
  ]);
});

const ext = (title: string, path: string) => ({ title, path, external: true });

test("a fresh install's submenus of Produktwelt and Ideenwelt are the specification's, on the owner's sites", () => {
  const menu = mainMenu(site);
  expect(menu[2]).toEqual({
    ...ext("Produktwelt", "https://produkte.example.com"),
    submenu: [
      ext("Übersicht", "https://produkte.example.com/overview"),
      ext("Software", "https://produkte.example.com/category/software"),
      ext("Produkte", "https://produkte.example.com/category/products"),
      ext("Bücher", "https://produkte.example.com/category/books"),
      ext("Kurse", "https://produkte.example.com/category/courses"),
      ext("Persönlichkeitsentwicklung", "https://produkte.example.com/category/pdevelopment"),
    ],
  });
  expect(menu[3]).toEqual({
    ...ext("Ideenwelt", "https://ideen.example.com"),
    submenu: [
      ext("Übersicht", "https://ideen.example.com/overview"),
      ext("Business", "https://ideen.example.com/category/business"),
      ext("Geschenke", "https://ideen.example.com/category/geschenke"),
      ext("Gesundheit", "https://ideen.example.com/category/gesundheit"),
      ext("Nachhaltigkeit", "https://ideen.example.com/category/nachhaltigkeit"),
      ext("Sonstiges", "https://ideen.example.com/category/sonstiges"),
    ],
  });
  // A menu stored before submenus were edited (its entries without one) shows the same.
  const old = DEFAULT_MENUS.header.map(({ submenu: _submenu, ...entry }) => entry);
  expect(mainMenu({ ...site, menus: { ...DEFAULT_MENUS, header: old } })).toEqual(menu);
});

test("the owner's submenus: renamed, hidden and reordered entries, own links, and own links with a submenu", () => {
  const link = (label: string, href: string, newTab = false): MenuSubEntry => ({
    target: "link",
    label,
    visible: true,
    href,
    newTab,
  });
  const [overview, software, ...others] = DEFAULT_MENUS.header[2]!.submenu!;
  const products: MenuEntry = {
    ...DEFAULT_MENUS.header[2]!,
    submenu: [
      { ...software!, label: "Apps" },
      { ...overview!, visible: false },
      link("Neuheiten", "/service/webdesign"),
      ...others,
    ],
  };
  const ideas: MenuEntry = {
    ...DEFAULT_MENUS.header[3]!,
    submenu: DEFAULT_MENUS.header[3]!.submenu!.map((sub) => ({ ...sub, visible: false })),
  };
  const podcast: MenuEntry = {
    target: "link",
    label: "Podcast",
    visible: true,
    href: "https://podcast.example.com",
    newTab: true,
    submenu: [
      link("Folgen", "https://podcast.example.com/folgen", true),
      { ...link("Archiv", "/archiv"), visible: false },
    ],
  };
  const empty: MenuEntry = { ...podcast, label: "Ohne", submenu: [] };
  const menus = {
    ...DEFAULT_MENUS,
    header: [...DEFAULT_MENUS.header.slice(0, 2), products, ideas, podcast, empty],
    footer: [podcast],
  };
  const menu = mainMenu({ ...site, menus });
  expect(menu[2]?.submenu).toEqual([
    ext("Apps", "https://produkte.example.com/category/software"),
    { title: "Neuheiten", path: "/service/webdesign" },
    ext("Produkte", "https://produkte.example.com/category/products"),
    ext("Bücher", "https://produkte.example.com/category/books"),
    ext("Kurse", "https://produkte.example.com/category/courses"),
    ext("Persönlichkeitsentwicklung", "https://produkte.example.com/category/pdevelopment"),
  ]);
  // Every entry hidden: no submenu, the entry a plain link.
  expect(menu[3]).toEqual(ext("Ideenwelt", "https://ideen.example.com"));
  expect(menu[4]).toEqual({
    ...ext("Podcast", "https://podcast.example.com"),
    submenu: [ext("Folgen", "https://podcast.example.com/folgen")],
  });
  expect(menu[5]).toEqual(ext("Ohne", "https://podcast.example.com"));
  // Submenus only in the header.
  expect(footerNavigation({ ...site, menus })).toEqual([ext("Podcast", "https://podcast.example.com")]);
  // Without the site, its entry and its submenu are left out.
  const noProducts = { ...site, external: { ...site.external, products: "" }, menus };
  expect(mainMenu(noProducts).map(({ title }) => title)).not.toContain("Produktwelt");
});
