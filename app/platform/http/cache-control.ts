/** `Cache-Control` for responses about one visitor (a token in the URL, a form result). */
export const PERSONAL = { "Cache-Control": "no-store" } as const;
