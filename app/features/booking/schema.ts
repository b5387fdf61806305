import * as z from "zod/mini";
import {
  CONTROL_CHARACTERS_MESSAGE,
  emailField,
  LIMITS,
  PLAIN_TEXT,
  requiredText,
} from "~/platform/forms/schemas";
import { BOOKING_FIELD_MESSAGES as M } from "./messages";

/**
 * An IANA time zone name the runtime knows ("Europe/Berlin", "America/New_York", "UTC"), as a
 * browser reports it. Offsets ("+01:00") are no zone: the visitor's times would not follow their
 * summer time. Checked with Intl, which the browser has anyway: no Temporal in a public bundle.
 */
const ZONE_NAME = /^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

/** The zone's canonical spelling, or undefined when it is none. */
export function timeZoneName(value: string): string | undefined {
  if (value.length > 64 || !ZONE_NAME.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's booking form at /termine/<art> (the type comes from the address): the action's
 * authority and the browser's check before sending. Whether the slot is offered is the
 * server's question (createBooking), not the schema's.
 */
export const BookingSchema = z.object({
  name: requiredText(LIMITS.name, { missing: M.nameMissing, tooLong: M.nameTooLong }),
  email: emailField,
  message: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LIMITS.message, M.messageTooLong),
          z.regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE),
        ),
    ),
    z.transform((value: string | undefined) => value || null),
  ),
  /** The slot's start as the page sent it: an ISO instant ("2026-03-10T08:00:00.000Z"). */
  slot: z.pipe(
    z.string({ error: M.slotMissing }).check(z.minLength(1, M.slotMissing)),
    z.pipe(
      z.iso.datetime({ offset: true, error: M.slotInvalid }),
      z.transform((value: string) => new Date(value)),
    ),
  ),
  timeZone: z.pipe(
    z
      .string({ error: M.timeZoneInvalid })
      .check(z.refine((value) => timeZoneName(value) !== undefined, M.timeZoneInvalid)),
    z.transform((value: string) => timeZoneName(value)!),
  ),
});
export type BookingInput = z.infer<typeof BookingSchema>;
