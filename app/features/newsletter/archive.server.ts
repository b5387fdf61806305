import { data } from "react-router";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { loadSiteSettings } from "~/features/settings/index.server";

/**
 * The public newsletter archive exists only while the owner has it turned on
 * (Einstellungen → Newsletter); otherwise its pages answer 404.
 *
 * Its pages are not kept by the page cache: an issue enters the archive when its last mail
 * went out, which the mail worker notices, not an admin request that would drop cached pages.
 */
export const ARCHIVE_HEADERS = { "Cache-Control": "no-store" } as const;

/** The database, or a 404 when the archive is off. */
export async function archiveDb(context: RequestContext) {
  const { settings } = await loadSiteSettings(() => context.get(databaseContext));
  if (settings.newsletter.archive !== "on") throw data(null, { status: 404 });
  return context.get(databaseContext);
}

/** Whether the archive is on (the sitemap lists it then). */
export const archiveEnabled = async (context: RequestContext) =>
  (await loadSiteSettings(() => context.get(databaseContext))).settings.newsletter.archive === "on";
