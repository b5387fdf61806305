import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES, PROJECT_MESSAGES } from "~/content/admin-messages";
import type { Db } from "~/db/engines.server";
import {
  createProject,
  deleteProject,
  getProject,
  ProjectError,
  updateProject,
  type ProjectInput,
} from "~/db/projects.server";
import { fieldErrors } from "~/lib/forms";
import { ImageError, storeUploadedImage } from "~/lib/images.server";
import { ProjectFormSchema, type ProjectFormValues } from "~/lib/project-form";
import { isUuid } from "~/lib/uuid";

/** The Projekte tab's server half: saving and deleting a project from the editor's form. */
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
