import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import type { Category } from "~/features/projects";
import { createProject } from "~/features/projects/queries.server";
import type { Db } from "~/platform/db/engines.server";
import { databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";
import { DEFAULT_PAGES, DEFAULT_PORTFOLIO } from "./built-in-pages";
import type { CategoryContent } from "./page-content";
import { portfolioMenuOf, readPublishedPages, shownCategories } from "./pages.server";
import { insertMissingPages, movePage, publishPage } from "./queries.server";

function contextOf(db: Db) {
  const context = new RouterContextProvider();
  context.set(databaseContext, Promise.resolve(db));
  return context;
}

const DEFAULTS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));
const categoryAt = (path: string) => DEFAULT_PAGES.get(path) as CategoryContent;

const projectIn = (db: Db, category: Category, status: "draft" | "published") =>
  createProject(db, {
    id: randomUUID(),
    title: `Ein Eintrag (${category})`,
    description: "Beschreibung",
    image: "/images/projects/x.svg",
    category,
    status,
  });

describe.each(testDatabases)("categories on $name", (database) => {
  test.override({ database });

  test("a fresh install shows all five categories, in the specification's order and names", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    const pages = await readPublishedPages(db);
    const shown = await shownCategories(contextOf(db), pages);
    expect(shown.map(({ slug, name, filterLabel }) => [slug, name, filterLabel])).toEqual([
      ["projects", "Projekte", "Projekte"],
      ["products", "Produkte", "Produkte"],
      ["services", "Services", "Services"],
      ["magazine", "Magazin", "Magazine"],
      ["consulting", "Consulting", "Consulting"],
    ]);
    expect((await portfolioMenuOf(contextOf(db), pages)).map(({ title }) => title)).toEqual([
      "Alle Projekte",
      "Projekte",
      "Produkte",
      "Services",
      "Magazin",
      "Consulting",
    ]);
  });

  test("a hidden category is left out; with empty ones hidden, only categories with a published project stay", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    await publishPage(db, "/category/consulting", { ...categoryAt("/category/consulting"), visible: false });
    await projectIn(db, "project", "published");
    await projectIn(db, "service", "published");
    await projectIn(db, "product", "draft");

    const slugs = async () =>
      (await shownCategories(contextOf(db), await readPublishedPages(db))).map(({ slug }) => slug);
    expect(await slugs()).toEqual(["projects", "products", "services", "magazine"]);

    await publishPage(db, "/projects", { ...DEFAULT_PORTFOLIO, hideEmptyCategories: true });
    // A draft does not count: products has none published.
    expect(await slugs()).toEqual(["projects", "services"]);
  });

  test("the owner's order of the categories (Inhalte → Kategorien) is their order in the menu, the pills and the home page", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    expect(await movePage(db, "/category/magazine", "up")).toBe("moved");
    expect(await movePage(db, "/category/magazine", "up")).toBe("moved");
    expect(await movePage(db, "/category/consulting", "down")).toBe("edge");
    expect(await movePage(db, "/category/projects", "up")).toBe("edge");
    const pages = await readPublishedPages(db);
    expect((await shownCategories(contextOf(db), pages)).map(({ slug }) => slug)).toEqual([
      "projects",
      "magazine",
      "products",
      "services",
      "consulting",
    ]);
    expect((await portfolioMenuOf(contextOf(db), pages)).map(({ path }) => path)).toEqual([
      "/projects",
      "/category/projects",
      "/category/magazine",
      "/category/products",
      "/category/services",
      "/category/consulting",
    ]);
    // The service pages keep their order: each kind is moved among its own.
    expect([...pages.keys()].filter((path) => path.startsWith("/service"))).toEqual(
      [...DEFAULT_PAGES.keys()].filter((path) => path.startsWith("/service")),
    );
  });
});
