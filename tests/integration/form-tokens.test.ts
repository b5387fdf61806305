import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { describe, expect, test } from "vitest";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { contactSubmissions, newsletterSubscriptions } from "~/platform/db/schema";
import type { FormResult } from "~/platform/forms/guard.server";
import { serverDatabases } from "../setup/databases";
import { formTokenIn, get, postForm, withServer } from "../setup/http";
import { contactFields } from "../setup/public-forms";

/**
 * a form token was good for 24 hours and any number of submissions. Now a
 * submission that is accepted uses its token up (for its client and kind of form): a replay, also
 * one sent at the same moment, gets the "expired" answer. A failed one leaves the token, so that
 * the visitor can correct and send again; every answer that uses a token up brings the next.
 */

/** The action's data of a `.data` answer, as React Router's client reads it. */
async function answerOf(response: Response): Promise<FormResult> {
  const decoded = await decodeViaTurboStream(response.body!, globalThis);
  return (decoded.value as { data: FormResult }).data;
}

const contact = (formToken: string, n: number) => contactFields(n, formToken);

describe.each(serverDatabases)("single-use form tokens on $name", (database) => {
  test("a token is used up by the submission it brought, and the answer brings the next", async () => {
    await withServer(database, {
      env: { TRUST_PROXY: "X-Forwarded-For" },
      run: async ({ url }) => {
        const token = formTokenIn(await (await get(url, "/contact")).text());
        const from = (client: string) => ({ "X-Forwarded-For": client });

        // A failed submission leaves the token: corrected, it is sent with the same one.
        const invalid = await postForm(
          url,
          "/contact.data",
          { ...contact(token, 1), email: "x" },
          from("192.0.2.1"),
        );
        expect(invalid.status).toBe(400);
        expect((await answerOf(invalid)).formToken).toBeUndefined();
        const sent = await postForm(url, "/contact.data", contact(token, 1), from("192.0.2.1"));
        expect(sent.status).toBe(200);
        const next = (await answerOf(sent)).formToken!;
        expect(next).toMatch(/^\d+\./);
        expect(next).not.toBe(token);

        // Sent again, it is refused as expired, with a fresh token; the one from the answer works.
        const replay = await postForm(url, "/contact.data", contact(token, 2), from("192.0.2.1"));
        expect(replay.status).toBe(400);
        const refused = await answerOf(replay);
        expect(refused.description).toBe(FORM_GUARD_MESSAGES.expired);
        expect(refused.formToken).toMatch(/^\d+\./);
        expect((await postForm(url, "/contact.data", contact(next, 3), from("192.0.2.1"))).status).toBe(200);
        // Without JavaScript the same: the refusal is the page, whose form carries a fresh token.
        expect((await postForm(url, "/contact", contact(token, 4), from("192.0.2.6"))).status).toBe(200);
        const page = await postForm(url, "/contact", contact(token, 5), from("192.0.2.6"));
        expect(page.status).toBe(400);
        const html = await page.text();
        expect(html).toContain(FORM_GUARD_MESSAGES.expired);
        expect(
          (await postForm(url, "/contact", contact(formTokenIn(html), 5), from("192.0.2.6"))).status,
        ).toBe(200);

        // Two at once with one token: one is taken, the other refused as expired.
        const together = await Promise.all(
          [6, 7].map((n) => postForm(url, "/contact", contact(token, n), from("192.0.2.2"))),
        );
        expect(together.map((answer) => answer.status).sort()).toEqual([200, 400]);
        expect(await together.find((answer) => answer.status === 400)!.text()).toContain(
          FORM_GUARD_MESSAGES.expired,
        );

        // A cached page gives every visitor the same token: another client's use is its own.
        expect((await postForm(url, "/contact", contact(token, 8), from("192.0.2.3"))).status).toBe(200);

        // The newsletter forms alike, on the home page and beside the contact form.
        const signUp = (email: string) => ({ intent: "newsletter", formToken: token, email });
        const simple = await postForm(url, "/?index", signUp("eins@example.org"), from("192.0.2.4"));
        expect(simple.status).toBe(200);
        const again = await postForm(url, "/?index", signUp("zwei@example.org"), from("192.0.2.4"));
        expect(again.status).toBe(400);
        expect(await again.text()).toContain(FORM_GUARD_MESSAGES.expired);
        const optIn = await Promise.all(
          ["drei@example.org", "vier@example.org"].map((email) =>
            postForm(url, "/contact", { ...signUp(email), consent: "on" }, from("192.0.2.5")),
          ),
        );
        expect(optIn.map((answer) => answer.status).sort()).toEqual([200, 400]);
      },
      after: async (db) => {
        const requests = await db.select({ name: contactSubmissions.name }).from(contactSubmissions);
        expect(requests).toHaveLength(6);
        expect(requests.map((row) => row.name)).toEqual(
          expect.arrayContaining(["Person 1", "Person 3", "Person 4", "Person 5", "Person 8"]),
        );
        const subscribers = await db
          .select({ email: newsletterSubscriptions.email })
          .from(newsletterSubscriptions);
        expect(subscribers.map((row) => row.email)).toContain("eins@example.org");
        expect(subscribers).toHaveLength(2);
      },
    });
  }, 120_000);
});
