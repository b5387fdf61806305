/** What the project pages say when the database fails or a project is missing (spec §8). */
export const PUBLIC_MESSAGES = {
  projectsFallback: "Failed to load projects. Using fallback data.",
  projectFallback: "Failed to load project. Using fallback data.",
  projectNotFound: "Project not found",
  projectsLoading: "Projekte werden geladen …",
} as const;
