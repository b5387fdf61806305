import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import type { Db } from "~/platform/db/engines.server";
import { createProject, type ProjectInput } from "~/features/projects/queries.server";
import { projectCards, publicProject } from "~/features/projects/public-projects.server";
import { databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";

const CARD_FIELDS = [
  "category",
  "description",
  "id",
  "image",
  "image_focus_x",
  "image_focus_y",
  "title",
  "url",
];
const PAGE_FIELDS = [
  "category",
  "date",
  "description",
  "details",
  "id",
  "image",
  "image_focus_x",
  "image_focus_y",
  "tags",
  "title",
  "url",
];

const project = (overrides: Partial<ProjectInput> = {}): ProjectInput => ({
  id: randomUUID(),
  title: "Titel",
  description: "Beschreibung",
  image: "/images/projects/x.svg",
  category: "product",
  url: "https://example.com/shop",
  admin_url: "https://cms.example.com/edit",
  tags: ["Shop"],
  date: new Date("2025-01-01T00:00:00Z"),
  ...overrides,
});

function contextOf(db: Promise<Db>) {
  const context = new RouterContextProvider();
  context.set(databaseContext, db);
  return context;
}

describe.each(testDatabases)("public projects on $name", (database) => {
  test.override({ database });

  test("lists send only a card's fields and the project page never the admin URL or the state", async ({
    db,
  }) => {
    const shown = await createProject(db, project({ title: "Shop", show_on_homepage: true }));
    const draft = await createProject(
      db,
      project({ title: "Entwurf", status: "draft", show_on_homepage: true }),
    );
    await createProject(db, project({ title: "Kurs", category: "service", show_on_homepage: true }));
    const context = contextOf(Promise.resolve(db));

    const home = await projectCards(context, { homepage: true });
    expect(home.fallback).toBe(false);
    expect(home.cards.map((card) => card.title).sort()).toEqual(["Kurs", "Shop"]);
    for (const card of home.cards) expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
    expect((await projectCards(context, { category: "product" })).cards.map((c) => c.title)).toEqual([
      "Shop",
    ]);
    expect(
      (await projectCards(context, { category: "service", homepage: true })).cards.map((c) => c.title),
    ).toEqual(["Kurs"]);

    const page = await publicProject(context, shown.id, { drafts: false });
    expect(page.project?.title).toBe("Shop");
    expect(Object.keys(page.project ?? {}).sort()).toEqual(PAGE_FIELDS);
    // A draft's page is the owner's preview only.
    expect((await publicProject(context, draft.id, { drafts: false })).project).toBeUndefined();
    const preview = await publicProject(context, draft.id, { drafts: true });
    expect(preview.project?.title).toBe("Entwurf");
    expect(Object.keys(preview.project ?? {}).sort()).toEqual(PAGE_FIELDS);
  });
});

describe("public projects while the database can't answer", () => {
  // As server/boot.ts hands out a database that failed to start: rejected, and handled by the reads.
  const unreachable = Promise.reject(new Error("database down"));
  unreachable.catch(() => {});
  const down = contextOf(unreachable);

  test("the built-in items, chosen as the database would, with the same fields", async () => {
    const home = await projectCards(down, { homepage: true });
    expect(home.fallback).toBe(true);
    expect(home.cards.map((card) => card.id)).toEqual(
      fallbackProjects.filter((p) => p.show_on_homepage).map((p) => p.id),
    );
    for (const card of home.cards) expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);

    const services = await projectCards(down, { category: "service", homepage: true });
    expect(services.cards.map((card) => card.id)).toEqual(
      fallbackProjects.filter((p) => p.category === "service" && p.show_on_homepage).map((p) => p.id),
    );
    const all = await projectCards(down);
    expect(all.cards).toHaveLength(fallbackProjects.length);

    const builtIn = fallbackProjects[0]!;
    const page = await publicProject(down, builtIn.id, { drafts: false });
    expect(page).toMatchObject({ fallback: true, project: { id: builtIn.id, title: builtIn.title } });
    expect(Object.keys(page.project ?? {}).sort()).toEqual(PAGE_FIELDS);
    expect((await publicProject(down, randomUUID(), { drafts: false })).project).toBeUndefined();
  });
});
