import { isRouteErrorResponse } from "react-router";
import { PageLink } from "./menu-link";

/** Spec §2: the not-found page. Its wording is the specification's English, marked as such. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-600">404</h1>
      <p lang="en" className="text-2xl font-semibold text-slate-900">
        Oops! Page not found
      </p>
      <PageLink to="/" lang="en" className="font-semibold text-brand-700 underline underline-offset-4">
        Return to Home
      </PageLink>
    </section>
  );
}

/** Route ErrorBoundary: a thrown 404 shows the not-found page; anything else goes up. */
export function NotFoundErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
