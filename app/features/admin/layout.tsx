import Loader2 from "lucide-react/icons/loader-circle";
import { Outlet, useNavigation } from "react-router";
import { AdminHeader, WebsiteLink } from "~/features/admin/admin-header";
import { env } from "~/platform/env.server";
import { backupFailure, goLiveChecklist, openItems, siteSettingsOf } from "~/features/settings/index.server";
import { BackupFailureNotice } from "~/features/settings";
import { logger } from "~/platform/logger.server";
import { getAdmin, requireAdmin } from "~/features/auth/index.server";
import { cn } from "~/ui/cn";
import type { Route } from "./+types/layout";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { publicPagesChanged } from "~/platform/http/public-pages.server";

/**
 * The admin routes anyone may post to: sign-in (password, passkey), the first admin, sign-out,
 * and "Passwort vergessen?" (the request and the link).
 */
const OPEN_ACTIONS = new Set([
  "admin/login",
  "admin/passkey",
  "admin/setup",
  "admin/logout",
  "admin/passwort-vergessen",
  "admin/passwort-zuruecksetzen",
]);
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Every other admin action runs only for the signed-in owner: checked here, before the action
 * reads its body. Whatever the owner changes may show on public pages, so around each of their
 * writes the page cache and the settings and pages read per version start over (the one place
 * that empties them for this instance; other instances hear of changes through the database,
 * server/boot.ts). No admin
 * response is stored by browsers or proxies; a sliding session renews its cookie.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, pattern }, next) => {
    if (!SAFE_METHODS.has(request.method) && !OPEN_ACTIONS.has(pattern.replace(/^\//, ""))) {
      await requireAdmin(request, context);
    }
    const current = await getAdmin(request, context).catch(() => undefined);
    const writes = Boolean(current) && !SAFE_METHODS.has(request.method);
    // Once before: a form sent without JavaScript is answered with the page rendered after the
    // action, in this request, and its loaders must not get what was cached before the change.
    if (writes) publicPagesChanged();
    const response = await next();
    // And once after: pages rendered by other requests meanwhile may show the old state.
    if (writes && response.status < 500) publicPagesChanged();
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    if (current?.refreshedCookie) response.headers.append("Set-Cookie", current.refreshedCookie);
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await getAdmin(request, context);
  if (!current) return { admin: null, goLiveOpen: 0 };
  return {
    admin: { name: current.admin.name, email: current.admin.email },
    goLiveOpen: await goLiveOpen(context),
    backupFailedAt: await context.get(databaseContext).then(backupFailure, () => null),
  };
}

/** Open items of the go-live checklist, for the header's notice (none when they can't be counted). */
async function goLiveOpen(context: RequestContext): Promise<number> {
  try {
    const db = await context.get(databaseContext);
    return openItems(await goLiveChecklist(db, (await siteSettingsOf(db)).settings, env()));
  } catch (error) {
    logger.error({ err: error }, "go-live checklist could not be read");
    return 0;
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const waiting = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  if (!loaderData.admin) {
    return (
      <>
        <div className="mx-auto max-w-7xl px-2 pt-2 sm:px-4">
          <WebsiteLink />
        </div>
        <Outlet />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6 md:pt-10">
      <AdminHeader goLiveOpen={loaderData.goLiveOpen} />
      {loaderData.backupFailedAt && (
        <div className="mt-4">
          <BackupFailureNotice failedAt={loaderData.backupFailedAt} />
        </div>
      )}
      <div className="relative mt-6 md:mt-8">
        {waiting && (
          <div role="status" className="absolute inset-x-0 top-0 z-10 flex justify-center">
            <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-600" />
            <span className="sr-only">Wird geladen …</span>
          </div>
        )}
        <div className={cn(waiting && "opacity-50")}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export const meta = () => [{ title: "Admin-Bereich" }, { name: "robots", content: "noindex, nofollow" }];
