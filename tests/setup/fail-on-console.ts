import { beforeEach, expect, vi } from "vitest";

// House rule: a warning or error printed to the console during a test fails it.
let printed: string[] = [];

beforeEach(({ onTestFinished }) => {
  printed = [];
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      printed.push(`console.${level}: ${args.map(String).join(" ")}`);
    });
  }
  // Checked when the test is finished, which is after its fixtures are torn down (a database
  // closing): an afterEach hook would run before that.
  onTestFinished(() => {
    vi.restoreAllMocks();
    expect(printed, "console output during the test").toEqual([]);
  });
});
