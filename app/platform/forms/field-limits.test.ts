import { expect, test } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { fieldLimits, formLimits, limitsAt } from "./field-limits";
import { emailField, optionalName, requiredText } from "./schemas";

test("a string's max and min become maxLength and required, through refinements and transforms", () => {
  expect(fieldLimits(z.string().trim().max(100))).toEqual({ maxLength: 100 });
  expect(fieldLimits(z.string().trim().min(1, "Bitte ausfüllen.").max(60))).toEqual({
    maxLength: 60,
    required: true,
  });
  // The tightest of several checks wins.
  expect(fieldLimits(z.string().max(300).max(120).min(1).min(2))).toEqual({ maxLength: 120, required: true });
  expect(fieldLimits(z.string().length(8))).toEqual({ maxLength: 8, required: true });
  // A refinement keeps the string; a transform or a pipe puts it on the input side.
  expect(
    fieldLimits(
      z
        .string()
        .max(254)
        .refine((value) => value.includes("@")),
    ),
  ).toEqual({ maxLength: 254 });
  expect(
    fieldLimits(
      z
        .string()
        .max(20)
        .transform((value) => value.toUpperCase()),
    ),
  ).toEqual({ maxLength: 20 });
  expect(fieldLimits(z.string().max(24).transform(String).pipe(z.string().regex(/^\d*$/)))).toEqual({
    maxLength: 24,
  });
});

test("an optional field is not required, and a schema that is no string has no limits", () => {
  expect(fieldLimits(z.string().min(1).max(50).optional())).toEqual({ maxLength: 50 });
  expect(fieldLimits(z.string().max(50).default(""))).toEqual({ maxLength: 50 });
  expect(fieldLimits(z.string())).toEqual({});
  expect(fieldLimits(z.enum(["a", "b"]))).toEqual({});
  expect(fieldLimits(z.number().max(10))).toEqual({});
  expect(fieldLimits(z.string().regex(/^\d{1,2}$/))).toEqual({});
});

test("the public forms' zod/mini pieces have the same limits", () => {
  expect(fieldLimits(requiredText(150, { missing: "Fehlt.", tooLong: "Zu lang." }))).toEqual({
    maxLength: 150,
    required: true,
  });
  expect(fieldLimits(emailField)).toEqual({ maxLength: 254, required: true });
  expect(fieldLimits(optionalName)).toEqual({ maxLength: 100 });
  expect(fieldLimits(zm.optional(zm.string().check(zm.minLength(1), zm.maxLength(9))))).toEqual({
    maxLength: 9,
  });
});

test("a form's limits are plain data, and a field's are found by its dotted name", () => {
  const Image = z.object({ src: z.string(), alt: z.string().min(1).max(300) });
  const Page = z.object({
    title: z.string().min(1).max(120),
    image: Image,
    keyfacts: z.array(z.string().max(200)),
    blocks: z.array(z.object({ title: z.string().max(160), image: Image }).superRefine(() => {})).max(30),
    visible: z.union([z.boolean(), z.literal("on")]).transform(Boolean),
  });
  const limits = formLimits(Page.superRefine(() => {}).transform((page) => page));
  // What a loader hands to the browser survives JSON.
  expect(JSON.parse(JSON.stringify(limits))).toEqual(limits);
  expect(limitsAt(limits, "title")).toEqual({ maxLength: 120, required: true });
  expect(limitsAt(limits, "image.alt")).toEqual({ maxLength: 300, required: true });
  expect(limitsAt(limits, "keyfacts.3")).toEqual({ maxLength: 200 });
  expect(limitsAt(limits, "blocks.2.title")).toEqual({ maxLength: 160 });
  expect(limitsAt(limits, "blocks.0.image.alt")).toEqual({ maxLength: 300, required: true });
  expect(limitsAt(limits, "blocks.new.image.alt")).toEqual({ maxLength: 300, required: true });
  expect(limitsAt(limits, "visible")).toEqual({});
  // Names the schema does not know have none (a hidden count, a file, a field of another form).
  for (const name of ["blocks.count", "title.length", "subtitle", "image.file", "constructor", "toString"]) {
    expect(limitsAt(limits, name), name).toBeUndefined();
  }
});
