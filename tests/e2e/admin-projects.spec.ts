import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import {
  actAsOwnClient,
  expect,
  openAdminPage,
  signInAsAdmin,
  startOwnServer,
  test,
  toastWith,
  type OwnServer,
} from "./fixtures";

/**
 * The Projekte tab (spec §2, §3, §5, §8): the editor, the table, the delete dialog,
 * server-side checks of links and uploads, and that the public pages show every change at once
 * and every text as text. Tests that create or delete projects run on a server of their own,
 * because the public pages of the shared server are counted by other tests.
 */

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
const EXISTING_IMAGE = fallbackProjects[0]!.image;
const LINK_MESSAGE = "Bitte gib eine Adresse mit http:// oder https:// oder einen Pfad ab / an.";

const editor = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const createEditor = (page: Page) => editor(page, "Create New Project");
const field = (page: Page, label: string) => page.getByRole("main").getByLabel(label, { exact: true });
const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });
const deleteDialog = (page: Page) => page.getByRole("alertdialog", { name: "Are you absolutely sure?" });

/**
 * Presses a dialog's button with the keyboard. On a phone the Projekte tab is wider than the
 * screen (see "every admin tab fits the screen"), which pushes the centred dialog partly
 * off-screen where a pointer cannot reach; that bug has its own test, the flows here go on.
 */
async function pressIn(dialog: Locator, button: string) {
  await dialog.getByRole("button", { name: button }).press("Enter");
}

/** Records every JavaScript dialog (alert, confirm, prompt) a page opens. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Signs in on `server` (default: the shared one) and opens the Projekte tab. */
async function openProjects(page: Page, testInfo: TestInfo, server: { baseURL: string; own?: OwnServer }) {
  const client = await actAsOwnClient(page.context(), testInfo);
  await signInAsAdmin(page, {
    baseURL: server.baseURL,
    clientAddress: client,
    ...(server.own ? { credentials: server.own.admin! } : {}),
  });
  await openAdminPage(page, `${server.baseURL}/admin`);
  await expect(page.getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();
}

type ProjectFields = {
  title?: string;
  description?: string;
  details?: string;
  image?: string;
  category?: string;
  date?: string;
  url?: string;
  adminUrl?: string;
  homepage?: boolean;
  tags?: string[];
};

async function fillProject(page: Page, values: ProjectFields) {
  if (values.title !== undefined) await field(page, "Title").fill(values.title);
  if (values.description !== undefined) await field(page, "Description").fill(values.description);
  if (values.details !== undefined) await writeDetails(page, values.details);
  if (values.image !== undefined) await field(page, "Image (URL oder Pfad)").fill(values.image);
  if (values.category !== undefined) await field(page, "Category").selectOption({ label: values.category });
  if (values.date !== undefined) await field(page, "Date").fill(values.date);
  if (values.url !== undefined) await field(page, "URL").fill(values.url);
  if (values.adminUrl !== undefined) await field(page, "Admin URL").fill(values.adminUrl);
  if (values.homepage !== undefined) await field(page, "Show on homepage").setChecked(values.homepage);
  for (const tag of values.tags ?? []) {
    await page.getByRole("textbox", { name: "Neuer Tag" }).fill(tag);
    await page.getByRole("textbox", { name: "Neuer Tag" }).press("Enter");
  }
}

/** The details' text editor (not the plain text area it replaces once loaded). */
const detailsEditor = (page: Page) => page.getByRole("main").getByRole("textbox", { name: "Details" });

/** Types `text` into the details' editor, each line break a line break within the paragraph. */
async function writeDetails(page: Page, text: string) {
  const editor = detailsEditor(page);
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  for (const [index, line] of text.split("\n").entries()) {
    if (index > 0) await page.keyboard.press("Shift+Enter");
    await page.keyboard.type(line);
  }
}

/** The id of a project in the table, from its edit link. */
async function idOf(page: Page, title: string): Promise<string> {
  const href = await rowOf(page, title).getByRole("link", { name: /^Edit/ }).getAttribute("href");
  const id = href?.match(/bearbeiten=([0-9a-f-]{36})$/)?.[1];
  expect(id, `edit link of ${title}`).toBeTruthy();
  return id!;
}

test("the editor: 'Neues Projekt', required fields, cancel; edit shows the id; delete can be cancelled", async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  await openProjects(page, testInfo, { baseURL: baseURL! });
  await expect(page.getByRole("columnheader")).toHaveText([
    "Title",
    "Admin",
    "Category",
    "Homepage",
    "Actions",
  ]);

  await page.getByRole("link", { name: "Neues Projekt" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Create New Project" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?neu$/);
  // A new project starts blank, in category "project", not on the homepage, without tags.
  await expect(field(page, "Title")).toHaveValue("");
  await expect(field(page, "Category")).toHaveValue("project");
  await expect(field(page, "Show on homepage")).not.toBeChecked();
  await expect(createEditor(page).getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(0);

  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, "Title, description and image are required")).toBeVisible();
  await expect(createEditor(page)).toBeVisible();
  await fillProject(page, { title: "Nur ein Titel" });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(createEditor(page)).toBeVisible();
  await expect(rowOf(page, "Nur ein Titel")).toHaveCount(0);

  await createEditor(page).getByRole("link", { name: "Cancel" }).click();
  await expect(createEditor(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);

  const demo = fallbackProjects[1]!;
  await rowOf(page, demo.title).getByRole("link", { name: /^Edit/ }).click();
  const edit = editor(page, `Edit Project (ID: ${demo.id})`);
  await expect(edit.getByRole("heading", { level: 2 })).toHaveText(`Edit Project (ID: ${demo.id})`);
  await expect(page).toHaveURL(new RegExp(`\\?bearbeiten=${demo.id}$`));
  await expect(field(page, "Title")).toHaveValue(demo.title);
  await expect(field(page, "Category")).toHaveValue(demo.category);
  await expect(edit.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(demo.tags);
  await edit.getByRole("link", { name: "Cancel" }).click();
  await expect(edit).toHaveCount(0);

  await rowOf(page, demo.title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(deleteDialog(page)).toBeVisible();
  await expect(deleteDialog(page)).toContainText(
    `This action cannot be undone. This will permanently delete the project with ID: ${demo.id}.`,
  );
  await pressIn(deleteDialog(page), "Cancel");
  await expect(deleteDialog(page)).toHaveCount(0);
  await expect(rowOf(page, demo.title)).toHaveCount(1);
  await page.reload();
  await expect(rowOf(page, demo.title)).toHaveCount(1);
});

test("create with every field, see it on the public pages at once, edit it, delete it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    await openProjects(page, testInfo, { baseURL: server.url, own: server });
    const title = `Shop für Kaffeerösterei ${randomBytes(3).toString("hex")}`;
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    await fillProject(page, {
      title,
      description: "Ein Onlineshop mit Abo-Funktion.",
      details: "Erste Zeile der Details\nZweite Zeile der Details",
      image: EXISTING_IMAGE,
      category: "Produkt",
      date: "2026-02-15",
      url: "https://example.com/shop",
      adminUrl: "https://cms.example.com/bearbeiten",
      homepage: true,
      tags: ["React", "Entwurf"],
    });
    // The tag editor: add with the button, remove with the tag's own button.
    await page.getByRole("textbox", { name: "Neuer Tag" }).fill("Node.js");
    await page.getByRole("button", { name: "Hinzufügen" }).click();
    await page.getByRole("button", { name: "Tag Entwurf entfernen" }).click();
    await expect(createEditor(page).getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "React",
      "Node.js",
    ]);
    await createEditor(page).getByRole("button", { name: "Save" }).click();

    await expect(toastWith(page, "Project created successfully")).toBeVisible();
    await expect(createEditor(page)).toHaveCount(0);
    const row = rowOf(page, title);
    await expect(row.getByRole("cell")).toHaveText([title, "Öffnen", "Produkt", "Yes", /Edit.*Delete/]);
    await expect(row.getByRole("link", { name: "Öffnen" })).toHaveAttribute(
      "href",
      "https://cms.example.com/bearbeiten",
    );
    const id = await idOf(page, title);

    // The public pages show it at once: list, category, home page and detail.
    // Right below the page's h1 the cards' headings are h2, inside a home page section h3.
    await openAdminPage(page, `${server.url}/projects`);
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await openAdminPage(page, `${server.url}/category/products`);
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await openAdminPage(page, server.url);
    await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await openAdminPage(page, `${server.url}/project/${id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(main.getByText("Produkt", { exact: true }).first()).toBeVisible();
    await expect(main.locator("time")).toHaveText("15. Februar 2026");
    await expect(main.getByText("React, Node.js")).toBeVisible();
    await expect(main.getByText(/Erste Zeile der Details\s+Zweite Zeile der Details/)).toBeVisible();
    await expect(main.getByRole("link", { name: /^Zur Webseite/ })).toHaveAttribute(
      "href",
      "https://example.com/shop",
    );
    // The admin URL is the owner's: no public page sends it, not even in its hydration data.
    for (const pathname of ["/projects", "/category/products", "/", `/project/${id}`]) {
      const html = await (await page.request.get(`${server.url}${pathname}`)).text();
      expect(html, pathname).toContain(title);
      expect(html, pathname).not.toContain("cms.example.com");
    }

    // Edit: the form holds the stored values; a new title is saved and shown publicly at once.
    await openAdminPage(page, `${server.url}/admin`);
    await rowOf(page, title).getByRole("link", { name: /^Edit/ }).click();
    const edit = editor(page, `Edit Project (ID: ${id})`);
    await expect(edit).toBeVisible();
    await expect(field(page, "Title")).toHaveValue(title);
    await expect(field(page, "Date")).toHaveValue("2026-02-15");
    await expect(field(page, "Category")).toHaveValue("product");
    await expect(field(page, "URL")).toHaveValue("https://example.com/shop");
    await expect(field(page, "Show on homepage")).toBeChecked();
    await expect(edit.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "React",
      "Node.js",
    ]);
    const renamed = `${title} (neu)`;
    await fillProject(page, { title: renamed, homepage: false });
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project updated successfully")).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(rowOf(page, renamed).getByRole("cell").nth(3)).toHaveText("No");
    await openAdminPage(page, `${server.url}/project/${id}`);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(renamed);
    await openAdminPage(page, server.url);
    await expect(page.getByRole("heading", { level: 3, name: renamed })).toHaveCount(0);

    // Delete: cancel keeps it, confirm removes it everywhere.
    await openAdminPage(page, `${server.url}/admin`);
    await rowOf(page, renamed)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(deleteDialog(page)).toContainText(
      `This action cannot be undone. This will permanently delete the project with ID: ${id}.`,
    );
    await pressIn(deleteDialog(page), "Cancel");
    await expect(rowOf(page, renamed)).toHaveCount(1);
    await rowOf(page, renamed)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await pressIn(deleteDialog(page), "Delete");
    await expect(toastWith(page, "Project deleted successfully")).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await openAdminPage(page, `${server.url}/project/${id}`);
    await expect(page).toHaveURL(`${server.url}/projects`);
    await expect(toastWith(page, "Project not found")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: renamed })).toHaveCount(0);
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});

test("a javascript: link is refused by the server with a message, nothing is saved", async ({
  page,
  baseURL,
  request,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  const dialogs = recordDialogs(page);
  await openProjects(page, testInfo, { baseURL: baseURL! });
  const title = `Gefährlicher Link ${randomBytes(3).toString("hex")}`;
  await page.getByRole("link", { name: "Neues Projekt" }).click();
  await fillProject(page, {
    title,
    description: "Versucht javascript: als Link",
    image: EXISTING_IMAGE,
    url: "javascript:alert(document.cookie)",
  });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, `Error creating project: ${LINK_MESSAGE}`)).toBeVisible();
  await expect(field(page, "URL")).toHaveAttribute("aria-invalid", "true");
  await expect(createEditor(page).getByText(LINK_MESSAGE)).toBeVisible();

  await fillProject(page, { url: "https://example.com", adminUrl: "  JavaScript:alert(1)" });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(field(page, "Admin URL")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "URL")).not.toHaveAttribute("aria-invalid", "true");

  await fillProject(page, { adminUrl: "", image: "data:image/svg+xml,<svg onload=alert(1)>" });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(field(page, "Image (URL oder Pfad)")).toHaveAttribute("aria-invalid", "true");

  await page.reload();
  await expect(rowOf(page, title)).toHaveCount(0);
  expect(await (await request.get("/projects")).text()).not.toContain(title);
  expect(dialogs).toEqual([]);
});

test("an uploaded photo is served from /media with srcset, ETag and immutable caching, without EXIF", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    await openProjects(page, testInfo, { baseURL: server.url, own: server });
    const title = `Fotoprojekt ${randomBytes(3).toString("hex")}`;
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    await fillProject(page, { title, description: "Mit hochgeladenem Foto" });
    await field(page, "… oder Bild hochladen (max. 8 MB)").setInputFiles(
      path.join(FIXTURES, "photo-with-gps.jpg"),
    );
    await createEditor(page).getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project created successfully")).toBeVisible();

    const id = await idOf(page, title);
    await rowOf(page, title).getByRole("link", { name: /^Edit/ }).click();
    const image = await field(page, "Image (URL oder Pfad)").inputValue();
    expect(image).toMatch(/^\/media\/[0-9a-f-]{36}$/);

    // The public card: a responsive WebP with srcset, actually loaded.
    await openAdminPage(page, `${server.url}/projects`);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
    const img = card.locator("img");
    await expect(img).toHaveAttribute("src", `${image}/800.webp`);
    const srcset = await img.getAttribute("srcset");
    for (const width of [480, 800, 1200, 1600]) expect(srcset).toContain(`${image}/${width}.webp ${width}w`);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await openAdminPage(page, `${server.url}/project/${id}`);
    await expect(page.getByRole("img", { name: `Abbildung zu ${title}` })).toHaveAttribute("srcset", /480w/);

    // Served from the database with a validator and a year of immutable caching.
    const variant = await request.get(`${server.url}${image}/800.webp`);
    expect(variant.status()).toBe(200);
    expect(variant.headers()["content-type"]).toBe("image/webp");
    expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const etag = variant.headers()["etag"];
    expect(etag).toBeTruthy();
    expect((await variant.body()).subarray(8, 12).toString("latin1")).toBe("WEBP");
    const revalidated = await request.get(`${server.url}${image}/800.webp`, {
      headers: { "If-None-Match": etag! },
    });
    expect(revalidated.status()).toBe(304);

    const original = await request.get(`${server.url}${image}/original`);
    expect(original.status()).toBe(200);
    expect(original.headers()["content-type"]).toBe("image/jpeg");
    const bytes = await original.body();
    // The upload's camera make and GPS position are gone from what the site serves.
    expect(readFileSync(path.join(FIXTURES, "photo-with-gps.jpg")).includes("Testkamera")).toBe(true);
    expect(bytes.includes("Testkamera")).toBe(false);
    expect(bytes.includes("Exif")).toBe(false);
    expect((await request.get(`${server.url}/media/${randomUUID()}/800.webp`)).status()).toBe(404);
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});

test("a text file renamed .jpg and a file over 8 MB are refused with a German message", async ({
  page,
  baseURL,
  request,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  await openProjects(page, testInfo, { baseURL: baseURL! });
  const title = `Kein Bild ${randomBytes(3).toString("hex")}`;
  await page.getByRole("link", { name: "Neues Projekt" }).click();
  await fillProject(page, { title, description: "Text statt Bild" });
  const upload = field(page, "… oder Bild hochladen (max. 8 MB)");
  await upload.setInputFiles(path.join(FIXTURES, "not-an-image.jpg"));
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  const notAnImage = "Die Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).";
  await expect(toastWith(page, `Error creating project: ${notAnImage}`)).toBeVisible();
  await expect(createEditor(page).getByText(notAnImage)).toBeVisible();

  await upload.setInputFiles({
    name: "riesig.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(9 * 1024 * 1024, 0xff),
  });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(
    toastWith(page, "Error creating project: Das Bild ist zu groß: höchstens 8 MB."),
  ).toBeVisible();

  await page.reload();
  await expect(rowOf(page, title)).toHaveCount(0);
  expect(await (await request.get("/projects")).text()).not.toContain(title);
});

test("a file over the 10 MB request limit gets the German size message too, and the editor stays", async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 413/);
  await openProjects(page, testInfo, { baseURL: baseURL! });
  await page.getByRole("link", { name: "Neues Projekt" }).click();
  await fillProject(page, { title: `Viel zu groß ${randomBytes(3).toString("hex")}`, description: "11 MB" });
  await field(page, "… oder Bild hochladen (max. 8 MB)").setInputFiles({
    name: "panorama.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(11 * 1024 * 1024, 0xff),
  });
  await createEditor(page).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Das Bild ist zu groß: höchstens 8 MB\./).first()).toBeVisible();
  await expect(createEditor(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Projekte verwalten" })).toBeVisible();
});

test("an XSS payload in every project text field stays text on the admin and public pages", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  const dialogs = recordDialogs(page);
  try {
    await openProjects(page, testInfo, { baseURL: server.url, own: server });
    const mark = randomBytes(3).toString("hex");
    const payload = {
      title: `</script><img src=x onerror=alert(1)> ${mark}`,
      description: `<script>alert(2)</script><b>fett</b> ${mark}`,
      details: `<script>alert(3)</script>\n<iframe src="javascript:alert(4)"></iframe>`,
      tag: `<svg onload=alert(5)>`,
      url: `https://example.com/?q="><script>alert(6)</script>`,
      image: `${EXISTING_IMAGE}?"><script>alert(7)</script>`,
    };
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    await fillProject(page, {
      title: payload.title,
      description: payload.description,
      details: payload.details,
      image: payload.image,
      category: "Service",
      url: payload.url,
      adminUrl: payload.url,
      homepage: true,
      tags: [payload.tag],
    });
    await createEditor(page).getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project created successfully")).toBeVisible();

    const expectNoInjection = async (where: string) => {
      await expect(page.locator("img[src='x']"), where).toHaveCount(0);
      // An injected script would be an element of its own whose whole text is the payload.
      await expect(page.locator("script").filter({ hasText: /^alert\(\d\)$/ }), where).toHaveCount(0);
      await expect(page.locator("svg[onload], iframe"), where).toHaveCount(0);
      await expect(page.locator("b", { hasText: "fett" }), where).toHaveCount(0);
    };

    // Admin table and editor.
    const row = rowOf(page, mark);
    await expect(row.getByRole("cell").first()).toHaveText(payload.title);
    await expectNoInjection("admin table");
    const id = await idOf(page, mark);
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(field(page, "Title")).toHaveValue(payload.title);
    await expect(detailsEditor(page)).toHaveJSProperty("innerText", payload.details);
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([payload.tag]);
    await expectNoInjection("admin editor");
    await rowOf(page, mark)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(deleteDialog(page)).toBeVisible();
    await pressIn(deleteDialog(page), "Cancel");

    // Every public page that shows projects.
    for (const [url, level] of [
      ["/projects", 2],
      ["/category/services", 2],
      ["/", 3],
      ["/service/webdesign", 3],
    ] as const) {
      await openAdminPage(page, `${server.url}${url}`);
      const heading = page.getByRole("heading", { level, name: payload.title });
      await expect(heading, url).toHaveText(payload.title);
      await expect(page.getByText(payload.description, { exact: true }).first(), url).toBeVisible();
      await expectNoInjection(url);
    }
    await openAdminPage(page, `${server.url}/project/${id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(payload.title);
    await expect(main.getByText(payload.description, { exact: true })).toBeVisible();
    await expect(
      main.getByText(/<script>alert\(3\)<\/script>\s+<iframe src="javascript:alert\(4\)"><\/iframe>/),
    ).toBeVisible();
    await expect(main.getByText(payload.tag)).toBeVisible();
    await expect(main.getByRole("link", { name: /^Zur Webseite/ })).toHaveAttribute("href", payload.url);
    await expect(main.getByRole("img", { name: `Abbildung zu ${payload.title}` })).toHaveAttribute(
      "src",
      payload.image,
    );
    expect(await page.title()).toContain(payload.title);
    await expectNoInjection("detail page");
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});

test("a long title is cut at 200 px in the table, the full title stays available", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  try {
    await openProjects(page, testInfo, { baseURL: server.url, own: server });
    const title = `Sehr langer Projekttitel ${randomBytes(3).toString("hex")} `.repeat(6).trim();
    await page.getByRole("link", { name: "Neues Projekt" }).click();
    await fillProject(page, { title, description: "Lang", image: EXISTING_IMAGE });
    await createEditor(page).getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project created successfully")).toBeVisible();

    const cell = rowOf(page, title).getByRole("cell").first().locator("[title]");
    await expect(cell).toHaveAttribute("title", title);
    await expect(cell).toHaveText(title);
    const box = await cell.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      overflow: getComputedStyle(element).textOverflow,
    }));
    expect(box.width).toBeLessThanOrEqual(200);
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    expect(box.overflow).toBe("ellipsis");
  } finally {
    // The page would go on fetching from the stopped server (and log that) otherwise.
    await page.close();
    await server.stop();
  }
});

test("every admin tab fits the screen: no sideways scrolling, dialogs centred on it", async ({
  page,
  baseURL,
}, testInfo) => {
  await openProjects(page, testInfo, { baseURL: baseURL! });
  const screenWidth = page.viewportSize()!.width;
  for (const url of ["/admin", "/admin/kontaktanfragen", "/admin/newsletter", "/admin/profil"]) {
    await openAdminPage(page, url);
    const layout = await page.evaluate(() => ({
      layoutWidth: window.innerWidth,
      documentWidth: document.documentElement.scrollWidth,
    }));
    expect.soft(layout, url).toEqual({ layoutWidth: screenWidth, documentWidth: screenWidth });
  }
  await openAdminPage(page, "/admin");
  await page
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^Delete/ })
    .click();
  const box = (await deleteDialog(page).boundingBox())!;
  expect.soft(box.x, "dialog's left edge").toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, "dialog's right edge").toBeLessThanOrEqual(screenWidth);
  await deleteDialog(page).getByRole("button", { name: "Cancel" }).click({ timeout: 5_000 });
  await expect(deleteDialog(page)).toHaveCount(0);
});
