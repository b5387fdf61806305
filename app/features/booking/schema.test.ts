import { expect, test } from "vitest";
import { LIMITS } from "~/platform/forms/schemas";
import { BOOKING_FIELD_MESSAGES } from "./messages";
import { BookingSchema } from "./schema";

const valid = {
  name: "Erika Muster",
  email: "erika@example.org",
  slot: "2026-03-10T08:00:00.000Z",
  timeZone: "America/New_York",
};

const messageOf = (form: Record<string, unknown>) => BookingSchema.safeParse(form).error?.issues[0]?.message;

test("a complete form becomes the booking's fields: the slot as an instant, an empty message as none", () => {
  expect(BookingSchema.parse({ ...valid, message: "  " })).toEqual({
    name: "Erika Muster",
    email: "erika@example.org",
    message: null,
    slot: new Date("2026-03-10T08:00:00.000Z"),
    timeZone: "America/New_York",
  });
  // An offset names the same instant.
  expect(BookingSchema.parse({ ...valid, slot: "2026-03-10T09:00:00+01:00" }).slot).toEqual(
    new Date("2026-03-10T08:00:00.000Z"),
  );
  expect(BookingSchema.parse({ ...valid, message: "Zum Projekt" }).message).toBe("Zum Projekt");
});

test("each bad field gets its own German sentence", () => {
  expect(messageOf({ ...valid, name: " " })).toBe(BOOKING_FIELD_MESSAGES.nameMissing);
  expect(messageOf({ ...valid, name: "a".repeat(LIMITS.name + 1) })).toBe(BOOKING_FIELD_MESSAGES.nameTooLong);
  expect(messageOf({ ...valid, email: "erika@" })).toBe("Bitte gib eine gültige E-Mail-Adresse ein.");
  expect(messageOf({ ...valid, message: "a".repeat(LIMITS.message + 1) })).toBe(
    BOOKING_FIELD_MESSAGES.messageTooLong,
  );
  expect(messageOf({ ...valid, message: "a\u0000b" })).toBe("Bitte verwende keine Steuerzeichen.");
  expect(messageOf({ ...valid, slot: "" })).toBe(BOOKING_FIELD_MESSAGES.slotMissing);
  expect(messageOf({ ...valid, slot: undefined })).toBe(BOOKING_FIELD_MESSAGES.slotMissing);
  expect(messageOf({ ...valid, slot: "morgen um neun" })).toBe(BOOKING_FIELD_MESSAGES.slotInvalid);
  expect(messageOf({ ...valid, slot: "2026-03-10T08:00" })).toBe(BOOKING_FIELD_MESSAGES.slotInvalid);
});

test("the time zone is an IANA name the runtime knows, in its canonical spelling; offsets are refused", () => {
  expect(BookingSchema.parse({ ...valid, timeZone: "UTC" }).timeZone).toBe("UTC");
  expect(BookingSchema.parse({ ...valid, timeZone: "europe/berlin" }).timeZone).toBe("Europe/Berlin");
  for (const timeZone of ["Mars/Olympus_Mons", "+01:00", "Berlin", "", "Europe/Berlin\n", "a/".repeat(40)]) {
    expect(messageOf({ ...valid, timeZone })).toBe(BOOKING_FIELD_MESSAGES.timeZoneInvalid);
  }
  expect(messageOf({ ...valid, timeZone: undefined })).toBe(BOOKING_FIELD_MESSAGES.timeZoneInvalid);
});
