import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { newsletterSubscriptions, projects } from "~/db/schema";
import { scrubError } from "~/lib/logger.server";

test("database errors are logged without query parameters or quoted values", async () => {
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
    expect(scrubbedDuplicate).toContain("insert into");
    const scrubbedUuid = JSON.stringify(scrubError(badUuid));
    expect(scrubbedUuid).toContain("22P02");
    for (const text of [scrubbedDuplicate, scrubbedUuid]) {
      expect(text).not.toContain(email);
      expect(text).not.toContain("Geheimer Name");
    }
  } finally {
    await close();
  }
});

test("other errors keep their message and stack", () => {
  const scrubbed = scrubError(new TypeError("kaputt"));
  expect(scrubbed).toMatchObject({ type: "TypeError", message: "kaputt" });
  expect(scrubbed.stack).toContain("kaputt");
});
