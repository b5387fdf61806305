import ArrowRight from "lucide-react/icons/arrow-right";
import { HeroBackground } from "~/features/pages/hero-background";
import {
  StructuredData,
  PageLink,
  heroLinks,
  pageMeta,
  previewMeta,
  useClickReport,
  useSite,
} from "~/features/site";
import { NewsletterBlock, NEWSLETTER_SIMPLE_FORM } from "~/features/newsletter";
import { Particles } from "~/features/pages/particles";
import { ProjectGrid, PUBLIC_MESSAGES } from "~/features/projects";
import { buttonClass } from "~/ui/button";
import { newFormToken } from "~/platform/forms/guard.server";
import { submitOrFail } from "~/platform/forms/client";
import { PreviewNotice } from "~/features/pages/preview-notice";
import { DEFAULT_HOME } from "~/features/pages/built-in-pages";
import { cardLabelsOf, pageData, pageFor, shownCategories } from "~/features/pages/pages.server";
import { newsletterAction } from "~/features/newsletter/index.server";
import { pageSettings, structuredData } from "~/features/settings/index.server";
import { projectCards } from "~/features/projects/index.server";
import { env } from "~/platform/env.server";
import { useErrorToast } from "~/ui/use-error-toast";
import { databaseContext } from "~/platform/http/request-context";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ settings }, home, { cards, fallback }] = await Promise.all([
    pageSettings(context),
    pageFor(request, context, "/", "home"),
    projectCards(context, { homepage: true }),
  ]);
  const formToken = fallback
    ? ""
    : await context
        .get(databaseContext)
        .then(newFormToken)
        .catch(() => "");
  const categories = await shownCategories(context, home.pages);
  return pageData(
    {
      home: home.content ?? DEFAULT_HOME,
      categories,
      labels: cardLabelsOf(home.pages),
      projects: cards,
      fallback,
      formToken,
      graph: structuredData(settings, env().PUBLIC_URL),
    },
    home.preview,
  );
}

/** The newsletter block's simple sign-up. */
export function action(args: Route.ActionArgs) {
  return newsletterAction(args, "simple");
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrFail(serverAction, NEWSLETTER_SIMPLE_FORM);
}

/** Passes Retry-After of a rate-limited sign-up on to the client, and a preview's headers. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return new Headers([...loaderHeaders, ...actionHeaders]);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, categories, labels, projects, fallback, formToken, graph, preview } = loaderData;
  const site = useSite();
  useErrorToast(fallback, PUBLIC_MESSAGES.projectsFallback);

  return (
    <>
      {preview && <PreviewNotice />}
      <StructuredData graph={graph} />
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-slate-900">
        {home.heroImages.length > 0 && <HeroBackground images={home.heroImages} />}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-slate-950/45" />
        {home.particles && <Particles />}
        <div className="mx-auto flex min-h-[72vh] max-w-5xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-white drop-shadow sm:text-6xl">
            {home.heroTitle}
          </h1>
          <p className="max-w-2xl text-lg text-white/90 drop-shadow sm:text-xl">{home.heroSubtitle}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            {heroLinks(site).map((item, index) =>
              item.external ? (
                <HeroExternalLink key={index} href={item.path} title={item.title} />
              ) : (
                <PageLink key={index} to={item.path} className={buttonClass({ variant: "onDark" })}>
                  {item.title}
                </PageLink>
              ),
            )}
          </div>
        </div>
      </section>

      <section
        id="newsletter"
        aria-labelledby="newsletter-title"
        className="border-b border-slate-200 bg-brand-50"
      >
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <h2 id="newsletter-title" className="text-2xl font-bold text-slate-900">
            {home.newsletterTitle}
          </h2>
          <p className="mt-2 mb-6 text-slate-700">{home.newsletterText}</p>
          <NewsletterBlock formToken={formToken} />
        </div>
      </section>

      {categories.map((page, index) => {
        const items = projects.filter((project) => project.category === page.category);
        return (
          <section
            key={page.slug}
            aria-labelledby={`home-${page.slug}`}
            className={index % 2 === 1 ? "bg-slate-50" : "bg-white"}
          >
            <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
              <div className="flex flex-wrap items-end justify-between gap-4">
                <div className="max-w-3xl">
                  <h2 id={`home-${page.slug}`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
                    {page.title}
                  </h2>
                  <p className="mt-1 font-medium text-brand-700">{page.subtitle}</p>
                  <p className="mt-3 text-slate-600">{page.description}</p>
                </div>
                <PageLink to={`/category/${page.slug}`} className={buttonClass({ variant: "secondary" })}>
                  {page.homeLinkLabel}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </PageLink>
              </div>
              <div className="mt-8">
                {items.length > 0 ? (
                  <ProjectGrid projects={items} labels={labels} eagerCount={0} />
                ) : (
                  <p className="text-slate-600">{page.emptyMessage}</p>
                )}
              </div>
            </div>
          </section>
        );
      })}
    </>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, null, loaderData?.home.metaDescription ?? ""),
    ...previewMeta(loaderData?.preview ?? false),
  ];
}

/** A hero button to another website (the owner's other sites), its click counted. */
function HeroExternalLink({ href, title }: { href: string; title: string }) {
  const report = useClickReport(href);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant: "onDark" })}
      {...report}
    >
      {title}
      <span className="sr-only"> (öffnet in neuem Tab)</span>
    </a>
  );
}
