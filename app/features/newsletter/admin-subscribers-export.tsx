import { ADMIN_MESSAGES } from "~/features/admin";
import { confirmedSubscriptions } from "~/features/newsletter/subscribers.server";
import { isoDay, toCsv } from "~/platform/csv";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { requireRecentConfirmation } from "~/features/auth/index.server";
import type { Route } from "./+types/admin-subscribers-export";
import { databaseContext } from "~/platform/http/request-context";

/**
 * Spec §7: header "Email,Abonniert am", one row per confirmed subscriber, file
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
