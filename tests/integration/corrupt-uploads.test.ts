import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { createProject, listProjects } from "~/features/projects/queries.server";
import { images, pages } from "~/platform/db/schema";
import { IMAGE_MESSAGES, storeUploadedImage } from "~/features/media/images.server";
import { engineNeutralDatabases, test, testDatabases } from "../setup/databases";
import { signInOverHttp, withServer } from "../setup/http";

/**
 * an image whose header is sound but whose pixel data is broken (here cut
 * off halfway) passes the header check and failed only when decoded, with a 500. Every upload
 * route now refuses it with the German "kein unterstütztes Bild" and a 400, and nothing stored
 * is lost.
 */
const ADMIN = { email: "bilder@example.com", password: "Kaputte-Bilder-Test-2026" };
const CORRUPT = [
  { name: "truncated.png", type: "image/png" },
  { name: "truncated.jpg", type: "image/jpeg" },
] as const;

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "..", "fixtures", name)));

describe.each(testDatabases)("corrupt images on $name", (database) => {
  test.override({ database });

  test("a truncated PNG or JPEG is no supported image; nothing is stored", async ({ db }) => {
    for (const { name, type } of CORRUPT) {
      const file = new File([fixture(name)], name, { type });
      await expect(storeUploadedImage(db, file), name).rejects.toThrow(IMAGE_MESSAGES.notAnImage);
    }
    expect(await db.select({ id: images.id }).from(images)).toEqual([]);
  });
});

test("every upload route answers a corrupt image with 400 and the German reason, nothing lost", async () => {
  const project = {
    id: "6f0c7a52-4a36-4b8e-9a52-0c3f6d1e2b7a",
    title: "Bestehendes Projekt",
    description: "Schon gespeichert.",
    image: "https://example.com/bestehend.jpg",
    category: "project" as const,
    date: new Date("2026-01-15"),
  };
  await withServer(engineNeutralDatabases[0]!, {
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    seed: async (db) => void (await createProject(db, project)),
    run: async ({ url }) => {
      const cookie = await signInOverHttp(url, ADMIN.email, ADMIN.password);
      const upload = (target: string, fields: Record<string, string>, fileField: string, name: string) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.set(key, value);
        const { type } = CORRUPT.find((one) => one.name === name)!;
        form.set(fileField, new File([fixture(name)], name, { type }));
        return fetch(`${url}${target}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: url, Cookie: cookie },
          body: form,
        });
      };
      const projectFields = (intent: string, id: string) => ({
        intent,
        id,
        title: "Neues Bild",
        description: "Mit kaputtem Bild.",
        category: "project",
        image: "",
        date: "2026-02-01",
        status: "published",
      });
      const routes: [string, string, Record<string, string>, string][] = [
        ["new project", "/admin?index", projectFields("create", crypto.randomUUID()), "imageFile"],
        ["project's new image", "/admin?index", projectFields("update", project.id), "imageFile"],
        [
          "home page hero image",
          "/admin/inhalte/startseite",
          { intent: "save", "heroImages.new.alt": "Ein Bild" },
          "heroImages.new.file",
        ],
        ["about portrait", "/admin/inhalte/ueber-mich", { intent: "save", "image.alt": "Ich" }, "image.file"],
        [
          "service hero image",
          "/admin/inhalte/service-webdesign",
          { intent: "save", "heroImage.alt": "Webdesign" },
          "heroImage.file",
        ],
      ];
      for (const [label, target, fields, fileField] of routes) {
        for (const { name } of CORRUPT) {
          const response = await upload(target, fields, fileField, name);
          expect(response.status, `${label}, ${name}`).toBe(400);
          expect(await response.text(), `${label}, ${name}`).toContain(IMAGE_MESSAGES.notAnImage);
        }
      }
    },
    after: async (db) => {
      expect(await db.select({ id: images.id }).from(images)).toEqual([]);
      expect(await listProjects(db, { drafts: true })).toEqual([
        expect.objectContaining({ id: project.id, title: project.title, image: project.image }),
      ]);
      const drafts = await db.select({ path: pages.path, draft: pages.draft }).from(pages);
      expect(drafts.filter((page) => page.draft !== null)).toEqual([]);
    },
  });
}, 120_000);
