import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ensureAdmin, findAdminByEmail } from "~/features/auth/admin-users.server";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import {
  countProjects,
  createProject,
  deleteProject,
  getProject,
  listHomepageProjects,
  listProjects,
  listProjectsByCategory,
  updateProject,
  type ProjectInput,
} from "~/features/projects/queries.server";
import { adminUsers, contactSubmissions, newsletterSubscriptions } from "~/platform/db/schema";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { verifyPassword } from "~/features/auth/password-hash.server";
import { test, testDatabases } from "../setup/databases";

const project = (overrides: Partial<ProjectInput> = {}): ProjectInput => ({
  id: randomUUID(),
  title: "Titel",
  description: "Beschreibung",
  image: "/images/projects/x.svg",
  category: "project",
  tags: [],
  date: new Date("2025-01-01T00:00:00Z"),
  ...overrides,
});

/** SQLSTATE of a failed query, whichever driver raised it. */
function sqlState(error: unknown): unknown {
  const value = error as { code?: unknown; cause?: { code?: unknown } };
  return value.cause?.code ?? value.code;
}

describe.each(testDatabases)("data layer on $name", (database) => {
  test.override({ database });

  test("lists newest first by date, undated items last", async ({ db }) => {
    await createProject(db, project({ title: "alt", date: new Date("2024-01-01") }));
    await createProject(db, project({ title: "ohne Datum", date: null }));
    await createProject(db, project({ title: "neu", date: new Date("2026-01-01") }));
    expect((await listProjects(db)).map((p) => p.title)).toEqual(["neu", "alt", "ohne Datum"]);
  });

  test("filters by category and by the homepage flag", async ({ db }) => {
    await createProject(db, project({ title: "P1", category: "product", show_on_homepage: true }));
    await createProject(db, project({ title: "P2", category: "product", date: new Date("2026-05-01") }));
    await createProject(db, project({ title: "S1", category: "service", show_on_homepage: true }));
    expect((await listProjectsByCategory(db, "product")).map((p) => p.title)).toEqual(["P2", "P1"]);
    expect((await listHomepageProjects(db)).map((p) => p.title).sort()).toEqual(["P1", "S1"]);
    expect((await listHomepageProjects(db, "service")).map((p) => p.title)).toEqual(["S1"]);
  });

  test("creates with the client's id and returns the row with defaults", async ({ db }) => {
    const id = randomUUID();
    const created = await createProject(db, project({ id, tags: ["React", "Node.js"] }));
    expect(created).toMatchObject({ id, show_on_homepage: false, tags: ["React", "Node.js"], url: null });
    expect(await getProject(db, id)).toEqual(created);
  });

  test("finds nothing for unknown or malformed ids without an error", async ({ db }) => {
    expect(await getProject(db, randomUUID())).toBeUndefined();
    expect(await getProject(db, "not-a-uuid")).toBeUndefined();
    expect(await getProject(db, "'; drop table projects; --")).toBeUndefined();
  });

  test("updates after looking the project up, ignoring an id in the payload", async ({ db }) => {
    const { id } = await createProject(db, project());
    const other = randomUUID();
    const updated = await updateProject(db, id, { id: other, title: "Neu", show_on_homepage: true });
    expect(updated).toMatchObject({ id, title: "Neu", show_on_homepage: true });
    expect(await getProject(db, other)).toBeUndefined();
  });

  test("refuses update and delete of invalid or missing ids with the spec's messages", async ({ db }) => {
    const missing = randomUUID();
    await expect(updateProject(db, "", { title: "x" })).rejects.toThrow("Invalid project ID");
    await expect(deleteProject(db, undefined)).rejects.toThrow("Invalid project ID");
    await expect(updateProject(db, missing, { title: "x" })).rejects.toThrow(
      `No project found with id ${missing}`,
    );
    await expect(deleteProject(db, missing)).rejects.toThrow(`No project found with id ${missing}`);
  });

  test("deletes a project", async ({ db }) => {
    const { id } = await createProject(db, project());
    await deleteProject(db, id);
    expect(await getProject(db, id)).toBeUndefined();
  });

  test("refuses a category outside the five", async ({ db }) => {
    const error = await createProject(db, project({ category: "blog" as never })).catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23514");
  });

  test("raises SQLSTATE 23505 for a newsletter e-mail that differs only in case", async ({ db }) => {
    await db.insert(newsletterSubscriptions).values({ email: "Anna@Example.com", gdpr_consent: true });
    const error = await db
      .insert(newsletterSubscriptions)
      .values({ email: "anna@example.COM" })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe("23505");
  });

  test("stores contact submissions with a creation time", async ({ db }) => {
    const before = Date.now();
    const [row] = await db
      .insert(contactSubmissions)
      .values({ name: "Anna", email: "anna@example.com", subject: "Hallo", message: "Text" })
      .returning();
    expect(row?.created_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  test("loads the demo content into an empty installation once", async ({ db }) => {
    expect(await loadDemoContent(db, fallbackProjects)).toBe(true);
    expect(await countProjects(db)).toBe(12);
    for (const item of await listProjects(db)) await deleteProject(db, item.id);
    expect(await loadDemoContent(db, fallbackProjects)).toBe(false);
    expect(await countProjects(db)).toBe(0);
  });

  test("leaves an installation that already has projects alone", async ({ db }) => {
    await createProject(db, project({ title: "Eigenes Projekt" }));
    expect(await loadDemoContent(db, fallbackProjects)).toBe(false);
    expect((await listProjects(db)).map((p) => p.title)).toEqual(["Eigenes Projekt"]);
  });

  test("creates the configured admin once and never changes an existing password", async ({ db }) => {
    expect(await ensureAdmin(db, "Owner@Example.com", "erstes-passwort-123")).toBe("created");
    expect(await ensureAdmin(db, "owner@example.com", "anderes-passwort-456")).toBe("exists");
    const admin = await findAdminByEmail(db, "OWNER@example.com");
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.password_hash, "erstes-passwort-123")).toBe(true);
    expect(await verifyPassword(admin!.password_hash, "anderes-passwort-456")).toBe(false);
    expect(await db.select().from(adminUsers).where(eq(adminUsers.email, "Owner@Example.com"))).toHaveLength(
      1,
    );
  });
});
