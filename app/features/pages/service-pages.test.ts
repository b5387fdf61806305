import { randomBytes } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { ADMIN_MESSAGES } from "~/features/admin";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { contentListAction, deleteServicePage } from "~/features/pages/admin-content.server";
import { editorAction } from "~/features/pages/admin-content-editor.server";
import { PAGE_MESSAGES } from "~/features/pages/messages";
import type { ServiceContent } from "~/features/pages/page-content";
import { parsePage } from "~/features/pages/page-schemas.server";
import {
  adoptOverviewTeasers,
  overviewBlocks,
  readPublishedPages,
  serviceMenuOf,
  storedContent,
} from "~/features/pages/pages.server";
import {
  createPageRow,
  findPageRow,
  insertMissingPages,
  movePage,
  publishPage,
  rewritePageDocuments,
} from "~/features/pages/queries.server";
import type { Db } from "~/platform/db/engines.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { adminUsers, appMeta, pages, pageVersions, sessions } from "~/platform/db/schema";
import { databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * The service pages as the owner arranges them: a deleted page stays deleted when the start-up
 * stores the built-in pages again, the order of the menu and the overview follows the owner's
 * moves, the overview's blocks are the visible pages' teasers, and the list's actions refuse what
 * they cannot do with a German message and a 4xx, changing nothing.
 */

const DEFAULTS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));
/** The built-in sub-pages' menu names, in their built-in order. */
const BUILT_IN_NAMES = [...DEFAULT_PAGES]
  .filter(([path]) => path.startsWith("/service/"))
  .map(([, content]) => (content as ServiceContent).name);

const menuNames = async (db: Db) => serviceMenuOf(await readPublishedPages(db)).map((item) => item.title);
const blockTitles = async (db: Db) =>
  overviewBlocks(await readPublishedPages(db)).map((block) => block.title);

/** The service pages' paths and positions, as stored. */
const stored = (db: Db) =>
  db
    .select({ path: pages.path, position: pages.position, published: pages.published })
    .from(pages)
    .where(like(pages.path, "/service%"))
    .orderBy(asc(pages.path));

describe.each(testDatabases)("service pages on $name", (database) => {
  test.override({ database });

  test("a deleted built-in page stays deleted when the start-up stores the built-in pages again", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    await publishPage(db, "/service/funnels", {
      ...(DEFAULT_PAGES.get("/service/funnels") as ServiceContent),
      heroTitle: "Eine Fassung davor",
    });
    expect(await menuNames(db)).toContain("Funnels");

    expect(await deleteServicePage(db, "/service/funnels")).toBe(true);
    expect(await findPageRow(db, "/service/funnels")).toBeUndefined();
    expect(await db.select().from(pageVersions).where(eq(pageVersions.path, "/service/funnels"))).toEqual([]);
    const [tombstone] = await db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, "page_deleted:/service/funnels"));
    expect(tombstone?.value).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The start-up of the next version, or of this one after a restart.
    expect(await insertMissingPages(db, DEFAULTS)).toBe(0);
    expect(await adoptOverviewTeasers(db)).toBe(0);
    expect(await findPageRow(db, "/service/funnels")).toBeUndefined();
    const snapshot = await readPublishedPages(db);
    expect(snapshot.has("/service/funnels")).toBe(false);
    expect(serviceMenuOf(snapshot).map((item) => item.title)).toEqual(
      ["Übersicht", ...BUILT_IN_NAMES].filter((name) => name !== "Funnels"),
    );
    expect(overviewBlocks(snapshot).map((block) => block.linkTo)).not.toContain("/service/funnels");
    expect(overviewBlocks(snapshot)).toHaveLength(BUILT_IN_NAMES.length - 1);

    // Another missing built-in page still comes back: only the deleted one has a tombstone.
    await db.delete(pages).where(eq(pages.path, "/service/ki"));
    expect(await insertMissingPages(db, DEFAULTS)).toBe(1);
    expect(await findPageRow(db, "/service/ki")).toBeDefined();

    // A page the owner added leaves no tombstone: nothing would store it again.
    const coaching = { ...(DEFAULT_PAGES.get("/service/ki") as ServiceContent), name: "Coaching" };
    await createPageRow(db, "/service/coaching", coaching);
    expect(await deleteServicePage(db, "/service/coaching")).toBe(true);
    expect(await db.select().from(appMeta).where(like(appMeta.key, "page_deleted:%"))).toHaveLength(1);
    // Deleting again finds nothing.
    expect(await deleteServicePage(db, "/service/coaching")).toEqual({
      status: 404,
      message: ADMIN_MESSAGES.pageNotFound,
    });
  });

  test("moving a page up or down changes the order of the menu and of the overview's blocks", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    expect(await menuNames(db)).toEqual(["Übersicht", ...BUILT_IN_NAMES]);

    expect(await movePage(db, "/service/funnels", "up")).toBe("moved");
    const [first, second, third, ...rest] = BUILT_IN_NAMES;
    expect(second).toBe("Webentwicklung");
    expect(third).toBe("Funnels");
    const moved = [first!, third!, second!, ...rest];
    expect(await menuNames(db)).toEqual(["Übersicht", ...moved]);
    expect((await blockTitles(db)).slice(0, 3)).toEqual(["Webdesign", "Funnels", "Webentwicklung"]);

    expect(await movePage(db, "/service/webdesign", "down")).toBe("moved");
    expect((await menuNames(db)).slice(0, 3)).toEqual(["Übersicht", "Funnels", "Webdesign"]);

    // At the ends nothing moves; an unknown page is not found.
    const before = await stored(db);
    expect(await movePage(db, "/service/funnels", "up")).toBe("edge");
    expect(await movePage(db, "/service/ki", "down")).toBe("edge");
    expect(await movePage(db, "/service/gibt-es-nicht", "up")).toBe("missing");
    expect(await stored(db)).toEqual(before);

    // A hidden page keeps its place in the order; the menu and the overview leave it out.
    const ki = DEFAULT_PAGES.get("/service/ki") as ServiceContent;
    await publishPage(db, "/service/videos", {
      ...(DEFAULT_PAGES.get("/service/videos") as ServiceContent),
      visible: false,
    });
    expect(await movePage(db, "/service/ki", "up")).toBe("moved");
    expect(await movePage(db, "/service/ki", "up")).toBe("moved");
    expect((await menuNames(db)).slice(-3)).toEqual(["Portale", ki.name, "Technologien"]);
    expect(await blockTitles(db)).not.toContain("Erklärvideos");
    expect((await blockTitles(db)).slice(-2)).toEqual([ki.teaser!.title, "Technologien"]);

    // Pages on one position (an old installation's added pages) are numbered anew when one moves.
    await db.update(pages).set({ position: 50 }).where(like(pages.path, "/service/%"));
    // On one position they follow their paths: funnels, ki, landingpages, …
    expect((await menuNames(db)).slice(0, 4)).toEqual(["Übersicht", "Funnels", ki.name, "Landingpages"]);
    expect(await movePage(db, "/service/funnels", "down")).toBe("moved");
    const after = await menuNames(db);
    expect(after.slice(0, 4)).toEqual(["Übersicht", ki.name, "Funnels", "Landingpages"]);
    expect(new Set((await stored(db)).map((row) => row.position)).size).toBe(BUILT_IN_NAMES.length + 1);
    // The overview stays first in the menu whatever the positions.
    expect(after[0]).toBe("Übersicht");
  });

  test("an upgraded page takes its block of the overview as its teaser, with the owner's text", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    // As stored before teasers: the overview held the blocks, the pages had none.
    const oldBlocks = overviewBlocks(DEFAULT_PAGES).map((block) =>
      block.linkTo === "/service/shops" ? { ...block, text: "Mein **eigener** Text über Shops." } : block,
    );
    const overview = DEFAULT_PAGES.get("/service") as ServiceContent;
    await rewritePageDocuments(db, "/service", {
      published: { ...overview, blocks: oldBlocks },
      draft: null,
    });
    for (const path of ["/service/shops", "/service/portale"]) {
      const { teaser: _, ...before } = DEFAULT_PAGES.get(path) as ServiceContent;
      await rewritePageDocuments(db, path, {
        published: before,
        draft: path === "/service/shops" ? before : null,
      });
    }
    // Read before the upgrade, a page without a teaser shows its built-in one.
    expect(
      (
        storedContent(
          "/service/portale",
          (await findPageRow(db, "/service/portale"))!.published,
        ) as ServiceContent
      ).teaser,
    ).toEqual((DEFAULT_PAGES.get("/service/portale") as ServiceContent).teaser);

    expect(await adoptOverviewTeasers(db)).toBe(2);
    const shops = (await findPageRow(db, "/service/shops"))!;
    expect((shops.published as ServiceContent).teaser?.text).toBe("Mein **eigener** Text über Shops.");
    expect((shops.draft as ServiceContent).teaser?.text).toBe("Mein **eigener** Text über Shops.");
    expect((await findPageRow(db, "/service/portale"))!.published).toEqual(
      DEFAULT_PAGES.get("/service/portale"),
    );
    const blocks = overviewBlocks(await readPublishedPages(db));
    expect(blocks.find((block) => block.linkTo === "/service/shops")?.text).toBe(
      "Mein **eigener** Text über Shops.",
    );
    // Once: a page that has its teaser is left alone.
    expect(await adoptOverviewTeasers(db)).toBe(0);
  });

  test("the list's actions refuse what they cannot do with a German message and a 4xx, changing nothing", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    const token = await adminSession(db);
    const context = contextFor(db);
    const list = (fields: Record<string, string>) =>
      contentListAction(post("/admin/inhalte", fields, token), context).catch((thrown: unknown) => thrown);
    const before = await stored(db);

    const refusals: [Record<string, string>, number, string][] = [
      [{ intent: "move-up", path: "/service/gibt-es-nicht" }, 404, ADMIN_MESSAGES.pageNotFound],
      [{ intent: "delete-page", path: "/service/gibt-es-nicht" }, 404, ADMIN_MESSAGES.pageNotFound],
      [{ intent: "delete-page", path: "/service" }, 400, PAGE_MESSAGES.overviewFixed],
      [{ intent: "move-down", path: "/service" }, 400, PAGE_MESSAGES.overviewFixed],
      [{ intent: "delete-page", path: "/about" }, 400, PAGE_MESSAGES.onlyServicePages],
      [{ intent: "delete-page", path: "/category/projects" }, 400, PAGE_MESSAGES.onlyServicePages],
      [{ intent: "move-up", path: "/about" }, 400, PAGE_MESSAGES.onlyMovablePages],
      [{ intent: "move-up", path: "/category/projects" }, 400, PAGE_MESSAGES.alreadyFirst],
      [{ intent: "move-down", path: "/category/gibt-es-nicht" }, 404, ADMIN_MESSAGES.pageNotFound],
      [{ intent: "delete-page", path: "/service/../about" }, 400, PAGE_MESSAGES.onlyServicePages],
      [{ intent: "delete-page", path: "x".repeat(5000) }, 400, PAGE_MESSAGES.onlyServicePages],
      [{ intent: "delete-page" }, 400, PAGE_MESSAGES.pathMissing],
      [{ intent: "move-up", path: "" }, 400, PAGE_MESSAGES.pathMissing],
      [{ intent: "fliegen", path: "/service/ki" }, 400, PAGE_MESSAGES.unknownIntent],
      [{ intent: "move-up", path: "/service/webdesign" }, 400, PAGE_MESSAGES.alreadyFirst],
      [{ intent: "move-down", path: "/service/ki" }, 400, PAGE_MESSAGES.alreadyLast],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await list(fields);
      const what = JSON.stringify(fields).slice(0, 80);
      expect(answer, what).toMatchObject({ init: { status }, data: { ok: false, message } });
    }
    // The editor's delete refuses the overview and the other pages the same way.
    for (const [key, message] of [
      ["service", PAGE_MESSAGES.overviewFixed],
      ["ueber-mich", PAGE_MESSAGES.onlyServicePages],
      ["category-projects", PAGE_MESSAGES.onlyServicePages],
    ] as const) {
      const answer = await editorAction(
        post(`/admin/inhalte/${key}`, { intent: "delete-page" }, token),
        context,
        key,
      );
      expect(answer, key).toMatchObject({ init: { status: 400 }, data: { ok: false, message } });
    }
    expect(await stored(db)).toEqual(before);
    expect(await db.select().from(appMeta).where(like(appMeta.key, "page_deleted:%"))).toEqual([]);

    // What the list may do, it does, and goes back to the list with a toast.
    const moved = (await list({ intent: "move-up", path: "/service/funnels" })) as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin/inhalte");
    expect((await menuNames(db)).slice(1, 4)).toEqual(["Webdesign", "Funnels", "Webentwicklung"]);
    const deleted = (await list({ intent: "delete-page", path: "/service/funnels" })) as Response;
    expect(deleted.status).toBe(302);
    expect(await menuNames(db)).not.toContain("Funnels");
    const fromEditor = await editorAction(
      post("/admin/inhalte/service-ki", { intent: "delete-page" }, token),
      context,
      "service-ki",
    );
    expect((fromEditor as Response).status).toBe(302);
    expect(await menuNames(db)).not.toContain("KI");
    expect(await db.select().from(appMeta).where(like(appMeta.key, "page_deleted:%"))).toHaveLength(2);

    // Without a session nothing runs: the sign-in check sends the request away.
    const anonymous = await contentListAction(
      post("/admin/inhalte", { intent: "delete-page", path: "/service/ki" }),
      context,
    ).catch((thrown: unknown) => thrown);
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/admin(\?|$)/);
  });

  test("a teaser needs its title and link text, like every field the editor checks", () => {
    const page = DEFAULT_PAGES.get("/service/webdesign") as ServiceContent;
    const refused = parsePage("service", { ...page, teaser: { ...page.teaser!, title: " ", linkText: "" } });
    expect(refused).toEqual({
      ok: false,
      errors: {
        "teaser.title": "Bitte gib einen Titel für den Block auf der Übersicht ein.",
        "teaser.linkText": "Bitte gib den Text des Links zur Seite ein.",
      },
    });
    const label = parsePage("service", { ...page, teaser: { ...page.teaser!, contactLabel: "Ruf an" } });
    expect(label).toEqual({ ok: false, errors: { "teaser.contactLabel": "Bitte wähle eine Beschriftung." } });
  });
});

const ORIGIN = "http://localhost";

/** A signed-in admin's session token, stored as the sign-in would store it. */
async function adminSession(db: Db): Promise<string> {
  const [admin] = await db
    .insert(adminUsers)
    .values({ email: "inhaberin@example.org", password_hash: "nicht-benutzt" })
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

function post(path: string, fields: Record<string, string>, token?: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: token ? { Cookie: `session=${token}` } : {},
  });
}
