import { data, redirect } from "react-router";
import type { Db } from "~/platform/db/engines.server";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import { fieldErrors } from "~/platform/forms/schemas";
import {
  acceptForm,
  formValues,
  guardForm,
  invalidRequest,
  newFormToken,
  readForm,
  unavailable,
  type FormActionArgs,
  type FormResult,
} from "~/platform/forms/guard.server";
import { clientAddressContext, databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { logger } from "~/platform/logger.server";
import { BOOKING_FORM } from "./booking-form";
import { bookSlot } from "./booking-flow.server";
import { bookingLinkPath } from "./booking-links.server";
import { bookingOpen } from "./booking-settings.server";
import { findVisibleBookingType, type BookingType } from "./booking-types.server";
import { BOOKING_MESSAGES } from "./messages";
import { BookingSchema } from "./schema";
import { timeLabel } from "./slot-view.server";
import type { Slot } from "./slots";

/**
 * The booking form's action (/termine/<art>). Order of work as the contact form's: spam defence
 * and the client's limit, validation, the form token and the cap of all forms, then the booking
 * stored with its mails in one transaction (createBooking's lock and re-check), and only then
 * the answer: a redirect to the confirmation, or why not.
 */

const BOOKING_FIELDS = ["name", "email", "message", "slot", "timeZone"] as const;

/** A refused booking's answer: FormResult, and the next free times when the slot was taken. */
export type BookingResult = FormResult & { nextSlots?: { start: string; label: string }[] };

/** The visible type of `slug` while booking is open; a 404 otherwise. */
export async function openTypeOf(db: Db, slug: string | undefined): Promise<BookingType> {
  const type = slug && (await bookingOpen(db)) ? await findVisibleBookingType(db, slug) : undefined;
  if (!type) throw data(null, { status: 404 });
  return type;
}

export const nextSlotsOf = (slots: Slot[], timeZone: string) =>
  slots.map((slot) => ({ start: slot.start.toISOString(), label: timeLabel(slot.start, timeZone, true) }));

export async function bookingAction({
  request,
  context,
  params,
}: FormActionArgs & { params: { art?: string } }) {
  const key = BOOKING_FORM.form;
  const form = await readForm(request);
  if (!form) return invalidRequest(BOOKING_MESSAGES.failure, key);
  const values = formValues(form, BOOKING_FIELDS);
  const db = await context.get(databaseContext);
  const type = await openTypeOf(db, params.art);
  const options = {
    name: "booking",
    form: key,
    clientAddress: context.get(clientAddressContext),
    failureTitle: BOOKING_MESSAGES.failure,
    values,
  } as const;
  try {
    const guard = await guardForm(db, form, options);
    // A bot that filled the honeypot is told nothing useful.
    if (guard === "spam")
      return { ok: true, title: BOOKING_MESSAGES.requested, form: key } satisfies BookingResult;
    if (guard) return guard;

    const parsed = BookingSchema.safeParse(values);
    if (!parsed.success) {
      return data<BookingResult>(
        {
          ok: false,
          title: BOOKING_MESSAGES.failure,
          description: CHECK_MARKED_FIELDS,
          errors: fieldErrors(parsed.error),
          values,
          form: key,
        },
        { status: 400 },
      );
    }
    const now = new Date();
    if (parsed.data.slot.getTime() <= now.getTime()) {
      return data<BookingResult>(
        { ok: false, title: BOOKING_MESSAGES.slotPast, values, form: key },
        { status: 400 },
      );
    }
    const accepted = await acceptForm(db, form, options);
    if ("refusal" in accepted) return accepted.refusal;
    const { slot: start, ...visitor } = parsed.data;
    const outcome = await bookSlot(db, type, { start, ...visitor }, now).catch(async (error: unknown) => {
      await accepted.release().catch(() => undefined);
      throw error;
    });
    if (outcome.status === "stored") {
      context.get(mailQueuedContext)();
      const path = await bookingLinkPath(db, outcome.booking, "ansehen");
      return redirect(`${path}&tz=${encodeURIComponent(visitor.timeZone)}`);
    }
    // Not booked: the token goes back, so the visitor can pick another time at once.
    await accepted.release().catch(() => undefined);
    const formToken = await newFormToken(db);
    if (outcome.status === "slot-taken") {
      return data<BookingResult>(
        {
          ok: false,
          title: BOOKING_MESSAGES.slotTaken,
          description:
            outcome.nextSlots.length > 0 ? BOOKING_MESSAGES.nextSlots : BOOKING_MESSAGES.noNextSlots,
          nextSlots: nextSlotsOf(outcome.nextSlots, visitor.timeZone),
          values,
          form: key,
          formToken,
        },
        { status: 409 },
      );
    }
    return data<BookingResult>(
      { ok: false, title: BOOKING_MESSAGES.notOffered, values, form: key, formToken },
      { status: 400 },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "booking could not be stored");
    return unavailable(BOOKING_MESSAGES.failure, values, key);
  }
}
