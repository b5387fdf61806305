import ArrowLeft from "lucide-react/icons/arrow-left";
import { redirect } from "react-router";
import { PageLink, ObfuscatedContact, pageMeta, useSite } from "~/features/site";
import { isLegalSlug, legalPage } from "~/features/settings/legal";
import type { LegalBlock } from "~/features/settings/legal/types";
import { backupFacts } from "~/features/settings/backups/legal-facts.server";
import { bookingFacts } from "~/features/booking/index.server";
import { pageSettings } from "~/features/settings/public-data.server";
import type { Route } from "./+types/legal-page";

/**
 * Single-segment paths (spec §2): the three legal pages, built from the owner's settings;
 * anything else goes to the home page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // Own keys only: /__proto__ or /constructor found Object's prototype and broke the render (500).
  if (!isLegalSlug(params.page)) throw redirect("/");
  const booking = params.page === "datenschutz" ? await bookingFacts(context) : undefined;
  return {
    page: legalPage(params.page, await pageSettings(context), {
      backup: await backupFacts(context),
      ...(booking && { booking }),
    }),
  };
}

export default function LegalPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
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
    case "link":
      return (
        <p className="mt-3 leading-relaxed text-slate-700">
          {block.label}{" "}
          <a
            href={block.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-700 underline underline-offset-2"
          >
            {block.href}
          </a>
        </p>
      );
    case "contact":
      return <ContactBlock lines={block.lines} />;
  }
}

function ContactBlock({ lines }: { lines: string[] }) {
  const site = useSite();
  return (
    <address className="mt-3 leading-relaxed text-slate-700 not-italic">
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
      {site.phone && (
        <>
          Telefon: <ObfuscatedContact kind="phone" className="text-brand-700 underline underline-offset-2" />
          <br />
        </>
      )}
      E-Mail: <ObfuscatedContact kind="email" className="text-brand-700 underline underline-offset-2" />
    </address>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? pageMeta(matches, loaderData.page.title, loaderData.page.description) : [];
}
