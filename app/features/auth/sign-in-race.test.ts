import { describe, expect, vi } from "vitest";
import { createAdmin } from "~/features/auth/admin-users.server";
import { signIn } from "~/features/auth/sign-in-limits.server";
import type * as Passwords from "~/features/auth/password-hash.server";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * the limits were read before argon2 ran and written after, so parallel
 * guesses all passed the "fewer than 5" check (100 parallel wrong sign-ins got 31 answers of 401).
 * Every attempt is now counted first, atomically. The password check is counted here through the
 * module's own function, wrapped.
 */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/features/auth/password-hash.server", async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      checks.count++;
      return original.verifyPassword(...args);
    },
  };
});

describe.each(testDatabases)("sign-in throttle on $name", (database) => {
  test.override({ database });

  test("200 parallel wrong sign-ins for one account: at most 5 answered 401, the rest 429, fewer than 10 password checks", async ({
    db,
  }) => {
    await createAdmin(db, { email: "owner@example.com", password: "Korrektes-Pferd-Batterie-42" });
    checks.count = 0;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        signIn(db, "owner@example.com", `falsch-${i}-falsch`, "203.0.113.9", { wait: async () => {} }),
      ),
    );
    const invalid = results.filter((result) => !result.ok && result.reason === "invalid").length;
    const throttled = results.filter((result) => !result.ok && result.reason === "throttled").length;
    expect(invalid).toBeLessThanOrEqual(5);
    expect(invalid + throttled).toBe(200);
    expect(checks.count).toBeLessThan(10);
  }, 120_000);
});
