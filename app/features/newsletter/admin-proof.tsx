import ArrowLeft from "lucide-react/icons/arrow-left";
import Download from "lucide-react/icons/download";
import { Link } from "react-router";
import { ConsentProof } from "~/features/newsletter/admin-consent-proof";
import { NewsletterNav } from "~/features/newsletter/admin-newsletter-nav";
import { buttonClass } from "~/ui/button";
import type { Route } from "./+types/admin-proof";
import { loadConsentProof } from "./admin-proof.server";

/** /admin/newsletter/:id/nachweis: a subscriber's proof of consent. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return { proof: await loadConsentProof(request, context, params.id), createdAt: new Date() };
}

export default function NewsletterProof({ loaderData, params }: Route.ComponentProps) {
  const { proof, createdAt } = loaderData;
  return (
    <div className="space-y-6">
      <NewsletterNav />
      <Link
        to="/admin/newsletter"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zurück zu den Abonnenten
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold text-slate-900">Einwilligungsnachweis</h2>
        <a
          href={`/admin/newsletter/${params.id}/nachweis/download`}
          download=""
          className={buttonClass({ variant: "secondary" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Als Seite herunterladen
        </a>
      </div>
      <div className="max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ConsentProof proof={proof} createdAt={createdAt} />
      </div>
    </div>
  );
}
