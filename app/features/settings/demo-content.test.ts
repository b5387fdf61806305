import { randomBytes, randomUUID } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { DEFAULT_HOME, DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { DEMO_PLACEHOLDERS } from "~/features/pages/messages";
import type { CategoryContent, HomeContent, PageImage, ServiceContent } from "~/features/pages/page-content";
import { readPublishedPages } from "~/features/pages/pages.server";
import {
  createPageRow,
  findPageRow,
  insertMissingPages,
  publishPage,
  saveDraft,
} from "~/features/pages/queries.server";
import { fallbackProjects } from "~/features/projects";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import { createProject, listProjects, updateProject } from "~/features/projects/queries.server";
import { settingsAction } from "~/features/settings/admin-settings.server";
import { demoContent, removalPlan } from "~/features/settings/demo-content.server";
import { goLiveChecklist } from "~/features/settings/go-live.server";
import { DEMO_MESSAGES } from "~/features/settings/messages";
import { readSiteSettings } from "~/features/settings/site-settings.server";
import type { Db } from "~/platform/db/engines.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { adminUsers, appMeta, pages, sessions } from "~/platform/db/schema";
import { parseEnv } from "~/platform/env.server";
import { databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * "Demo-Inhalte entfernen": on a fresh install everything is the demo's until the owner confirms;
 * then the demo projects, service pages and hero images go and the demo's category and overview
 * texts become placeholders, in one step, while what she made or changed stays, also after a
 * restart; and the checklist's demo items turn done.
 */

const DEFAULTS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));
const BUILT_IN_SERVICE_PAGES = [...DEFAULT_PAGES.keys()].filter((path) => path.startsWith("/service/"));

/** What a server stores at its first start. */
async function freshInstall(db: Db) {
  await loadDemoContent(db, fallbackProjects);
  await insertMissingPages(db, DEFAULTS);
}

const checklist = async (db: Db) =>
  Object.fromEntries(
    (await goLiveChecklist(db, (await readSiteSettings(db)).settings, parseEnv({}))).map((item) => [
      item.id,
      item,
    ]),
  );

const published = async <T>(db: Db, path: string) => (await findPageRow(db, path))?.published as T;

const ownImage: PageImage = {
  src: `/media/${randomUUID()}`,
  alt: "Die Inhaberin auf einer Bühne",
  width: 1600,
  height: 900,
  focus: { x: 50, y: 30 },
};

describe.each(testDatabases)("demo content on $name", (database) => {
  test.override({ database });

  test("removing the demo takes the demo's projects, service pages and hero images and keeps hers, also after a restart", async ({
    db,
  }) => {
    await freshInstall(db);
    const context = contextFor(db);
    const token = await adminSession(db);

    // A fresh install: all of it is the demo, and nothing changes before she confirms.
    const before = await demoContent(db);
    expect(before.projects).toHaveLength(fallbackProjects.length);
    expect(before.pages.servicePages.map((page) => page.path).sort()).toEqual(BUILT_IN_SERVICE_PAGES.sort());
    expect(before.pages.categories).toEqual(["Projekte", "Produkte", "Services", "Magazine", "Consulting"]);
    expect(before.pages.heroImages).toBe(10);
    expect(before.pages.aboutPortrait).toBe(true);
    expect(removalPlan(before)).toHaveLength(5);
    const fresh = await checklist(db);
    for (const id of ["demo-projects", "demo-content", "search-descriptions", "about-page"])
      expect(fresh[id]?.done, id).toBe(false);
    expect(await readPublishedPages(db)).toEqual(DEFAULT_PAGES);

    // Her own content: a project, a changed demo project, a page she added, a built-in page she
    // rewrote, an uploaded hero image (with a draft of the home page), a category text she wrote.
    const own = await createProject(db, {
      id: randomUUID(),
      title: "Mein Coaching-Programm",
      description: "Zwölf Wochen Begleitung",
      image: "/images/projects/placeholder.webp",
      category: "service",
    });
    const changed = fallbackProjects[0]!;
    await updateProject(db, changed.id, { title: "Mein erstes Kundenprojekt" });
    const coaching = { ...(DEFAULT_PAGES.get("/service/ki") as ServiceContent), name: "Coaching" };
    await createPageRow(db, "/service/coaching", coaching);
    const ki = DEFAULT_PAGES.get("/service/ki") as ServiceContent;
    await publishPage(db, "/service/ki", { ...ki, heroTitle: "KI für Coaches" });
    const home = { ...DEFAULT_HOME, heroImages: [...DEFAULT_HOME.heroImages, ownImage] };
    await publishPage(db, "/", home);
    await saveDraft(db, "/", { ...home, heroTitle: "Willkommen bei mir" });
    const projectsPage = DEFAULT_PAGES.get("/category/projects") as CategoryContent;
    await publishPage(db, "/category/projects", { ...projectsPage, description: "Meine Kundinnen." });
    // A draft of hers on a built-in page makes it hers too.
    await saveDraft(db, "/service/videos", {
      ...(DEFAULT_PAGES.get("/service/videos") as ServiceContent),
      intro: "Meine Videos.",
    });

    const removed = await settingsAction(post({ intent: "remove-demo" }, token), context);
    expect((removed as Response).status).toBe(302);
    expect((removed as Response).headers.get("Location")).toBe("/admin/einstellungen");

    // Projects: the demo's are gone, hers and the one she changed stay.
    const left = (await listProjects(db, { drafts: true })).map((project) => project.id).sort();
    expect(left).toEqual([own.id, changed.id].sort());

    // Service pages: the demo's are deleted with their tombstones, hers stay.
    const demoPaths = BUILT_IN_SERVICE_PAGES.filter(
      (path) => path !== "/service/ki" && path !== "/service/videos",
    );
    for (const path of demoPaths) expect(await findPageRow(db, path), path).toBeUndefined();
    const tombstones = await db.select().from(appMeta).where(like(appMeta.key, "page_deleted:%"));
    expect(tombstones.map((row) => row.key).sort()).toEqual(
      demoPaths.map((path) => `page_deleted:${path}`).sort(),
    );
    expect((await published<ServiceContent>(db, "/service/ki")).heroTitle).toBe("KI für Coaches");
    expect(await findPageRow(db, "/service/coaching")).toBeDefined();
    expect((await findPageRow(db, "/service/videos"))?.draft).toMatchObject({ intro: "Meine Videos." });

    // Hero: only her image, in the published page and in her draft.
    const homeRow = (await findPageRow(db, "/"))!;
    expect((homeRow.published as HomeContent).heroImages).toEqual([ownImage]);
    expect(homeRow.draft).toMatchObject({ heroTitle: "Willkommen bei mir", heroImages: [ownImage] });

    // Texts: placeholders where the demo's words were, hers kept.
    const projectsNow = await published<CategoryContent>(db, "/category/projects");
    expect(projectsNow.description).toBe("Meine Kundinnen.");
    expect(projectsNow.subtitle).toBe(DEMO_PLACEHOLDERS.category("Projekte").subtitle);
    const products = await published<CategoryContent>(db, "/category/products");
    expect(products).toMatchObject(DEMO_PLACEHOLDERS.category("Produkte"));
    expect(products.title).toBe("Produkte");
    const overview = await published<ServiceContent>(db, "/service");
    expect(overview).toMatchObject(DEMO_PLACEHOLDERS.overview);
    expect(overview.heroTitle).toBe("Meine Services");

    // The checklist's demo items are done; what only she can write stays open.
    const after = await checklist(db);
    expect(after["demo-projects"]?.done).toBe(true);
    expect(after["demo-content"]?.done).toBe(true);
    expect(after["search-descriptions"]?.done).toBe(false);
    expect(after["search-descriptions"]?.hint).toContain("Leistungen (Übersicht)");
    expect(after["about-page"]?.done).toBe(false);
    expect(removalPlan(await demoContent(db))).toEqual([]);

    // A restart, or the next version: nothing of the demo comes back.
    expect(await insertMissingPages(db, DEFAULTS)).toBe(0);
    expect(await loadDemoContent(db, fallbackProjects)).toBe(false);
    const snapshot = await readPublishedPages(db);
    for (const path of demoPaths) expect(snapshot.has(path), path).toBe(false);
    expect((await checklist(db))["demo-content"]?.done).toBe(true);

    // Again: nothing is left to remove, a 400 with a German message, nothing changed.
    const pagesBefore = await db.select().from(pages);
    const again = await settingsAction(post({ intent: "remove-demo" }, token), context);
    expect(again).toMatchObject({
      init: { status: 400 },
      data: { section: "demo", ok: false, message: DEMO_MESSAGES.nothingLeft },
    });
    expect(await db.select().from(pages)).toEqual(pagesBefore);
  });

  test("without an image of her own the hero keeps none, and the checklist item is done", async ({ db }) => {
    await freshInstall(db);
    const before = (await checklist(db))["demo-content"]!;
    expect(before.done).toBe(false);
    expect(before.hint).toContain("10 Bilder der Startseite");
    expect(before.href).toBe("#demo-inhalte");
    const token = await adminSession(db);
    const removed = await settingsAction(post({ intent: "remove-demo" }, token), contextFor(db));
    expect((removed as Response).status).toBe(302);

    expect((await published<HomeContent>(db, "/")).heroImages).toEqual([]);
    expect(await listProjects(db, { drafts: true })).toEqual([]);
    expect((await checklist(db))["demo-content"]!.done).toBe(true);
    // Nothing left that the button could take.
    expect(removalPlan(await demoContent(db))).toEqual([]);
  });

  test("only the signed-in owner removes the demo, and a failure keeps all of it", async ({ db }) => {
    await freshInstall(db);
    const context = contextFor(db);
    const anonymous = await settingsAction(post({ intent: "remove-demo" }), context).catch(
      (thrown: unknown) => thrown,
    );
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    expect((await demoContent(db)).projects).toHaveLength(fallbackProjects.length);

    // A page that cannot be deleted halfway through (a trigger refuses it): nothing is removed.
    await db.execute(
      sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_delete before delete on pages
        for each row when (old.path = '/service/ki') execute function refuse_delete()`),
    );
    const token = await adminSession(db);
    const failed = await settingsAction(post({ intent: "remove-demo" }, token), context);
    expect(failed).toMatchObject({
      init: { status: 503 },
      data: { ok: false, message: DEMO_MESSAGES.failed },
    });
    expect((await demoContent(db)).projects).toHaveLength(fallbackProjects.length);
    expect(await readPublishedPages(db)).toEqual(DEFAULT_PAGES);
    expect(await db.select().from(appMeta).where(like(appMeta.key, "page_deleted:%"))).toEqual([]);
  });
});

async function adminSession(db: Db): Promise<string> {
  const [admin] = await db
    .insert(adminUsers)
    .values({ email: `inhaberin-${randomUUID()}@example.org`, password_hash: "nicht-benutzt" })
    .returning();
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: sha256Hex(token),
    user_id: admin!.id,
    expires_at: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

function contextFor(db: Db) {
  const context = new RouterContextProvider();
  context.set(databaseContext, Promise.resolve(db));
  return context;
}

function post(fields: Record<string, string>, token?: string): Request {
  return new Request("http://localhost/admin/einstellungen", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: token ? { Cookie: `session=${token}` } : {},
  });
}
