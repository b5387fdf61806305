import Download from "lucide-react/icons/download";
import FileCheck from "lucide-react/icons/file-check";
import Mail from "lucide-react/icons/mail";
import { Link } from "react-router";
import { toast } from "~/ui/toast";
import {
  AdminActionsCell,
  AdminCell,
  AdminRow,
  AdminTable,
  DeleteRowButton,
  PagedList,
  pageParams,
  ADMIN_MESSAGES,
} from "~/features/admin";
import { NewsletterNav } from "~/features/newsletter/admin-newsletter-nav";
import { buttonClass } from "~/ui/button";
import { listSubscriptions, unsubscribe } from "~/features/newsletter/subscribers.server";
import { BOUNCE_LIMIT } from "~/features/newsletter/issue-states";
import { isoDay } from "~/platform/csv";
import { deleteFromAdminList, loadAdminList } from "~/features/admin/index.server";
import { isConfirmed } from "~/features/auth";
import { confirmedUntil, requireAdmin } from "~/features/auth/index.server";
import type { Route } from "./+types/admin-subscribers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireAdmin(request, context);
  const list = await loadAdminList(
    request,
    context,
    (db) => listSubscriptions(db, pageParams(request)),
    ADMIN_MESSAGES.subscribersLoadError,
  );
  return { ...list, confirmedUntil: confirmedUntil(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The owner cannot add an address back (the person has to sign up again): a recent
  // confirmation first.
  return deleteFromAdminList(
    request,
    context,
    (db, id) => unsubscribe(db, id, "deleted"),
    {
      success: ADMIN_MESSAGES.subscriberDeleted,
      failure: ADMIN_MESSAGES.subscriberDeleteError,
      notFound: "Abonnent nicht gefunden",
    },
    { recentConfirmation: true },
  );
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { rows, total } = loaderData;
  // Without a recent confirmation the server sends the owner to Profil instead of a file.
  const downloads = () => total > 0 && isConfirmed(loaderData.confirmedUntil);
  return (
    <div className="space-y-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.subscribersHeading}</h2>
        {/*
          A plain link: the file comes as an attachment and the page stays; a refusal (an empty
          list, no recent confirmation) is a redirect with a flash message, which a download
          attribute would save as the file.
        */}
        <a
          href="/admin/newsletter/export"
          onClick={() => downloads() && toast.success(ADMIN_MESSAGES.csvStarted)}
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
