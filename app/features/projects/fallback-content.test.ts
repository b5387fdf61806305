import { describe, expect, test } from "vitest";
import { fallbackProject, fallbackProjects } from "~/features/projects/fallback-projects";
import { isProjectId } from "~/features/projects/queries.server";
import { CATEGORIES } from "~/features/projects/project";

describe("built-in showcase items (spec §3)", () => {
  test("are twelve items covering all five categories with valid, distinct ids", () => {
    expect(fallbackProjects).toHaveLength(12);
    expect(new Set(fallbackProjects.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(fallbackProjects.map((p) => p.id)).size).toBe(12);
    expect(fallbackProjects.every((p) => isProjectId(p.id))).toBe(true);
  });

  test("show at least one item per category on the home page", () => {
    for (const category of CATEGORIES) {
      expect(fallbackProjects.some((p) => p.category === category && p.show_on_homepage)).toBe(true);
    }
  });

  test("are found by id", () => {
    const first = fallbackProjects[0]!;
    expect(fallbackProject(first.id)).toBe(first);
    expect(fallbackProject("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });
});
