import { getDb } from "~/db/db.server";
import { unsubscribe, verifyUnsubscribe } from "~/db/newsletter.server";
import { installationSecret } from "./security.server";
import { isUuid } from "./uuid";

export type UnsubscribeOutcome = "done" | "gone" | "invalid";

/** Checks a signed unsubscribe link (?id=…&sig=…) and deletes the subscription. */
export async function unsubscribeByLink(url: URL): Promise<UnsubscribeOutcome> {
  const id = url.searchParams.get("id") ?? "";
  const signature = url.searchParams.get("sig") ?? "";
  if (!isUuid(id) || !signature) return "invalid";
  const db = await getDb();
  if (!verifyUnsubscribe(await installationSecret(db), id, signature)) return "invalid";
  return (await unsubscribe(db, id)) ? "done" : "gone";
}
