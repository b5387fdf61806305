/** What other features use of site: the only way in from outside the folder. */
export { PageLink } from "./menu-link";
export { pageMeta, previewMeta } from "./meta";
export { NotFoundErrorBoundary } from "./not-found-page";
export { ObfuscatedContact } from "./obfuscated-contact";
export { type PublicSite, externalSites, scramble, useSite } from "./public-site";
export { StructuredData } from "./structured-data";
