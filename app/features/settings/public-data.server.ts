import { databaseContext, type RequestContext } from "~/platform/http/request-context";
import { loadSiteSettings, type SettingsSnapshot } from "./site-settings.server";

/** The owner's settings for a page; when the database can't answer, the last ones read. */
export function pageSettings(context: RequestContext): Promise<SettingsSnapshot> {
  return loadSiteSettings(() => context.get(databaseContext));
}
