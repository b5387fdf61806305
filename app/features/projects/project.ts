/** The showcase item as pages see it (spec §3). Shared by server and browser code. */
export const CATEGORIES = ["project", "product", "service", "magazine", "consulting"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The project list's filter (`/projects?category=product`) as a known category, else null: the
 * list, its canonical link and the page cache's key read it alike.
 */
export function categoryFilter(params: URLSearchParams): Category | null {
  const value = params.get("category");
  return CATEGORIES.includes(value as Category) ? (value as Category) : null;
}

/** A draft project shows only in the admin and its preview. */
export const PROJECT_STATUSES = ["draft", "published"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export type Project = {
  id: string;
  title: string;
  description: string;
  details: string | null;
  image: string;
  /** The image's focal point in % from the left and the top (50/50: the centre). */
  image_focus_x: number;
  image_focus_y: number;
  category: Category;
  url: string | null;
  admin_url: string | null;
  show_on_homepage: boolean;
  tags: string[];
  date: Date | null;
  status: ProjectStatus;
};

/**
 * What a project card shows: all that a list page sends to the browser of each project
 * (lib/public-projects.server.ts).
 */
export type ProjectCardData = Pick<
  Project,
  "id" | "title" | "description" | "image" | "image_focus_x" | "image_focus_y" | "category" | "url"
>;

/** The focal point of a project's image, for `focusStyle`. */
export const imageFocus = (project: Pick<Project, "image_focus_x" | "image_focus_y">) => ({
  x: project.image_focus_x,
  y: project.image_focus_y,
});

/** What the project page shows: never the owner's admin URL or the project's state. */
export type PublicProject = Omit<Project, "admin_url" | "show_on_homepage" | "status">;

/** German badge labels (spec §2, project detail); unknown values are shown as they are. */
export const CATEGORY_LABELS: Record<Category, string> = {
  project: "Projekt",
  product: "Produkt",
  service: "Service",
  magazine: "Magazin",
  consulting: "Consulting",
};

export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}
