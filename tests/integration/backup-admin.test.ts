import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createAdmin } from "~/features/auth/admin-users.server";
import { createSession, REAUTH_MS } from "~/features/auth/session.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { sessions } from "~/platform/db/schema";
import { serverDatabases } from "../setup/databases";
import { get, postForm, signInOverHttp, withServer } from "../setup/http";

/**
 * /admin/einstellungen/datensicherung over HTTP: "Jetzt sichern" writes an archive, the download
 * needs a recent confirmation and a name a backup gets, the forms refuse bad input with a German
 * message and a 400, and the stored password never comes back to the browser.
 */

const ADMIN = { email: "owner@example.org", password: "Sicherung-Test-2026!" };
const PAGE = "/admin/einstellungen/datensicherung";

describe.each(serverDatabases)("Datensicherung over HTTP on $name", (database) => {
  test("Jetzt sichern, the download after a recent confirmation only, and strict names", async () => {
    const aged = randomBytes(32).toString("base64url");
    await withServer(database, {
      seed: async (db) => {
        const admin = await createAdmin(db, ADMIN);
        // A session signed in more than 10 minutes ago and not confirmed since.
        const { token } = await createSession(db, admin.id);
        await db
          .update(sessions)
          .set({ id: sha256Hex(aged), verified_at: new Date(Date.now() - REAUTH_MS - 60_000) })
          .where(eq(sessions.id, sha256Hex(token)));
      },
      run: async ({ url, dataDir }) => {
        const fresh = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const written = await postForm(url, PAGE, { intent: "backup-now" }, { Cookie: fresh });
        expect(written.status).toBe(302);
        expect(written.headers.get("location")).toBe(PAGE);
        const [name] = readdirSync(path.join(dataDir, "backups")).filter((file) => file.endsWith(".tar.gz"));
        expect(name).toMatch(/^portfolio-backup-.+\.tar\.gz$/);
        const page = await (await get(url, PAGE, fresh)).text();
        expect(page).toContain(`${PAGE}/${name}`);

        // Without a recent confirmation: to Profil and back, no file.
        const refused = await get(url, `${PAGE}/${name}`, `session=${aged}`);
        expect(refused.status).toBe(302);
        expect(refused.headers.get("location")).toBe(`/admin/profil?redirectTo=${encodeURIComponent(PAGE)}`);
        expect(refused.headers.get("content-disposition")).toBeNull();
        // Signed out: the sign-in page.
        expect((await get(url, `${PAGE}/${name}`)).headers.get("location")).toMatch(/^\/admin\?redirectTo=/);

        const download = await get(url, `${PAGE}/${name}`, fresh);
        expect(download.status).toBe(200);
        expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
        expect(Buffer.from(await download.arrayBuffer())).toEqual(
          readFileSync(path.join(dataDir, "backups", name!)),
        );

        for (const bad of [
          "..%2F..%2Fserver.lock",
          "..%2Fbackups%2F" + name,
          "portfolio-backup-x.tar.gz",
          "portfolio-backup-2020-01-01T00-00-00.000Z.tar.gz",
          name!.replace(".tar.gz", ".tar"),
          "control.sock",
        ]) {
          const response = await get(url, `${PAGE}/${bad}`, fresh);
          expect(response.status, bad).toBeGreaterThanOrEqual(400);
          expect(response.status, bad).toBeLessThan(500);
          expect(response.headers.get("content-disposition"), bad).toBeNull();
        }
      },
    });
  }, 300_000);

  test("the forms refuse bad input with a German message; the password is never sent back", async () => {
    await withServer(database, {
      seed: async (db) => {
        await createAdmin(db, ADMIN);
      },
      run: async ({ url }) => {
        const cookie = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const post = (body: Record<string, string>) => postForm(url, PAGE, body, { Cookie: cookie });
        const refusals: [Record<string, string>, string][] = [
          [
            { intent: "schedule", schedule: "stündlich", keep: "" },
            "Bitte einen der angebotenen Zeitpläne wählen.",
          ],
          [{ intent: "schedule", schedule: "daily", keep: "0" }, "Bitte eine Zahl von 1 bis 1000 angeben"],
          [{ intent: "schedule", schedule: "daily", keep: "sieben" }, "Bitte eine ganze Zahl angeben."],
          [
            { intent: "remote", url: "ftp://cloud.example.de/", user: "erika", password: "x" },
            "Die Adresse muss mit https:// beginnen",
          ],
          [
            { intent: "remote", url: "https://erika:geheim@cloud.example.de/", user: "erika", password: "x" },
            "Benutzername und Passwort bitte in ihre eigenen Felder",
          ],
          [
            { intent: "remote", url: "https://cloud.example.de/dav/", user: "erika", password: "" },
            "Bitte das Passwort angeben.",
          ],
          [{ intent: "unbekannt" }, "Unbekannte Aktion."],
        ];
        for (const [body, message] of refusals) {
          const response = await post(body);
          expect(response.status, JSON.stringify(body)).toBe(400);
          expect(await response.text(), JSON.stringify(body)).toContain(message);
        }

        const secret = `App-Passwort-${randomBytes(6).toString("hex")}`;
        const saved = await post({
          intent: "remote",
          url: "https://cloud.example.de/dav",
          user: "erika",
          password: secret,
        });
        expect(saved.status).toBe(302);
        const page = await (await get(url, PAGE, cookie)).text();
        expect(page).toContain("https://cloud.example.de/dav/");
        expect(page).toContain("gespeichert");
        expect(page).not.toContain(secret);
        // An empty password keeps the stored one.
        expect(
          (
            await post({
              intent: "remote",
              url: "https://cloud.example.de/dav/",
              user: "erika2",
              password: "",
            })
          ).status,
        ).toBe(302);

        expect((await post({ intent: "schedule", schedule: "weekly", keep: "14" })).status).toBe(302);
        const datenschutz = await (await get(url, "/datenschutz")).text();
        expect(datenschutz).toContain("wöchentlich");
        expect(datenschutz).toContain("98 Tage");
      },
    });
  }, 300_000);
});
