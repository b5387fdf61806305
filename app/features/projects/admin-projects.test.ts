import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import type { Db } from "~/platform/db/engines.server";
import { removeSelectedProjects, saveProject } from "~/features/projects/admin-projects.server";
import {
  createProject,
  getProject,
  listProjects,
  type ProjectInput,
} from "~/features/projects/queries.server";
import type { ProjectFormValues } from "~/features/projects/project-form";
import { test, testDatabases } from "#tests/setup/databases";

const FOCUS_MESSAGE = "Der Bildausschnitt muss eine ganze Zahl von 0 bis 100 % sein.";

const project = (title: string): ProjectInput => ({
  id: randomUUID(),
  title,
  description: "Beschreibung",
  image: "/images/projects/x.svg",
  category: "project",
  tags: [],
  date: new Date("2025-01-01T00:00:00Z"),
});

const formOf = (
  created: { id: string; title: string },
  focus: { x: string; y: string },
): ProjectFormValues => ({
  id: created.id,
  title: created.title,
  description: "Beschreibung",
  details: "",
  image: "/images/projects/x.svg",
  image_focus_x: focus.x,
  image_focus_y: focus.y,
  category: "project",
  url: "",
  admin_url: "",
  show_on_homepage: false,
  tags: [],
  date: "2025-01-01",
  status: "published",
});

const selection = (...ids: string[]) => {
  const form = new FormData();
  form.set("intent", "delete-selected");
  for (const id of ids) form.append("ids", id);
  return form;
};

const titles = async (db: Db) => (await listProjects(db, { drafts: true })).map((p) => p.title).sort();

describe.each(testDatabases)("the Projekte tab's images and selection on $name", (database) => {
  test.override({ database });

  test("a focal point is stored in whole percent; outside 0–100 or no number is a 400 in German and keeps the stored one", async ({
    db,
  }) => {
    const created = await createProject(db, project("Fokus"));
    expect(created).toMatchObject({ image_focus_x: 50, image_focus_y: 50 });

    expect(await saveProject(db, "update", formOf(created, { x: "20", y: "80" }), null)).toMatchObject({
      ok: true,
    });
    expect(await getProject(db, created.id)).toMatchObject({ image_focus_x: 20, image_focus_y: 80 });

    for (const [x, y, field] of [
      ["101", "50", "image_focus_x"],
      ["-1", "50", "image_focus_x"],
      ["50", "12.5", "image_focus_y"],
      ["50", "mitte", "image_focus_y"],
      ["Infinity", "50", "image_focus_x"],
    ] as const) {
      const refused = await saveProject(db, "update", formOf(created, { x, y }), null);
      expect(refused, `${x}/${y}`).toMatchObject({
        ok: false,
        status: 400,
        message: `Error updating project: ${FOCUS_MESSAGE}`,
        errors: { [field]: FOCUS_MESSAGE },
      });
    }
    expect(await getProject(db, created.id)).toMatchObject({ image_focus_x: 20, image_focus_y: 80 });

    // A form without the fields (sent before focal points existed) means the centre.
    expect(await saveProject(db, "update", formOf(created, { x: "", y: "" }), null)).toMatchObject({
      ok: true,
    });
    expect(await getProject(db, created.id)).toMatchObject({ image_focus_x: 50, image_focus_y: 50 });
  });

  test("'Ausgewählte entfernen' deletes every selected project or, with a bad or missing id, none", async ({
    db,
  }) => {
    const [a, b, c] = [
      await createProject(db, project("A")),
      await createProject(db, project("B")),
      await createProject(db, project("C")),
    ];

    const refusals: [FormData, number, string][] = [
      [selection(), 400, "Bitte wähle mindestens ein Projekt aus."],
      [
        selection(a.id, "kein-projekt"),
        400,
        "Die Auswahl enthält eine ungültige Projekt-ID. Es wurde nichts gelöscht.",
      ],
      [
        selection(a.id, "' or 1=1 --"),
        400,
        "Die Auswahl enthält eine ungültige Projekt-ID. Es wurde nichts gelöscht.",
      ],
      [
        selection(...Array.from({ length: 201 }, () => randomUUID())),
        400,
        "Höchstens 200 Projekte auf einmal.",
      ],
      // One of them is gone already: the transaction is rolled back, the others stay.
      [
        selection(a.id, b.id, randomUUID()),
        404,
        "Mindestens eines der ausgewählten Projekte gibt es nicht mehr. Es wurde nichts gelöscht.",
      ],
    ];
    for (const [form, status, message] of refusals) {
      expect(await removeSelectedProjects(db, form)).toEqual({ ok: false, status, message });
      expect(await titles(db)).toEqual(["A", "B", "C"]);
    }

    // The same id twice, and in capitals, counts once.
    expect(await removeSelectedProjects(db, selection(a.id, b.id.toUpperCase(), a.id))).toEqual({
      ok: true,
      message: "2 Projekte gelöscht",
    });
    expect(await titles(db)).toEqual(["C"]);
    expect(await removeSelectedProjects(db, selection(c.id))).toEqual({
      ok: true,
      message: "1 Projekt gelöscht",
    });
    expect(await titles(db)).toEqual([]);
  });
});
