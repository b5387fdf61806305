import type { PublicForm } from "~/platform/forms/public-form";
import { CONTACT_MESSAGES } from "./messages";

/** The contact form on /contact; the page's newsletter card tells itself apart by its intent. */
export const CONTACT_FORM = {
  form: "contact",
  path: "/contact",
  failure: { title: CONTACT_MESSAGES.failure, description: CONTACT_MESSAGES.failureDescription },
} as const satisfies PublicForm;
