import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/content/admin-messages";
import type { Db } from "~/db/client.server";
import {
  createProject,
  deleteProject,
  getProject,
  ProjectError,
  updateProject,
  type ProjectInput,
} from "~/db/projects.server";
import { CONTROL_CHARACTERS_MESSAGE, PLAIN_TEXT, SINGLE_LINE, SINGLE_LINE_MESSAGE } from "~/lib/forms";
import { CATEGORIES, PROJECT_STATUSES } from "~/lib/project";
import { ImageError, storeUploadedImage } from "./images.server";
import { isUuid } from "./uuid";

/** The project editor's input (spec §3, §5): validated on the server, whatever the browser sent. */
const LINK_MESSAGE = "Bitte gib eine Adresse mit http:// oder https:// oder einen Pfad ab / an.";

/** http(s) URLs and site paths only: no javascript:, data: or protocol-relative //host. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const link = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE)
    .refine((value) => value === "" || isSafeLink(value), LINK_MESSAGE)
    .transform((value) => value || null);

const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const ProjectFormSchema = z.object({
  title: z.string().trim().max(200, "Höchstens 200 Zeichen.").regex(SINGLE_LINE, SINGLE_LINE_MESSAGE),
  description: z
    .string()
    .trim()
    .max(1000, "Höchstens 1000 Zeichen.")
    .regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE),
  details: z
    .string()
    .max(20_000, "Höchstens 20.000 Zeichen.")
    .regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE)
    .transform((value) => value.replace(/\r\n/g, "\n").trim() || null),
  image: link(2000).transform((value) => value ?? ""),
  category: z.enum(CATEGORIES, { error: "Bitte wähle eine Kategorie." }),
  url: link(2000),
  admin_url: link(2000),
  show_on_homepage: z.boolean(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(50, "Schlagwörter: höchstens 50 Zeichen.")
        .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE),
    )
    .max(20, "Höchstens 20 Schlagwörter."),
  date: z
    .string()
    .trim()
    .refine(
      // A real day: 2026-13-45 fits the pattern but is no date (it failed the insert with a 500).
      (value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDay(value)),
      "Bitte ein Datum im Format JJJJ-MM-TT.",
    )
    .transform((value) => (value ? new Date(`${value}T12:00:00Z`) : null)),
  status: z.enum(PROJECT_STATUSES, { error: "Bitte wähle einen Status." }),
});

export type ProjectFormValues = {
  id: string;
  title: string;
  description: string;
  details: string;
  image: string;
  category: string;
  url: string;
  admin_url: string;
  show_on_homepage: boolean;
  tags: string[];
  date: string;
  /** "draft" or "published" (issue #13); a new project is published unless saved as a draft. */
  status: string;
};

export function readProjectForm(form: FormData): ProjectFormValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    id: text("id"),
    title: text("title"),
    description: text("description"),
    details: text("details"),
    image: text("image"),
    category: text("category") || "project",
    url: text("url"),
    admin_url: text("admin_url"),
    show_on_homepage: form.get("show_on_homepage") === "on",
    tags: form.getAll("tags").filter((tag): tag is string => typeof tag === "string" && tag.trim() !== ""),
    date: text("date"),
    status: text("status") || "published",
  };
}

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
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, status: 400, message: wrap(Object.values(errors)[0] ?? "Ungültige Eingabe"), errors };
  }
  const hasFile = Boolean(file && file.size > 0);
  if (!parsed.data.title || !parsed.data.description || (!parsed.data.image && !hasFile)) {
    return { ok: false, status: 400, message: ADMIN_MESSAGES.projectRequired };
  }
  if (mode === "update" && !(await getProject(db, values.id, { drafts: true }))) {
    return { ok: false, status: 404, message: wrap(`No project found with id ${values.id}`) };
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
