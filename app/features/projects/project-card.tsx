import ArrowRight from "lucide-react/icons/arrow-right";
import ExternalLink from "lucide-react/icons/external-link";
import Mail from "lucide-react/icons/mail";
import { Link } from "react-router";
import { categoryLabel, imageFocus, type ProjectCardData } from "~/features/projects/project";
import { isContactUrl, isExternalUrl } from "~/platform/format";
import { focusStyle, imageSources } from "~/features/media";
import { useClickReport } from "~/features/site";

/** The card's links, the owner's words (the portfolio's document). */
export type CardLabels = { more: string; website: string; contact: string };

type ProjectCardProps = {
  project: ProjectCardData;
  labels: CardLabels;
  /** The first cards of a page are above the fold: load their images eagerly and first. */
  eager?: boolean;
  /** The level that follows the page's outline: 2 right below the page's h1, 3 inside a section. */
  headingLevel?: 2 | 3;
};

/** A showcase item in a grid (spec §2, portfolio page). */
export function ProjectCard({ project, labels, eager = false, headingLevel = 3 }: ProjectCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-lg">
      <div className="relative aspect-[3/2] overflow-hidden bg-slate-100">
        <img
          {...imageSources(project.image, 800)}
          sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
          alt=""
          width={1200}
          height={800}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          style={focusStyle(imageFocus(project))}
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
          {categoryLabel(project.category)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold text-slate-900">{project.title}</Heading>
        <p className="flex-1 text-sm leading-relaxed text-slate-600">{project.description}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 pt-2 text-sm font-semibold">
          <Link
            to={`/project/${project.id}`}
            viewTransition
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            {labels.more}
            <ArrowRight aria-hidden="true" className="size-4" />
            <span className="sr-only">: {project.title}</span>
          </Link>
          <ProjectUrlLink url={project.url} title={project.title} labels={labels} />
        </div>
      </div>
    </article>
  );
}

function ProjectUrlLink({ url, title, labels }: { url: string | null; title: string; labels: CardLabels }) {
  const report = useClickReport(url ?? "");
  if (!url) return null;
  if (isContactUrl(url)) {
    return (
      <Link
        to="/contact"
        viewTransition
        className="inline-flex items-center gap-1 text-slate-700 hover:underline"
      >
        <Mail aria-hidden="true" className="size-4" />
        {labels.contact}
      </Link>
    );
  }
  if (!isExternalUrl(url) && !url.startsWith("/")) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-slate-700 hover:underline"
      {...report}
    >
      {labels.website}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">: {title} (öffnet in neuem Tab)</span>
    </a>
  );
}

/** `eagerCount` cards load their images at once: those above the fold. */
export function ProjectGrid({
  projects,
  labels,
  eagerCount = 1,
  headingLevel,
}: {
  projects: ProjectCardProps["project"][];
  labels: CardLabels;
  eagerCount?: number;
  headingLevel?: ProjectCardProps["headingLevel"];
}) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {projects.map((project, index) => (
        <ProjectCard
          key={project.id}
          project={project}
          labels={labels}
          eager={index < eagerCount}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
