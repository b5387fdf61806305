import Check from "lucide-react/icons/check";
import { data } from "react-router";
import { PageLink, pageMeta, previewMeta } from "~/features/site";
import { PreviewNotice } from "~/features/pages/preview-notice";
import { PageImg } from "~/features/pages/service-page-view";
import { buttonClass } from "~/ui/button";
import { renderMarkdown } from "~/platform/markdown.server";
import { pageData, pageFor } from "~/features/pages/pages.server";
import type { Route } from "./+types/about";

/** /about: the owner's text, portrait and key facts, edited in the admin (Inhalte). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, preview } = await pageFor(request, context, "/about", "about");
  if (!content) throw data(null, { status: 404 });
  const { text, ...rest } = content;
  return pageData({ page: { ...rest, html: renderMarkdown(text) } }, preview);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="grid items-start gap-12 lg:grid-cols-2">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
            <div
              className="markdown mt-6 text-lg leading-relaxed text-slate-700"
              dangerouslySetInnerHTML={{ __html: page.html }}
            />
            {page.keyfacts.length > 0 && (
              <section aria-labelledby="keyfacts" className="mt-10">
                <h2 id="keyfacts" className="text-xl font-bold text-slate-900">
                  {page.keyfactsTitle}
                </h2>
                <ul className="mt-4 space-y-3">
                  {page.keyfacts.map((fact, index) => (
                    <li key={index} className="flex gap-3 text-slate-700">
                      <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                      {fact}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <PageLink to="/contact" className={buttonClass({ className: "mt-10" })}>
              {page.contactLabel}
            </PageLink>
          </div>
          <PageImg
            image={page.image}
            defaultWidth={1024}
            // Its column: half the grid from lg (1280 px at most, minus padding and gap), else the page.
            sizes="(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            className="w-full rounded-2xl border border-slate-200 shadow-sm"
          />
        </div>
      </div>
    </>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  // No data: the page was not found, and the not-found page says so.
  if (!loaderData) return [];
  return [
    ...pageMeta(matches, loaderData.page.title, loaderData.page.metaDescription),
    ...previewMeta(loaderData.preview),
  ];
}
