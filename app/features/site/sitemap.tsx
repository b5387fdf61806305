import { fallbackProjects } from "~/features/projects";
import { listSentIssues, archiveEnabled } from "~/features/newsletter/index.server";
import { listProjects } from "~/features/projects/index.server";
import { env } from "~/platform/env.server";
import { loadPages, shownCategories, visibleServices } from "~/features/pages/index.server";
import { readWithFallback } from "~/platform/http/read-with-fallback.server";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = ["/", "/projects", "/about", "/contact", "/impressum", "/datenschutz", "/cookies"];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** /sitemap.xml: every public page, every project's canonical URL and, when published, the newsletter archive. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = env().PUBLIC_URL;
  const [{ data: projects }, pages, archive] = await Promise.all([
    readWithFallback(
      context,
      (db) => listProjects(db),
      () => fallbackProjects,
    ),
    loadPages(context),
    readWithFallback(
      context,
      async (db) => ((await archiveEnabled(context)) ? listSentIssues(db) : undefined),
      () => undefined,
    ),
  ]);
  const categories = await shownCategories(context, pages);
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: undefined as Date | undefined })),
    ...categories.map(({ path }) => ({ path, lastmod: undefined })),
    ...visibleServices(pages).map(({ path }) => ({ path, lastmod: undefined })),
    ...projects.map((project) => ({ path: `/project/${project.id}`, lastmod: project.date ?? undefined })),
    ...(archive.data
      ? [
          { path: "/newsletter/archiv", lastmod: archive.data[0]?.sent_at ?? undefined },
          ...archive.data.map((issue) => ({
            path: `/newsletter/archiv/${issue.id}`,
            lastmod: issue.sent_at ?? undefined,
          })),
        ]
      : []),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
