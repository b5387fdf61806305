/** What other features use of pages on the server: the only way in from outside the folder. */
export { loadPages, pageData, pageFor, serviceMenuOf, visibleServices, wantsPreview } from "./pages.server";
