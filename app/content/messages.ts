/**
 * Messages people see on the public site (spec §8), in one place: pages and tests import these
 * constants, so the wording is changed here only.
 */
export const PUBLIC_MESSAGES = {
  projectsFallback: "Failed to load projects. Using fallback data.",
  projectFallback: "Failed to load project. Using fallback data.",
  projectNotFound: "Project not found",
  projectsLoading: "Projekte werden geladen …",
} as const;
