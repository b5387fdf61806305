import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/meta";

/** Spec §2: unknown paths render this page with status 404; the path is logged. */
export function loader({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export const meta = () => [
  ...pageMeta("Seite nicht gefunden", "Die angeforderte Seite gibt es nicht."),
  { name: "robots", content: "noindex" },
];
