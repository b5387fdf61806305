import { Check } from "lucide-react";
import { PageLink } from "~/components/menu-link";
import { Button } from "~/components/ui/button";
import { src, srcSet, TEAM_IMAGE } from "~/content/images";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

/** Spec §2: five key facts. */
const KEYFACTS = [
  "Über 15 Jahre Erfahrung in Webentwicklung, Beratung und Coaching",
  "Websites, Shops und Portale mit WordPress, WooCommerce, React und Node.js",
  "Zertifizierter Business-Coach mit Schwerpunkt Selbstständigkeit",
  "KI-Beratung und Schulungen für Selbstständige und kleine Teams",
  "Persönliche Betreuung aus einer Hand – von der Idee bis zum Betrieb",
];

export default function About() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="grid items-start gap-12 lg:grid-cols-2">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Über mich</h1>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
            <p>
              Ich bin Coach, Berater und Webentwickler – und ich liebe es, wenn aus einer Idee etwas wird, das
              Menschen wirklich nutzen. Seit vielen Jahren begleite ich Selbstständige, kleine Unternehmen und
              Bildungsanbieter auf ihrem Weg ins Digitale.
            </p>
            <p>
              Mein Weg begann mit den ersten eigenen Websites und führte über Agenturprojekte und eigene
              Produkte zu dem, was ich heute mache: Ich verbinde Technik mit Strategie und Coaching. Denn eine
              gute Website, ein funktionierender Shop oder ein lebendiges Portal entstehen nicht allein durch
              Code, sondern durch klare Ziele und gute Entscheidungen.
            </p>
            <p>
              Ich arbeite persönlich, ehrlich und lösungsorientiert. Du bekommst von mir keine Standardpakete,
              sondern Lösungen, die zu dir und deinem Vorhaben passen – und auf Wunsch die Begleitung, damit
              du sie auch selbst weiterführen kannst.
            </p>
          </div>
          <section aria-labelledby="keyfacts" className="mt-10">
            <h2 id="keyfacts" className="text-xl font-bold text-slate-900">
              Keyfacts
            </h2>
            <ul className="mt-4 space-y-3">
              {KEYFACTS.map((fact) => (
                <li key={fact} className="flex gap-3 text-slate-700">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {fact}
                </li>
              ))}
            </ul>
          </section>
          <Button asChild className="mt-10">
            <PageLink to="/contact">Lass uns kennen lernen</PageLink>
          </Button>
        </div>
        <img
          src={src(TEAM_IMAGE, 1024)}
          srcSet={srcSet(TEAM_IMAGE)}
          // Its column: half the grid from lg (1280 px at most, minus padding and gap), else the page.
          sizes="(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
          alt={TEAM_IMAGE.alt}
          width={TEAM_IMAGE.width}
          height={TEAM_IMAGE.height}
          className="w-full rounded-2xl border border-slate-200 shadow-sm"
        />
      </div>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Über mich",
    "Über mich: Coach, Berater und Webentwickler. Wie ich arbeite, was mich antreibt und welche Erfahrung ich in dein Projekt einbringe.",
  );
}
