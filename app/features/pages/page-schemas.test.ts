import { expect, test } from "vitest";
import { limitsAt } from "~/platform/forms/field-limits";
import { DEFAULT_PAGES } from "./built-in-pages";
import type { PageContent } from "./page-content";
import { PAGE_LIMITS, parsePage } from "./page-schemas.server";
import { storedContent } from "./pages.server";

/** The document's values that no one types: the kind, an image's file and size, the choices. */
const NOT_TYPED =
  /^(kind|visible|showServiceProjects|particles|hideEmptyCategories|.*\.(src|width|height|contactLabel|target|visible|newTab|focus\.x|focus\.y))$/;

/** Every path of a document that holds a value ("blocks.2.title"). */
function paths(node: unknown, prefix = ""): string[] {
  if (node === null || typeof node !== "object") return [prefix];
  return Object.entries(node).flatMap(([key, value]) => paths(value, prefix ? `${prefix}.${key}` : key));
}

test("every text the page editor shows has the length limit of the page's schema", () => {
  let checked = 0;
  for (const [path, page] of DEFAULT_PAGES) {
    for (const name of paths(page).filter((name) => !NOT_TYPED.test(name))) {
      expect(limitsAt(PAGE_LIMITS[page.kind], name)?.maxLength, `${path}: ${name}`).toBeGreaterThan(0);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
  // The slot of a new hero image has the images' alt text limit.
  expect(limitsAt(PAGE_LIMITS.home, "heroImages.new.alt")).toEqual({ maxLength: 300, required: true });
});

test("the hero's particles stay on for a home page stored before they could be switched off", () => {
  const { particles, ...before } = DEFAULT_PAGES.get("/")! as Extract<PageContent, { kind: "home" }>;
  expect(particles).toBe(true);
  expect(parsePage("home", before)).toMatchObject({ ok: true, content: { particles: true } });
  // The editor's form: a checked box sends "on", an unchecked one nothing ("").
  expect(parsePage("home", { ...before, particles: "" })).toMatchObject({ content: { particles: false } });
  expect(parsePage("home", { ...before, particles: "on" })).toMatchObject({ content: { particles: true } });
});

test("a category stored before it could be renamed or hidden gets its built-in names and stays visible", () => {
  const { visible, name, filterLabel, homeLinkLabel, emptyMessage, ...before } = DEFAULT_PAGES.get(
    "/category/magazine",
  )! as Extract<PageContent, { kind: "category" }>;
  expect(storedContent("/category/magazine", { ...before, title: "Artikel" })).toEqual({
    ...before,
    title: "Artikel",
    visible,
    name,
    filterLabel,
    homeLinkLabel,
    emptyMessage,
  });
  expect([visible, name, filterLabel, emptyMessage]).toEqual([
    true,
    "Magazin",
    "Magazine",
    "Keine Magazine gefunden. Bitte schauen Sie später wieder vorbei.",
  ]);
  // A field the page had from the start is still required.
  expect(storedContent("/category/magazine", { ...before, title: undefined })).toBeUndefined();
});

test("a menu's own link needs a path of the site or a web address; a built-in entry keeps no address", () => {
  const menu = DEFAULT_PAGES.get("menu")! as Extract<PageContent, { kind: "menu" }>;
  const link = { target: "link", label: "Podcast", visible: "on", href: "javascript:alert(1)", newTab: "" };
  expect(parsePage("menu", { ...menu, footer: [...menu.footer, link] })).toEqual({
    ok: false,
    errors: {
      "footer.5.href":
        "Bitte einen Pfad dieser Website (z. B. /service/webdesign) oder eine Adresse mit https:// angeben.",
    },
  });
  const home = {
    target: "home",
    label: "Start",
    visible: "",
    href: "https://elsewhere.example",
    newTab: "on",
  };
  expect(parsePage("menu", { ...menu, hero: [home] })).toMatchObject({
    ok: true,
    content: { hero: [{ target: "home", label: "Start", visible: false, href: "", newTab: false }] },
  });
  expect(parsePage("menu", { ...menu, hero: [{ ...home, target: "admin" }] })).toMatchObject({ ok: false });
});

test("a header submenu: built-in entries stay (hidden, renamed, moved), own links are checked, one level, in German", () => {
  const menu = DEFAULT_PAGES.get("menu")! as Extract<PageContent, { kind: "menu" }>;
  const products = menu.header[2]!;
  const link = { target: "link", label: "Neuheiten", visible: "on", href: "/service/webdesign", newTab: "" };
  const withHeader = (index: number, entry: object) => ({
    ...menu,
    header: menu.header.map((other, i) => (i === index ? entry : other)),
  });
  const [overview, ...rest] = products.submenu!;
  const edited = parsePage(
    "menu",
    withHeader(2, { ...products, submenu: [...rest, { ...overview, label: "Alles", visible: "" }, link] }),
  );
  expect(edited).toMatchObject({ ok: true });
  const submenu = edited.ok && edited.content.kind === "menu" ? edited.content.header[2]!.submenu! : [];
  expect(submenu.map(({ target, label, visible }) => [target, label, visible])).toEqual([
    ["software", "Software", true],
    ["products", "Produkte", true],
    ["books", "Bücher", true],
    ["courses", "Kurse", true],
    ["pdevelopment", "Persönlichkeitsentwicklung", true],
    ["overview", "Alles", false],
    ["link", "Neuheiten", true],
  ]);
  // A built-in entry left out comes back at the end, as it came: they are only hidden.
  const missing = parsePage("menu", withHeader(2, { ...products, submenu: [link] }));
  expect(missing.ok && missing.content.kind === "menu" && missing.content.header[2]!.submenu!.length).toBe(7);

  const refusals: [object, string, string][] = [
    [
      { ...products, submenu: [{ ...link, href: "javascript:alert(1)" }] },
      "header.2.submenu.0.href",
      "Bitte einen Pfad dieser Website (z. B. /service/webdesign) oder eine Adresse mit https:// angeben.",
    ],
    [
      { ...products, submenu: [{ ...link, label: " " }] },
      "header.2.submenu.0.label",
      "Bitte gib einen Namen ein.",
    ],
    [
      { ...products, submenu: [{ ...link, label: "x".repeat(61) }] },
      "header.2.submenu.0.label",
      "Höchstens 60 Zeichen.",
    ],
    [
      { ...products, submenu: Array.from({ length: 13 }, () => link) },
      "header.2.submenu",
      "Höchstens 12 Einträge im Untermenü.",
    ],
    // Ideenwelt has no "Software"; a built-in entry is there once.
    [
      { ...menu.header[3]!, submenu: [{ ...link, target: "software" }] },
      "header.2.submenu.0.target",
      "Diesen Eintrag gibt es nicht.",
    ],
    [
      { ...products, submenu: [overview, overview] },
      "header.2.submenu.1.target",
      "Diesen Eintrag gibt es im Untermenü schon.",
    ],
    // Home has no submenu, and a submenu entry none either (one level).
    [{ ...menu.header[0]!, submenu: [link] }, "header.2.submenu", "Dieser Eintrag hat kein Untermenü."],
    [
      { ...products, submenu: [{ ...link, target: "submenu" }] },
      "header.2.submenu.0.target",
      "Diesen Eintrag gibt es nicht.",
    ],
  ];
  for (const [entry, field, message] of refusals) {
    const refused = parsePage("menu", withHeader(2, entry));
    expect(refused.ok, field).toBe(false);
    expect(!refused.ok && refused.errors[field], JSON.stringify(entry).slice(0, 120)).toBe(message);
  }
  // The footer and the hero have no submenus: one sent is dropped.
  const footer = parsePage("menu", { ...menu, footer: [{ ...link, submenu: [link] }] });
  expect(footer.ok && footer.content.kind === "menu" && footer.content.footer[0]).not.toHaveProperty(
    "submenu",
  );
});

test("a menu stored before submenus were edited shows the built-in submenus, and an own link has none", () => {
  const menu = DEFAULT_PAGES.get("menu")! as Extract<PageContent, { kind: "menu" }>;
  const old = {
    ...menu,
    header: [
      ...menu.header.map(({ submenu: _submenu, ...entry }) => entry),
      { target: "link", label: "Podcast", visible: true, href: "https://podcast.example.com", newTab: true },
    ],
  };
  const content = storedContent("menu", old);
  expect(content).toEqual({
    ...menu,
    header: [...menu.header, { ...old.header.at(-1), submenu: [] }],
  });
});

test("an image's focal point: the centre when left out, whole percent from 0 to 100, else refused in German", () => {
  const home = DEFAULT_PAGES.get("/")! as Extract<PageContent, { kind: "home" }>;
  const withFocus = (focus: unknown) => ({
    ...home,
    heroImages: home.heroImages.map((image, index) => (index === 1 ? { ...image, focus } : image)),
  });
  const parsed = parsePage("home", withFocus({ x: "20", y: "80" }));
  expect(parsed).toMatchObject({ ok: true });
  const images = (parsed as { content: Extract<PageContent, { kind: "home" }> }).content.heroImages;
  expect(images[0]!.focus).toEqual({ x: 50, y: 50 });
  expect(images[1]!.focus).toEqual({ x: 20, y: 80 });

  const message = "Der Bildausschnitt muss eine ganze Zahl von 0 bis 100 % sein.";
  for (const [focus, path] of [
    [{ x: "101", y: "50" }, "heroImages.1.focus.x"],
    [{ x: "50", y: "-5" }, "heroImages.1.focus.y"],
    [{ x: "links", y: "50" }, "heroImages.1.focus.x"],
    [{ x: "50", y: "33.3" }, "heroImages.1.focus.y"],
  ] as const) {
    expect(parsePage("home", withFocus(focus)), JSON.stringify(focus)).toEqual({
      ok: false,
      errors: { [path]: message },
    });
  }
});
