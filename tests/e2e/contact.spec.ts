import type { Page } from "@playwright/test";
import {
  acceptCookiesUpFront,
  actAsOwnClient,
  clientAddressOf,
  expect,
  formTokenOf,
  newContextWithoutJavaScript,
  postForm,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "./fixtures";

/** The contact page and its form (spec §2 "Contact", §4, §5, §8; spam defence). */

const OWNER = "kontakt@example.com";

const form = (page: Page) => page.getByRole("region", { name: "Schreib mir eine Nachricht" });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const sendButton = (page: Page) =>
  form(page).getByRole("button", { name: /^(Nachricht senden|Wird gesendet\.\.\.)$/ });

async function openContactPage(page: Page) {
  await acceptCookiesUpFront(page);
  await page.goto("/contact");
  await waitForHydration(page);
}

/** Records the POST requests the page sends. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

async function fillContactForm(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
) {
  await field(page, "Name").fill(values.name);
  await field(page, "E-Mail").fill(values.email);
  await field(page, "Betreff").fill(values.subject);
  await field(page, "Nachricht").fill(values.message);
}

test("the contact page shows title, e-mail, phone and postal address", async ({ page }) => {
  await openContactPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lass uns kennen lernen");

  const details = page.getByRole("region", { name: "Kontaktdaten" });
  // Rendered as character references (no plain address in the HTML); people read the address.
  const mail = details.getByRole("link", { name: /^kontakt@/ });
  await expect(mail).toHaveAttribute("href", "mailto:kontakt@example.com");
  await expect(mail).toHaveText("kontakt@example.com", { useInnerText: true });
  const phone = details.getByRole("link", { name: /^\+49/ });
  await expect(phone).toHaveAttribute("href", "tel:+493012345678");
  await expect(phone).toHaveText("+49 30 1234 5678", { useInnerText: true });
  const address = details.locator("address");
  await expect(address).toContainText("Musterstraße 12");
  await expect(address).toContainText("10115 Berlin");
  await expect(address).toContainText("Deutschland");

  await expect(field(page, "Nachricht")).toHaveAttribute("rows", "6");
  for (const label of ["Name", "E-Mail", "Betreff", "Nachricht"]) {
    await expect(field(page, label)).toHaveAttribute("required", "");
  }
});

test("an empty or malformed form is refused in the browser, without a request", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page, testInfo);
  await openContactPage(page);
  const posts = recordPosts(page);

  await sendButton(page).click();
  await expect(form(page).getByText("Bitte gib deinen Namen ein.")).toBeVisible();
  await expect(form(page).getByText("Bitte gib deine E-Mail-Adresse ein.")).toBeVisible();
  await expect(form(page).getByText("Bitte gib einen Betreff ein.")).toBeVisible();
  await expect(form(page).getByText("Bitte gib eine Nachricht ein.")).toBeVisible();
  await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");

  await fillContactForm(page, {
    name: "Erika Musterfrau",
    email: "erika-at-example.org",
    subject: "Anfrage",
    message: "Hallo!",
  });
  await sendButton(page).click();
  await expect(form(page).getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(form(page).getByText("Bitte gib deinen Namen ein.")).toHaveCount(0);
  await expect(field(page, "E-Mail")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Name")).not.toHaveAttribute("aria-invalid", /.*/);

  // Give a request that should not exist the chance to show up.
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(field(page, "Name")).toHaveValue("Erika Musterfrau");
});

test("a valid message: 'Wird gesendet...', success toast, cleared form, mail to the owner", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page, testInfo);
  await openContactPage(page);

  // Hold the submission back a little so the submitting state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/contact"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.fallback();
    },
  );

  const email = uniqueEmail(testInfo, "kontakt");
  const subject = `Projektanfrage ${testInfo.project.name} ${email.split("@")[0]}`;
  await fillContactForm(page, {
    name: "Erika Musterfrau",
    email,
    subject,
    message: "Hallo Max,\nich plane einen Onlineshop und hätte gern ein Angebot.\nViele Grüße",
  });
  await sendButton(page).click();
  await expect(sendButton(page)).toHaveText("Wird gesendet...");
  await expect(sendButton(page)).toBeDisabled();
  release();

  const toast = toastWith(page, "Nachricht gesendet!");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    "Vielen Dank für Deine Nachricht. Ich werde mich so bald wie möglich bei Dir melden.",
  );
  await expect(sendButton(page)).toHaveText("Nachricht senden");
  await expect(sendButton(page)).toBeEnabled();
  for (const label of ["Name", "E-Mail", "Betreff", "Nachricht"])
    await expect(field(page, label)).toHaveValue("");

  const mail = await waitForMail(OWNER, (m) => m.subject.includes(subject));
  expect(mail.subject).toBe(`Neue Kontaktanfrage: ${subject}`);
  expect(mail.headers["reply-to"]).toContain(email);
  expect(mail.text).toContain("Erika Musterfrau");
  expect(mail.text).toContain("ich plane einen Onlineshop und hätte gern ein Angebot.");
});

test("a refused message keeps the fields and says why (rate limit: 'Zu viele Anfragen')", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  const client = await actAsOwnClient(page, testInfo);
  // Use up this client's five submissions (incomplete ones count as well and send no mail).
  const formToken = await formTokenOf(request, "/contact", client);
  for (let i = 0; i < 5; i++) {
    const response = await postForm(
      request,
      "/contact",
      { intent: "contact", formToken, name: "x" },
      {
        baseURL: baseURL!,
        clientAddress: client,
      },
    );
    expect(response.status()).toBe(400);
  }

  consoleGuard.allow(/status of 429/);
  await openContactPage(page);
  const values = {
    name: "Erika Musterfrau",
    email: uniqueEmail(testInfo, "limit"),
    subject: "Noch eine Frage",
    message: "Das ist meine sechste Nachricht.",
  };
  await fillContactForm(page, values);
  await sendButton(page).click();

  const toast = toastWith(page, "Nachricht konnte nicht gesendet werden");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    /Zu viele Anfragen in kurzer Zeit\. Bitte versuche es in \d+ Minuten? erneut\./,
  );
  await expect(sendButton(page)).toBeEnabled();
  await expect(field(page, "Name")).toHaveValue(values.name);
  await expect(field(page, "E-Mail")).toHaveValue(values.email);
  await expect(field(page, "Betreff")).toHaveValue(values.subject);
  await expect(field(page, "Nachricht")).toHaveValue(values.message);
});

test("a 503 answer (e.g. from a proxy during maintenance) keeps the fields and shows the failure toast", async ({
  page,
  consoleGuard,
}, testInfo) => {
  await actAsOwnClient(page, testInfo);
  await openContactPage(page);
  await page.route(
    (url) => url.pathname.startsWith("/contact"),
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" })
        : route.fallback(),
  );
  consoleGuard.allow(/status of 503/);

  const values = {
    name: "Erika Musterfrau",
    email: uniqueEmail(testInfo, "offline"),
    subject: "Anfrage",
    message: "Hallo!",
  };
  await fillContactForm(page, values);
  await sendButton(page).click();

  const toast = toastWith(page, "Nachricht konnte nicht gesendet werden");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Bitte versuche es später erneut.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lass uns kennen lernen");
  await expect(field(page, "Name")).toHaveValue(values.name);
  await expect(field(page, "Nachricht")).toHaveValue(values.message);
});

test("without JavaScript the form posts and the page says 'Nachricht gesendet!'", async ({
  browser,
}, testInfo) => {
  const context = await newContextWithoutJavaScript(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/contact");

  const email = uniqueEmail(testInfo, "nojs");
  const subject = `Ohne JavaScript ${email.split("@")[0]}`;
  await fillContactForm(page, {
    name: "Erika Musterfrau",
    email,
    subject,
    message: "Geht auch ohne Skripte.",
  });
  await sendButton(page).click();

  const status = form(page).getByRole("status");
  await expect(status).toContainText("Nachricht gesendet!");
  await expect(status).toContainText("Vielen Dank für Deine Nachricht.");
  const mail = await waitForMail(OWNER, (m) => m.subject.includes(subject));
  expect(mail.headers["reply-to"]).toContain(email);
  await context.close();
});

test("a second message without reloading is sent too (each message uses its form token up)", async ({
  page,
}, testInfo) => {
  await actAsOwnClient(page, testInfo);
  await openContactPage(page);
  const subjects = [1, 2].map((n) => `Nachricht ${n} ${uniqueEmail(testInfo, `zweite${n}`)}`);
  for (const subject of subjects) {
    await fillContactForm(page, {
      name: "Erika Musterfrau",
      email: uniqueEmail(testInfo, "zweite"),
      subject,
      message: "Noch etwas, ohne die Seite neu zu laden.",
    });
    await sendButton(page).click();
    // Cleared only by a success (a refusal keeps what was typed).
    await expect(field(page, "Betreff")).toHaveValue("");
    await expect(toastWith(page, "Nachricht gesendet!").first()).toBeVisible();
  }
  for (const subject of subjects) await waitForMail(OWNER, (m) => m.subject.includes(subject));
});

test("a form whose token was used meanwhile is refused once as expired, then sent with the answer's token", async ({
  page,
  request,
  baseURL,
  consoleGuard,
}, testInfo) => {
  const client = await actAsOwnClient(page, testInfo);
  await openContactPage(page);
  // The page's token is used up meanwhile, as by a message sent from a second tab.
  const token = await form(page).locator('input[name="formToken"]').inputValue();
  const elsewhere = await postForm(
    request,
    "/contact",
    {
      intent: "contact",
      formToken: token,
      name: "Erika Musterfrau",
      email: uniqueEmail(testInfo, "tab"),
      subject: "Aus dem anderen Tab",
      message: "Hallo!",
    },
    { baseURL: baseURL!, clientAddress: client },
  );
  expect(elsewhere.status()).toBe(200);

  consoleGuard.allow(/status of 400/);
  const subject = `Nach dem Ablauf ${uniqueEmail(testInfo, "neu")}`;
  await fillContactForm(page, {
    name: "Erika Musterfrau",
    email: uniqueEmail(testInfo, "neu"),
    subject,
    message: "Jetzt aus diesem Tab.",
  });
  await sendButton(page).click();
  const refused = toastWith(page, "Nachricht konnte nicht gesendet werden");
  await expect(refused).toContainText("Das Formular ist abgelaufen.");
  await expect(field(page, "Betreff")).toHaveValue(subject);
  // Sent again as it is: the refusal brought a fresh token, no reload needed.
  await sendButton(page).click();
  await expect(field(page, "Betreff")).toHaveValue("");
  await expect(toastWith(page, "Nachricht gesendet!")).toBeVisible();
  await waitForMail(OWNER, (m) => m.subject.includes(subject));
});

test("without JavaScript a second message from the answered page is sent too", async ({
  browser,
}, testInfo) => {
  const context = await newContextWithoutJavaScript(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/contact");
  const subjects = [1, 2].map((n) => `Ohne JavaScript ${n} ${uniqueEmail(testInfo, `nojs${n}`)}`);
  for (const subject of subjects) {
    await fillContactForm(page, {
      name: "Erika Musterfrau",
      email: uniqueEmail(testInfo, "nojs"),
      subject,
      message: "Noch etwas, auf der Seite mit der Antwort.",
    });
    await sendButton(page).click();
    // The answered page: its fields are empty after a success (a refusal keeps what was typed).
    await expect(field(page, "Betreff")).toHaveValue("");
    await expect(form(page).getByRole("status")).toContainText("Nachricht gesendet!");
  }
  for (const subject of subjects) await waitForMail(OWNER, (m) => m.subject.includes(subject));
  await context.close();
});

test("without JavaScript a malformed e-mail is answered on the page, the input kept", async ({
  browser,
}, testInfo) => {
  const context = await newContextWithoutJavaScript(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/contact");
  // The browser's own check would stop the form; a client without it reaches the server.
  await form(page)
    .locator("form")
    .evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await fillContactForm(page, {
    name: "Erika",
    email: "erika-at-example.org",
    subject: "Frage",
    message: "Hallo",
  });
  await sendButton(page).click();

  await expect(form(page).getByRole("alert")).toContainText("Nachricht konnte nicht gesendet werden");
  await expect(form(page).getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(field(page, "E-Mail")).toHaveValue("erika-at-example.org");
  await expect(field(page, "Name")).toHaveValue("Erika");
  await context.close();
});

test(
  "the sixth submission of a client within ten minutes is answered with 429 in German",
  { tag: "@desktop-only" },
  async ({ request, baseURL }, testInfo) => {
    const client = clientAddressOf(testInfo);
    // A token each: an accepted message uses its token up.
    const fields = async (n: number) => ({
      intent: "contact",
      formToken: await formTokenOf(request, "/contact", client),
      name: "Erika Musterfrau",
      email: uniqueEmail(testInfo, `serie${n}`),
      subject: `Serie ${n}`,
      message: "Test der Begrenzung",
    });
    for (let n = 1; n <= 5; n++) {
      const response = await postForm(request, "/contact", await fields(n), {
        baseURL: baseURL!,
        clientAddress: client,
      });
      expect(response.status(), `submission ${n}`).toBe(200);
      expect(await response.text()).toContain("Nachricht gesendet!");
    }
    const sixth = await postForm(request, "/contact", await fields(6), {
      baseURL: baseURL!,
      clientAddress: client,
    });
    expect(sixth.status()).toBe(429);
    expect(await sixth.text()).toMatch(
      /Zu viele Anfragen in kurzer Zeit\. Bitte versuche es in \d+ Minuten? erneut\./,
    );

    // Another client is not affected.
    const other = await postForm(request, "/contact", await fields(7), {
      baseURL: baseURL!,
      clientAddress: `${client.split(".").slice(0, 3).join(".")}.${(Number(client.split(".")[3]) + 1) % 256}`,
    });
    expect(other.status()).toBe(200);

    // The answer says when to try again in a machine-readable way, too.
    expect(Number(sixth.headers()["retry-after"]), "Retry-After header in seconds").toBeGreaterThan(0);
  },
);

test(
  "oversized and malformed submissions get a German 4xx answer",
  { tag: "@desktop-only" },
  async ({ request, baseURL }, testInfo) => {
    const client = clientAddressOf(testInfo);
    const formToken = await formTokenOf(request, "/contact", client);
    const options = { baseURL: baseURL!, clientAddress: client };
    const valid = {
      intent: "contact",
      formToken,
      name: "Erika",
      email: "erika@example.org",
      subject: "Frage",
    };

    const tooLarge = await postForm(
      request,
      "/contact",
      { ...valid, message: "a".repeat(11 * 1024) },
      options,
    );
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toBe("Die Anfrage ist zu groß. Bitte kürze deine Nachricht.");

    const tooLong = await postForm(request, "/contact", { ...valid, message: "a".repeat(4_001) }, options);
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain("Nachricht darf höchstens 4000 Zeichen lang sein.");

    const forged = await postForm(
      request,
      "/contact",
      { ...valid, formToken: "123.abc", message: "Hallo" },
      options,
    );
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("Das Formular ist abgelaufen.");

    const notAForm = await request.post("/contact", {
      headers: { Origin: baseURL!, "X-Forwarded-For": client, "Content-Type": "application/json" },
      data: JSON.stringify({ name: "Erika" }),
    });
    expect(notAForm.status()).toBeGreaterThanOrEqual(400);
    expect(notAForm.status()).toBeLessThan(500);
  },
);

test(
  "a POST from another site is refused with 403",
  { tag: "@desktop-only" },
  async ({ request, baseURL }, testInfo) => {
    const client = clientAddressOf(testInfo);
    const formToken = await formTokenOf(request, "/contact", client);
    const fields = {
      intent: "contact",
      formToken,
      name: "Eve",
      email: "eve@example.org",
      subject: "Hi",
      message: "Hallo",
    };

    const crossSite = await postForm(request, "/contact", fields, {
      baseURL: baseURL!,
      clientAddress: client,
      origin: "https://evil.example",
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.text()).toBe("Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.");

    const newsletter = await postForm(
      request,
      "/?index",
      { intent: "newsletter", formToken, email: "eve@example.org" },
      {
        baseURL: baseURL!,
        clientAddress: client,
        origin: "https://evil.example",
      },
    );
    expect(newsletter.status()).toBe(403);
  },
);
