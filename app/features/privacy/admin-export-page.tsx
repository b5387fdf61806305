import { renderToStaticMarkup } from "react-dom/server";
import { PersonDataSections } from "~/features/privacy/person-data";
import { describeCounts } from "~/features/privacy/messages";
import { formatTimestamp } from "~/platform/format";
import type { Route } from "./+types/admin-export-page";
import { backToView, exportPrivacyData } from "./admin-privacy.server";

/**
 * POST /admin/datenschutz/export.html: everything stored for the address in the form, as one
 * self-contained page to keep, send or print (no script, no external resource).
 */
const PRINT_STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #0f172a; max-width: 56rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h3 { font-size: 1.15rem; margin-top: 2rem; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid #e2e8f0; padding: .4rem .5rem; overflow-wrap: anywhere; }
td { white-space: pre-line; }
dl > div { display: grid; grid-template-columns: 16rem 1fr; gap: .25rem 1rem; border-bottom: 1px solid #e2e8f0; padding: .5rem 0; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
blockquote { margin: 0; padding: .75rem 1rem; border-left: 4px solid #334155; background: #f8fafc; }
@media print { body { margin: 0; } }
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ request, context }: Route.LoaderArgs) {
  return backToView(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return exportPrivacyData(
    request,
    context,
    {
      extension: "html",
      contentType: "text/html; charset=utf-8",
      csp: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
    (person, createdAt) => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datenauskunft</title>
<style>${PRINT_STYLE}</style>
</head>
<body>
<h1>Datenauskunft nach Art. 15 DSGVO</h1>
<p>Gespeicherte Daten zu <strong>${escapeHtml(person.email)}</strong>: ${escapeHtml(describeCounts(person.counts))}. Erstellt am ${escapeHtml(formatTimestamp(createdAt))}.</p>
${renderToStaticMarkup(<PersonDataSections person={person} createdAt={createdAt} />)}
</body>
</html>`,
  );
}
