import type { Route } from "./+types/admin-export-json";
import { backToView, exportPrivacyData, personJson } from "./admin-privacy.server";

/**
 * POST /admin/datenschutz/export.json: everything stored for the address in the form, as a
 * machine-readable file (Art. 15 and 20 DSGVO).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return backToView(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return exportPrivacyData(
    request,
    context,
    { extension: "json", contentType: "application/json; charset=utf-8" },
    personJson,
  );
}
