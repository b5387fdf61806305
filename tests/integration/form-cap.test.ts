import { describe, expect } from "vitest";
import { ADMIN_MESSAGES } from "~/features/admin/messages";
import { createAdmin } from "~/features/auth/admin-users.server";
import { lastFormCapRecord, recordFormCapRefusals } from "~/platform/forms/form-cap.server";
import { contactSubmissions, newsletterSubscriptions } from "~/platform/db/schema";
import { serverDatabases, test, testDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, signInOverHttp, unusedFormToken, withServer } from "../setup/http";
import { contactFields } from "../setup/public-forms";

/**
 * a flood from many addresses passes every per-client limit, so all public
 * forms together have a cap per hour (FORM_MAX_PER_HOUR). Reaching it refuses further contact
 * requests and sign-ups with the forms' German message, logs a warning, and never holds the admin.
 * only submissions that would be stored count against it, the public forms' client is
 * an IPv6 /48, and the owner's admin says when the cap was reached and how many it refused.
 */
const ADMIN = { email: "owner@example.com", password: "Korrektes-Pferd-Batterie-42" };

test("the cap of all public forms refuses the next submission from any client, never the admin", async () => {
  await withServer(serverDatabases[0]!, {
    env: { FORM_MAX_PER_HOUR: "8", TRUST_PROXY: "X-Forwarded-For" },
    seed: async (db) => void (await createAdmin(db, ADMIN)),
    run: async ({ url, server }) => {
      const used = new Set<string>();
      const formToken = await unusedFormToken(url, used);
      const contact = async (n: number, client = `198.51.100.${n}`, token = formToken) =>
        postForm(url, "/contact", contactFields(n, token), { "X-Forwarded-For": client });
      // One client: five within its own limit (a token each: one is used up by its message),
      // two refused by it, which do not count for the cap.
      for (const n of [1, 2, 3, 4, 5]) {
        const token = await unusedFormToken(url, used);
        expect((await contact(n, "203.0.113.1", token)).status).toBe(200);
      }
      for (const n of [6, 7]) expect((await contact(n, "203.0.113.1")).status).toBe(429);
      // Three more clients fill the cap of eight; the next one, from anywhere, is refused.
      for (const n of [8, 9, 10]) expect((await contact(n)).status, `contact ${n}`).toBe(200);
      const refused = await contact(11);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Zu viele Anfragen in kurzer Zeit");
      const signUp = await postForm(
        url,
        "/?index",
        { intent: "newsletter-simple", formToken, email: "leser@example.org" },
        { "X-Forwarded-For": "198.51.100.5" },
      );
      expect(signUp.status).toBe(429);
      // The owner still signs in.
      expect(await signInOverHttp(url, ADMIN.email, ADMIN.password)).toMatch(/session=/);
      await expect.poll(() => server.output()).toContain("FORM_MAX_PER_HOUR");
    },
    after: async (db) => {
      expect(await db.select().from(contactSubmissions)).toHaveLength(8);
      expect(await db.select().from(newsletterSubscriptions)).toHaveLength(0);
    },
  });
}, 120_000);

describe.each(serverDatabases)("the cap of all public forms on $name", (database) => {
  test("invalid entries do not use it up; reached, the Kontaktanfragen tab says when and how many were refused", async () => {
    await withServer(database, {
      env: { FORM_MAX_PER_HOUR: "2", TRUST_PROXY: "X-Forwarded-For" },
      seed: async (db) => void (await createAdmin(db, ADMIN)),
      run: async ({ url }) => {
        const formToken = formTokenIn(await (await get(url, "/contact")).text());
        const from = (client: string) => ({ "X-Forwarded-For": client });
        // Twenty-four invalid submissions from six clients, each within its own limit of five.
        for (const client of [1, 2, 3, 4]) {
          for (const n of [1, 2, 3, 4]) {
            const invalid = { ...contactFields(n, formToken), message: "" };
            const answer = await postForm(url, "/contact", invalid, from(`198.51.100.${client}`));
            expect(answer.status, `contact ${client}/${n}`).toBe(400);
          }
        }
        for (const client of [5, 6]) {
          for (const n of [1, 2, 3, 4]) {
            const invalid = { intent: "newsletter", formToken, email: `kein-${n}`, consent: "on" };
            const answer = await postForm(url, "/contact", invalid, from(`198.51.100.${client}`));
            expect(answer.status, `sign-up ${client}/${n}`).toBe(400);
          }
        }
        // The cap of two takes two valid ones, whatever came before ...
        expect(
          (await postForm(url, "/contact", contactFields(7, formToken), from("198.51.100.7"))).status,
        ).toBe(200);
        const signUp = { intent: "newsletter-simple", formToken, email: "leser@example.org" };
        expect((await postForm(url, "/?index", signUp, from("198.51.100.8"))).status).toBe(200);
        // ... and refuses the next three: the first counted by the database, the others not.
        for (const client of [9, 10, 11]) {
          const answer = await postForm(
            url,
            "/contact",
            contactFields(client, formToken),
            from(`198.51.100.${client}`),
          );
          expect(answer.status, `contact from ${client}`).toBe(429);
        }

        // The owner's admin says so, in German, with what to do about it.
        const session = await signInOverHttp(url, ADMIN.email, ADMIN.password);
        const tab = async () => (await get(url, "/admin/kontaktanfragen", session)).text();
        await expect.poll(tab, { timeout: 10_000 }).toContain("3 Einsendungen wurden abgewiesen.");
        const html = await tab();
        expect(html).toContain(ADMIN_MESSAGES.formCapHeading);
        expect(html).toMatch(
          /Das Stundenlimit aller Formulare \(FORM_MAX_PER_HOUR = 2\) wurde am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr erreicht; 3 Einsendungen wurden abgewiesen\./,
        );
        expect(html).toMatch(
          /Bis \d\d:\d\d Uhr nimmt die Website keine Kontaktanfragen und Newsletter-Anmeldungen an\./,
        );
        expect(html).toContain(ADMIN_MESSAGES.formCapWhatToDo);
      },
      after: async (db) => {
        expect(await db.select().from(contactSubmissions)).toHaveLength(1);
        expect(await db.select().from(newsletterSubscriptions)).toHaveLength(1);
        expect(await lastFormCapRecord(db)).toMatchObject({ refused: 3, cap: 2 });
      },
    });
  }, 120_000);

  test("two addresses in one IPv6 /48, in different /64s, share the public forms' limit of a client", async () => {
    await withServer(database, {
      env: { TRUST_PROXY: "X-Forwarded-For" },
      run: async ({ url }) => {
        const used = new Set<string>();
        const contact = async (n: number, client: string) =>
          postForm(url, "/contact", contactFields(n, await unusedFormToken(url, used)), {
            "X-Forwarded-For": client,
          });
        const signUp = async (n: number, client: string) =>
          postForm(
            url,
            "/?index",
            {
              intent: "newsletter-simple",
              formToken: await unusedFormToken(url, used, "/"),
              email: `l${n}@example.org`,
            },
            { "X-Forwarded-For": client },
          );
        for (const send of [contact, signUp]) {
          // Five networks of a /64 each within 2001:db8:4800::/48 use up its limit of five ...
          for (const n of [1, 2, 3, 4, 5]) {
            expect((await send(n, `2001:db8:4800:${n}::1`)).status, `${send.name} ${n}`).toBe(200);
          }
          const refused = await send(6, "2001:db8:4800:6:a:b:c:d");
          expect(refused.status, send.name).toBe(429);
          expect(await refused.text()).toContain("Zu viele Anfragen in kurzer Zeit");
          // ... and the next /48 has its own.
          expect((await send(7, "2001:db8:4801::1")).status, send.name).toBe(200);
        }
      },
    });
  }, 120_000);
});

describe.each(testDatabases)("the record of the cap on $name", (database) => {
  test.override({ database });

  test("refusals of one hour add up, from any instance; a later hour starts a new record", async ({ db }) => {
    expect(await lastFormCapRecord(db)).toBeUndefined();
    const hour = new Date(Date.now() + 40 * 60_000);
    await recordFormCapRefusals(db, { refused: 1, windowEndsAt: hour, cap: 300 });
    // Another instance's end of the same hour, a second off.
    await recordFormCapRefusals(db, {
      refused: 41,
      windowEndsAt: new Date(hour.getTime() + 1000),
      cap: 300,
    });
    const first = await lastFormCapRecord(db);
    expect(first).toMatchObject({ refused: 42, cap: 300, windowEndsAt: hour });
    expect(Math.abs(first!.reachedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const next = new Date(hour.getTime() + 60 * 60_000);
    await recordFormCapRefusals(db, { refused: 5, windowEndsAt: next, cap: 500 });
    expect(await lastFormCapRecord(db)).toMatchObject({ refused: 5, cap: 500, windowEndsAt: next });
  });
});
