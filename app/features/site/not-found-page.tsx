import { isRouteErrorResponse } from "react-router";
import { PageLink } from "./menu-link";
import { useSite } from "./public-site";

/**
 * Spec §2: the not-found page. Its built-in wording is the specification's English, marked as
 * such; the owner words it in Inhalte (the frame's texts).
 */
export function NotFoundPage() {
  const { texts } = useSite();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-600">404</h1>
      <p lang={texts.notFoundLang} className="text-2xl font-semibold text-slate-900">
        {texts.notFoundTitle}
      </p>
      <PageLink
        to="/"
        lang={texts.notFoundLang}
        className="font-semibold text-brand-700 underline underline-offset-4"
      >
        {texts.notFoundLinkLabel}
      </PageLink>
    </section>
  );
}

/** Route ErrorBoundary: a thrown 404 shows the not-found page; anything else goes up. */
export function NotFoundErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
