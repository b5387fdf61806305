import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { contactSubmissions, newsletterSubscriptions } from "~/platform/db/schema";
import { PUBLIC_FORMS_AT_ONCE, PUBLIC_FORMS_WAITING } from "../../server/public-form-posts";
import { singleFetchActionData } from "~/platform/react-router-internals/single-fetch";
import { serverDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, withServer } from "../setup/http";

/**
 * once the cap of all public forms is reached, their POSTs from JavaScript are refused
 * in front of the app (server/public-form-posts.ts), with the answer the action gives, in React
 * Router's own encoding; and public form POSTs take turns into the router.
 */

/** What React Router's client makes of a single-fetch body. */
async function decoded(body: string): Promise<unknown> {
  const stream = new Response(body).body!;
  return (await decodeViaTurboStream(stream, globalThis)).value;
}

test("the hand-encoded answer is what React Router's decoder reads, repeated values included", async () => {
  const value = { ok: false, title: "Titel", description: "Titel", form: "contact", extra: false };
  expect(await decoded(singleFetchActionData(value))).toEqual({ data: value });
});

test("with the cap reached, every public form's .data POST gets its action's refusal, and nothing is stored", async () => {
  await withServer(serverDatabases[0]!, {
    env: { FORM_MAX_PER_HOUR: "1", TRUST_PROXY: "X-Forwarded-For" },
    run: async ({ url }) => {
      const formToken = formTokenIn(await (await get(url, "/contact")).text());
      let client = 0;
      const post = (path: string, body: Record<string, string>) =>
        postForm(url, path, { formToken, ...body }, { "X-Forwarded-For": `198.51.100.${++client}` });
      const contact = (n: number) => ({
        intent: "contact",
        name: `Person ${n}`,
        email: `person${n}@example.org`,
        subject: "Anfrage",
        message: "Hallo!",
      });

      expect((await post("/contact.data", contact(1))).status).toBe(200);
      // The first refusal comes from the action (the database counts the cap) ...
      const fromAction = await post("/contact.data", contact(2));
      expect(fromAction.status).toBe(429);
      const actionData = (await decoded(await fromAction.text())) as { data: Record<string, unknown> };
      // ... the next ones from in front of the app: the same answer without the visitor's values.
      const refusals = [
        ["/contact.data", contact(3), CONTACT_MESSAGES.failure, "contact"],
        [
          "/contact.data",
          { intent: "newsletter", email: "leser@example.org", consent: "on" },
          NEWSLETTER_MESSAGES.failure,
          "newsletter-optin",
        ],
        ["/_.data?index", { email: "leser@example.org" }, NEWSLETTER_MESSAGES.failure, "newsletter-simple"],
      ] as const;
      for (const [path, body, title, form] of refusals) {
        const response = await post(path, body);
        expect(response.status, path).toBe(429);
        expect(response.headers.get("content-type")).toBe(fromAction.headers.get("content-type"));
        expect(response.headers.get("x-remix-response")).toBe("yes");
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(3000);
        expect(response.headers.get("cache-control")).toBe("no-store");
        const { values: _values, ...expected } = actionData.data;
        expect(await decoded(await response.text()), path).toEqual({ data: { ...expected, title, form } });
      }

      // Without JavaScript the action still answers, with the page and the visitor's values.
      const page = await post("/contact", contact(4));
      expect(page.status).toBe(429);
      const html = await page.text();
      expect(html).toContain("Zu viele Anfragen in kurzer Zeit");
      expect(html).toContain("person4@example.org");

      // Another site's POST is not answered in front of the app: it is refused as before.
      const crossSite = await fetch(`${url}/contact.data`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
        body: new URLSearchParams(contact(5)).toString(),
      });
      expect(crossSite.status).toBe(403);
    },
    after: async (db) => {
      expect(await db.select().from(contactSubmissions)).toHaveLength(1);
      expect(await db.select().from(newsletterSubscriptions)).toHaveLength(0);
    },
  });
}, 120_000);

test("a burst of public form POSTs takes turns: paced, each stored and acknowledged or refused by a limit", async () => {
  // Paced at 5 a second, 160 at once: the first seconds let in a few, a hundred wait, the rest
  // are refused at once (unless their arrival took more than 11 s).
  const perSecond = 5;
  const burst = PUBLIC_FORMS_WAITING + 60;
  const acknowledged = await withServer(serverDatabases[0]!, {
    env: { TRUST_PROXY: "X-Forwarded-For", FORM_MAX_PER_SECOND: String(perSecond) },
    run: async ({ url }) => {
      const formToken = formTokenIn(await (await get(url, "/contact")).text());
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, n) =>
          postForm(
            url,
            "/contact.data",
            {
              intent: "contact",
              formToken,
              name: `Person ${n}`,
              email: `burst${n}@example.org`,
              subject: "Anfrage",
              message: "Hallo!",
            },
            { "X-Forwarded-For": `10.1.${n >> 8}.${n & 255}` },
          ).then(async (response) => ({ n, status: response.status, body: await response.text() })),
        ),
      );
      const elapsed = performance.now() - started;
      const stored = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(stored.length + refused.length).toBe(burst);
      expect(refused.length).toBeGreaterThanOrEqual(
        burst - PUBLIC_FORMS_WAITING - PUBLIC_FORMS_AT_ONCE - 11 * perSecond,
      );
      expect(await decoded(refused[0]!.body)).toMatchObject({
        data: { ok: false, title: CONTACT_MESSAGES.failure, form: "contact" },
      });
      // One start every 200 ms at most.
      expect(elapsed).toBeGreaterThanOrEqual(((stored.length - 1) * 1000) / perSecond - 50);
      return stored.map((answer) => `burst${answer.n}@example.org`);
    },
    after: async (db, acknowledged) => {
      const stored = (await db.select({ email: contactSubmissions.email }).from(contactSubmissions)).map(
        (row) => row.email,
      );
      expect(stored.sort()).toEqual([...acknowledged].sort());
    },
  });
  expect(acknowledged.length).toBeGreaterThan(0);
}, 120_000);
