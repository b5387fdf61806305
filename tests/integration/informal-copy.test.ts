import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CATEGORY_PAGES, emptyCategoryMessage } from "~/features/projects/categories";
import { CONSENT_TEXTS } from "~/features/newsletter/consent";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { COOKIE_BANNER_TEXT } from "~/features/site/messages";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { SERVICE_PAGES } from "~/features/pages/services";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { newsletterHtml, newsletterText } from "~/features/newsletter/issue-mail.server";
import { contactNotification } from "~/features/contact/notification-mail.server";
import { newsletterConfirmation } from "~/features/newsletter/confirmation-mail.server";
import { testMail } from "~/features/settings/mail-templates.server";

/**
 * The site says "du" to its visitors. Formal address is allowed only where the
 * specification quotes a string verbatim; those strings are listed here, each exactly as quoted.
 */
const SPEC_FIXED = [
  // Spec §2 "Category page": the empty message 'Keine {category title} gefunden. Bitte schauen Sie später wieder vorbei.'
  "Bitte schauen Sie später wieder vorbei.",
];

/** Formal address as a whole word, case-sensitive ("sie" for "they" is fine). */
const FORMAL = /(?<!\p{L})(?:Sie|Ihr|Ihre|Ihrer|Ihren|Ihrem|Ihres|Ihnen)(?!\p{L})/gu;

function formalIn(text: string): string[] {
  const rest = SPEC_FIXED.reduce((current, fixed) => current.replaceAll(fixed, ""), text);
  return [...rest.matchAll(FORMAL)].map((match) => {
    const start = Math.max(0, match.index - 40);
    return `…${rest.slice(start, match.index + 40)}…`;
  });
}

/** Every string in a value, however deeply nested. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value instanceof Map) return [...value.values()].flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const issue = { subject: "Neues aus meiner Werkstatt", preheader: "Kurz notiert", body: "Hallo!" };
const mailContext = { settings: DEFAULT_SETTINGS, publicUrl: "https://www.example.org" };

const visitorCopy: Record<string, unknown> = {
  "built-in projects": fallbackProjects,
  "service pages": SERVICE_PAGES,
  "page defaults": DEFAULT_PAGES,
  "category pages": [CATEGORY_PAGES, CATEGORY_PAGES.map((page) => emptyCategoryMessage(page.title))],
  messages: [
    PUBLIC_MESSAGES,
    CONTACT_MESSAGES,
    NEWSLETTER_MESSAGES,
    FORM_GUARD_MESSAGES,
    FORM_GUARD_MESSAGES.rateLimited(1),
    FORM_GUARD_MESSAGES.rateLimited(5),
    COOKIE_BANNER_TEXT,
    CONSENT_TEXTS,
  ],
  mails: [
    contactNotification(
      { name: "Kim", email: "kim@example.org", subject: "Anfrage", message: "Hallo" },
      DEFAULT_SETTINGS,
    ),
    newsletterConfirmation(
      {
        to: "kim@example.org",
        confirmUrl: "https://www.example.org/newsletter/bestaetigen?token=x",
        unsubscribeUrl: "https://www.example.org/newsletter/abmelden?id=x",
      },
      DEFAULT_SETTINGS,
    ),
    testMail(DEFAULT_SETTINGS, "https://www.example.org"),
    newsletterText(issue, mailContext),
    newsletterHtml(issue, mailContext),
    newsletterText(issue, {
      ...mailContext,
      unsubscribeUrl: "https://www.example.org/newsletter/abmelden?id=x",
    }),
  ],
};

/**
 * Source files with visitor text: every module of the public features except their admin
 * routes (`admin-*`), and the mails. Legal texts and the admin area are checked elsewhere.
 */
const ROOT = join(import.meta.dirname, "../..");
const PUBLIC_FEATURES = ["site", "projects", "contact", "newsletter", "pages", "media"];
const visitorSources = [
  ...PUBLIC_FEATURES.flatMap((feature) =>
    readdirSync(join(ROOT, "app/features", feature), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/(^|\/)admin-/.test(name) && !name.endsWith(".test.ts"))
      .map((name) => `app/features/${feature}/${name}`),
  ),
  "app/features/settings/mail-templates.server.ts",
  "app/features/auth/sign-in-mails.server.ts",
];

describe("visitor copy uses informal address (du)", () => {
  test("the check finds formal address and lets only the spec's own strings through", () => {
    expect(formalIn("Wenn Sie mögen, schreiben Sie mir. Ihre Daten, Ihnen zuliebe; Ihr Team.")).toHaveLength(
      5,
    );
    expect(formalIn("Bitte schau in dein Postfach; sie läuft im Browser.")).toEqual([]);
    // Every exception is still in use, word for word; a stale entry would hide nothing.
    expect(emptyCategoryMessage("Projekte")).toBe(
      "Keine Projekte gefunden. Bitte schauen Sie später wieder vorbei.",
    );
    expect(formalIn(emptyCategoryMessage("Projekte"))).toEqual([]);
  });

  for (const [area, value] of Object.entries(visitorCopy)) {
    test(`${area}: no Sie, Ihr, Ihre or Ihnen`, () => {
      const strings = stringsOf(value);
      expect(strings.length).toBeGreaterThan(0);
      expect(strings.flatMap(formalIn)).toEqual([]);
    });
  }

  test("public routes and site components: no formal address in their source", () => {
    expect(visitorSources).toContain("app/features/newsletter/newsletter-confirm.tsx");
    expect(visitorSources).toContain("app/features/site/cookie-banner.tsx");
    const found = visitorSources.flatMap((path) =>
      formalIn(readFileSync(join(ROOT, path), "utf8")).map((hit) => `${path}: ${hit}`),
    );
    expect(found).toEqual([]);
  });
});
