import path from "node:path";
import type { Page } from "@playwright/test";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { expectNoAxeViolations } from "./axe";
import { actAsOwnClient, expect, newContextWithoutJavaScript, openAdminPage, test } from "./fixtures";
import { asOwner, expectFitsPhone, main, publish, visit } from "./content-owner";

/**
 * "Demo-Inhalte entfernen" in Einstellungen, as the owner uses it: she has put up a hero image
 * of her own, reads what goes, confirms (here without JavaScript, after the dialog was checked),
 * and the public site shows no demo project, service page
 * or hero image any more, while her image stays; the checklist's demo items are done. One server
 * of its own: the removal changes what every other test would see.
 */

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
const OWN_ALT = "Die Inhaberin im Gespräch mit einer Kundin";

const demoSection = (page: Page) => main(page).getByRole("region", { name: "Demo-Inhalte", exact: true });
const checklistItem = (page: Page, label: string) =>
  main(page)
    .getByRole("region", { name: "Checkliste für den Livegang" })
    .getByRole("listitem")
    .filter({ hasText: label });
const DEMO_ITEMS = [
  "Demo-Projekte ersetzt oder gelöscht",
  "Demo-Leistungen, -Kategorietexte und -Bilder entfernt",
];

test("the owner removes the demo in one step: no demo project, service page or hero image is left, hers stays", async ({
  page,
  browser,
}, testInfo) => {
  await asOwner(
    page,
    browser,
    testInfo,
    async (server, visitor) => {
      // Upload, removal and five public pages: more than the own server's usual 90 s on a busy machine.
      test.setTimeout(150_000);
      // Her own hero image beside the ten built-in ones.
      await openAdminPage(page, `${server.url}/admin/inhalte/startseite`);
      await main(page)
        .getByLabel("Bild hochladen", { exact: true })
        .setInputFiles(path.join(FIXTURES, "graphic.png"));
      await main(page).getByLabel("Alternativtext des neuen Bildes", { exact: true }).fill(OWN_ALT);
      await publish(page);

      await openAdminPage(page, `${server.url}/admin/einstellungen`);
      for (const label of DEMO_ITEMS)
        await expect(checklistItem(page, label)).toHaveAttribute("data-state", "offen");
      const plan = [
        `${fallbackProjects.length} Demo-Projekte werden gelöscht.`,
        "9 Leistungsseiten werden gelöscht: Webdesign, Webentwicklung, Funnels",
        "10 Demo-Bilder der Startseite werden entfernt.",
        "Untertitel und Beschreibung der Kategorien Projekte, Produkte, Services, Magazine, Consulting werden durch Platzhalter ersetzt",
        "Unterzeile und Einleitung der Leistungsübersicht werden durch Platzhalter ersetzt.",
      ];
      const section = demoSection(page);
      for (const line of plan)
        await expect(section.getByRole("listitem").filter({ hasText: line })).toHaveCount(1);

      // The confirmation names what goes; axe and a phone's width are checked on it.
      await section.getByRole("button", { name: "Demo-Inhalte entfernen" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Demo-Inhalte entfernen?" });
      await expect(dialog).toBeVisible();
      for (const line of plan) await expect(dialog).toContainText(line);
      await expect(dialog).toContainText(
        "Was du selbst angelegt, hochgeladen oder umgeschrieben hast, bleibt.",
      );
      await expectNoAxeViolations(page, "the confirmation of 'Demo-Inhalte entfernen'");
      await expectFitsPhone(page, "the confirmation of 'Demo-Inhalte entfernen'");
      await dialog.getByRole("button", { name: "Abbrechen" }).click();
      await expect(dialog).toHaveCount(0);

      // Without JavaScript a disclosure asks instead of the dialog, and its button removes.
      const noScript = await newContextWithoutJavaScript(browser, testInfo);
      try {
        await actAsOwnClient(noScript, testInfo);
        await noScript.addCookies(await page.context().cookies());
        const plain = await noScript.newPage();
        await plain.goto(`${server.url}/admin/einstellungen`);
        await demoSection(plain).locator("summary", { hasText: "Demo-Inhalte entfernen" }).click();
        await demoSection(plain).getByRole("button", { name: "Endgültig entfernen" }).click();
        await expect(plain).toHaveURL(`${server.url}/admin/einstellungen`);
        for (const label of DEMO_ITEMS)
          await expect(checklistItem(plain, label)).toHaveAttribute("data-state", "erledigt");
      } finally {
        await noScript.close();
      }

      await page.reload();
      for (const label of DEMO_ITEMS)
        await expect(checklistItem(page, label)).toHaveAttribute("data-state", "erledigt");
      await expect(section).toContainText(
        "Von der Demo ist nichts mehr da, was sich in einem Schritt entfernen lässt.",
      );
      await expect(section.getByRole("button", { name: "Demo-Inhalte entfernen" })).toHaveCount(0);
      await expectNoAxeViolations(page, "the settings after the demo is removed");

      // The public site: no demo project, no demo service page, only her hero image.
      await visit(visitor, `${server.url}/projects`);
      await expect(main(visitor.page).getByRole("article")).toHaveCount(0);
      for (const project of fallbackProjects.slice(0, 3))
        await expect(main(visitor.page)).not.toContainText(project.title);
      // A demo project's page leads back to the portfolio, as for any project not found (spec §2).
      await visit(visitor, `${server.url}/project/${fallbackProjects[0]!.id}`);
      await expect(visitor.page).toHaveURL(`${server.url}/projects`);
      await visit(visitor, `${server.url}/service/webdesign`, 404);
      await visit(visitor, `${server.url}/service`);
      await expect(main(visitor.page)).toContainText("Beschreibe hier in einem Satz, was du anbietest.");
      await expect(main(visitor.page).getByRole("heading", { name: "Webdesign" })).toHaveCount(0);
      await visit(visitor, `${server.url}/category/projects`);
      await expect(main(visitor.page)).toContainText(
        "Beschreibe hier in ein, zwei Sätzen, was Besucher unter „Projekte“ finden.",
      );
      await visit(visitor, `${server.url}/`);
      const hero = visitor.page.locator("img[data-hero]");
      await expect(hero).toHaveAttribute("data-hero-image", /^\/media\/[0-9a-f-]{36}$/);
      await expect(hero).toHaveAttribute("alt", OWN_ALT);
      const sitemap = await (await visitor.page.request.get(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).not.toContain("/service/webdesign");
      expect(sitemap).not.toContain(fallbackProjects[0]!.id);
      // The deleted page's 404, asked for above.
    },
    [/status of 404 \(Not Found\) \(http:\/\/[^)]+\/service\/webdesign\)$/],
  );
});
