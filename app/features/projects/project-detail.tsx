import ArrowLeft from "lucide-react/icons/arrow-left";
import Calendar from "lucide-react/icons/calendar";
import ExternalLink from "lucide-react/icons/external-link";
import Mail from "lucide-react/icons/mail";
import Tag from "lucide-react/icons/tag";
import { Link } from "react-router";
import { buttonClass } from "~/ui/button";
import { PUBLIC_MESSAGES } from "~/features/projects/messages";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { isContactUrl, isExternalUrl, longDate } from "~/platform/format";
import { focusStyle, imageSources } from "~/features/media";
import { pageMeta, previewMeta, useClickReport } from "~/features/site";
import { loadPages, pageData, portfolioOf, wantsPreview } from "~/features/pages/index.server";
import { requireAdmin } from "~/features/auth/index.server";
import { PreviewNotice } from "~/features/pages";
import { categoryLabel, imageFocus } from "~/features/projects/project";
import { projectDetailsHtml, publicProject } from "~/features/projects/public-projects.server";
import { useErrorToast } from "~/ui/use-error-toast";
import type { Route } from "./+types/project-detail";
import { MAIN_IMAGE } from "~/ui/main-image";

/**
 * Project detail at /project/{id} (canonical) and /projects/{id} (spec §2 gives both).
 * Nothing found, not even in the built-in items: back to /projects with "Project not found".
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // A draft shows only to the signed-in owner, in the preview the admin links to.
  const preview = wantsPreview(request) && Boolean(await requireAdmin(request, context));
  const [{ project, fallback }, pages] = await Promise.all([
    publicProject(context, params.id, { drafts: preview }),
    loadPages(context),
  ]);
  if (!project) {
    throw redirectWithFlash("/projects", { type: "error", title: PUBLIC_MESSAGES.projectNotFound });
  }
  const date = project.date ? longDate(project.date) : null;
  const { details, ...shown } = project;
  const { backLabel, detailContactLabel, websiteLabel } = portfolioOf(pages);
  const labels = { back: backLabel, contact: detailContactLabel, website: websiteLabel };
  return pageData(
    { project: shown, detailsHtml: projectDetailsHtml(details), date, labels, fallback },
    preview,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ProjectDetail({ loaderData }: Route.ComponentProps) {
  const { project, detailsHtml, date, labels, fallback, preview } = loaderData;
  useErrorToast(fallback, PUBLIC_MESSAGES.projectFallback);

  return (
    <>
      {preview && <PreviewNotice />}
      <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <Link
          to="/projects"
          viewTransition
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {labels.back}
        </Link>

        <header className="mt-6">
          <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            {categoryLabel(project.category)}
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {project.title}
          </h1>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {date && (
              <p className="inline-flex items-center gap-2">
                <Calendar aria-hidden="true" className="size-4" />
                <time dateTime={date.iso}>{date.text}</time>
              </p>
            )}
            {project.tags.length > 0 && (
              <p className="inline-flex items-center gap-2">
                <Tag aria-hidden="true" className="size-4" />
                <span className="sr-only">Schlagwörter: </span>
                {project.tags.join(", ")}
              </p>
            )}
          </div>
        </header>

        <img
          {...imageSources(project.image, 1200)}
          sizes="(min-width: 896px) 896px, 100vw"
          alt={`Abbildung zu ${project.title}`}
          width={1200}
          height={800}
          fetchPriority="high"
          {...MAIN_IMAGE}
          style={focusStyle(imageFocus(project))}
          className="mt-8 aspect-[3/2] w-full rounded-2xl border border-slate-200 bg-slate-100 object-cover"
        />

        <p className="mt-8 text-lg leading-relaxed text-slate-700">{project.description}</p>
        {detailsHtml && (
          // Rendered on the server with raw HTML off; a single line break stays one.
          <div
            className="markdown mt-6 leading-relaxed text-slate-700"
            dangerouslySetInnerHTML={{ __html: detailsHtml }}
          />
        )}

        <CallToAction url={project.url} labels={labels} />
      </article>
    </>
  );
}

function CallToAction({ url, labels }: { url: string | null; labels: { contact: string; website: string } }) {
  const report = useClickReport(url ?? "");
  if (isContactUrl(url)) {
    return (
      <Link to="/contact" viewTransition className={buttonClass({ className: "mt-10" })}>
        <Mail aria-hidden="true" className="size-4" />
        {labels.contact}
      </Link>
    );
  }
  if (!url || !(isExternalUrl(url) || url.startsWith("/"))) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ className: "mt-10" })}
      {...report}
    >
      {labels.website}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (öffnet in neuem Tab)</span>
    </a>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { project, preview } = loaderData;
  return [
    ...pageMeta(matches, project.title, project.description.slice(0, 160)),
    { property: "og:image", content: project.image },
    ...previewMeta(preview),
  ];
}
