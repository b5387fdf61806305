/** What other features use of site: the only way in from outside the folder. */
export { PageLink } from "./menu-link";
export { pageMeta, previewMeta } from "./meta";
export { NotFoundErrorBoundary } from "./not-found-page";
export { ObfuscatedContact } from "./obfuscated-contact";
export {
  type MenuEntry,
  type MenuPlace,
  type MenuSubEntry,
  type SubmenuTarget,
  type Menus,
  type MenuTarget,
  type PublicSite,
  type SiteTexts,
  DEFAULT_SITE_TEXTS,
  externalSites,
  MENU_PLACES,
  MENU_TARGETS,
  MAX_SUBMENU_ENTRIES,
  SUBMENU_PAGES,
  hasEditableSubmenu,
  scramble,
  useClickReport,
  useSite,
} from "./public-site";
export { StructuredData } from "./structured-data";
export { DEFAULT_MENUS, defaultSubmenu, heroLinks } from "./menu";
