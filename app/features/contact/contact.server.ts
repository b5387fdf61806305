import { data } from "react-router";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import { CONTACT_FORM } from "./form";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { setContactVisitSource, submitContact } from "~/features/contact/queries.server";
import { ContactSchema } from "~/features/contact/schema";
import { fieldErrors } from "~/platform/forms/schemas";
import {
  checkForm,
  expired,
  formCapRetryAfter,
  formRateLimitKey,
  formTokenKey,
  formValues,
  invalidRequest,
  newFormToken,
  rateLimited,
  readForm,
  unavailable,
  type FormActionArgs,
  type FormResult,
} from "~/platform/forms/guard.server";
import { logger } from "~/platform/logger.server";
import { clientAddressContext, databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { countConversion } from "~/features/statistics/index.server";

/**
 * The contact form's action. Order of work: spam defence, validation, then the database write
 * (the limits counted, the form token used up, the owner's notification mail queued, all in one
 * transaction), and only then the success answer.
 */

const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;

export async function contactAction(
  { request, context }: FormActionArgs,
  form?: FormData,
  key = CONTACT_FORM.form,
) {
  form ??= await readForm(request);
  if (!form) return invalidRequest(CONTACT_MESSAGES.failure, key);
  const values = formValues(form, CONTACT_FIELDS);
  try {
    const db = await context.get(databaseContext);
    const guard = {
      name: "contact",
      form: key,
      clientAddress: context.get(clientAddressContext),
      failureTitle: CONTACT_MESSAGES.failure,
      values,
    } as const;
    const checked = await checkForm(db, form, guard);
    if (checked === "spam")
      return { ok: true, title: CONTACT_MESSAGES.success, form: key } satisfies FormResult;
    if (checked) return checked;
    const capped = formCapRetryAfter(db);
    if (capped !== undefined) return rateLimited(guard, capped);

    // Counted against the client's limit whether valid or not; stored only when both hold, its
    // form token unused and the cap of all forms not reached.
    const parsed = ContactSchema.safeParse(values);
    const rateLimitKey = await formRateLimitKey(db, guard);
    const outcome = await submitContact(db, {
      input: parsed.success ? parsed.data : undefined,
      rateLimitKey,
      tokenKey: formTokenKey(rateLimitKey, form),
    });
    if (outcome.status === "limited") return rateLimited(guard, outcome.retryAfterSeconds);
    if (outcome.status === "replayed") return expired(guard, await newFormToken(db));
    if (!parsed.success) {
      return data<FormResult>(
        {
          ok: false,
          title: CONTACT_MESSAGES.failure,
          description: CHECK_MARKED_FIELDS,
          errors: fieldErrors(parsed.error),
          values,
          form: key,
        },
        { status: 400 },
      );
    }
    context.get(mailQueuedContext)();
    // After the answer: the visit it came from, on its detail (statistics on).
    const storedId = outcome.status === "stored" ? outcome.id : undefined;
    void countConversion(request, context, "contact")
      .then((source) => (source && storedId ? setContactVisitSource(db, storedId, source) : undefined))
      .catch(() => undefined);
    return {
      ok: true,
      title: CONTACT_MESSAGES.success,
      description: CONTACT_MESSAGES.successDescription,
      form: key,
      // The token is used up: the answer brings the next one.
      formToken: await newFormToken(db),
    } satisfies FormResult;
  } catch (error) {
    logger.error({ err: error }, "contact submission could not be stored");
    return unavailable(CONTACT_MESSAGES.failure, values, key);
  }
}
