import { Button } from "~/components/ui/button";
import { PageLink } from "~/components/menu-link";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/meta";

/** Landing page. The hero copy and buttons are final (spec §2); the image, particles,
 * newsletter block and category sections follow with the public-site issue. */
export default function Home() {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-slate-900">
      <div className="mx-auto flex min-h-[75vh] max-w-5xl flex-col items-center justify-center gap-6 px-6 py-24 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
          Willkommen in meiner Welt
        </h1>
        <p className="max-w-2xl text-lg text-brand-100 sm:text-xl">
          Lerne hier mich, meine Projekte und mein Tun kennen!
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Button asChild variant="onDark">
            <PageLink to="/projects">Portfolio</PageLink>
          </Button>
          <Button asChild variant="onDark">
            <PageLink to="/contact">Kontakt</PageLink>
          </Button>
          <Button asChild variant="onDark">
            <a href={site.external.events} target="_blank" rel="noopener noreferrer">
              Events
            </a>
          </Button>
          <Button asChild variant="onDark">
            <a href={site.external.products} target="_blank" rel="noopener noreferrer">
              Produktwelt
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}

export const meta = () =>
  pageMeta(
    site.owner.name,
    "Coaching, Consulting und Webentwicklung: Lerne mich, meine Projekte und mein Tun kennen.",
  );
