import { expect, test } from "vitest";
import { DEFAULT_MENUS, footerNavigation, heroLinks, mainMenu } from "./menu";
import { externalSites } from "./public-site";

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
