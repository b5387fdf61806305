/** What other features use of pages on the server: the only way in from outside the folder. */
export {
  cardLabelsOf,
  loadPages,
  menusOf,
  pageData,
  pageFor,
  portfolioMenuOf,
  portfolioOf,
  serviceMenuOf,
  shownCategories,
  siteTextsOf,
  visibleServices,
  wantsPreview,
  type ShownCategory,
} from "./pages.server";
export { demoPages, removeDemoPages, type DemoPages } from "./demo-pages.server";
export { CONTACT_PATH } from "./page-content";
