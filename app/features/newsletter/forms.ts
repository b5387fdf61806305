import type { PublicForm } from "~/platform/forms/public-form";
import { NEWSLETTER_MESSAGES } from "./messages";

const failure = { title: NEWSLETTER_MESSAGES.failure, description: NEWSLETTER_MESSAGES.failureDescription };

/** The double opt-in card on /contact (intent "newsletter"). */
export const NEWSLETTER_OPT_IN_FORM = {
  form: "newsletter-optin",
  path: "/contact",
  intent: "newsletter",
  failure,
} as const satisfies PublicForm;

/** The home page's block: the only form of the home page. */
export const NEWSLETTER_SIMPLE_FORM = {
  form: "newsletter-simple",
  path: "/",
  index: true,
  failure,
} as const satisfies PublicForm;
