import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { editorAction } from "~/features/pages/admin-content-editor.server";
import { DEFAULT_MENU, DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { MENU_PATH, type MenuContent } from "~/features/pages/page-content";
import { storedContent } from "~/features/pages/pages.server";
import { findPageRow, insertMissingPages } from "~/features/pages/queries.server";
import type { Db } from "~/platform/db/engines.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { adminUsers, sessions } from "~/platform/db/schema";
import { databaseContext } from "~/platform/http/request-context";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * The menu editor's buttons on submenus, as a form without JavaScript sends them: an entry added
 * to a submenu, moved and removed; what the editor does not offer is refused in German with a
 * 400, and the draft stays as it was.
 */

const DEFAULTS = [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position }));

/** The menu document as the editor's form sends it: every field by its dotted name. */
function formOf(menu: MenuContent): Record<string, string> {
  const fields: Record<string, string> = { kind: "menu" };
  const entry = (
    prefix: string,
    value: { target: string; label: string; visible: boolean; href: string; newTab: boolean },
  ) => {
    fields[`${prefix}.target`] = value.target;
    fields[`${prefix}.label`] = value.label;
    if (value.visible) fields[`${prefix}.visible`] = "on";
    fields[`${prefix}.href`] = value.href;
    if (value.newTab) fields[`${prefix}.newTab`] = "on";
  };
  for (const place of ["header", "footer", "hero"] as const) {
    fields[`${place}.count`] = String(menu[place].length);
    menu[place].forEach((item, i) => {
      entry(`${place}.${i}`, item);
      if (!item.submenu) return;
      fields[`${place}.${i}.submenu.count`] = String(item.submenu.length);
      item.submenu.forEach((sub, j) => entry(`${place}.${i}.submenu.${j}`, sub));
    });
  }
  return fields;
}

describe.each(testDatabases)("the menu editor on $name", (database) => {
  test.override({ database });

  test("submenu entries are added, moved and removed by the form's buttons; what it does not offer is refused", async ({
    db,
  }) => {
    await insertMissingPages(db, DEFAULTS);
    const token = await adminSession(db);
    const send = (fields: Record<string, string>) =>
      editorAction(post(fields, token), contextFor(db), "menues") as Promise<unknown>;
    const draft = async () => {
      const row = await findPageRow(db, MENU_PATH);
      return storedContent(MENU_PATH, row!.draft ?? row!.published) as MenuContent;
    };
    const products = () => draft().then((menu) => menu.header[2]!.submenu!.map(({ label }) => label));

    // "Link ins Untermenü" of Produktwelt, then the new entry moved up and removed again.
    expect(await send({ ...formOf(DEFAULT_MENU), intent: "add:header.2.submenu" })).toMatchObject({
      ok: true,
      list: "header.2.submenu",
    });
    expect((await products()).at(-1)).toBe("Neuer Eintrag");
    await send({ ...formOf(await draft()), intent: "up:header.2.submenu:6" });
    expect((await products()).slice(-2)).toEqual(["Neuer Eintrag", "Persönlichkeitsentwicklung"]);
    await send({ ...formOf(await draft()), intent: "remove:header.2.submenu:5" });
    expect(await products()).toEqual(DEFAULT_MENU.header[2]!.submenu!.map(({ label }) => label));

    const before = await draft();
    const refusals: [string, string][] = [
      ["remove:header.2.submenu:1", "Eingebaute Einträge kannst du nur ausblenden, nicht entfernen."],
      ["remove:header:0", "Eingebaute Einträge kannst du nur ausblenden, nicht entfernen."],
      // Home has no submenu, the footer none at all, and there is no second level.
      ["add:header.0.submenu", "Dieser Eintrag hat kein Untermenü."],
      ["add:footer.4.submenu", "Dieser Eintrag hat kein Untermenü."],
      ["add:header.2.submenu.0.submenu", "Unbekannte Aktion."],
      ["add:header.99.submenu", "Diesen Eintrag gibt es nicht."],
    ];
    for (const [intent, message] of refusals) {
      expect(await send({ ...formOf(before), intent }), intent).toMatchObject({
        init: { status: 400 },
        data: { ok: false, message },
      });
    }
    // An address that is neither a path nor http(s): refused beside its field.
    const fields: Record<string, string> = { ...formOf(before), intent: "save" };
    fields["header.2.submenu.0.target"] = "link";
    fields["header.2.submenu.0.href"] = "ftp://example.com";
    expect(await send(fields)).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        errors: {
          "header.2.submenu.0.href":
            "Bitte einen Pfad dieser Website (z. B. /service/webdesign) oder eine Adresse mit https:// angeben.",
        },
      },
    });
    expect(await draft()).toEqual(before);
  });
});

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

function post(fields: Record<string, string>, token: string): Request {
  return new Request("http://localhost/admin/inhalte/menues", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: `session=${token}` },
  });
}
