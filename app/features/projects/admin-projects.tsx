import ExternalLink from "lucide-react/icons/external-link";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminActionsCell, AdminCell, AdminRow, AdminTable, ADMIN_MESSAGES } from "~/features/admin";
import { SignInPage } from "~/features/auth";
import { ProjectForm } from "~/features/projects/admin-project-form";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import { SELECTION_MESSAGES } from "./messages";
import { loadProjectsTab, projectsAction } from "./admin-projects.server";
import { categoryLabel, type Project } from "~/features/projects/project";
import type { Route } from "./+types/admin-projects";

/** /admin: the sign-in form when signed out, else the Projekte tab (spec §2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadProjectsTab(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return projectsAction(request, context);
}

/** A request that fails outright (e.g. refused by the body limit) ends in a toast, not an error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // redirects (success) go on as usual
    const wrap =
      intent === "update"
        ? ADMIN_MESSAGES.updateError
        : intent === "delete"
          ? ADMIN_MESSAGES.deleteError
          : ADMIN_MESSAGES.createError;
    return { ok: false as const, status: 500, message: wrap(ADMIN_MESSAGES.unreadableRequest) };
  }
}

export default function AdminProjects({ loaderData, actionData }: Route.ComponentProps) {
  // A refused "Ausgewählte entfernen" comes back here (the editor's failures go to its fetcher).
  const refusal =
    actionData && !actionData.ok && "intent" in actionData && actionData.intent === "delete-selected"
      ? actionData.message
      : undefined;
  useEffect(() => {
    if (refusal) toast.error(refusal);
  }, [actionData, refusal]);
  if (!loaderData.signedIn) return <SignInPage firstRun={loaderData.firstRun} />;
  const { projects, editor } = loaderData;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.projectsHeading}</h2>
        <Link to="/admin?neu" className={buttonClass()}>
          <Plus aria-hidden="true" className="size-4" />
          {ADMIN_MESSAGES.newProject}
        </Link>
      </div>
      {editor && (
        <ProjectForm
          key={editor.values.id}
          mode={editor.mode}
          values={editor.values}
          limits={editor.limits}
        />
      )}
      <ProjectTable projects={projects} refusal={refusal} />
    </div>
  );
}

const SELECTION_FORM = "projects-selection";

function ProjectTable({ projects, refusal }: { projects: Project[]; refusal?: string }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  if (projects.length === 0) return <p className="text-slate-600">{ADMIN_MESSAGES.noProjects}</p>;
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="space-y-3">
      <SelectionBar
        total={projects.length}
        count={projects.filter((project) => selected.has(project.id)).length}
        refusal={refusal}
      />
      <AdminTable columns={["Title", "Admin", "Category", "Homepage", "Actions"]}>
        {projects.map((project) => (
          <ProjectRow
            key={project.id}
            project={project}
            selected={selected.has(project.id)}
            onSelect={(on) => toggle(project.id, on)}
          />
        ))}
      </AdminTable>
    </div>
  );
}

/**
 * "Ausgewählte entfernen": the checkboxes of the rows belong to this form (their `form`
 * attribute). With JavaScript a dialog names how many projects go; without, a disclosure asks
 * first, and its button posts the form as it is.
 */
function SelectionBar({ count, total, refusal }: { count: number; total: number; refusal?: string }) {
  const hydrated = useHydrated();
  const busy = useNavigation().formData?.get("intent") === "delete-selected";
  const confirm = { form: SELECTION_FORM, name: "intent", value: "delete-selected", disabled: busy };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Holds nothing itself (the rows' boxes and the confirm button name it): not laid out. */}
      <Form id={SELECTION_FORM} method="post" action="/admin?index" hidden />
      {hydrated ? (
        <ConfirmDialog
          // A new dialog (closed) once the list has changed or the server refused.
          key={`${total}:${refusal ?? ""}`}
          trigger={
            <Button variant="dangerOutline" size="sm" disabled={count === 0}>
              <Trash2 aria-hidden="true" className="size-4" />
              {SELECTION_MESSAGES.removeSelected}
            </Button>
          }
          title={SELECTION_MESSAGES.confirmTitle(count)}
          description={SELECTION_MESSAGES.confirmDescription(count)}
          confirmLabel={busy ? "Wird gelöscht …" : SELECTION_MESSAGES.confirm}
          cancelLabel={SELECTION_MESSAGES.cancel}
          form={(submit) => submit}
          confirmButton={confirm}
        />
      ) : (
        <details className="text-sm">
          <summary
            className={buttonClass({ variant: "dangerOutline", size: "sm", className: "cursor-pointer" })}
          >
            {SELECTION_MESSAGES.removeSelected}
          </summary>
          <p className="mt-2 max-w-md text-slate-600">{SELECTION_MESSAGES.confirmDescriptionAny}</p>
          <Button type="submit" variant="destructive" size="sm" className="mt-2" {...confirm}>
            {SELECTION_MESSAGES.confirm}
          </Button>
        </details>
      )}
      <span className="text-sm text-slate-600" aria-live="polite">
        {count === 0 ? "" : count === 1 ? "1 Projekt ausgewählt" : `${count} Projekte ausgewählt`}
      </span>
      {refusal && (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}

function ProjectRow({
  project,
  selected,
  onSelect,
}: {
  project: Project;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  return (
    <AdminRow>
      <AdminCell>
        {/* The box sits in the title's cell: the columns stay what they were. */}
        <div className="flex items-start gap-3">
          {/* On a phone the label around the box is the 44 px target a finger taps. */}
          <label className="-m-3 flex size-11 shrink-0 items-center justify-center md:contents">
            <input
              type="checkbox"
              form={SELECTION_FORM}
              name="ids"
              value={project.id}
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
              aria-label={SELECTION_MESSAGES.select(project.title)}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
          </label>
          <div className="min-w-0">
            <span
              className="block max-w-[200px] truncate font-medium text-slate-900 max-lg:font-semibold"
              title={project.title}
            >
              {project.title}
            </span>
            {project.status === "draft" && (
              <span className="mt-1 inline-flex items-center gap-2 text-xs">
                <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
                  Entwurf
                </span>
                <a
                  href={`/project/${project.id}?vorschau`}
                  target="_blank"
                  rel="noopener"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Vorschau<span className="sr-only">: {project.title} (öffnet in neuem Tab)</span>
                </a>
              </span>
            )}
          </div>
        </div>
      </AdminCell>
      <AdminCell label="Admin">
        {project.admin_url ? (
          <a
            href={project.admin_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            Öffnen
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : (
          <span className="text-slate-400">–</span>
        )}
      </AdminCell>
      <AdminCell label="Category">{categoryLabel(project.category)}</AdminCell>
      <AdminCell label="Homepage">{project.show_on_homepage ? "Yes" : "No"}</AdminCell>
      <AdminActionsCell>
        <Link
          to={`/admin?bearbeiten=${project.id}`}
          className={buttonClass({ variant: "ghost", size: "sm" })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only">: {project.title}</span>
        </Link>
        <ConfirmDialog
          trigger={
            <Button variant="danger" size="sm">
              <Trash2 aria-hidden="true" className="size-4" />
              Delete<span className="sr-only">: {project.title}</span>
            </Button>
          }
          title={ADMIN_MESSAGES.deleteTitle}
          description={ADMIN_MESSAGES.deleteDescription(project.id)}
          confirmLabel="Delete"
          form={(submit) => (
            <Form method="post" action="/admin?index">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={project.id} />
              {submit}
            </Form>
          )}
        />
      </AdminActionsCell>
    </AdminRow>
  );
}
