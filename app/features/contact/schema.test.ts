import { expect, test } from "vitest";
import { LIMITS } from "~/platform/forms/schemas";
import { ContactSchema } from "./schema";

const valid = { name: "Erika", email: "erika@example.org", subject: "Hallo", message: "Eine Frage" };

test("each too-long field is refused with its own whole sentence, naming the limit the inputs use", () => {
  for (const field of ["name", "subject", "message"] as const) {
    const result = ContactSchema.safeParse({ ...valid, [field]: "a".repeat(LIMITS[field] + 1) });
    expect(result.success).toBe(false);
    const message = result.error!.issues[0]!.message;
    expect(message).toContain(`höchstens ${LIMITS[field]} Zeichen`);
    expect(message).toMatch(/^(Dein|Der|Die) /);
  }
  expect(ContactSchema.safeParse({ ...valid, name: "a".repeat(LIMITS.name) }).success).toBe(true);
});
