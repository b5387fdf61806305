import Mail from "lucide-react/icons/mail";
import { useActionData, useFetcher } from "react-router";
import { CONSENT_TEXTS, type ConsentForm } from "~/features/newsletter/consent";
import { NEWSLETTER_OPT_IN_FORM, NEWSLETTER_SIMPLE_FORM } from "./forms";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";
import { LIMITS } from "~/platform/forms/limits";
import { useFormResult } from "~/platform/forms/use-form-result";
import { useFormToken } from "~/platform/forms/use-form-token";
import { useHydrated } from "~/ui/use-hydrated";
import type { FormResult } from "~/platform/forms/guard.server";
import { EmailField } from "~/platform/forms/public-fields";
import { Button } from "~/ui/button";
import { Field, FormStatus, Honeypot, Input } from "~/ui/field";

const PRIVACY_LINK_TEXT = "Datenschutzerklärung";

function useNewsletterForm(key: string, formToken: string) {
  const fetcher = useFetcher<FormResult>({ key });
  const actionData = useActionData<FormResult>();
  const hydrated = useHydrated();
  // Without JavaScript the page carries the result; only take it if this form was sent.
  const result = fetcher.data ?? (actionData?.form === key ? actionData : undefined);
  const formRef = useFormResult(fetcher.data);
  const token = useFormToken(formToken, result);
  return { fetcher, result, hydrated, formRef, token, submitting: fetcher.state !== "idle" };
}

/** The home page's block (spec: simple signup; sending the form is the consent it describes). */
export function NewsletterBlock({ formToken }: { formToken: string }) {
  const { fetcher, result, hydrated, formRef, token, submitting } = useNewsletterForm(
    NEWSLETTER_SIMPLE_FORM.form,
    formToken,
  );
  return (
    <fetcher.Form ref={formRef} method="post" action="/?index" className="relative space-y-4">
      <input type="hidden" name="intent" value="newsletter" />
      <input type="hidden" name="formToken" value={token} />
      <Honeypot />
      {!hydrated && <FormStatus result={result} />}
      <div className="grid gap-4 sm:grid-cols-[1fr_1.4fr_auto] sm:items-end">
        <NameAndEmail idPrefix="newsletter" result={result} />
        <Button type="submit" disabled={submitting}>
          <Mail aria-hidden="true" className="size-4" />
          {submitting ? NEWSLETTER_MESSAGES.submittingSimple : "Anmelden"}
        </Button>
      </div>
      <p className="text-xs leading-relaxed text-slate-600">
        <ConsentText form="simple" />
      </p>
    </fetcher.Form>
  );
}

/**
 * The standalone double opt-in card (spec: optional name, e-mail, required consent); its title
 * and text are the owner's (the contact page's document).
 */
export function NewsletterCard({
  formToken,
  action,
  title,
  text,
}: {
  formToken: string;
  action: string;
  title: string;
  text: string;
}) {
  const { fetcher, result, hydrated, formRef, token, submitting } = useNewsletterForm(
    NEWSLETTER_OPT_IN_FORM.form,
    formToken,
  );
  return (
    <section
      aria-labelledby="newsletter-card-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="newsletter-card-title" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <fetcher.Form ref={formRef} method="post" action={action} className="relative mt-5 space-y-4">
        <input type="hidden" name="intent" value={NEWSLETTER_OPT_IN_FORM.intent} />
        <input type="hidden" name="formToken" value={token} />
        <Honeypot />
        {!hydrated && <FormStatus result={result} />}
        <NameAndEmail idPrefix="optin" result={result} />
        <div>
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              name="consent"
              aria-invalid={result?.errors?.consent ? true : undefined}
              aria-describedby={result?.errors?.consent ? "optin-consent-error" : undefined}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-600"
            />
            <span>
              <ConsentText form="optIn" />
            </span>
          </label>
          {result?.errors?.consent && (
            <p id="optin-consent-error" className="mt-1 text-sm text-red-700">
              {NEWSLETTER_MESSAGES.noConsent}
            </p>
          )}
        </div>
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          <Mail aria-hidden="true" className="size-4" />
          {submitting ? NEWSLETTER_MESSAGES.submittingOptIn : "Bestätigungs-E-Mail anfordern"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

/** A form's consent text as stored for the proof of consent, with the policy as a link. */
function ConsentText({ form }: { form: ConsentForm }) {
  const [before, after] = CONSENT_TEXTS[form].split(PRIVACY_LINK_TEXT);
  return (
    <>
      {before}
      <a href="/datenschutz" className="underline underline-offset-2">
        {PRIVACY_LINK_TEXT}
      </a>
      {after}
    </>
  );
}

/** The optional name and required e-mail fields both newsletter forms share. */
function NameAndEmail({ idPrefix, result }: { idPrefix: string; result?: FormResult }) {
  const values = result && !result.ok ? result.values : undefined;
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name (optional)" error={result?.errors?.name}>
        {(props) => (
          <Input
            {...props}
            name="name"
            autoComplete="given-name"
            maxLength={LIMITS.name}
            defaultValue={values?.name}
          />
        )}
      </Field>
      <EmailField id={`${idPrefix}-email`} error={result?.errors?.email} defaultValue={values?.email} />
    </>
  );
}
