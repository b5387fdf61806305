import ExternalLink from "lucide-react/icons/external-link";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { Form, Link } from "react-router";
import { AdminActionsCell, AdminCell, AdminRow, AdminTable, ADMIN_MESSAGES } from "~/features/admin";
import { LoginForm } from "~/features/auth";
import { ProjectForm } from "~/features/projects/admin-project-form";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
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

export default function AdminProjects({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <LoginForm />;
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
      <ProjectTable projects={projects} />
    </div>
  );
}

function ProjectTable({ projects }: { projects: Project[] }) {
  if (projects.length === 0) return <p className="text-slate-600">{ADMIN_MESSAGES.noProjects}</p>;
  return (
    <AdminTable columns={["Title", "Admin", "Category", "Homepage", "Actions"]}>
      {projects.map((project) => (
        <AdminRow key={project.id}>
          <AdminCell>
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
      ))}
    </AdminTable>
  );
}
