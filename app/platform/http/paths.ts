/**
 * The page a request is for: React Router's client navigations fetch "<path>.data" (single fetch),
 * so the suffix is dropped to get the path a person sees in the address bar.
 */
export function pagePath(pathname: string): string {
  return pathname.replace(/\.data$/, "");
}
