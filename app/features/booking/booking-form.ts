import type { PublicForm } from "~/platform/forms/public-form";
import { BOOKING_MESSAGES } from "./messages";

/** The visitor's booking form on /termine/<art>: a public form like the contact form. */
export const BOOKING_FORM = {
  form: "booking",
  path: "/termine/:art",
  failure: { title: BOOKING_MESSAGES.failure, description: BOOKING_MESSAGES.failureDescription },
} as const satisfies PublicForm;
