/**
 * Spread onto the image a page is built around (the hero, a page's header image): the browser
 * reports when it has been painted (Element Timing API), and the page's JavaScript is loaded
 * only after that (docs/decisions/0010-deferred-hydration.md).
 */
export const MAIN_IMAGE: Record<string, string> = { elementtiming: "main-image" };
