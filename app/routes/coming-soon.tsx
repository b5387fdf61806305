import { Construction } from "lucide-react";
import { PageLink } from "~/components/menu-link";
import { pageMeta } from "~/lib/meta";

/**
 * Stand-in for pages that are declared in app/routes.ts but not built yet. It says so plainly
 * and is excluded from search engines.
 */
export default function ComingSoonRoute() {
  return <ComingSoon />;
}

export function ComingSoon() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-24 text-center">
      <Construction aria-hidden="true" className="size-12 text-brand-600" />
      <h1 className="text-3xl font-bold text-slate-900">Diese Seite entsteht gerade</h1>
      <p className="text-slate-600">
        Hier wird in Kürze Neues zu sehen sein. Bis dahin erreichst du mich über die Kontaktdaten im
        Fußbereich.
      </p>
      <PageLink to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Zurück zur Startseite
      </PageLink>
    </section>
  );
}

export const meta = () => [
  ...pageMeta("Im Aufbau", "Diese Seite entsteht gerade."),
  { name: "robots", content: "noindex" },
];
