/**
 * Which page of React Router a request reaches, told before the router sees it, so that the
 * guards in front of it (body limits, the public forms' turns) cannot be stepped past by writing
 * a path another way. It copies what react-router 8 does:
 *
 * - `getNormalizedPath` (lib/server-runtime/urls.ts): a `.data` request names its page by
 *   `/x.data`, `/x/_.data` or `/_.data` (the root);
 * - `decodePath` and `matchPath` (lib/router/utils.ts): each segment is percent-decoded (an
 *   encoded slash stays one segment), and routes match without regard to case or trailing slashes.
 *
 * tests/integration/hostile-clients.test.ts sends each written-another-way path to a real server
 * and expects the guard to apply, so an upgrade that changes the router's matching fails there.
 */
export type RouterPath = {
  /** The page's path, lower case, decoded, without trailing slashes ("/" for the root). */
  path: string;
  /** A single-fetch request of JavaScript (`.data`) rather than a document request. */
  data: boolean;
};

export function routerPath(pathname: string): RouterPath {
  let path = pathname;
  let data = false;
  if (path.endsWith("/_.data")) {
    path = path.slice(0, -"_.data".length);
    data = true;
  } else if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    data = true;
  }
  const decoded = path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll("/", "%2F");
      } catch {
        return segment; // React Router keeps a malformed segment as it is
      }
    })
    .join("/");
  return { path: decoded.toLowerCase().replace(/\/+$/, "") || "/", data };
}

/** Whether a router path is in the admin area (`/admin` and below). */
export const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");
