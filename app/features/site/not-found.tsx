import { data } from "react-router";
import { NotFoundPage } from "~/features/site/not-found-page";
import { logger } from "~/platform/logger.server";
import { pageMeta, siteOf } from "~/features/site/meta";
import { pagePath } from "~/platform/http/paths";
import type { Route } from "./+types/not-found";

/** Spec §2: unknown paths render this page with status 404; the path is logged. */
export function loader({ request }: { request: Request }) {
  // Client navigations ask for "<path>.data"; log the page path either way.
  const path = pagePath(new URL(request.url).pathname);
  logger.warn({ path }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function meta({ matches }: Route.MetaArgs) {
  const texts = siteOf(matches)?.texts;
  return [
    ...pageMeta(matches, texts?.notFoundMetaTitle ?? "", texts?.notFoundMetaDescription ?? ""),
    { name: "robots", content: "noindex" },
  ];
}
