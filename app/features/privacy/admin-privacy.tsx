import Download from "lucide-react/icons/download";
import FileText from "lucide-react/icons/file-text";
import Loader2 from "lucide-react/icons/loader-circle";
import Search from "lucide-react/icons/search";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCell, AdminRow, AdminTable } from "~/features/admin";
import { PersonDataSections } from "~/features/privacy/person-data";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { Field, Input } from "~/ui/field";
import { describeCounts, PRIVACY_MESSAGES, PRIVACY_PATH, totalOf } from "~/features/privacy/messages";
import { formatDateTime } from "~/platform/format";
import { isConfirmed } from "~/features/auth";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/admin-privacy";
import { loadPrivacyView, privacyAction } from "./admin-privacy.server";

/**
 * /admin/datenschutz: Auskunft und Löschung. The owner looks an address up (a POST,
 * so the address stays out of URLs and history), exports it or erases all of it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPrivacyView(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return privacyAction(request, context);
}

export default function PrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { audit, confirmedUntil } = loaderData;
  const lookup = actionData?.intent === "lookup" ? actionData : undefined;
  const fieldError = actionData?.fieldError;
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.formData?.get("intent") === "lookup";
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">{PRIVACY_MESSAGES.heading}</h2>
        <p className="max-w-3xl text-slate-600">{PRIVACY_MESSAGES.intro}</p>
      </div>
      <Form method="post" noValidate className="flex max-w-2xl flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="lookup" />
        <Field
          id="privacy-email"
          label={PRIVACY_MESSAGES.emailLabel}
          error={fieldError ?? undefined}
          className="min-w-0 flex-1 basis-64"
        >
          {(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              autoComplete="off"
              defaultValue={lookup?.email ?? ""}
              required
            />
          )}
        </Field>
        <Button type="submit" disabled={searching} className={fieldError ? "mb-7" : undefined}>
          {searching ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Search aria-hidden="true" className="size-4" />
          )}
          {searching ? PRIVACY_MESSAGES.searching : PRIVACY_MESSAGES.search}
        </Button>
      </Form>
      {lookup?.error && (
        <p role="alert" className="text-red-700">
          {lookup.error}
        </p>
      )}
      {lookup?.person && (
        <PersonResult person={lookup.person} createdAt={lookup.createdAt} confirmedUntil={confirmedUntil} />
      )}
      <AuditLog audit={audit} />
    </div>
  );
}

type Person = NonNullable<Extract<Route.ComponentProps["actionData"], { intent: "lookup" }>["person"]>;

function PersonResult({
  person,
  createdAt,
  confirmedUntil,
}: {
  person: Person;
  createdAt: Date;
  confirmedUntil: Date | null;
}) {
  const total = totalOf(person.counts);
  return (
    <section
      aria-labelledby="person-title"
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="space-y-1">
        <h3 id="person-title" className="text-xl font-semibold wrap-anywhere text-slate-900">
          {person.email}
        </h3>
        <p className="text-slate-700">
          {total === 0 ? PRIVACY_MESSAGES.nothingStored : `${describeCounts(person.counts)}.`}
        </p>
      </div>
      {total > 0 && (
        <>
          <div className="flex flex-wrap gap-3 max-sm:*:flex-1">
            <ExportButton email={person.email} format="json" confirmedUntil={confirmedUntil} />
            <ExportButton email={person.email} format="html" confirmedUntil={confirmedUntil} />
            <EraseButton person={person} />
          </div>
          <PersonDataSections person={person} createdAt={createdAt} />
        </>
      )}
    </section>
  );
}

/**
 * A plain form: the answer is a download, which the browser keeps on this page, or without a
 * recent confirmation the way to Profil.
 */
function ExportButton({
  email,
  format,
  confirmedUntil,
}: {
  email: string;
  format: "json" | "html";
  confirmedUntil: Date | null;
}) {
  return (
    <form
      method="post"
      action={`${PRIVACY_PATH}/export.${format}`}
      onSubmit={() => isConfirmed(confirmedUntil) && toast.success(PRIVACY_MESSAGES.exportStarted)}
    >
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="secondary" className="w-full">
        {format === "json" ? (
          <Download aria-hidden="true" className="size-4" />
        ) : (
          <FileText aria-hidden="true" className="size-4" />
        )}
        {format === "json" ? PRIVACY_MESSAGES.exportJson : PRIVACY_MESSAGES.exportHtml}
      </Button>
    </form>
  );
}

function EraseButton({ person }: { person: Person }) {
  const [block, setBlock] = useState(true);
  const navigation = useNavigation();
  const erasing = navigation.state !== "idle" && navigation.formData?.get("intent") === "erase";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={block}
          onChange={(event) => setBlock(event.target.checked)}
          aria-describedby="privacy-block-hint"
          className="size-4 accent-brand-600"
        />
        {PRIVACY_MESSAGES.block}
      </label>
      <p id="privacy-block-hint" className="sr-only">
        {PRIVACY_MESSAGES.blockHint}
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="dangerOutline" disabled={erasing}>
            {erasing ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-4" />
            )}
            {erasing ? PRIVACY_MESSAGES.erasing : PRIVACY_MESSAGES.eraseAll}
          </Button>
        }
        title={PRIVACY_MESSAGES.eraseTitle}
        description={PRIVACY_MESSAGES.eraseConfirm(person.email, person.counts, block)}
        confirmLabel={erasing ? PRIVACY_MESSAGES.erasing : PRIVACY_MESSAGES.eraseAll}
        cancelLabel={PRIVACY_MESSAGES.cancel}
        confirmButton={{ disabled: erasing }}
        form={(submit) => (
          <Form method="post" action={PRIVACY_PATH}>
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={person.email} />
            {block && <input type="hidden" name="block" value="on" />}
            {submit}
          </Form>
        )}
      />
    </div>
  );
}

function AuditLog({ audit }: { audit: Route.ComponentProps["loaderData"]["audit"] }) {
  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <h3 id="audit-title" className="text-xl font-semibold text-slate-900">
        {PRIVACY_MESSAGES.auditHeading}
      </h3>
      <p className="text-sm text-slate-600">{PRIVACY_MESSAGES.auditIntro}</p>
      {audit.length === 0 ? (
        <p className="text-slate-600">{PRIVACY_MESSAGES.auditEmpty}</p>
      ) : (
        <AdminTable columns={["Datum", "Aktion", "Umfang"]}>
          {audit.map((entry) => (
            <AdminRow key={entry.id}>
              <AdminCell label="Datum">
                <time dateTime={entry.created_at.toISOString()}>{formatDateTime(entry.created_at)}</time>
              </AdminCell>
              <AdminCell label="Aktion">{entry.action === "export" ? "Export" : "Löschung"}</AdminCell>
              <AdminCell label="Umfang">
                {describeCounts(entry.counts)}
                {entry.action === "erase" && entry.counts.blocked ? "; Sperrvermerk behalten" : ""}
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
