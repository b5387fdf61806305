import { expect, test } from "vitest";
import { createAdmin } from "~/db/admin-users.server";
import { contactSubmissions, newsletterSubscriptions } from "~/db/schema";
import { serverDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, signInOverHttp, withServer } from "../setup/http";

/**
 * Issue #16, finding 6: a flood from many addresses passes every per-client limit, so all public
 * forms together have a cap per hour (FORM_MAX_PER_HOUR). Reaching it refuses further contact
 * requests and sign-ups with the forms' German message, logs a warning, and never holds the admin.
 */
const ADMIN = { email: "owner@example.com", password: "Korrektes-Pferd-Batterie-42" };

test("the cap of all public forms refuses the next submission from any client, never the admin", async () => {
  await withServer(serverDatabases[0]!, {
    env: { FORM_MAX_PER_HOUR: "8", TRUST_PROXY: "X-Forwarded-For" },
    seed: async (db) => void (await createAdmin(db, ADMIN)),
    run: async ({ url, server }) => {
      const formToken = formTokenIn(await (await get(url, "/contact")).text());
      const contact = (n: number, client = `198.51.100.${n}`) =>
        postForm(
          url,
          "/contact",
          {
            intent: "contact",
            formToken,
            name: `Person ${n}`,
            email: `person${n}@example.org`,
            subject: `Anfrage ${n}`,
            message: "Hallo!",
          },
          { "X-Forwarded-For": client },
        );
      // One client: five within its own limit, two refused by it, which do not count for the cap.
      for (const n of [1, 2, 3, 4, 5]) expect((await contact(n, "203.0.113.1")).status).toBe(200);
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
