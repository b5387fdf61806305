import Plus from "lucide-react/icons/plus";
import { Form, Link } from "react-router";
import { AdminCell, AdminRow, AdminTable } from "~/features/admin";
import { NewsletterNav } from "~/features/newsletter/admin-newsletter-nav";
import { Button } from "~/ui/button";
import { createIssue, listIssues } from "~/features/newsletter/issues.server";
import { recipientCount } from "~/features/newsletter/subscribers.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { formatDateTime } from "~/platform/format";
import { ISSUE_STATE_LABELS } from "~/features/newsletter/issue-states";
import { requireAdmin } from "~/features/auth/index.server";
import type { Route } from "./+types/admin-issues";
import { databaseContext } from "~/platform/http/request-context";

/** /admin/newsletter/ausgaben: the newsletter's issues with their state and counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = await context.get(databaseContext);
  const [issues, recipients] = await Promise.all([listIssues(db), recipientCount(db)]);
  return {
    recipients,
    issues: issues.map((issue) => ({
      id: issue.id,
      subject: issue.subject,
      state: issue.state,
      counts: issue.counts,
      recipients: issue.recipients,
      date: (issue.finished_at ?? issue.send_at ?? issue.updated_at).toISOString(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = await createIssue(await context.get(databaseContext));
  return redirectWithFlash(`/admin/newsletter/ausgaben/${id}`, {
    type: "success",
    title: "Neue Ausgabe angelegt",
  });
}

export default function NewsletterIssues({ loaderData }: Route.ComponentProps) {
  const { issues, recipients } = loaderData;
  return (
    <div className="space-y-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">Newsletter-Ausgaben</h2>
          <p className="mt-1 text-sm text-slate-600">
            {recipients.toLocaleString("de-DE")} bestätigte Abonnenten erhalten eine neue Ausgabe.
          </p>
        </div>
        <Form method="post">
          <Button type="submit">
            <Plus aria-hidden="true" className="size-4" />
            Neue Ausgabe
          </Button>
        </Form>
      </div>
      {issues.length === 0 ? (
        <p className="text-slate-600">Noch keine Ausgaben. Leg mit „Neue Ausgabe“ die erste an.</p>
      ) : (
        <AdminTable columns={["Betreff", "Status", "Gesendet", "Datum"]}>
          {issues.map((issue) => (
            <AdminRow key={issue.id}>
              <AdminCell className="font-medium text-slate-900 max-lg:font-semibold">
                <Link
                  to={`/admin/newsletter/ausgaben/${issue.id}`}
                  className="text-brand-700 hover:underline"
                >
                  {issue.subject || "(ohne Betreff)"}
                </Link>
              </AdminCell>
              <AdminCell label="Status">{ISSUE_STATE_LABELS[issue.state]}</AdminCell>
              <AdminCell label="Gesendet">
                {issue.state === "draft"
                  ? "–"
                  : `${issue.counts.sent.toLocaleString("de-DE")} von ${issue.recipients.toLocaleString("de-DE")}${
                      issue.counts.failed > 0
                        ? ` (${issue.counts.failed.toLocaleString("de-DE")} fehlgeschlagen)`
                        : ""
                    }`}
              </AdminCell>
              <AdminCell label="Datum">{formatDateTime(issue.date)}</AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
