import { ADMIN_MESSAGES } from "~/content/admin-messages";
import { confirmedSubscriptions } from "~/db/newsletter.server";
import { isoDay, toCsv } from "~/lib/csv";
import { redirectWithFlash } from "~/lib/flash.server";
import { requireRecentConfirmation } from "~/lib/recent-confirmation.server";
import type { Route } from "./+types/newsletter-export";
import { databaseContext } from "~/lib/request-context";

/**
 * Spec §7: header "Email,Abonniert am", one row per confirmed subscriber (issue #14), file
 * newsletter-abonnenten-{date}.csv.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Every subscriber's address in one file: only with a recent confirmation.
  await requireRecentConfirmation(request, context, "/admin/newsletter");
  const rows = await confirmedSubscriptions(await context.get(databaseContext));
  if (rows.length === 0) {
    return redirectWithFlash("/admin/newsletter", { type: "error", title: ADMIN_MESSAGES.csvEmpty });
  }
  const csv = toCsv([["Email", "Abonniert am"], ...rows.map((row) => [row.email, isoDay(row.created_at)])]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-abonnenten-${isoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
