import { ADMIN_MESSAGES } from "~/features/admin/messages";
import type { Db } from "~/platform/db/engines.server";
import { ADMIN_PAGE_SIZE, type Page } from "~/platform/db/paged-search.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { logger } from "~/platform/logger.server";
import { pagePath } from "~/platform/http/paths";
import { requireRecentConfirmation, requireAdmin } from "~/features/auth/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/** Loads one page of an admin list; a database failure becomes the list's German error text. */
export async function loadAdminList<T>(
  request: Request,
  context: RequestContext,
  load: (db: Db) => Promise<Page<T>>,
  errorMessage: string,
) {
  await requireAdmin(request, context);
  try {
    return { ...(await load(await context.get(databaseContext))), error: null };
  } catch (error) {
    logger.error({ err: error }, "admin list could not be loaded");
    return { rows: [] as T[], total: 0, page: 1, pageSize: ADMIN_PAGE_SIZE, error: errorMessage };
  }
}

type ListMessages = { success: string; failure: (reason: string) => string; notFound: string };

/**
 * Deletes the row named by the form's `id` and goes back to the list (same search and page)
 * with the success or failure message of spec §8 as a toast. `recentConfirmation`: a deletion
 * that needs one (recent-confirmation.server.ts) is refused without, and Profil leads back.
 */
export async function deleteFromAdminList(
  request: Request,
  context: RequestContext,
  remove: (db: Db, id: string) => Promise<boolean>,
  messages: ListMessages,
  { recentConfirmation = false } = {},
) {
  if (recentConfirmation) await requireRecentConfirmation(request, context, listPath(request));
  return updateInAdminList(request, context, remove, messages);
}

/** The list page of a request to it, with its search and page. */
const listPath = (request: Request) => {
  const url = new URL(request.url);
  return pagePath(url.pathname) + url.search;
};

/**
 * Changes the row named by the form's `id` (`change` resolves to false when there is none) and
 * goes back to the list (same search and page) with a toast.
 */
export async function updateInAdminList(
  request: Request,
  context: RequestContext,
  change: (db: Db, id: string) => Promise<boolean>,
  messages: ListMessages,
) {
  await requireAdmin(request, context);
  const back = listPath(request);
  const form = await request.formData().catch(() => undefined);
  if (!form) {
    return redirectWithFlash(back, {
      type: "error",
      title: messages.failure(ADMIN_MESSAGES.unreadableRequest),
    });
  }
  try {
    if (!(await change(await context.get(databaseContext), String(form.get("id") ?? "")))) {
      return redirectWithFlash(back, { type: "error", title: messages.failure(messages.notFound) });
    }
    return redirectWithFlash(back, { type: "success", title: messages.success });
  } catch (error) {
    logger.error({ err: error }, "admin list entry could not be changed");
    return redirectWithFlash(back, { type: "error", title: messages.failure("Datenbankfehler") });
  }
}
