import Send from "lucide-react/icons/send";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useActionData, useFetcher } from "react-router";
import { CONTACT_FORM } from "./form";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { ContactSchema } from "~/features/contact/schema";
import { fieldErrors, LIMITS, type FieldErrors } from "~/platform/forms/schemas";
import { useFormResult } from "~/platform/forms/use-form-result";
import { useFormToken } from "~/platform/forms/use-form-token";
import { EmailField, MessageField, NameField, PrivacyNote } from "~/platform/forms/public-fields";
import { useHydrated } from "~/ui/use-hydrated";
import type { FormResult } from "~/platform/forms/guard.server";
import { Button } from "~/ui/button";
import { Field, FormStatus, Honeypot, Input } from "~/ui/field";

/**
 * Contact form (spec §4/§5): a real POST form that works without JavaScript; with JavaScript it
 * checks the same schema first, submits in the background and answers with a toast.
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<FormResult>({ key: CONTACT_FORM.form });
  const actionData = useActionData<FormResult>();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  // Without JavaScript the page itself carries the result of the POST.
  const result = fetcher.data ?? (actionData?.form === CONTACT_FORM.form ? actionData : undefined);
  const token = useFormToken(formToken, result);
  const formRef = useFormResult(fetcher.data);
  const submitting = fetcher.state !== "idle";
  const errors = { ...(result?.errors ?? {}), ...clientErrors };
  const values = result && !result.ok ? result.values : undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate={hydrated}
      className="relative space-y-5"
      onSubmit={(event) => {
        const form = event.currentTarget;
        const parsed = ContactSchema.safeParse(Object.fromEntries(new FormData(form)));
        if (parsed.success) return setClientErrors({});
        event.preventDefault();
        const found = fieldErrors(parsed.error);
        // Rendered at once, so that the field focused next already names its error.
        flushSync(() => setClientErrors(found));
        // Keyboard and screen reader users land on the first field to correct.
        Array.from(form.elements)
          .find((element): element is HTMLInputElement => (element as HTMLInputElement).name in found)
          ?.focus();
      }}
    >
      <input type="hidden" name="intent" value="contact" />
      <input type="hidden" name="formToken" value={token} />
      <Honeypot />
      {!hydrated && <FormStatus result={result} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <NameField id="contact-name" error={errors.name} defaultValue={values?.name} />
        <EmailField id="contact-email" error={errors.email} defaultValue={values?.email} />
      </div>
      <Field id="contact-subject" label="Betreff" error={errors.subject}>
        {(props) => (
          <Input
            {...props}
            name="subject"
            required
            maxLength={LIMITS.subject}
            defaultValue={values?.subject}
          />
        )}
      </Field>
      <MessageField
        id="contact-message"
        label="Nachricht"
        rows={6}
        required
        error={errors.message}
        defaultValue={values?.message}
      />
      <PrivacyNote text="Ich verwende deine Angaben nur, um deine Anfrage zu beantworten. Details in der" />
      <Button type="submit" disabled={submitting}>
        <Send aria-hidden="true" className="size-4" />
        {submitting ? CONTACT_MESSAGES.submitting : "Nachricht senden"}
      </Button>
    </fetcher.Form>
  );
}
