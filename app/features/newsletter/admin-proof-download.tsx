import { renderToStaticMarkup } from "react-dom/server";
import { ConsentProof } from "~/features/newsletter/admin-consent-proof";
import { isoDay } from "~/platform/csv";
import type { Route } from "./+types/admin-proof-download";
import { loadConsentProof } from "./admin-proof.server";

/**
 * /admin/newsletter/:id/nachweis/download: the proof of consent as one self-contained HTML page
 * to keep or print (no script, no external resource).
 */
const PRINT_STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #0f172a; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h3 { font-size: 1.1rem; margin-top: 1.5rem; }
dl > div { display: grid; grid-template-columns: 16rem 1fr; gap: .25rem 1rem; border-bottom: 1px solid #e2e8f0; padding: .5rem 0; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
blockquote { margin: 0; padding: .75rem 1rem; border-left: 4px solid #334155; background: #f8fafc; }
@media print { body { margin: 0; } }
`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const proof = await loadConsentProof(request, context, params.id);
  const createdAt = new Date();
  const body = renderToStaticMarkup(<ConsentProof proof={proof} createdAt={createdAt} />);
  const page = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Einwilligungsnachweis Newsletter</title>
<style>${PRINT_STYLE}</style>
</head>
<body>
<h1>Einwilligungsnachweis Newsletter</h1>
${body}
</body>
</html>`;
  return new Response(page, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="einwilligungsnachweis-${isoDay(createdAt)}.html"`,
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
