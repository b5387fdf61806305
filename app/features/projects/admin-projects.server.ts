import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { ADMIN_MESSAGES, PROJECT_MESSAGES } from "~/features/admin";
import type { Db } from "~/platform/db/engines.server";
import {
  createProject,
  deleteProject,
  deleteProjects,
  MissingProjectsError,
  getProject,
  listProjects,
  ProjectError,
  updateProject,
  type ProjectInput,
} from "~/features/projects/queries.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { fieldErrors } from "~/platform/forms/schemas";
import { formLimits, type FormLimits } from "~/platform/forms/field-limits";
import { ImageError, storeUploadedImage } from "~/features/media/index.server";
import type { Project } from "~/features/projects/project";
import {
  ProjectFormSchema,
  ProjectSelectionSchema,
  readProjectForm,
  type ProjectFormValues,
} from "~/features/projects/project-form";
import { SELECTION_MESSAGES } from "~/features/projects/messages";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { firstRunOf, getAdmin, requireAdmin } from "~/features/auth/index.server";
import { isUuid } from "~/platform/uuid";
import { UNKNOWN_INTENT } from "~/platform/forms/messages";

/** The Projekte tab's server half: the list, the editor's values, saving and deleting. */
export type SaveResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; errors?: Partial<Record<string, string>> };

/** Creates (mode "create") or updates a project, with an optional uploaded image. */
export async function saveProject(
  db: Db,
  mode: "create" | "update",
  values: ProjectFormValues,
  file: File | null,
): Promise<SaveResult> {
  const wrap = mode === "create" ? ADMIN_MESSAGES.createError : ADMIN_MESSAGES.updateError;
  if (mode === "update" && values.id.trim() === "")
    return { ok: false, status: 400, message: ADMIN_MESSAGES.invalidIdForUpdate };

  const parsed = ProjectFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, status: 400, message: wrap(Object.values(errors)[0] ?? "Ungültige Eingabe"), errors };
  }
  const hasFile = Boolean(file && file.size > 0);
  if (!parsed.data.title || !parsed.data.description || (!parsed.data.image && !hasFile)) {
    return { ok: false, status: 400, message: ADMIN_MESSAGES.projectRequired };
  }
  if (mode === "update" && !(await getProject(db, values.id, { drafts: true }))) {
    return { ok: false, status: 404, message: wrap(PROJECT_MESSAGES.notFound(values.id)) };
  }

  try {
    const image = hasFile ? (await storeUploadedImage(db, file!)).src : parsed.data.image;
    const input: ProjectInput = { ...parsed.data, image };
    if (mode === "create") {
      await createProject(db, {
        ...input,
        id: isUuid(values.id) ? values.id : randomUUID(),
        date: input.date ?? new Date(),
      });
      return { ok: true, message: ADMIN_MESSAGES.projectCreated };
    }
    await updateProject(db, values.id, input);
    return { ok: true, message: ADMIN_MESSAGES.projectUpdated };
  } catch (error) {
    if (error instanceof ImageError)
      return { ok: false, status: 400, message: wrap(error.message), errors: { image: error.message } };
    if (error instanceof ProjectError) return { ok: false, status: 400, message: wrap(error.message) };
    throw error;
  }
}

export async function removeProject(db: Db, id: string): Promise<SaveResult> {
  if (id.trim() === "") return { ok: false, status: 400, message: ADMIN_MESSAGES.invalidIdForDelete };
  try {
    await deleteProject(db, id);
    return { ok: true, message: ADMIN_MESSAGES.projectDeleted };
  } catch (error) {
    if (error instanceof ProjectError)
      return { ok: false, status: 404, message: ADMIN_MESSAGES.deleteError(error.message) };
    throw error;
  }
}

/** Deletes the selected projects (`ids`) at once, all or none. */
export async function removeSelectedProjects(db: Db, form: FormData): Promise<SaveResult> {
  const parsed = ProjectSelectionSchema.safeParse({ ids: form.getAll("ids") });
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? SELECTION_MESSAGES.invalidId,
    };
  try {
    return { ok: true, message: SELECTION_MESSAGES.removed(await deleteProjects(db, parsed.data.ids)) };
  } catch (error) {
    if (error instanceof MissingProjectsError)
      return { ok: false, status: 404, message: SELECTION_MESSAGES.gone };
    throw error;
  }
}

const blank = (id: string): ProjectFormValues => ({
  id,
  title: "",
  description: "",
  details: "",
  image: "",
  image_focus_x: "50",
  image_focus_y: "50",
  category: "project",
  url: "",
  admin_url: "",
  show_on_homepage: false,
  tags: [],
  date: "",
  status: "published",
});

const toFormValues = (project: Project): ProjectFormValues => ({
  id: project.id,
  title: project.title,
  description: project.description,
  details: project.details ?? "",
  image: project.image,
  image_focus_x: String(project.image_focus_x),
  image_focus_y: String(project.image_focus_y),
  category: project.category,
  url: project.url ?? "",
  admin_url: project.admin_url ?? "",
  show_on_homepage: project.show_on_homepage,
  tags: project.tags,
  date: project.date ? project.date.toISOString().slice(0, 10) : "",
  status: project.status,
});

/** The list of projects and, with ?neu or ?bearbeiten=<id>, the editor's values. */
/** The project form's field limits, from the schema `saveProject` checks it with. */
const PROJECT_LIMITS = formLimits(ProjectFormSchema);

export async function loadProjectsTab(request: Request, context: RequestContext) {
  const db = await context.get(databaseContext);
  if (!(await getAdmin(request, context)))
    return { signedIn: false as const, firstRun: await firstRunOf(db) };
  const params = new URL(request.url).searchParams;
  const editId = params.get("bearbeiten");
  let editor: { mode: "create" | "update"; values: ProjectFormValues; limits: FormLimits } | null = null;
  if (params.has("neu")) editor = { mode: "create", values: blank(randomUUID()), limits: PROJECT_LIMITS };
  else if (editId !== null) {
    const project = await getProject(db, editId, { drafts: true });
    if (!project) {
      throw redirectWithFlash("/admin", { type: "error", title: PROJECT_MESSAGES.notFound(editId) });
    }
    editor = { mode: "update", values: toFormValues(project), limits: PROJECT_LIMITS };
  }
  return { signedIn: true as const, projects: await listProjects(db, { drafts: true }), editor };
}

/** Creates, updates or deletes a project; success goes back to the list with a toast. */
export async function projectsAction(request: Request, context: RequestContext) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => undefined);
  if (!form) {
    return data(
      { ok: false as const, status: 400, message: ADMIN_MESSAGES.unreadableRequest },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  const db = await context.get(databaseContext);
  const result =
    intent === "delete"
      ? await removeProject(db, String(form.get("id") ?? ""))
      : intent === "delete-selected"
        ? await removeSelectedProjects(db, form)
        : intent === "create" || intent === "update"
          ? await saveProject(
              db,
              intent,
              readProjectForm(form),
              form.get("imageFile") instanceof File ? (form.get("imageFile") as File) : null,
            )
          : { ok: false as const, status: 400, message: UNKNOWN_INTENT };
  if (result.ok) return redirectWithFlash("/admin", { type: "success", title: result.message });
  if (intent === "delete") return redirectWithFlash("/admin", { type: "error", title: result.message });
  // Refused: the page stays as it was, with the reason as data (and a toast) and its status; the
  // list shows it under "Ausgewählte entfernen" when it was that action's.
  return data({ ...result, intent: String(intent ?? "") }, { status: result.status });
}
