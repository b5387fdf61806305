import ArrowLeft from "lucide-react/icons/arrow-left";
import { Link } from "react-router";
import { NewsletterNav } from "~/features/newsletter/admin-newsletter-nav";
import type { Route } from "./+types/admin-issue-preview";
import { loadIssuePreview } from "./admin-issue.server";

/**
 * /admin/newsletter/ausgaben/:id/vorschau: the mail as it will arrive, its HTML at a
 * desktop client's and a phone's width and its plain-text part. The HTML sits in sandboxed
 * frames: nothing in it runs, and its links open outside.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadIssuePreview(request, context, params.id);
}

const inFrame = (html: string) => html.replace("<head>", '<head><base target="_blank">');

export default function NewsletterPreview({ loaderData }: Route.ComponentProps) {
  const { id, subject, html, text } = loaderData;
  return (
    <div className="space-y-6">
      <NewsletterNav />
      <Link
        to={`/admin/newsletter/ausgaben/${id}`}
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zurück zur Ausgabe
      </Link>
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Vorschau: {subject || "(ohne Betreff)"}</h2>
        <p className="mt-1 text-sm text-slate-600">
          So kommt die Ausgabe an. Der Abmeldelink ist hier ein Beispiel; jeder Abonnent erhält seinen
          eigenen.
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-6">
        <figure className="space-y-2">
          <figcaption className="text-sm font-semibold text-slate-700">Desktop (640 px)</figcaption>
          <iframe
            title="Vorschau der E-Mail, Desktop-Breite"
            srcDoc={inFrame(html)}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            className="h-[640px] w-[640px] max-w-full rounded-lg border border-slate-200 bg-white"
          />
        </figure>
        <figure className="space-y-2">
          <figcaption className="text-sm font-semibold text-slate-700">Smartphone (375 px)</figcaption>
          <iframe
            title="Vorschau der E-Mail, Smartphone-Breite"
            srcDoc={inFrame(html)}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            className="h-[640px] w-[375px] max-w-full rounded-lg border border-slate-200 bg-white"
          />
        </figure>
      </div>
      <section aria-labelledby="plain-text" className="space-y-2">
        <h3 id="plain-text" className="text-lg font-semibold text-slate-900">
          Textfassung
        </h3>
        <pre className="max-w-3xl overflow-x-auto whitespace-pre-wrap wrap-anywhere rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          {text}
        </pre>
      </section>
    </div>
  );
}
