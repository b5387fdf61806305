import { BOOKING_FORM } from "~/features/booking";
import { CONTACT_FORM } from "~/features/contact";
import { NEWSLETTER_OPT_IN_FORM, NEWSLETTER_SIMPLE_FORM } from "~/features/newsletter";
import type { PublicForm } from "~/platform/forms/public-form";

/**
 * Every form a visitor sends, as its feature declares it: the flood front in front of the router
 * (server/public-form-posts.ts) takes its turns and answers for these, by path and intent.
 */
export const PUBLIC_FORMS: readonly PublicForm[] = [
  CONTACT_FORM,
  NEWSLETTER_OPT_IN_FORM,
  NEWSLETTER_SIMPLE_FORM,
  BOOKING_FORM,
];
