import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { ContactForm } from "~/features/contact/contact-form";
import { NewsletterCard, NEWSLETTER_OPT_IN_FORM } from "~/features/newsletter";
import { data } from "react-router";
import { ObfuscatedContact, pageMeta, previewMeta, useSite } from "~/features/site";
import { PreviewNotice } from "~/features/pages";
import { CONTACT_HEADER_IMAGE, src, srcSet } from "~/features/media";
import { newFormToken } from "~/platform/forms/guard.server";
import { submitOrFail } from "~/platform/forms/client";
import { CONTACT_FORM } from "./form";
import { newsletterAction } from "~/features/newsletter/index.server";
import { CONTACT_PATH, pageData, pageFor } from "~/features/pages/index.server";
import type { Route } from "./+types/contact";
import { contactAction } from "./contact.server";
import { MAIN_IMAGE } from "~/ui/main-image";
import { databaseContext } from "~/platform/http/request-context";

/** The page's texts are the owner's (Inhalte → Kontakt); the forms' labels and answers are fixed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ content, preview }, formToken] = await Promise.all([
    pageFor(request, context, CONTACT_PATH, "contact"),
    context
      .get(databaseContext)
      .then(newFormToken)
      .catch(() => ""),
  ]);
  if (!content) throw data(null, { status: 404 });
  return pageData({ page: content, formToken }, preview);
}

/** One page, two forms: the contact form and the double opt-in newsletter card. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData().catch(() => undefined);
  if (form?.get("intent") === NEWSLETTER_OPT_IN_FORM.intent) return newsletterAction(args, "optIn", form);
  return contactAction(args, form);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return submitOrFail(
    serverAction,
    intent === NEWSLETTER_OPT_IN_FORM.intent ? NEWSLETTER_OPT_IN_FORM : CONTACT_FORM,
  );
}

/** Passes Retry-After of a rate-limited submission on to the client, and a preview's headers. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return new Headers([...loaderHeaders, ...actionHeaders]);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { address } = site;
  const { page, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <div className="relative isolate h-40 overflow-hidden bg-brand-900 sm:h-56">
        <img
          src={src(CONTACT_HEADER_IMAGE, 1280)}
          srcSet={srcSet(CONTACT_HEADER_IMAGE)}
          sizes="100vw"
          alt=""
          width={CONTACT_HEADER_IMAGE.width}
          height={CONTACT_HEADER_IMAGE.height}
          fetchPriority="high"
          {...MAIN_IMAGE}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{page.intro}</p>
        {/* Phones: details, form, newsletter. Wide screens: details and newsletter beside the form. */}
        <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_2fr]">
          <section
            aria-labelledby="contact-info"
            className="rounded-2xl bg-slate-50 p-6 lg:col-start-1 lg:row-start-1"
          >
            <h2 id="contact-info" className="text-lg font-semibold text-slate-900">
              {page.detailsTitle}
            </h2>
            <ul className="mt-4 space-y-4 text-slate-700">
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                <ObfuscatedContact kind="email" className="hover:text-brand-700 hover:underline" />
              </li>
              {site.phone && (
                <li className="flex gap-3">
                  <Phone aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                  <ObfuscatedContact kind="phone" className="hover:text-brand-700 hover:underline" />
                </li>
              )}
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                <address className="not-italic">
                  {site.ownerName}
                  <br />
                  {address.street}
                  <br />
                  {address.postalCode} {address.city}
                  <br />
                  {address.country}
                </address>
              </li>
            </ul>
          </section>
          <section
            aria-labelledby="contact-form-title"
            className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
              {page.formTitle}
            </h2>
            <div className="mt-6">
              <ContactForm formToken={loaderData.formToken} />
            </div>
          </section>
          <div className="lg:col-start-1 lg:row-start-2">
            <NewsletterCard
              formToken={loaderData.formToken}
              action="/contact"
              title={page.newsletterTitle}
              text={page.newsletterText}
            />
          </div>
        </div>
      </div>
    </>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [
    ...pageMeta(matches, loaderData.page.metaTitle, loaderData.page.metaDescription),
    ...previewMeta(loaderData.preview),
  ];
}
