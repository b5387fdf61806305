import { renderMarkdown } from "~/platform/markdown.server";
import { requireAdmin } from "~/features/auth/index.server";
import type { Route } from "./+types/admin-markdown-preview";

/**
 * The editor's live preview of a Markdown field: rendered here, as pages render it,
 * and answered as JSON to the editor's plain request (see useMarkdownPreview).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  const text = form?.get("text");
  if (typeof text !== "string" || text.length > 20_000) {
    return Response.json({ html: "" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  return Response.json({ html: renderMarkdown(text) }, { headers: { "Cache-Control": "no-store" } });
}

/** Only the editor posts here; a visit is sent to the sign-in, or told to post. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response("Bitte per POST senden.", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}
