import { data } from "react-router";
import { PageLink } from "~/components/menu-link";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";

/** Spec §2: unknown paths render this page with status 404; the path is logged. */
export function loader({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-600">404</h1>
      <p className="text-2xl font-semibold text-slate-900">Oops! Page not found</p>
      <PageLink to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Return to Home
      </PageLink>
    </section>
  );
}

export const meta = () => [
  ...pageMeta("Seite nicht gefunden", "Die angeforderte Seite gibt es nicht."),
  { name: "robots", content: "noindex" },
];
