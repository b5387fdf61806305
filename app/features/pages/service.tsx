import { data } from "react-router";
import { ServicePageView } from "~/features/pages/service-page-view";
import { PreviewNotice } from "~/features/pages/preview-notice";
import { PUBLIC_MESSAGES } from "~/features/projects";
import { logger } from "~/platform/logger.server";
import { renderMarkdown } from "~/platform/markdown.server";
import { pageMeta, previewMeta, NotFoundErrorBoundary } from "~/features/site";
import { servicePath } from "~/features/pages/page-content";
import {
  cardLabelsOf,
  isOverview,
  overviewBlocks,
  pageData,
  pageFor,
  portfolioOf,
  visibleServices,
} from "~/features/pages/pages.server";
import { projectCards } from "~/features/projects/index.server";
import { useErrorToast } from "~/ui/use-error-toast";
import type { Route } from "./+types/service";

/** /service and its sub-pages; the owner edits them in the admin (Inhalte). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const path = servicePath("page" in params && params.page ? params.page : "");
  const { content: page, preview, pages } = await pageFor(request, context, path, "service");
  if (!page) {
    logger.warn({ path }, "page not found");
    throw data(null, { status: 404 });
  }
  // The overview shows a block per visible service page, in their order. A link to a hidden or
  // deleted service page would lead to "not found": other pages drop it and keep their block.
  const shown = new Set(visibleServices(pages).map((service) => service.path));
  const hidden = (to: string) => to.startsWith("/service/") && !shown.has(to.replace(/[?#].*$/, ""));
  const blocks = isOverview(path)
    ? overviewBlocks(pages)
    : page.blocks.map((block) => (hidden(block.linkTo) ? { ...block, linkTo: "", linkText: "" } : block));
  const { intro, ...rest } = page;
  const view = {
    ...rest,
    introHtml: intro ? renderMarkdown(intro) : "",
    blocks: blocks.map(({ text, ...block }) => ({ ...block, html: renderMarkdown(text) })),
  };
  if (!page.showServiceProjects) return pageData({ page: view, projects: null, fallback: false }, preview);
  const { cards, fallback } = await projectCards(context, { category: "service", homepage: true });
  const { serviceProjectsTitle, serviceProjectsLinkLabel } = portfolioOf(pages);
  const projects = {
    cards,
    title: serviceProjectsTitle,
    linkLabel: serviceProjectsLinkLabel,
    labels: cardLabelsOf(pages),
  };
  return pageData({ page: view, projects, fallback }, preview);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Service({ loaderData }: Route.ComponentProps) {
  useErrorToast(loaderData.fallback, PUBLIC_MESSAGES.projectsFallback);
  return (
    <>
      {loaderData.preview && <PreviewNotice />}
      <ServicePageView page={loaderData.page} projects={loaderData.projects} />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, preview } = loaderData;
  return [...pageMeta(matches, page.metaTitle, page.metaDescription), ...previewMeta(preview)];
}

/** Unknown and hidden sub-pages (/service/…) answer with the not-found page and status 404. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
