import Download from "lucide-react/icons/download";
import FileCheck from "lucide-react/icons/file-check";
import Mail from "lucide-react/icons/mail";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import {
  AdminActionsCell,
  AdminCell,
  AdminRow,
  AdminTable,
  DeleteRowButton,
} from "~/components/admin/admin-table";
import { PagedList, pageParams } from "~/components/admin/paged-list";
import { NewsletterNav } from "~/components/admin/newsletter-nav";
import { buttonClass } from "~/components/ui/button";
import { ADMIN_MESSAGES } from "~/content/admin-messages";
import { listSubscriptions, unsubscribe } from "~/db/newsletter.server";
import { BOUNCE_LIMIT } from "~/lib/newsletter-issues";
import { isoDay } from "~/lib/csv";
import { deleteFromAdminList, loadAdminList } from "~/lib/admin-lists.server";
import type { Route } from "./+types/newsletter";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminList(
    request,
    context,
    (db) => listSubscriptions(db, pageParams(request)),
    ADMIN_MESSAGES.subscribersLoadError,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteFromAdminList(request, context, (db, id) => unsubscribe(db, id, "deleted"), {
    success: ADMIN_MESSAGES.subscriberDeleted,
    failure: ADMIN_MESSAGES.subscriberDeleteError,
    notFound: "Abonnent nicht gefunden",
  });
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { rows, total } = loaderData;
  return (
    <div className="space-y-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.subscribersHeading}</h2>
        {/* A plain download link; the server refuses with a flash message when the list is empty. */}
        <a
          href="/admin/newsletter/export"
          download={total > 0 ? "" : undefined}
          onClick={() => total > 0 && toast.success(ADMIN_MESSAGES.csvStarted)}
          className={buttonClass({ variant: "secondary" })}
        >
          <Download aria-hidden="true" className="size-4" />
          CSV exportieren
        </a>
      </div>
      <PagedList list={loaderData} label="Abonnenten" empty={ADMIN_MESSAGES.noSubscribers}>
        <AdminTable columns={["E-Mail", "Name", "Abonniert am", "Status", "Aktionen"]}>
          {rows.map((row) => (
            <AdminRow key={row.id}>
              <AdminCell className="font-medium text-slate-900 max-lg:font-semibold max-lg:wrap-anywhere">
                {row.email}
              </AdminCell>
              <AdminCell label="Name">{row.name ?? "–"}</AdminCell>
              <AdminCell label="Abonniert am">{isoDay(row.created_at)}</AdminCell>
              <AdminCell label="Status">
                {row.bounce_count >= BOUNCE_LIMIT
                  ? "Zustellprobleme"
                  : row.is_confirmed
                    ? "Bestätigt"
                    : "Unbestätigt"}
              </AdminCell>
              <AdminActionsCell>
                <Link
                  to={`/admin/newsletter/${row.id}/nachweis`}
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <FileCheck aria-hidden="true" className="size-4" />
                  Nachweis<span className="sr-only">: {row.email}</span>
                </Link>
                <a href={`mailto:${row.email}`} className={buttonClass({ variant: "ghost", size: "sm" })}>
                  <Mail aria-hidden="true" className="size-4" />
                  E-Mail<span className="sr-only">: {row.email}</span>
                </a>
                <DeleteRowButton
                  id={row.id}
                  name={row.email}
                  label="Entfernen"
                  title="Abonnent entfernen"
                  description={ADMIN_MESSAGES.subscriberDeleteConfirm}
                />
              </AdminActionsCell>
            </AdminRow>
          ))}
        </AdminTable>
      </PagedList>
    </div>
  );
}
