import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { openDatabase } from "~/platform/db/engines.server";
import { newsletterSubscriptions, projects } from "~/platform/db/schema";
import { scrubError } from "~/platform/logger.server";

test("database errors are logged without SQL, query parameters or quoted values", async () => {
  const { db, close } = await openDatabase({});
  try {
    const email = "geheim.person@example.org";
    await db.insert(newsletterSubscriptions).values({ email });
    const duplicate = await db
      .insert(newsletterSubscriptions)
      .values({ email, name: "Geheimer Name" })
      .catch((e: unknown) => e);
    const badUuid = await db
      .select()
      .from(projects)
      .where(eq(projects.id, email))
      .catch((e: unknown) => e);

    const scrubbedDuplicate = JSON.stringify(scrubError(duplicate));
    expect(scrubbedDuplicate).toContain("23505");
    expect(scrubbedDuplicate).toContain("duplicate key value violates unique constraint");
    expect(scrubbedDuplicate).not.toMatch(/insert into|params|\$1/i);
    const scrubbedUuid = JSON.stringify(scrubError(badUuid));
    expect(scrubbedUuid).toContain("22P02");
    for (const text of [scrubbedDuplicate, scrubbedUuid]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain("Geheimer Name");
      expect(text).not.toMatch(/select |insert into|\bat /i);
    }
  } finally {
    await close();
  }
});

test("other errors keep their class, message and the frame that threw, but no stack trace", () => {
  const scrubbed = scrubError(new TypeError("kaputt für anna@example.org"));
  expect(scrubbed).toMatchObject({ type: "TypeError", message: "kaputt für [email]" });
  expect(scrubbed.where).toContain("logging.test.ts");
  expect(JSON.stringify(scrubbed)).not.toMatch(/\\n\s+at /);
  expect(scrubbed).not.toHaveProperty("stack");
  // Logged once more under `err`, an already scrubbed error stays as it is.
  expect(scrubError(scrubbed)).toEqual(scrubbed);
});
