import ArrowRight from "lucide-react/icons/arrow-right";
import Mail from "lucide-react/icons/mail";
import { Link } from "react-router";
import { focusStyle, imageSources } from "~/features/media";
import type { PageImage, ServiceContent } from "~/features/pages/page-content";
import { type CardLabels, type ProjectCardData, ProjectGrid } from "~/features/projects";
import { cn } from "~/ui/cn";
import { buttonClass } from "~/ui/button";
import { MAIN_IMAGE } from "~/ui/main-image";

/** A service page as its loader sends it: Markdown already rendered to HTML on the server. */
export type ServicePageData = Omit<ServiceContent, "intro" | "blocks"> & {
  introHtml: string;
  blocks: (Omit<ServiceContent["blocks"][number], "text"> & { html: string })[];
};

/** The section of service projects: the cards, and the texts around them (the portfolio's document). */
export type ServiceProjects = {
  cards: ProjectCardData[];
  title: string;
  linkLabel: string;
  labels: CardLabels;
};

/** A service page (spec §2): hero banner, alternating text-and-image blocks, closing call to action. */
export function ServicePageView({
  page,
  projects,
}: {
  page: ServicePageData;
  projects: ServiceProjects | null;
}) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-slate-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{page.heroTitle}</h1>
            <p className="mt-4 text-lg text-brand-100">{page.heroSubtitle}</p>
          </div>
          <PageImg
            image={page.heroImage}
            sizes="(min-width: 1280px) 608px, (min-width: 768px) 50vw, 100vw"
            fetchPriority="high"
            {...MAIN_IMAGE}
            // A 3:2 crop (the built-in illustrations' own shape) that keeps the focal point in view.
            className="aspect-[3/2] w-full rounded-2xl bg-white/95 object-cover shadow-2xl"
          />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {page.introHtml && (
          <div
            className="markdown max-w-3xl text-lg leading-relaxed text-slate-700"
            dangerouslySetInnerHTML={{ __html: page.introHtml }}
          />
        )}
        <div className="mt-12 space-y-16 sm:space-y-20">
          {page.blocks.map((block, index) => (
            <Block key={index} block={block} imageFirst={index % 2 === 1} />
          ))}
        </div>
      </div>

      {projects && (
        <section aria-labelledby="service-projects" className="bg-slate-50 py-14">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="service-projects" className="text-2xl font-bold text-slate-900">
              {projects.title}
            </h2>
            <div className="mt-8">
              <ProjectGrid projects={projects.cards} labels={projects.labels} eagerCount={0} />
            </div>
            <Link
              to="/category/services"
              viewTransition
              className={buttonClass({ variant: "secondary", className: "mt-10" })}
            >
              {projects.linkLabel}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </section>
      )}

      <section aria-labelledby="service-cta" className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-6 py-14 text-center">
          <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
            {page.ctaTitle}
          </h2>
          <p className="text-brand-100">{page.ctaText}</p>
          <Link to="/contact" viewTransition className={buttonClass({ variant: "onDark" })}>
            <Mail aria-hidden="true" className="size-4" />
            {page.ctaLabel}
          </Link>
        </div>
      </section>
    </>
  );
}

function Block({ block, imageFirst }: { block: ServicePageData["blocks"][number]; imageFirst: boolean }) {
  const link = block.linkTo && block.linkText ? { to: block.linkTo, text: block.linkText } : undefined;
  const external = link && !link.to.startsWith("/");
  return (
    <section className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
      <div className={cn(imageFirst && "md:order-2")}>
        <h2 className="text-2xl font-bold text-slate-900">{block.title}</h2>
        <div
          className="markdown mt-4 leading-relaxed text-slate-700"
          dangerouslySetInnerHTML={{ __html: block.html }}
        />
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link to="/contact" viewTransition className={buttonClass()}>
            {block.contactLabel}
          </Link>
          {link &&
            (external ? (
              <a
                href={link.to}
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                {link.text}
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            ) : (
              <Link
                to={link.to}
                viewTransition
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                {link.text}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ))}
        </div>
      </div>
      <PageImg
        image={block.image}
        sizes="(min-width: 1280px) 584px, (min-width: 768px) 45vw, 100vw"
        loading="lazy"
        decoding="async"
        className={cn(
          "w-full rounded-2xl border border-slate-200 bg-white shadow-sm",
          imageFirst && "md:order-1",
        )}
      />
    </section>
  );
}

/** An image of an editable page, with its variants where it has them. */
export function PageImg({
  image,
  sizes,
  defaultWidth = 1200,
  ...props
}: { image: PageImage; sizes: string; defaultWidth?: number } & Omit<
  React.ComponentProps<"img">,
  "src" | "srcSet" | "alt"
>) {
  const { src, srcSet } = imageSources(image.src, defaultWidth);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      style={focusStyle(image.focus)}
      {...props}
    />
  );
}
