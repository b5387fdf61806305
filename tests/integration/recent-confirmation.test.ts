import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { PRIVACY_MESSAGES } from "~/features/privacy/messages";
import { CONFIRMATION_MESSAGES, SECURITY_MESSAGES } from "~/features/auth/security-messages";
import { createAdmin } from "~/features/auth/admin-users.server";
import { createIssue } from "~/features/newsletter/issues.server";
import {
  contactSubmissions,
  newsletterIssues,
  newsletterSubscriptions,
  outbox,
  sessions,
} from "~/platform/db/schema";
import { FLASH_COOKIE } from "~/platform/http/cookie-names";
import { adminReturnPath } from "~/features/auth/recent-confirmation.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { createSession, REAUTH_MS } from "~/features/auth/session.server";
import { serverDatabases } from "../setup/databases";
import { get, postForm, signInOverHttp, unusedFormToken, withServer } from "../setup/http";
import { isSuccess, submitForm } from "../setup/public-forms";

/**
 * exports, the removal of subscribers, "Alles löschen" and sending an issue need a
 * confirmation within the last 10 minutes (docs/decisions/0015-sign-in-security.md). A session
 * whose confirmation is older is sent to Profil with a toast and the way back, and nothing
 * happens; after confirming in Profil the owner is back where they were, and the same session
 * may. The Datenschutz lookup is a POST: an address in the URL looks nobody up.
 */

const ADMIN = { email: "owner@example.org", password: "Bestaetigung-Test-2026!" };
const PERSON = "paula.person@example.org";
const SECOND = "zweite.abonnentin@example.org";

type Flash = { type: string; title: string };

function flashOf(response: Response): Flash | undefined {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`));
  const value = cookie?.split(";")[0]!.slice(FLASH_COOKIE.length + 1);
  return value ? (JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Flash) : undefined;
}

const profilFor = (back: string) => `/admin/profil?redirectTo=${encodeURIComponent(back)}`;

test("only a page of the admin area on this site is a way back from Profil", () => {
  for (const [value, expected] of [
    ["/admin/datenschutz", "/admin/datenschutz"],
    ["/admin/newsletter?q=abo&seite=2", "/admin/newsletter?q=abo&seite=2"],
    ["/admin/newsletter.data", "/admin/newsletter"],
    ["/admin", "/admin"],
    ["/admin/profil", undefined],
    ["https://evil.example/admin", undefined],
    ["//evil.example/admin", undefined],
    ["/admin//evil.example", undefined],
    ["/admin/\\evil.example", undefined],
    ["/admin/../kontakt", undefined],
    ["/adminx", undefined],
    ["/kontakt", undefined],
    ["/admin/ datenschutz", undefined],
    [undefined, undefined],
    [["/admin"], undefined],
  ] as const) {
    expect(adminReturnPath(value), String(value)).toBe(expected);
  }
});

describe.each(serverDatabases)("sensitive admin actions on $name", (database) => {
  test("without a recent confirmation they are refused with the way to Profil and back; after confirming they work", async () => {
    const token = randomBytes(32).toString("base64url");
    const ids = { issue: "", subscriber: "", second: "", routine: "" };
    await withServer(database, {
      seed: async (db) => {
        const admin = await createAdmin(db, ADMIN);
        // A session signed in more than 10 minutes ago and not confirmed since.
        const { token: created } = await createSession(db, admin.id);
        await db
          .update(sessions)
          .set({ id: sha256Hex(token), verified_at: new Date(Date.now() - REAUTH_MS - 60_000) })
          .where(eq(sessions.id, sha256Hex(created)));
        const [subscriber, second] = await db
          .insert(newsletterSubscriptions)
          .values(
            [PERSON, SECOND].map((email) => ({
              email,
              gdpr_consent: true,
              is_confirmed: true,
              confirmed_at: new Date(),
            })),
          )
          .returning({ id: newsletterSubscriptions.id });
        const [, routine] = await db
          .insert(contactSubmissions)
          .values([
            { name: "Paula", email: PERSON, subject: "Anfrage Paula", message: "Bitte melden." },
            { name: "Rudi", email: "rudi@example.org", subject: "Erledigt", message: "Danke." },
          ])
          .returning({ id: contactSubmissions.id });
        ids.subscriber = subscriber!.id;
        ids.second = second!.id;
        ids.routine = routine!.id;
        ids.issue = await createIssue(db);
      },
      run: async ({ url }) => {
        const aged = { Cookie: `session=${token}` };
        const issuePath = `/admin/newsletter/ausgaben/${ids.issue}`;
        const issueForm = {
          intent: "send",
          subject: "Neuigkeiten",
          preheader: "",
          body: "Hallo!",
          send_at: "",
        };
        const lookup = () => postForm(url, "/admin/datenschutz", { intent: "lookup", email: PERSON }, aged);

        const refusals: [string, () => Promise<Response>, string][] = [
          ["subscriber CSV", () => get(url, "/admin/newsletter/export", aged.Cookie), "/admin/newsletter"],
          [
            "JSON export",
            () => postForm(url, "/admin/datenschutz/export.json", { email: PERSON }, aged),
            "/admin/datenschutz",
          ],
          [
            "page export",
            () => postForm(url, "/admin/datenschutz/export.html", { email: PERSON }, aged),
            "/admin/datenschutz",
          ],
          [
            "Alles löschen",
            () => postForm(url, "/admin/datenschutz", { intent: "erase", email: PERSON, block: "on" }, aged),
            "/admin/datenschutz",
          ],
          [
            "removing a subscriber",
            () => postForm(url, "/admin/newsletter?q=abonnentin", { id: ids.second }, aged),
            "/admin/newsletter?q=abonnentin",
          ],
          ["sending an issue", () => postForm(url, issuePath, issueForm, aged), issuePath],
        ];
        for (const [what, request, back] of refusals) {
          const response = await request();
          expect(response.status, what).toBe(302);
          expect(response.headers.get("location"), what).toBe(profilFor(back));
          expect(flashOf(response), what).toEqual({ type: "error", title: SECURITY_MESSAGES.confirmFirst });
          expect(await response.text(), what).not.toContain(PERSON);
        }
        // The same through React Router's data request.
        const data = await postForm(
          url,
          "/admin/datenschutz.data",
          { intent: "erase", email: PERSON, block: "on" },
          aged,
        );
        expect(data.status).toBe(202);
        expect(await data.text()).toContain(profilFor("/admin/datenschutz"));

        // Nothing happened: the person's data and both subscribers are there, the issue is a draft
        // that kept what was typed.
        const before = await lookup();
        expect(before.status).toBe(200);
        const found = await before.text();
        expect(found).toContain("Anfrage Paula");
        expect(found).toContain("1 Kontaktanfrage, 1 Newsletter-Abonnement");
        expect(await (await get(url, "/admin/newsletter", aged.Cookie)).text()).toContain(SECOND);
        const issue = await (await get(url, issuePath, aged.Cookie)).text();
        expect(issue).toContain("Neuigkeiten");

        // Routine work needs no confirmation: deleting a handled contact request.
        const routine = await postForm(url, "/admin/kontaktanfragen", { id: ids.routine }, aged);
        expect(routine.status).toBe(302);
        expect(routine.headers.get("location")).toBe("/admin/kontaktanfragen");

        // Profil shows the way back, but only to a page of the admin area.
        const profil = await (await get(url, profilFor("/admin/datenschutz"), aged.Cookie)).text();
        expect(profil).toContain(CONFIRMATION_MESSAGES.returnNotice);
        expect(profil).toMatch(/<a[^>]+href="\/admin\/datenschutz"/);
        const foreign = await (await get(url, profilFor("https://evil.example/"), aged.Cookie)).text();
        expect(foreign).not.toContain(CONFIRMATION_MESSAGES.returnNotice);
        expect(foreign).not.toMatch(/href="[^"]*evil\.example/);

        // Confirming with a foreign way back confirms and stays in Profil ...
        const stays = await postForm(
          url,
          profilFor("//evil.example/admin"),
          { intent: "confirm", password: ADMIN.password },
          aged,
        );
        expect(stays.status).toBe(200);
        expect(stays.headers.get("location")).toBeNull();
        // ... with the admin's, it goes back there.
        const back = await postForm(
          url,
          profilFor("/admin/datenschutz"),
          { intent: "confirm", password: ADMIN.password },
          aged,
        );
        expect(back.status).toBe(302);
        expect(back.headers.get("location")).toBe("/admin/datenschutz");
        expect(flashOf(back)).toEqual({ type: "success", title: CONFIRMATION_MESSAGES.confirmedBack });

        // Now the same session may.
        const csv = await get(url, "/admin/newsletter/export", aged.Cookie);
        expect(csv.status).toBe(200);
        expect(await csv.text()).toContain(PERSON);
        for (const format of ["json", "html"]) {
          const file = await postForm(url, `/admin/datenschutz/export.${format}`, { email: PERSON }, aged);
          expect(file.status, format).toBe(200);
          expect(await file.text(), format).toContain("Anfrage Paula");
        }
        const sent = await postForm(url, issuePath, issueForm, aged);
        expect(sent.status).toBe(302);
        expect(sent.headers.get("location")).toBe(issuePath);
        expect(flashOf(sent)?.type).toBe("success");
        const removed = await postForm(url, "/admin/newsletter", { id: ids.second }, aged);
        expect(flashOf(removed)?.type).toBe("success");
        const erased = await postForm(
          url,
          "/admin/datenschutz",
          { intent: "erase", email: PERSON, block: "on" },
          aged,
        );
        expect(erased.headers.get("location")).toBe("/admin/datenschutz");
        expect(flashOf(erased)).toEqual({ type: "success", title: PRIVACY_MESSAGES.erased });
      },
      after: async (db) => {
        expect(await db.select().from(newsletterSubscriptions)).toEqual([]);
        const [issue] = await db.select().from(newsletterIssues);
        expect(issue).toMatchObject({ subject: "Neuigkeiten" });
        expect(issue!.state).not.toBe("draft");
        expect(await db.select().from(contactSubmissions)).toEqual([]);
      },
    });
  });

  test("the lookup is a POST: an address in the URL looks nobody up; the Sperrvermerk answers a sign-up like a new address", async () => {
    const fresh = "ganz.neu@example.org";
    await withServer(database, {
      seed: async (db) => {
        await createAdmin(db, ADMIN);
        await db
          .insert(contactSubmissions)
          .values({ name: "Paula", email: PERSON, subject: "Anfrage Paula", message: "Bitte melden." });
      },
      run: async ({ url }) => {
        const cookie = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const own = { Cookie: cookie };

        // The old link: the empty form, no data, and the address not even in the field.
        for (const target of [
          `/admin/datenschutz?email=${PERSON}`,
          `/admin/datenschutz.data?email=${PERSON}`,
        ]) {
          const page = await get(url, target, cookie);
          expect(page.status, target).toBe(200);
          const body = await page.text();
          expect(body, target).not.toContain("Anfrage Paula");
          expect(body, target).not.toContain(PERSON);
        }
        // The form: a POST, answered with the page itself (no JavaScript needed).
        const form = await (await get(url, "/admin/datenschutz", cookie)).text();
        expect(form).toMatch(
          /<form[^>]+method="post"[^>]*>\s*<input type="hidden" name="intent" value="lookup"/,
        );
        const found = await postForm(url, "/admin/datenschutz", { intent: "lookup", email: PERSON }, own);
        expect(found.status).toBe(200);
        expect(found.headers.get("cache-control")).toBe("no-store");
        const page = await found.text();
        expect(page).toContain("Anfrage Paula");
        expect(page).toContain(PRIVACY_MESSAGES.heading);
        const invalid = await postForm(
          url,
          "/admin/datenschutz",
          { intent: "lookup", email: "kein-at" },
          own,
        );
        expect(invalid.status).toBe(400);
        expect(await invalid.text()).toContain(PRIVACY_MESSAGES.emailInvalid);

        // "Alles löschen" with the block; then a sign-up of the address is answered as a new one.
        const erased = await postForm(
          url,
          "/admin/datenschutz",
          { intent: "erase", email: PERSON.toUpperCase(), block: "on" },
          own,
        );
        expect(flashOf(erased)?.title).toBe(PRIVACY_MESSAGES.erased);
        // A form token is used up by its client's accepted submission: one each.
        const used = new Set<string>();
        for (const channel of ["document", "data"] as const) {
          const answers = [];
          for (const email of [` ${PERSON.toUpperCase()}`, channel === "data" ? fresh : `zweite.${fresh}`]) {
            const answer = await submitForm(
              url,
              "/?index",
              { formToken: await unusedFormToken(url, used, "/"), email, name: "" },
              { channel },
            );
            expect(isSuccess(answer, NEWSLETTER_MESSAGES.successSimple, "/"), `${channel} ${email}`).toBe(
              true,
            );
            answers.push({ status: answer.status, location: answer.location });
          }
          expect(answers[0], channel).toEqual(answers[1]);
        }
      },
      after: async (db) => {
        const stored = await db
          .select({ email: newsletterSubscriptions.email })
          .from(newsletterSubscriptions);
        expect(stored.map((row) => row.email).sort()).toEqual([fresh, `zweite.${fresh}`]);
        const mailed = await db.select({ to: outbox.to }).from(outbox);
        expect(mailed.map((row) => row.to.toLowerCase())).not.toContain(PERSON);
      },
    });
  });
});
