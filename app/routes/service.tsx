import { data } from "react-router";
import { ServicePageView } from "~/components/service-page-view";
import { fallbackProjects } from "~/content/fallback-projects";
import { PUBLIC_MESSAGES } from "~/content/messages";
import { servicePage } from "~/content/services";
import { listHomepageProjects } from "~/db/projects.server";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";
import { readWithFallback } from "~/lib/public-data.server";
import { useErrorToast } from "~/lib/use-toast-once";
import { NotFoundErrorBoundary } from "~/components/not-found-page";
import type { Route } from "./+types/service";

/** /service and its nine sub-pages; the copy lives in app/content/services/. */
export async function loader({ params }: Route.LoaderArgs) {
  const path = "page" in params && params.page ? `/service/${params.page}` : "/service";
  const page = servicePage(path);
  if (!page) {
    logger.warn({ path }, "page not found");
    throw data(null, { status: 404 });
  }
  if (!page.showServiceProjects) return { path: page.path, projects: null, fallback: false };
  const { data: projects, fallback } = await readWithFallback(
    (db) => listHomepageProjects(db, "service"),
    () => fallbackProjects.filter((p) => p.category === "service" && p.show_on_homepage),
  );
  return { path: page.path, projects, fallback };
}

export default function Service({ loaderData }: Route.ComponentProps) {
  const page = servicePage(loaderData.path)!;
  useErrorToast(loaderData.fallback, PUBLIC_MESSAGES.projectsFallback);
  return <ServicePageView page={page} projects={loaderData.projects} />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData && servicePage(loaderData.path);
  return page ? pageMeta(matches, page.meta.title, page.meta.description) : [];
}

/** Unknown sub-pages (/service/…) answer with the not-found page and status 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
