import { ArrowRight, Mail } from "lucide-react";
import { Link } from "react-router";
import type { ServiceBlock, ServicePage, ServiceText } from "~/content/services";
import type { Project } from "~/lib/project";
import { cn } from "~/lib/utils";
import { ProjectGrid } from "./project-card";
import { Button } from "./ui/button";
import { MAIN_IMAGE } from "~/lib/main-image";

/** A service page (spec §2): hero banner, alternating text-and-image blocks, closing call to action. */
export function ServicePageView({ page, projects }: { page: ServicePage; projects: Project[] | null }) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-slate-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{page.hero.title}</h1>
            <p className="mt-4 text-lg text-brand-100">{page.hero.subtitle}</p>
          </div>
          <img
            src={page.hero.image.src}
            alt={page.hero.image.alt}
            width={1200}
            height={800}
            fetchPriority="high"
            {...MAIN_IMAGE}
            className="w-full rounded-2xl bg-white/95 shadow-2xl"
          />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {page.intro && <p className="max-w-3xl text-lg leading-relaxed text-slate-700">{page.intro}</p>}
        <div className="mt-12 space-y-16 sm:space-y-20">
          {page.blocks.map((block, index) => (
            <Block key={block.title} block={block} imageFirst={index % 2 === 1} />
          ))}
        </div>
      </div>

      {projects && (
        <section aria-labelledby="service-projects" className="bg-slate-50 py-14">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="service-projects" className="text-2xl font-bold text-slate-900">
              Ausgewählte Service-Leistungen
            </h2>
            <div className="mt-8">
              <ProjectGrid projects={projects} eagerCount={0} />
            </div>
            <Button asChild variant="secondary" className="mt-10">
              <Link to="/category/services" viewTransition>
                Weitere Service-Leistungen entdecken
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          </div>
        </section>
      )}

      <section aria-labelledby="service-cta" className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-6 py-14 text-center">
          <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
            {page.callToAction.title}
          </h2>
          <p className="text-brand-100">{page.callToAction.text}</p>
          <Button asChild variant="onDark">
            <Link to="/contact" viewTransition>
              <Mail aria-hidden="true" className="size-4" />
              Kontakt aufnehmen
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}

function Block({ block, imageFirst }: { block: ServiceBlock; imageFirst: boolean }) {
  const link = block.link?.to && block.link.text ? block.link : undefined;
  return (
    <section className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
      <div className={cn(imageFirst && "md:order-2")}>
        <h2 className="text-2xl font-bold text-slate-900">{block.title}</h2>
        <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
          {block.body.map((text, index) => (
            <Text key={index} text={text} />
          ))}
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Button asChild>
            <Link to="/contact" viewTransition>
              {block.contactLabel}
            </Link>
          </Button>
          {link && (
            <Link
              to={link.to}
              viewTransition
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              {link.text}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
      </div>
      <img
        src={block.image.src}
        alt={block.image.alt}
        width={1200}
        height={800}
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

function Text({ text }: { text: ServiceText }) {
  if (typeof text === "string") return <p>{text}</p>;
  return (
    <ul className="list-disc space-y-1 pl-6">
      {text.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
