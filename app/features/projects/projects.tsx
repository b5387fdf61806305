import { Link, useNavigation } from "react-router";
import { ProjectGrid } from "~/features/projects/project-card";
import { CATEGORY_PAGES } from "~/features/projects/categories";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { pageMeta } from "~/features/site";
import { categoryFilter } from "~/features/projects/project";
import { projectCards } from "~/features/projects/public-projects.server";
import { useErrorToast } from "~/ui/use-error-toast";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/projects";

/** The filter is in the URL (?category=product), so it can be shared and works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const category = categoryFilter(new URL(request.url).searchParams);
  const { cards, fallback } = await projectCards(context, { category: category ?? undefined });
  return { projects: cards, category, fallback };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, category, fallback } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/projects";
  useErrorToast(fallback, PUBLIC_MESSAGES.projectsFallback);

  const pills = [
    { label: "Alle", value: null },
    ...CATEGORY_PAGES.map((page) => ({ label: page.filterLabel, value: page.category })),
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Mein Portfolio</h1>
        <p className="mt-3 text-lg text-slate-600">
          Projekte, Produkte, Services, Magazine und Consulting – alles, woran ich arbeite, an einem Ort.
        </p>
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
          {category ? pills.find((pill) => pill.value === category)?.label : "Alle Einträge"}
        </h2>
        {loading ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {PUBLIC_MESSAGES.projectsLoading}
          </p>
        ) : projects.length > 0 ? (
          <ProjectGrid projects={projects} headingLevel={2} />
        ) : (
          <p className="py-16 text-center text-slate-600">Keine Projekte gefunden.</p>
        )}
      </div>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Portfolio",
    "Mein Portfolio: Projekte, Produkte, Services, Magazine und Consulting – Einblicke in meine Arbeit als Coach, Berater und Webentwickler.",
  );
}
