/** What other features use of projects on the server: the only way in from outside the folder. */
export { projectCards, publishedCategories } from "./public-projects.server";
export {
  countUnchangedDemoProjects,
  deleteUnchangedDemoProjects,
  listProjects,
  unchangedDemoProjects,
} from "./queries.server";
