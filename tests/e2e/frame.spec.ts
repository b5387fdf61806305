import type { Page } from "@playwright/test";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";

/** The shared e2e server keeps the demo owner's default settings. */
const { owner, website } = DEFAULT_SETTINGS;
import {
  acceptCookiesUpFront,
  expect,
  isMobileProject,
  scrollWindowTo,
  scrollY,
  test,
  waitForHydration,
  withMotion,
} from "./fixtures";

/**
 * The shared page frame (spec §1, §2 "Footer", §4, §9): document basics, footer, obfuscated
 * contact links, scrolling and page transitions.
 */

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));

test("every public page is German, titled and has exactly one h1", async ({ page }) => {
  await acceptCookiesUpFront(page);
  const paths = ["/", "/impressum", "/datenschutz", "/cookies", "/projects", "/service/webdesign", "/about"];
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page, `title of ${path}`).toHaveTitle(new RegExp(owner.name));
    await expect(page.getByRole("heading", { level: 1 }), `h1 on ${path}`).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  }
});

test("the footer shows brand, tagline, link columns and the copyright", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/impressum");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");

  await expect(footer.getByText(website.brand, { exact: true })).toBeVisible();
  await expect(footer.getByText(website.tagline, { exact: true })).toBeVisible();
  // The specification's tagline is English, and says so to screen readers.
  await expect(footer.getByText(website.tagline, { exact: true })).toHaveAttribute("lang", "en");

  const navigation = footer.getByRole("navigation", { name: "Navigation" }).getByRole("link");
  await expect(navigation).toHaveText([
    "Home",
    "Mein Portfolio",
    "Mein Services",
    "Ideenwelt (öffnet in neuem Tab)",
    "Produktwelt (öffnet in neuem Tab)",
  ]);
  await expect(navigation.nth(0)).toHaveAttribute("href", "/");
  await expect(navigation.nth(1)).toHaveAttribute("href", "/projects");
  await expect(navigation.nth(2)).toHaveAttribute("href", "/service");
  for (const external of [navigation.nth(3), navigation.nth(4)]) {
    await expect(external).toHaveAttribute("href", /^https:\/\//);
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", /\bnoopener\b/);
  }

  const legal = footer.getByRole("navigation", { name: "Rechtliches" }).getByRole("link");
  await expect(legal).toHaveText(["Über mich", "Kontakt", "Impressum", "Datenschutz", "Cookies"]);
  const legalTargets = ["/about", "/contact", "/impressum", "/datenschutz", "/cookies"];
  for (const [index, href] of legalTargets.entries()) {
    await expect(legal.nth(index)).toHaveAttribute("href", href);
  }

  const year = new Date().getFullYear();
  await expect(footer.getByText(`© ${year} ${owner.name}. Alle Rechte vorbehalten.`)).toBeVisible();
  await expect(footer.getByRole("button", { name: "Nach oben" })).toBeVisible();
});

test("phone and e-mail are not in the server HTML, only in the hydrated links", async ({ page, request }) => {
  const { email } = owner;
  for (const path of ["/", "/impressum", "/datenschutz", "/cookies"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html, `footer rendered on ${path}`).toContain("E-Mail: ");
    expect(html, `raw e-mail address in ${path}`).not.toContain(email);
    expect(html, `mailto: in ${path}`).not.toContain("mailto:");
    expect(html, `tel: in ${path}`).not.toContain("tel:");
  }

  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  // Once hydrated, the links read and lead to the plain address.
  const mailLink = footer.getByRole("link", { name: /^E-Mail:/ });
  await expect(mailLink).toHaveAttribute("href", `mailto:${email}`);
  await expect(mailLink).toHaveText(`E-Mail: ${email}`, { useInnerText: true });
  await expect(mailLink).toBeVisible();

  const phoneLink = footer.getByRole("link", { name: /^Telefon:/ });
  await expect(phoneLink).toHaveAttribute("href", `tel:${owner.phoneDial}`);
  await expect(phoneLink).toHaveText(`Telefon: ${owner.phone}`, { useInnerText: true });
  await expect(phoneLink).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("text browsers and reader modes read the plain e-mail address and phone, no filler", async ({
    page,
  }) => {
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      // textContent counts hidden elements too: any decoy would show up here.
      const footer = page.getByRole("contentinfo");
      const mailLink = footer.getByRole("link", { name: /^E-Mail:/ });
      await expect(mailLink).toHaveText(`E-Mail: ${owner.email}`);
      await expect(mailLink).toHaveAttribute("href", "/contact");
      await expect(footer.getByRole("link", { name: /^Telefon:/ })).toHaveText(`Telefon: ${owner.phone}`);
    }
    const details = page.getByRole("region", { name: "Kontaktdaten" });
    await expect(details.locator("[data-contact=email]")).toHaveText(owner.email);
    await expect(details.locator("[data-contact=phone]")).toHaveText(owner.phone);
  });
});

test("navigating to another page scrolls back to the top", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/datenschutz");
  await waitForHydration(page);
  await scrollWindowTo(page, 1_500);

  // The target page is long enough to keep the old position if nothing scrolled.
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum", exact: true }).click();
  await expect(page).toHaveURL("/impressum");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impressum");
  await expect.poll(() => scrollY(page)).toBe(0);
});

test("the scroll-to-top button appears below 300 px and brings the page back up", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/datenschutz");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Zum Seitenanfang scrollen" });

  await expect(button).toBeHidden();
  await scrollWindowTo(page, 450);
  await expect(button).toBeVisible();
  await scrollWindowTo(page, 250);
  await expect(button).toBeHidden();

  await scrollWindowTo(page, 2_000);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(button).toBeHidden();
});

test("the footer's Nach oben button scrolls to the top", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto("/cookies");
  await waitForHydration(page);
  await scrollToBottom(page);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1_000);

  await page.getByRole("contentinfo").getByRole("button", { name: "Nach oben" }).click();
  await expect.poll(() => scrollY(page)).toBe(0);
});

type RecordedTransition = { ready: boolean; newPage?: string; oldPage?: string };

/**
 * Init script: counts document.startViewTransition calls and records, once each transition is
 * running, the animation of the outgoing and incoming page ("name duration delay").
 */
function instrumentViewTransitions() {
  const recorded: RecordedTransition[] = [];
  Object.assign(window, { __viewTransitions: recorded });
  const original = Document.prototype.startViewTransition;
  if (typeof original !== "function") return;
  Document.prototype.startViewTransition = function (this: Document, ...args) {
    const transition = original.apply(this, args);
    const entry: RecordedTransition = { ready: false };
    recorded.push(entry);
    const describe = (pseudo: string) => {
      const style = getComputedStyle(document.documentElement, pseudo);
      return `${style.animationName} ${style.animationDuration} ${style.animationDelay}`;
    };
    transition.ready.then(
      () => {
        entry.newPage = describe("::view-transition-new(page)");
        entry.oldPage = describe("::view-transition-old(page)");
        entry.ready = true;
      },
      () => undefined,
    );
    return transition;
  } as typeof original;
}

const transitions = (page: Page) =>
  page.evaluate(() => (window as unknown as { __viewTransitions: RecordedTransition[] }).__viewTransitions);

test("internal links change pages with the view transition", async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.addInitScript(instrumentViewTransitions);
  await page.goto("/");
  await waitForHydration(page);

  await expect(page.getByRole("main")).toHaveCSS("view-transition-name", "page");
  expect(await page.evaluate(() => typeof document.startViewTransition)).toBe("function");

  // A footer link …
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum", exact: true }).click();
  await expect(page).toHaveURL("/impressum");
  await expect.poll(async () => (await transitions(page)).length).toBe(1);

  // … and a header menu link both navigate with a transition.
  if (isMobileProject(testInfo.project.name)) {
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Über mich" }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Hauptmenü" })
      .getByRole("link", { name: "Über mich" })
      .click();
  }
  await expect(page).toHaveURL("/about");
  await expect.poll(async () => (await transitions(page)).length).toBe(2);
});

test("the page transition fades out in 0.3 s, then in over 0.5 s, and not at all with reduced motion", async ({
  page,
}) => {
  await withMotion(page);
  await acceptCookiesUpFront(page);
  await page.addInitScript(instrumentViewTransitions);
  await page.goto("/");
  await waitForHydration(page);

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookies", exact: true }).click();
  await expect(page).toHaveURL("/cookies");
  await expect.poll(async () => (await transitions(page))[0]?.ready).toBe(true);
  const [normal] = await transitions(page);
  expect(normal!.oldPage).toBe("page-out 0.3s 0s");
  expect(normal!.newPage).toBe("page-in 0.5s 0.3s");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.getByRole("link", { name: "Zurück zur Startseite" }).click();
  await expect(page).toHaveURL("/");
  await expect.poll(async () => (await transitions(page))[1]?.ready).toBe(true);
  const [, reduced] = await transitions(page);
  expect(reduced!.oldPage).toMatch(/^none /);
  expect(reduced!.newPage).toMatch(/^none /);
});
