/** What other features use of projects: the only way in from outside the folder. */
export { CATEGORY_PAGES, emptyCategoryMessage, type CategoryPage } from "./categories";
export { fallbackProjects } from "./fallback-projects";
export { PUBLIC_MESSAGES } from "./messages";
export { type Category, type ProjectCardData } from "./project";
export { ProjectGrid, type CardLabels } from "./project-card";
