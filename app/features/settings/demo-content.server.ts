import { fallbackProjects } from "~/features/projects";
import { deleteUnchangedDemoProjects, unchangedDemoProjects } from "~/features/projects/index.server";
import { demoPages, removeDemoPages, type DemoPages } from "~/features/pages/index.server";
import type { Db } from "~/platform/db/engines.server";

/**
 * The demo content of a fresh install, across projects and pages: what is still there, what
 * "Demo-Inhalte entfernen" takes, and the removal itself, in one transaction.
 */

export type DemoContent = {
  /** The built-in demo projects as they came (the owner's changed ones are hers). */
  projects: { id: string; title: string }[];
  pages: DemoPages;
};

export async function demoContent(db: Db): Promise<DemoContent> {
  const [projects, pages] = await Promise.all([unchangedDemoProjects(db, fallbackProjects), demoPages(db)]);
  return { projects, pages };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the removal does, one line each, as the owner reads it before she confirms; empty when
 * nothing is left to remove.
 */
export function removalPlan({ projects, pages }: DemoContent): string[] {
  const lines: string[] = [];
  if (projects.length > 0)
    lines.push(`${count(projects.length, "Demo-Projekt", "Demo-Projekte")} werden gelöscht.`);
  if (pages.servicePages.length > 0) {
    lines.push(
      `${count(pages.servicePages.length, "Leistungsseite", "Leistungsseiten")} werden gelöscht: ${pages.servicePages.map((page) => page.name).join(", ")}.`,
    );
  }
  if (pages.heroImages > 0) {
    lines.push(
      `${count(pages.heroImages, "Demo-Bild", "Demo-Bilder")} der Startseite ${pages.heroImages === 1 ? "wird" : "werden"} entfernt.`,
    );
  }
  if (pages.categories.length > 0) {
    lines.push(
      `Untertitel und Beschreibung der Kategorien ${pages.categories.join(", ")} werden durch Platzhalter ersetzt, die sagen, was dort hingehört.`,
    );
  }
  if (pages.overviewTexts) {
    lines.push("Unterzeile und Einleitung der Leistungsübersicht werden durch Platzhalter ersetzt.");
  }
  return lines;
}

/**
 * Removes the demo in one transaction, or nothing: the unchanged demo projects, the demo service
 * pages (with their tombstones), the built-in hero images, and the demo's category and overview
 * texts (placeholders instead). The owner's own content stays.
 */
export async function removeDemoContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteUnchangedDemoProjects(tx, fallbackProjects);
    await removeDemoPages(tx);
  });
}
