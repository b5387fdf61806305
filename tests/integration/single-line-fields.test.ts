import { describe, expect, test } from "vitest";
import { ProjectFormSchema } from "~/features/projects/project-form";
import { ContactSchema } from "~/features/contact/schema";
import { NewsletterSimpleSchema } from "~/features/newsletter/schemas";
import { SINGLE_LINE_MESSAGE } from "~/platform/forms/schemas";

/**
 * names, subjects and titles are one line (a line break in a subject ends
 * up in a mail header or a list row); only messages and texts keep their line breaks.
 */
const contact = { name: "Erika", email: "erika@example.org", subject: "Anfrage", message: "Hallo\nWelt" };
const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("single-line fields", () => {
  test("the contact form refuses a line break in the name or subject, and keeps it in the message", () => {
    expect(ContactSchema.safeParse(contact).success).toBe(true);
    expect(ContactSchema.parse(contact).message).toBe("Hallo\nWelt");
    for (const field of ["name", "subject"] as const) {
      for (const brk of ["\n", "\r\n", "\r", "\t"]) {
        const result = ContactSchema.safeParse({ ...contact, [field]: `Zeile eins${brk}Zeile zwei` });
        expect(errorsOf(result)).toEqual({ [field]: SINGLE_LINE_MESSAGE });
      }
    }
    expect(SINGLE_LINE_MESSAGE).toBe("Bitte keine Steuerzeichen oder Zeilenumbrüche verwenden.");
  });

  test("the newsletter name and a project's title and tags are one line too", () => {
    expect(
      errorsOf(NewsletterSimpleSchema.safeParse({ email: "a@example.org", name: "Eva\nBcc: x" })),
    ).toEqual({
      name: SINGLE_LINE_MESSAGE,
    });
    const project = {
      title: "Projekt",
      description: "Beschreibung\nmit zwei Zeilen",
      details: "",
      image: "/favicon.svg",
      category: "project",
      url: "",
      admin_url: "",
      show_on_homepage: false,
      tags: ["eins"],
      date: "2026-03-04",
      status: "published",
    };
    expect(ProjectFormSchema.safeParse(project).success).toBe(true);
    expect(errorsOf(ProjectFormSchema.safeParse({ ...project, title: "Pro\njekt" }))).toEqual({
      title: SINGLE_LINE_MESSAGE,
    });
    expect(errorsOf(ProjectFormSchema.safeParse({ ...project, tags: ["ei\nns"] }))).toEqual({
      tags: SINGLE_LINE_MESSAGE,
    });
  });
});
