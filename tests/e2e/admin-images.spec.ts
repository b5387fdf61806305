import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { expectNoAxeViolations } from "./axe";
import {
  expect,
  newContextWithoutJavaScript,
  openAdminPage,
  test,
  toastWith,
  waitForHydration,
} from "./fixtures";
import { expectFitsPhone, main, onOwnServer } from "./content-owner";

/**
 * Images: the focal point of a project image and of a hero image, picked in the
 * admin and kept by the public crops (`object-position`), and several projects or hero images
 * removed at once. Each test runs on a server of its own: it changes public pages.
 */

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
const PICKER = "Bildausschnitt: Tippe auf die wichtigste Stelle";
const picker = (scope: Locator | Page) => scope.getByRole("group", { name: PICKER });
const slider = (scope: Locator | Page) => scope.getByRole("slider", { name: new RegExp(`^${PICKER}`) });
const focusX = (scope: Locator | Page) => scope.getByRole("spinbutton", { name: "Fokus waagerecht in %" });
const focusY = (scope: Locator | Page) => scope.getByRole("spinbutton", { name: "Fokus senkrecht in %" });
const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });
const objectPosition = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => getComputedStyle(img).objectPosition);

test("a focal point set on a project image in the admin is where the public card and page crop it", async ({
  page,
}, testInfo) => {
  const project = fallbackProjects[0]!;
  await onOwnServer(page, testInfo, async (server) => {
    await openAdminPage(page, `${server.url}/admin?bearbeiten=${project.id}`);
    const editor = main(page).getByRole("region", { name: `Edit Project (ID: ${project.id})` });
    await expect(focusX(editor)).toHaveValue("50");
    await expect(focusY(editor)).toHaveValue("50");
    await expect(picker(editor)).toBeVisible();
    await expectNoAxeViolations(page, "the project editor with the focal point picker");

    // A tap at 20 % from the left and 80 % from the top of the preview.
    const area = slider(editor);
    await expect(area.locator("img")).toHaveJSProperty("complete", true);
    const box = (await area.boundingBox())!;
    await area.click({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
    await expect(focusX(editor)).toHaveValue("20");
    await expect(focusY(editor)).toHaveValue("80");
    await expect(area).toHaveAttribute("aria-valuetext", "20 % von links, 80 % von oben");

    // The arrow keys move it: 1 % a step, 10 % with Shift.
    await area.press("ArrowRight");
    await expect(focusX(editor)).toHaveValue("21");
    await area.press("Shift+ArrowUp");
    await expect(focusY(editor)).toHaveValue("70");
    await area.press("ArrowLeft");
    await area.press("Shift+ArrowDown");
    await expect(area).toHaveAttribute("aria-valuetext", "20 % von links, 80 % von oben");
    await expectFitsPhone(page, "the project editor");

    await editor.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Project updated successfully")).toBeVisible();

    await page.goto(`${server.url}/projects`);
    await waitForHydration(page);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: project.title }) });
    expect(await objectPosition(card.locator("img"))).toBe("20% 80%");
    // Another card keeps the centre.
    const other = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: fallbackProjects[1]!.title }) });
    expect(await objectPosition(other.locator("img"))).toBe("50% 50%");

    await page.goto(`${server.url}/project/${project.id}`);
    await waitForHydration(page);
    expect(await objectPosition(page.getByRole("img", { name: `Abbildung zu ${project.title}` }))).toBe(
      "20% 80%",
    );
  });
});

test("a focal point outside 0–100 is refused beside its field, and nothing is saved", async ({
  page,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  const project = fallbackProjects[0]!;
  await onOwnServer(page, testInfo, async (server) => {
    await openAdminPage(page, `${server.url}/admin?bearbeiten=${project.id}`);
    const editor = main(page).getByRole("region", { name: `Edit Project (ID: ${project.id})` });
    // The browser's own check of the number input is what a hand-made request skips.
    await focusX(editor).evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
    await focusX(editor).fill("150");
    await editor.getByRole("button", { name: "Save" }).click();
    const message = "Der Bildausschnitt muss eine ganze Zahl von 0 bis 100 % sein.";
    await expect(toastWith(page, message)).toBeVisible();
    await expect(editor.getByText(message, { exact: true })).toBeVisible();
    await expect(focusX(editor)).toHaveAttribute("aria-invalid", "true");

    await page.goto(`${server.url}/admin?bearbeiten=${project.id}`);
    await expect(focusX(editor)).toHaveValue("50");
  });
});

test("'Ausgewählte entfernen' deletes the ticked projects after a dialog naming how many, also without JavaScript", async ({
  page,
  browser,
}, testInfo) => {
  const [first, second, third] = fallbackProjects;
  await onOwnServer(page, testInfo, async (server) => {
    await openAdminPage(page, `${server.url}/admin`);
    const remove = main(page).getByRole("button", { name: "Ausgewählte entfernen" });
    await expect(remove).toBeDisabled();
    await main(page)
      .getByRole("checkbox", { name: `Auswählen: ${first!.title}` })
      .check();
    await main(page)
      .getByRole("checkbox", { name: `Auswählen: ${second!.title}` })
      .check();
    await expect(main(page).getByText("2 Projekte ausgewählt")).toBeVisible();
    await expectNoAxeViolations(page, "the project list with two projects ticked");
    await expectFitsPhone(page, "the project list");

    // Cancel first: nothing goes.
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "2 Projekte endgültig löschen?" });
    await expect(dialog).toContainText(
      "Die 2 ausgewählten Projekte werden gelöscht, auch von der Website. Das lässt sich nicht rückgängig machen.",
    );
    await expectNoAxeViolations(page, "the dialog of 'Ausgewählte entfernen'");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, first!.title)).toHaveCount(1);

    await remove.click();
    await dialog.getByRole("button", { name: "Endgültig löschen" }).click();
    await expect(toastWith(page, "2 Projekte gelöscht")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, first!.title)).toHaveCount(0);
    await expect(rowOf(page, second!.title)).toHaveCount(0);
    await expect(rowOf(page, third!.title)).toHaveCount(1);
    await expect(main(page).getByRole("row")).toHaveCount(fallbackProjects.length - 2 + 1);

    await page.goto(`${server.url}/projects`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: third!.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: first!.title })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: second!.title })).toHaveCount(0);

    // Without JavaScript: the button opens a question in the page, its answer posts the form.
    const context = await newContextWithoutJavaScript(browser, testInfo);
    try {
      const cookies = await page.context().cookies();
      await context.addCookies(cookies);
      const plain = await context.newPage();
      await plain.goto(`${server.url}/admin`);
      await main(plain)
        .getByRole("checkbox", { name: `Auswählen: ${third!.title}` })
        .check();
      await main(plain).getByText("Ausgewählte entfernen").click();
      await main(plain).getByRole("button", { name: "Endgültig löschen" }).click();
      await expect(plain).toHaveURL(`${server.url}/admin`);
      await expect(rowOf(plain, third!.title)).toHaveCount(0);
      await expect(main(plain).getByRole("row")).toHaveCount(fallbackProjects.length - 3 + 1);
    } finally {
      await context.close();
    }
  });
});

test("several hero images go at once after a dialog naming how many (a question in the page without JavaScript), the last one's focal point crops the home page's hero, and without images the hero shows its gradient", async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(/status of 400/);
  await onOwnServer(page, testInfo, async (server) => {
    // The dialogs, a publish and an upload: more than the own server's usual 90 s on a busy machine.
    test.setTimeout(150_000);
    await openAdminPage(page, `${server.url}/admin/inhalte/startseite`);
    await expect(main(page).getByRole("heading", { level: 2, name: "Startseite bearbeiten" })).toBeVisible();
    const images = main(page).getByRole("region", { name: /^Bild \d+$/ });
    await expect(images).toHaveCount(10);
    await expectNoAxeViolations(page, "the home page's editor with the pickers and the selection");
    await expectFitsPhone(page, "the home page's editor");

    const tick = (n: number) =>
      main(page)
        .getByRole("checkbox", { name: `Auswählen: Bild ${n}`, exact: true })
        .check();
    const removeButton = main(page).getByRole("button", { name: "Ausgewählte entfernen" });
    const question = (count: number) => page.getByRole("alertdialog", { name: `${count} Bilder entfernen?` });
    // Asks first, naming how many; the answer posts the editor's form.
    const removeSelected = async (count: number) => {
      await removeButton.click();
      await question(count).getByRole("button", { name: "Entfernen", exact: true }).click();
    };
    // Nothing ticked: nothing to ask about.
    await expect(removeButton).toBeDisabled();
    await tick(1);
    await tick(2);

    // Cancel first: nothing goes.
    await removeButton.click();
    await expect(question(2)).toContainText(
      "Die 2 ausgewählten Bilder werden aus dem Entwurf entfernt. Auf der Website bleiben sie, bis du veröffentlichst.",
    );
    await expectNoAxeViolations(page, "the dialog of the hero images' 'Ausgewählte entfernen'");
    await expectFitsPhone(page, "the dialog of the hero images' 'Ausgewählte entfernen'");
    await question(2).getByRole("button", { name: "Abbrechen" }).click();
    await expect(question(2)).toHaveCount(0);
    await expect(images).toHaveCount(10);

    await removeSelected(2);
    await expect(toastWith(page, "2 Bilder entfernt. Entwurf gespeichert")).toBeVisible();
    await expect(question(2)).toHaveCount(0);
    await expect(images).toHaveCount(8);

    for (let n = 2; n <= 8; n++) await tick(n);
    await removeSelected(7);
    await expect(toastWith(page, "7 Bilder entfernt. Entwurf gespeichert")).toBeVisible();
    await expect(images).toHaveCount(1);

    const last = main(page).getByRole("region", { name: "Bild 1", exact: true });
    await focusX(last).fill("30");
    await focusY(last).fill("70");
    await expect(slider(last)).toHaveAttribute("aria-valuetext", "30 % von links, 70 % von oben");
    await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(toastWith(page, "Veröffentlicht")).toBeVisible();
    await expect(focusX(last)).toHaveValue("30");

    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const hero = page.locator("img[data-hero]");
    await expect(hero).toHaveAttribute("data-hero-image", /.+/);
    expect(await objectPosition(hero)).toBe("30% 70%");

    // A new image: its picker appears once a file is chosen, and the point goes with the upload.
    await openAdminPage(page, `${server.url}/admin/inhalte/startseite`);
    const slot = main(page).getByRole("region", { name: "Neues Bild hinzufügen", exact: true });
    await expect(picker(slot)).toHaveCount(0);
    await slot
      .getByLabel("Bild hochladen", { exact: true })
      .setInputFiles(path.join(FIXTURES, "graphic.png"));
    const area = slider(slot);
    await expect(area.locator("img").first()).toHaveJSProperty("complete", true);
    await expect(focusX(slot)).toHaveValue("50");
    const box = (await area.boundingBox())!;
    await area.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await expect(focusX(slot)).toHaveValue("25");
    await expect(focusY(slot)).toHaveValue("75");
    await slot.getByLabel("Alternativtext des neuen Bildes", { exact: true }).fill("Mein eigenes Bild");
    await main(page).getByRole("button", { name: "Entwurf speichern" }).click();
    await expect(toastWith(page, "Entwurf gespeichert")).toBeVisible();
    const added = main(page).getByRole("region", { name: "Bild 2", exact: true });
    await expect(added.getByLabel("Alternativtext", { exact: true })).toHaveValue("Mein eigenes Bild");
    await expect(focusX(added)).toHaveValue("25");
    await expect(focusY(added)).toHaveValue("75");
    await expect(picker(slot)).toHaveCount(0);

    // Without JavaScript: the button opens a question in the page, its answer posts the form.
    const context = await newContextWithoutJavaScript(browser, testInfo);
    try {
      await context.addCookies(await page.context().cookies());
      const plain = await context.newPage();
      await plain.goto(`${server.url}/admin/inhalte/startseite`);
      const plainImages = main(plain).getByRole("region", { name: /^Bild \d+$/ });
      await expect(plainImages).toHaveCount(2);
      // Both: the hero may be left without an image.
      await main(plain).getByRole("checkbox", { name: "Auswählen: Bild 1", exact: true }).check();
      await main(plain).getByRole("checkbox", { name: "Auswählen: Bild 2", exact: true }).check();
      await main(plain).getByText("Ausgewählte entfernen", { exact: true }).click();
      await expect(main(plain)).toContainText(
        "Die ausgewählten Bilder werden aus dem Entwurf entfernt. Auf der Website bleiben sie, bis du veröffentlichst.",
      );
      await main(plain).getByRole("button", { name: "Entfernen", exact: true }).click();
      await expect(plainImages).toHaveCount(0);
      await expect(main(plain)).toContainText("Ohne Bild zeigt der Kopfbereich nur seinen Farbverlauf.");
    } finally {
      await context.close();
    }
    await openAdminPage(page, `${server.url}/admin/inhalte/startseite`);
    await expect(images).toHaveCount(0);
    await main(page).getByRole("button", { name: "Veröffentlichen" }).click();
    await expect(toastWith(page, "Veröffentlicht")).toBeVisible();
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("img[data-hero]")).toHaveCount(0);
  });
});
