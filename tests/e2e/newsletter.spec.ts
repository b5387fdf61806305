import type { Page } from "@playwright/test";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  clientAddressOf,
  expect,
  formTokenOf,
  postForm,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { mailsTo, waitForMails, type ReceivedMail } from "./mail";

/**
 * Newsletter (spec §4, §5, §8, §9): the simple sign-up on the home page and the double opt-in
 * card on the contact page, through a real SMTP receiver (mail → link → confirm → unsubscribe).
 */

const CONFIRM_SUBJECT = "Bitte bestätige deine Newsletter-Anmeldung";

const homeBlock = (page: Page) => page.getByRole("region", { name: "Bleib auf dem Laufenden" });
const card = (page: Page) => page.getByRole("region", { name: "Newsletter abonnieren" });

/** Path and query of the first link in `text` that leads to `path` on this site. */
function linkTo(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, "\\/")}\\?\\S+)`));
  expect(match, `the mail links to ${path}`).toBeTruthy();
  return match![1]!;
}

/** Signs `email` up with the double opt-in card of the contact page (already open). */
async function signUpWithCard(page: Page, email: string, options: { consent: boolean; name?: string }) {
  const form = card(page);
  if (options.name !== undefined) await form.getByLabel("Name (optional)").fill(options.name);
  await form.getByLabel("E-Mail", { exact: true }).fill(email);
  await form.getByRole("checkbox").setChecked(options.consent);
  await form.getByRole("button", { name: "Bestätigungs-E-Mail anfordern" }).click();
}

test("home block: 'Wird angemeldet...', success toast and mail; a second try is a duplicate without mail", async ({
  page,
  consoleGuard,
}, testInfo) => {
  await actAsOwnClient(page, testInfo);
  await acceptCookiesUpFront(page);
  await page.goto("/");
  await waitForHydration(page);

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/" || url.pathname.startsWith("/_root") || url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.fallback();
    },
  );

  const email = uniqueEmail(testInfo, "block");
  const block = homeBlock(page);
  await block.getByLabel("Name (optional)").fill("Erika");
  await block.getByLabel("E-Mail", { exact: true }).fill(email);
  await block.getByRole("button", { name: "Anmelden" }).click();
  const busy = block.getByRole("button", { name: "Wird angemeldet..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  const success = toastWith(page, "Erfolgreich angemeldet!");
  await expect(success).toBeVisible();
  await expect(success).toContainText("Danke für dein Interesse!");
  await expect(block.getByLabel("E-Mail", { exact: true })).toHaveValue("");
  await expect(block.getByLabel("Name (optional)")).toHaveValue("");
  await expect(block.getByRole("button", { name: "Anmelden" })).toBeEnabled();

  const [mail] = await waitForMails(email, 1);
  expect(mail!.subject).toBe(CONFIRM_SUBJECT);
  // The mail greets without the typed name: anyone can sign up any address.
  expect(mail!.text).toMatch(/^Hallo,$/m);
  expect(mail!.text).not.toContain("Erika");

  // The same address again: the duplicate message, and no second mail.
  consoleGuard.allow(/status of 409/);
  await block.getByLabel("E-Mail", { exact: true }).fill(email);
  await block.getByRole("button", { name: "Anmelden" }).click();
  const duplicate = toastWith(page, "Diese E-Mail ist bereits angemeldet.");
  await expect(duplicate).toBeVisible();
  await expect(duplicate).toContainText("Bitte verwende eine andere E-Mail-Adresse.");
  await expect(block.getByLabel("E-Mail", { exact: true })).toHaveValue(email);
  // A pending address gets no second mail within a minute.
  await page.waitForTimeout(3_000);
  expect(mailsTo(email)).toHaveLength(1);
});

test("double opt-in card: consent is required", async ({ page, consoleGuard }, testInfo) => {
  await actAsOwnClient(page, testInfo);
  consoleGuard.allow(/status of 400/);
  await acceptCookiesUpFront(page);
  await page.goto("/contact");
  await waitForHydration(page);

  const email = uniqueEmail(testInfo, "ohne-zustimmung");
  await signUpWithCard(page, email, { consent: false });
  const toast = toastWith(page, "Bitte stimme der DSGVO zu");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    "Du musst der Datenschutzerklärung zustimmen, um den Newsletter zu abonnieren.",
  );
  await expect(card(page).getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
  await expect(card(page).getByLabel("E-Mail", { exact: true })).toHaveValue(email);

  await page.waitForTimeout(1_000);
  expect(mailsTo(email)).toHaveLength(0);
});

test("double opt-in end to end: mail, link, confirm by button, duplicate, unsubscribe, sign up again", async ({
  page,
  consoleGuard,
}, testInfo) => {
  test.slow();
  await actAsOwnClient(page, testInfo);
  consoleGuard.allow(/status of 409/);
  await acceptCookiesUpFront(page);
  await page.goto("/contact");
  await waitForHydration(page);

  const email = uniqueEmail(testInfo, "opt-in");
  await signUpWithCard(page, email, { consent: true, name: "Erika" });
  const sent = toastWith(page, "Bestätigungs-E-Mail versendet!");
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("Bitte schau in dein Postfach");
  await expect(card(page).getByLabel("E-Mail", { exact: true })).toHaveValue("");
  await expect(card(page).getByRole("checkbox")).not.toBeChecked();

  // The mail: subject, one-click unsubscribe headers, confirmation link with a 64-hex token.
  const [mail] = (await waitForMails(email, 1)) as [ReceivedMail];
  expect(mail.subject).toBe(CONFIRM_SUBJECT);
  expect(mail.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/newsletter\/abmelden\?id=[^>]+>$/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const confirmPath = linkTo(mail.text, "/newsletter/bestaetigen");
  expect(confirmPath).toMatch(/^\/newsletter\/bestaetigen\?token=[0-9a-f]{64}$/);
  const unsubscribePath = linkTo(mail.text, "/newsletter/abmelden");
  expect(mail.headers["list-unsubscribe"]).toContain(unsubscribePath);

  // Opening the link (as a mail scanner would) confirms nothing: the button does.
  await page.goto(confirmPath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter-Anmeldung bestätigen");
  await page.goto(confirmPath);
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Anmeldung bestätigen" });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deine Anmeldung ist bestätigt");

  // Opening the link again: still confirmed.
  await page.goto(confirmPath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deine Anmeldung ist bestätigt");
  await expect(page.getByRole("button", { name: "Anmeldung bestätigen" })).toHaveCount(0);

  // A confirmed address cannot sign up twice.
  await page.goto("/contact");
  await waitForHydration(page);
  await signUpWithCard(page, email, { consent: true });
  const duplicate = toastWith(page, "Diese E-Mail ist bereits angemeldet.");
  await expect(duplicate).toBeVisible();
  await expect(duplicate).toContainText("Bitte verwende eine andere E-Mail-Adresse.");

  // Opening the unsubscribe link changes nothing (link scanners open every link) …
  await page.goto(unsubscribePath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter abbestellen");
  const [local, domain] = email.split("@") as [string, string];
  await expect(page.getByRole("main")).toContainText(
    `${local[0]}•••@${domain[0]}•••${domain.slice(domain.lastIndexOf("."))}`,
  );
  await expect(page.getByRole("main")).not.toContainText(email);
  await page.goto(unsubscribePath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter abbestellen");
  // … its button unsubscribes.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Du bist abgemeldet");
  await expect(page.getByText("Deine E-Mail-Adresse wurde aus dem Verteiler gelöscht.")).toBeVisible();

  // … and afterwards the address may sign up again, with a fresh mail.
  await page.goto("/contact");
  await waitForHydration(page);
  await signUpWithCard(page, email, { consent: true });
  await expect(toastWith(page, "Bestätigungs-E-Mail versendet!")).toBeVisible();
  const mails = await waitForMails(email, 2);
  expect(mails).toHaveLength(2);
  expect(linkTo(mails[1]!.text, "/newsletter/bestaetigen")).not.toBe(confirmPath);
});

test(
  "mail providers can unsubscribe with the one-click POST of List-Unsubscribe",
  { tag: "@desktop-only" },
  async ({ request, baseURL }, testInfo) => {
    const client = clientAddressOf(testInfo);
    const email = uniqueEmail(testInfo, "one-click");
    const formToken = await formTokenOf(request, "/contact", client);
    const signup = await postForm(
      request,
      "/contact",
      { intent: "newsletter", formToken, email, consent: "on" },
      { baseURL: baseURL!, clientAddress: client },
    );
    expect(signup.status()).toBe(200);
    const [mail] = (await waitForMails(email, 1)) as [ReceivedMail];
    const unsubscribePath = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1)).pathname;
    const query = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1)).search;

    // RFC 8058: the provider posts from its own servers.
    const oneClick = await request.post(`${unsubscribePath}${query}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("Du bist abgemeldet");

    // Once unsubscribed, the link says so.
    const after = await request.get(`${unsubscribePath}${query}`);
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain("Diese Anmeldung gibt es nicht mehr");

    // A forged signature is refused.
    const forged = await request.get(`${unsubscribePath}${query.replace(/sig=[^&]+/, "sig=00")}`);
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("Dieser Abmeldelink ist ungültig");
  },
);

test(
  "a one-click unsubscribe POST that carries another site's Origin is accepted as well",
  { tag: "@desktop-only" },
  async ({ request, baseURL }, testInfo) => {
    const client = clientAddressOf(testInfo);
    const email = uniqueEmail(testInfo, "one-click-origin");
    const formToken = await formTokenOf(request, "/contact", client);
    const signup = await postForm(
      request,
      "/contact",
      { intent: "newsletter", formToken, email, consent: "on" },
      { baseURL: baseURL!, clientAddress: client },
    );
    expect(signup.status()).toBe(200);
    const [mail] = (await waitForMails(email, 1)) as [ReceivedMail];
    const target = new URL(mail.headers["list-unsubscribe"]!.slice(1, -1));

    // The server exempts this path from its cross-site check on purpose (server/request-guards.ts):
    // a provider's web client may send its own Origin with the one-click POST.
    const oneClick = await request.post(`${target.pathname}${target.search}`, {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { Origin: "https://mail.example.net" },
    });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("Du bist abgemeldet");
  },
);

for (const [label, token] of [
  ["an unknown token", "0".repeat(64)],
  ["a malformed token", "kaputt"],
]) {
  test(
    `the confirmation page answers ${label} with 400 and a German message`,
    { tag: "@desktop-only" },
    async ({ page, baseURL, consoleGuard }) => {
      const path = `/newsletter/bestaetigen?token=${token}`;
      consoleGuard.allow(/status of 400/, new URL(path, baseURL).href);
      await acceptCookiesUpFront(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(400);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Dieser Bestätigungslink ist ungültig",
      );
      await expect(page.getByRole("button", { name: "Anmeldung bestätigen" })).toHaveCount(0);
    },
  );
}

test(
  "confirming an unknown token by POST is refused with 400, never a 500",
  { tag: "@desktop-only" },
  async ({ request, baseURL }) => {
    const response = await request.post("/newsletter/bestaetigen", {
      form: { token: "f".repeat(64), intent: "confirm" },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Dieser Bestätigungslink ist ungültig");
  },
);
