import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { createAdmin, findAdminByEmail } from "~/features/auth/admin-users.server";
import { unsubscribeUrl } from "~/features/newsletter/subscribers.server";
import {
  adminUsers,
  contactSubmissions,
  newsletterSubscriptions,
  outbox,
  pages,
  privacyAuditLog,
  projects,
  sessions,
} from "~/platform/db/schema";
import { verifyPassword } from "~/features/auth/password-hash.server";
import { installationSecret, sha256Hex } from "~/platform/db/installation-secret.server";
import { engineNeutralDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, sessionCookieOf, signInOverHttp, withServer } from "../setup/http";
import { actionUrl, dataUrl, routeEndpoints } from "../setup/routes";

/**
 * Cross-site requests (CSRF) are refused with 403 before any route runs: every
 * state-changing method on every URL of app/routes.ts (pages and their single-fetch `.data`
 * URLs) and on the server's own URLs, from a foreign Origin, with `Sec-Fetch-Site: cross-site`,
 * or without Origin but with a foreign Referer, even with the admin's session cookie, with the
 * admin's password and with a valid form token. The one deliberate exemption is RFC 8058's
 * one-click `POST /newsletter/abmelden` (the signed link is the authorisation).
 */

const unique = randomBytes(4).toString("hex");
const ADMIN = {
  email: `csrf-owner-${unique}@example.org`,
  password: "Gegen-Fremdseiten-2026",
  name: "Inhaberin",
};
const METHODS = ["POST", "PUT", "PATCH", "DELETE", "PROPPATCH"];
const EXEMPT = { method: "POST", path: "/newsletter/abmelden" };

/** Rows each attack aims at, and twins of the same shape that same-origin controls change. */
type Rows = {
  project: string;
  contact: string;
  subscriber: string;
  pendingToken: string;
  control: {
    project: string;
    contact: string;
    subscriber: string;
    pendingToken: string;
    unsubscribe: string;
  };
  unsubscribeTarget: string;
};

async function seedRows(
  db: Parameters<typeof installationSecret>[0],
): Promise<{ rows: Rows; links: Record<string, string> }> {
  const secret = await installationSecret(db);
  const project = () =>
    db
      .insert(projects)
      .values({
        title: `Ziel ${unique}`,
        description: "bleibt",
        image: "/images/x.webp",
        category: "project",
      })
      .returning()
      .then(([row]) => row!.id);
  const contact = () =>
    db
      .insert(contactSubmissions)
      .values({ name: "Anfrage", email: "anfrage@example.org", subject: "Betreff", message: "Text" })
      .returning()
      .then(([row]) => row!.id);
  const subscriber = (values: Partial<typeof newsletterSubscriptions.$inferInsert> = {}) =>
    db
      .insert(newsletterSubscriptions)
      .values({ email: `abo-${randomUUID()}@example.org`, ...values })
      .returning()
      .then(([row]) => row!.id);
  const pending = async () => {
    const token = randomBytes(32).toString("hex");
    await subscriber({
      confirmation_token: sha256Hex(token),
      token_expires_at: new Date(Date.now() + 3600_000),
    });
    return token;
  };
  const rows: Rows = {
    project: await project(),
    contact: await contact(),
    subscriber: await subscriber(),
    pendingToken: await pending(),
    unsubscribeTarget: await subscriber({ is_confirmed: true }),
    control: {
      project: await project(),
      contact: await contact(),
      subscriber: await subscriber(),
      pendingToken: await pending(),
      unsubscribe: await subscriber({ is_confirmed: true }),
    },
  };
  const linkOf = (id: string) =>
    new URL(unsubscribeUrl({ publicUrl: "http://x.invalid", secret }, id)).search;
  return {
    rows,
    links: { target: linkOf(rows.unsubscribeTarget), control: linkOf(rows.control.unsubscribe) },
  };
}

/** Headers of a request that another site made a browser send. */
function crossSiteKinds(own: string): Record<string, Record<string, string>> {
  return {
    "foreign Origin": { Origin: "https://evil.example" },
    "Sec-Fetch-Site: cross-site": { Origin: own, "Sec-Fetch-Site": "cross-site" },
    "foreign Referer without Origin": { Referer: "https://evil.example/angriff.html" },
    "Origin null with a foreign Referer": { Origin: "null", Referer: "https://evil.example/" },
    "neither Origin nor Referer": {},
    "look-alike Origin": { Origin: `${own}.evil.example` },
    "own host over https": { Origin: own.replace("http://", "https://") },
  };
}

describe.each(engineNeutralDatabases)("cross-site requests on $name", (database) => {
  test("every state-changing request from another site is refused with 403; only the one-click unsubscribe is exempt", async () => {
    let seeded: Awaited<ReturnType<typeof seedRows>> | undefined;
    await withServer(database, {
      seed: async (db) => {
        await createAdmin(db, ADMIN);
        seeded = await seedRows(db);
      },
      run: async ({ url }) => {
        const { rows, links } = seeded!;
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const formToken = formTokenIn(await (await get(url, "/contact")).text());

        /** What a forged request to this page would carry to do harm. */
        const bodyFor = (path: string): Record<string, string> => {
          if (path.startsWith("/admin/kontaktanfragen")) return { id: rows.contact };
          // Auskunft und Löschung: the erasure of the targeted request's address, and the exports.
          if (path.startsWith("/admin/datenschutz"))
            return { intent: "erase", email: "anfrage@example.org", block: "" };
          if (path.startsWith("/admin/newsletter")) return { id: rows.subscriber };
          if (path.startsWith("/admin/profil"))
            return {
              name: "Übernommen",
              changePassword: "on",
              currentPassword: ADMIN.password,
              password: "Angreifer-Passwort-2026",
              confirmPassword: "Angreifer-Passwort-2026",
            };
          if (path.startsWith("/admin/login")) return { email: ADMIN.email, password: ADMIN.password };
          // "Passwort vergessen?": a reset link to the owner, and a new password for a link.
          if (path.startsWith("/admin/passwort-vergessen")) return { email: ADMIN.email };
          if (path.startsWith("/admin/passwort-zuruecksetzen"))
            return { password: "Angreifer-Passwort-2026", confirmPassword: "Angreifer-Passwort-2026" };
          if (path.startsWith("/admin/setup"))
            return { email: "angreifer@example.org", password: "Angreifer-Passwort-2026" };
          // Inhalte: a built-in service page deleted (its moves follow below).
          if (path === "/admin/inhalte" || path === "/admin/inhalte.data")
            return { intent: "delete-page", path: "/service/funnels" };
          // Einstellungen: the demo removed.
          if (path === "/admin/einstellungen" || path === "/admin/einstellungen.data")
            return { intent: "remove-demo" };
          if (path.startsWith("/admin")) return { intent: "delete", id: rows.project };
          if (path.startsWith("/newsletter/bestaetigen"))
            return { intent: "confirm", token: rows.pendingToken };
          // Public forms: a complete, valid submission (contact form and both newsletter forms).
          return {
            intent: path.startsWith("/contact") ? "contact" : "newsletter",
            formToken,
            name: "Angreifer",
            email: `angreifer-${unique}@example.org`,
            subject: "Eingeschleust",
            message: "Eingeschleust",
            consent: "on",
          };
        };

        const endpoints = routeEndpoints({
          id: rows.project,
          file: "800.webp",
          page: "impressum",
          slug: "projects",
          key: "ueber-mich",
        });
        const targets = [
          ...new Set([
            ...endpoints.flatMap((endpoint) => [actionUrl(endpoint), dataUrl(endpoint)]),
            // The server's own URLs and near misses of the exemption.
            "/healthz",
            "/__klick",
            "/favicon.svg",
            "/assets/nicht-da.js",
            `/newsletter/abmelden${links.target}`,
            `/newsletter/abmelden.data${links.target}`,
            `/newsletter/abmelden/${links.target}`,
            `/Newsletter/Abmelden${links.target}`,
            `/admin/setup?token=${randomBytes(32).toString("hex")}`,
          ]),
        ];
        // Every URL of app/routes.ts is among them, page and data URL.
        expect(targets).toEqual(
          expect.arrayContaining(["/contact", "/contact.data", "/admin?index", "/_.data?index"]),
        );

        const answered: string[] = [];
        for (const target of targets) {
          const path = target.split("?")[0]!;
          for (const method of METHODS) {
            for (const [kind, headers] of Object.entries(crossSiteKinds(url))) {
              const response = await fetch(`${url}${target}`, {
                method,
                redirect: "manual",
                headers: {
                  "Content-Type": "application/x-www-form-urlencoded",
                  Cookie: session,
                  ...headers,
                },
                body: new URLSearchParams(bodyFor(path)).toString(),
              });
              const text = await response.text();
              const exempt = method === EXEMPT.method && path === EXEMPT.path;
              if (response.status !== 403 || text !== FORM_GUARD_MESSAGES.forbidden) {
                answered.push(`${kind}: ${method} ${target} → ${response.status}`);
              }
              expect(
                sessionCookieOf(response),
                `${kind}: ${method} ${target} sets a session`,
              ).toBeUndefined();
              // The signed link unsubscribes; without it the one-click handler says 400.
              if (exempt)
                expect(response.status, `${kind}: ${method} ${target}`).toBe(target === path ? 400 : 200);
            }
          }
        }
        // The one-click unsubscribe, from every kind of foreign request: nothing else answers.
        const kinds = Object.keys(crossSiteKinds(url));
        expect(answered.sort()).toEqual(
          kinds
            .flatMap((kind) => [
              `${kind}: POST /newsletter/abmelden → 400`,
              `${kind}: POST /newsletter/abmelden${links.target} → 200`,
            ])
            .sort(),
        );

        // The service pages' moves, from every kind of foreign request.
        for (const target of ["/admin/inhalte", "/admin/inhalte.data"]) {
          for (const body of [
            { intent: "move-up", path: "/service/funnels" },
            { intent: "move-down", path: "/service/webdesign" },
          ]) {
            for (const [kind, headers] of Object.entries(crossSiteKinds(url))) {
              const response = await fetch(`${url}${target}`, {
                method: "POST",
                redirect: "manual",
                headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session, ...headers },
                body: new URLSearchParams(body).toString(),
              });
              const what = `${kind}: POST ${target} ${body.intent}`;
              expect(response.status, what).toBe(403);
              expect(await response.text(), what).toBe(FORM_GUARD_MESSAGES.forbidden);
            }
          }
        }

        // Datensicherung: a foreign request neither sets a second place (where archives would go)
        // nor writes an archive.
        const backupBodies: Record<string, string>[] = [
          { intent: "remote", url: "https://angreifer.example/dav/", user: "a", password: "b" },
          { intent: "backup-now" },
          { intent: "schedule", schedule: "off", keep: "1" },
        ];
        for (const target of [
          "/admin/einstellungen/datensicherung",
          "/admin/einstellungen/datensicherung.data",
        ]) {
          for (const body of backupBodies) {
            for (const [kind, headers] of Object.entries(crossSiteKinds(url))) {
              const response = await fetch(`${url}${target}`, {
                method: "POST",
                redirect: "manual",
                headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session, ...headers },
                body: new URLSearchParams(body).toString(),
              });
              const what = `${kind}: POST ${target} ${body.intent}`;
              expect(response.status, what).toBe(403);
              expect(await response.text(), what).toBe(FORM_GUARD_MESSAGES.forbidden);
            }
          }
        }

        // Nothing changed: the admin still sees every targeted row and the old name.
        const list = async (path: string) => (await get(url, path, session)).text();
        expect(await list(`/admin?bearbeiten=${rows.project}`)).toContain(`Ziel ${unique}`);
        expect(await list("/admin/profil")).toContain(`value="${ADMIN.name}"`);
        const backups = await list("/admin/einstellungen/datensicherung");
        expect(backups).not.toContain("angreifer.example");
        expect(backups).toContain("Noch keine Sicherung vorhanden.");
        // The demo is still there to remove (its removal by the owner: demo-content.test.ts).
        expect(await list("/admin/einstellungen")).toContain("Leistungsseiten werden gelöscht: Webdesign");

        // Controls: the same requests from the site itself do change their (twin) rows.
        const own = { Cookie: session };
        const controls: [string, Record<string, string>, number][] = [
          ["/admin?index", { intent: "delete", id: rows.control.project }, 302],
          ["/admin/kontaktanfragen", { id: rows.control.contact }, 302],
          ["/admin/newsletter", { id: rows.control.subscriber }, 302],
          ["/newsletter/bestaetigen", { intent: "confirm", token: rows.control.pendingToken }, 200],
          ["/contact", { ...bodyFor("/contact"), email: `kontrolle-${unique}@example.org` }, 200],
          ["/admin/profil", { name: "Kontrollname" }, 200],
          ["/admin/datenschutz/export.json", { email: "anfrage@example.org" }, 200],
          ["/admin/inhalte", { intent: "move-up", path: "/service/landingpages" }, 302],
          ["/admin/inhalte", { intent: "delete-page", path: "/service/videos" }, 302],
          ["/admin/passwort-vergessen", { email: ADMIN.email }, 302],
          ["/admin/einstellungen/datensicherung", { intent: "schedule", schedule: "weekly", keep: "" }, 302],
        ];
        for (const [target, body, status] of controls) {
          const response = await postForm(url, target, body, own);
          expect(response.status, `same-origin POST ${target}`).toBe(status);
        }
        // The exemption works across sites as RFC 8058 needs it.
        const oneClick = await fetch(`${url}/newsletter/abmelden${links.control}`, {
          method: "POST",
          headers: {
            Origin: "https://mail-provider.example",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "List-Unsubscribe=One-Click",
        });
        expect(oneClick.status).toBe(200);
      },
      after: async (db) => {
        const { rows } = seeded!;
        const projectIds = (await db.select({ id: projects.id }).from(projects)).map((row) => row.id);
        expect(projectIds).toContain(rows.project);
        expect(projectIds).not.toContain(rows.control.project);
        const contacts = await db.select().from(contactSubmissions);
        expect(contacts.map((row) => row.id)).toContain(rows.contact);
        expect(contacts.map((row) => row.id)).not.toContain(rows.control.contact);
        // Only the control's submission arrived, none of the forged ones.
        expect(contacts.filter((row) => row.email.includes(unique)).map((row) => row.email)).toEqual([
          `kontrolle-${unique}@example.org`,
        ]);
        const subscribers = await db.select().from(newsletterSubscriptions);
        const byId = (id: string) => subscribers.find((row) => row.id === id);
        expect(byId(rows.subscriber)).toBeDefined();
        expect(byId(rows.control.subscriber)).toBeUndefined();
        expect(subscribers.find((row) => row.email.includes(`angreifer-${unique}`))).toBeUndefined();
        expect(
          subscribers.find((row) => row.confirmation_token === sha256Hex(rows.pendingToken))?.is_confirmed,
        ).toBe(false);
        expect(
          subscribers.find((row) => row.confirmation_token === sha256Hex(rows.control.pendingToken))
            ?.is_confirmed,
        ).toBe(true);
        // The one-click unsubscribe removed exactly the two signed addresses.
        expect(byId(rows.unsubscribeTarget)).toBeUndefined();
        expect(byId(rows.control.unsubscribe)).toBeUndefined();

        // One reset link went out: the control's.
        const resetMails = await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(eq(outbox.subject, "Neues Passwort für dein Admin-Konto"));
        expect(resetMails).toHaveLength(1);

        // The service pages changed only as the controls did: landingpages moved up, videos deleted.
        const services = await db
          .select({ path: pages.path })
          .from(pages)
          .where(like(pages.path, "/service/%"))
          .orderBy(asc(pages.position), asc(pages.path));
        expect(services.map((row) => row.path)).toEqual([
          "/service/webdesign",
          "/service/web-development",
          "/service/landingpages",
          "/service/funnels",
          "/service/shops",
          "/service/portale",
          "/service/technology",
          "/service/ki",
        ]);

        // Only the control's export reached the audit log; no erasure did.
        expect((await db.select().from(privacyAuditLog)).map((row) => row.action)).toEqual(["export"]);

        const admin = await findAdminByEmail(db, ADMIN.email);
        expect(admin?.name).toBe("Kontrollname");
        expect(await verifyPassword(admin!.password_hash, ADMIN.password)).toBe(true);
        // Only the test's own sign-in made a session: the forged sign-ins made none.
        expect(await db.select().from(sessions).where(eq(sessions.user_id, admin!.id))).toHaveLength(1);
        expect(await db.select().from(adminUsers)).toHaveLength(1);
      },
    });
  }, 300_000);
});
