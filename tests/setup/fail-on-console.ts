import { afterEach, beforeEach, expect, vi } from "vitest";

// House rule: a warning or error printed to the console during a test fails it.
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      printed.push(`console.${level}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(printed, "console output during the test").toEqual([]);
});
