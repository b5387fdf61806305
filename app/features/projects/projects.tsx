import { Link, useNavigation } from "react-router";
import { ProjectGrid } from "~/features/projects/project-card";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { pageMeta } from "~/features/site";
import { cardLabelsOf, loadPages, portfolioOf, shownCategories } from "~/features/pages/index.server";
import { categoryFilter } from "~/features/projects/project";
import { projectCards } from "~/features/projects/public-projects.server";
import { useErrorToast } from "~/ui/use-error-toast";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/projects";

/** The filter is in the URL (?category=product), so it can be shared and works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = await loadPages(context);
  const categories = await shownCategories(context, pages);
  const shown = new Set(categories.map((shown) => shown.category));
  // A category the site does not show filters like an unknown one: not at all.
  const requested = categoryFilter(new URL(request.url).searchParams);
  const category = requested && shown.has(requested) ? requested : null;
  const { cards, fallback } = await projectCards(context, { category: category ?? undefined });
  const pills = [
    { label: portfolioOf(pages).allLabel, value: null },
    ...categories.map((shown) => ({ label: shown.filterLabel, value: shown.category })),
  ];
  return {
    page: portfolioOf(pages),
    labels: cardLabelsOf(pages),
    pills,
    projects: cards.filter((card) => shown.has(card.category)),
    category,
    fallback,
  };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { page, labels, pills, projects, category, fallback } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/projects";
  useErrorToast(fallback, PUBLIC_MESSAGES.projectsFallback);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-lg text-slate-600">{page.intro}</p>
      </header>

      <nav aria-label="Nach Kategorie filtern" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {pills.map((pill) => {
            const active = pill.value === category;
            return (
              <li key={pill.label}>
                <Link
                  to={pill.value ? `/projects?category=${pill.value}` : "/projects"}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors",
                    active
                      ? "border-brand-600 bg-brand-600 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700",
                  )}
                >
                  {pill.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-10" aria-busy={loading}>
        {/* The cards' titles are h3: this heading keeps the outline in order for screen readers. */}
        <h2 className="sr-only">
          {category ? pills.find((pill) => pill.value === category)?.label : page.allEntriesTitle}
        </h2>
        {loading ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {PUBLIC_MESSAGES.projectsLoading}
          </p>
        ) : projects.length > 0 ? (
          <ProjectGrid projects={projects} labels={labels} headingLevel={2} />
        ) : (
          <p className="py-16 text-center text-slate-600">{page.emptyMessage}</p>
        )}
      </div>
    </div>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, loaderData.page.metaTitle, loaderData.page.metaDescription);
}
