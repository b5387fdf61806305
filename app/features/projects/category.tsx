import { data, redirect, useNavigation } from "react-router";
import { ProjectGrid } from "~/features/projects/project-card";
import { categoryPage } from "~/features/projects/categories";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { NotFoundErrorBoundary, pageMeta, previewMeta } from "~/features/site";
import { cardLabelsOf, pageData, pageFor, shownCategories } from "~/features/pages/index.server";
import { PreviewNotice } from "~/features/pages";
import { projectCards } from "~/features/projects/public-projects.server";
import { useErrorToast } from "~/ui/use-error-toast";
import type { Route } from "./+types/category";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = categoryPage(params.slug);
  // Spec §2: an unknown slug goes to the not-found page, replacing the history entry.
  if (!category) throw redirect("/not-found");
  const { content, preview, pages } = await pageFor(
    request,
    context,
    `/category/${category.slug}`,
    "category",
  );
  // A category the owner hid (or an empty one, while empty ones are hidden) is not found.
  const shown = preview || (await shownCategories(context, pages)).some(({ slug }) => slug === category.slug);
  if (!content || !shown) throw data(null, { status: 404 });
  const { cards, fallback } = await projectCards(context, { category: category.category });
  return pageData({ page: content, labels: cardLabelsOf(pages), projects: cards, fallback }, preview);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/category/");
  useErrorToast(loaderData.fallback, PUBLIC_MESSAGES.projectsFallback);

  return (
    <>
      {preview && <PreviewNotice />}
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
          <p className="mt-2 text-lg font-medium text-brand-700">{page.subtitle}</p>
          <p className="mt-4 text-slate-600">{page.description}</p>
        </header>
        <div className="mt-10" aria-busy={loading}>
          {/* The cards' titles are h3: this heading keeps the outline in order for screen readers. */}
          <h2 className="sr-only">Alle {page.title}</h2>
          {loading ? (
            <p role="status" className="py-16 text-center text-slate-600">
              {PUBLIC_MESSAGES.projectsLoading}
            </p>
          ) : loaderData.projects.length > 0 ? (
            <ProjectGrid projects={loaderData.projects} labels={loaderData.labels} headingLevel={2} />
          ) : (
            <p className="py-16 text-center text-slate-600">{page.emptyMessage}</p>
          )}
        </div>
      </div>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, preview } = loaderData;
  return [
    ...pageMeta(matches, page.title, `${page.subtitle}. ${page.description}`.slice(0, 160)),
    ...previewMeta(preview),
  ];
}

/** Hidden categories answer with the not-found page and status 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
