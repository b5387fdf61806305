import { z } from "zod";
import {
  CONTROL_CHARACTERS_MESSAGE,
  PLAIN_TEXT,
  SINGLE_LINE,
  SINGLE_LINE_MESSAGE,
} from "~/platform/forms/schemas";
import { focusPercent } from "~/features/media/index.server";
import { isUuid } from "~/platform/uuid";
import { SELECTION_MESSAGES } from "./messages";
import { CATEGORIES, PROJECT_STATUSES } from "./project";

/**
 * The project editor's form (spec §3, §5): one schema for the form and its action, validated on
 * the server whatever the browser sent (routes/admin/projects.server.ts).
 */
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
  image_focus_x: focusPercent(),
  image_focus_y: focusPercent(),
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

/** The projects the owner selected to remove at once (`ids`, one field per project). */
export const ProjectSelectionSchema = z.object({
  ids: z
    .array(z.string().refine(isUuid, SELECTION_MESSAGES.invalidId))
    .min(1, SELECTION_MESSAGES.noneSelected)
    .max(200, SELECTION_MESSAGES.tooMany)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

export type ProjectFormValues = {
  id: string;
  title: string;
  description: string;
  details: string;
  image: string;
  /** The focal point as the form sends it (whole percent, checked by the schema). */
  image_focus_x: string;
  image_focus_y: string;
  category: string;
  url: string;
  admin_url: string;
  show_on_homepage: boolean;
  tags: string[];
  date: string;
  /** "draft" or "published"; a new project is published unless saved as a draft. */
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
    image_focus_x: text("image_focus_x"),
    image_focus_y: text("image_focus_y"),
    category: text("category") || "project",
    url: text("url"),
    admin_url: text("admin_url"),
    show_on_homepage: form.get("show_on_homepage") === "on",
    tags: form.getAll("tags").filter((tag): tag is string => typeof tag === "string" && tag.trim() !== ""),
    date: text("date"),
    status: text("status") || "published",
  };
}
