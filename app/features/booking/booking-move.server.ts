import { data, redirect } from "react-router";
import { databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { logger } from "~/platform/logger.server";
import { moveSlot } from "./booking-flow.server";
import { bookingLinkPath } from "./booking-links.server";
import { bookingOfRequest } from "./booking-link-page.server";
import { nextSlotsOf, type BookingResult } from "./booking-page.server";
import { BOOKING_MESSAGES } from "./messages";
import { zoneOf } from "./slot-view.server";
import type { FormActionArgs } from "~/platform/forms/guard.server";

/**
 * A move by the visitor's signed link: the new slot checked like a booking (moveBooking's lock),
 * the mails to both sides queued with it, then the confirmation of the new time.
 */
export async function moveAction({ request, context, params }: FormActionArgs & { params: { id?: string } }) {
  const db = await context.get(databaseContext);
  const booking = await bookingOfRequest(db, request, params.id, "verschieben");
  const form = await request.formData().catch(() => undefined);
  const slot = String(form?.get("slot") ?? "");
  const timeZone = zoneOf(String(form?.get("timeZone") ?? ""));
  const start = new Date(slot);
  const refused = (title: string, status: number, extra: Partial<BookingResult> = {}) =>
    data<BookingResult>({ ok: false, title, ...extra }, { status });
  if (!slot || Number.isNaN(start.getTime())) return refused(BOOKING_MESSAGES.notOffered, 400);
  if (start.getTime() <= Date.now()) return refused(BOOKING_MESSAGES.slotPast, 400);
  try {
    const outcome = await moveSlot(db, booking, start);
    if (outcome.status === "moved") {
      context.get(mailQueuedContext)();
      const path = await bookingLinkPath(db, outcome.booking, "ansehen");
      return redirect(`${path}&tz=${encodeURIComponent(timeZone)}`);
    }
    if (outcome.status === "slot-taken") {
      return refused(BOOKING_MESSAGES.slotTaken, 409, {
        description: outcome.nextSlots.length > 0 ? BOOKING_MESSAGES.nextSlots : BOOKING_MESSAGES.noNextSlots,
        nextSlots: nextSlotsOf(outcome.nextSlots, timeZone),
      });
    }
    if (outcome.status === "not-found") return refused(BOOKING_MESSAGES.linkInvalid, 403);
    return refused(BOOKING_MESSAGES.notOffered, 400);
  } catch (error) {
    logger.error({ err: error }, "booking could not be moved");
    return refused(BOOKING_MESSAGES.moveFailure, 503);
  }
}
