import { randomUUID } from "node:crypto";
import routes from "~/routes";

/**
 * Every URL of app/routes.ts, so that the authorization, cross-site and header suites walk a
 * new route without being told about it.
 */
type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
export type Endpoint = { path: string; index: boolean; file: string; url: string };

/** Every route of the config as a URL path, layouts resolved, with `index` for index routes. */
function flatten(entries: readonly RouteEntry[], parent = ""): Omit<Endpoint, "url">[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const here =
      entry.path !== undefined || entry.index
        ? [{ path: own || "/", index: Boolean(entry.index), file: entry.file }]
        : [];
    return [...here, ...flatten(entry.children ?? [], own)];
  });
}

/** Fills `:param` (and `:param?`) segments with plausible values; a splat becomes a word. */
export function fillParams(routePath: string, params: Record<string, string> = {}): string {
  return routePath
    .replace(/:(\w+)\??/g, (_, name: string) => params[name] ?? randomUUID())
    .replace(/\*$/, "irgendwas");
}

/** Every route with a concrete URL; `params` names the values of dynamic segments. */
export function routeEndpoints(params: Record<string, string> = {}): Endpoint[] {
  return flatten(routes as unknown as RouteEntry[]).map((endpoint) => ({
    ...endpoint,
    url: fillParams(endpoint.path, params),
  }));
}

export const isAdminUrl = (url: string) => url === "/admin" || url.startsWith("/admin/");

/** The URL a form posts to: index routes take `?index`, as React Router's forms do. */
export const actionUrl = ({ url, index }: { url: string; index: boolean }) => (index ? `${url}?index` : url);

/**
 * The single-fetch data URL of a page (what the browser's client-side navigation and forms
 * request): `/contact.data`, and `/_.data` for a path ending in a slash (React Router 8).
 */
export const dataUrl = ({ url, index }: { url: string; index: boolean }) =>
  `${url.endsWith("/") ? `${url}_` : url}.data${index ? "?index" : ""}`;
