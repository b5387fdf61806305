import { ArrowLeft } from "lucide-react";
import { redirect } from "react-router";
import { PageLink } from "~/components/menu-link";
import { ObfuscatedContact } from "~/components/obfuscated-contact";
import { cookies } from "~/content/legal/cookies";
import { datenschutz } from "~/content/legal/datenschutz";
import { impressum } from "~/content/legal/impressum";
import type { LegalBlock, LegalPage } from "~/content/legal/types";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/legal-page";

const LEGAL_PAGES: Record<string, LegalPage> = { impressum, datenschutz, cookies };

/** Single-segment paths (spec §2): the three legal pages; anything else goes to the home page. */
export function loader({ params }: Route.LoaderArgs) {
  // Own keys only: /__proto__ or /constructor found Object's prototype and broke the render (500).
  const page = Object.hasOwn(LEGAL_PAGES, params.page) ? LEGAL_PAGES[params.page] : undefined;
  if (!page) throw redirect("/");
  return { slug: page.slug };
}

export default function LegalPageRoute({ loaderData }: Route.ComponentProps) {
  const page = LEGAL_PAGES[loaderData.slug]!;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageLink
        to="/"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zurück zur Startseite
      </PageLink>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.type) {
    case "p":
      return <p className="mt-3 leading-relaxed text-slate-700">{block.text}</p>;
    case "list":
      return (
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "contact":
      return (
        <address className="mt-3 leading-relaxed text-slate-700 not-italic">
          {site.owner.name}
          <br />
          {site.contact.address.street}
          <br />
          {site.contact.address.postalCode} {site.contact.address.city}
          <br />
          {site.contact.address.country}
          <br />
          Telefon: <ObfuscatedContact kind="phone" className="text-brand-700 underline underline-offset-2" />
          <br />
          E-Mail: <ObfuscatedContact kind="email" className="text-brand-700 underline underline-offset-2" />
        </address>
      );
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData && LEGAL_PAGES[loaderData.slug];
  return page ? pageMeta(page.title, page.description) : [];
}
