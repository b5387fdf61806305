import type { Db } from "~/platform/db/engines.server";
import {
  findSubscriptionEmail,
  unsubscribe,
  verifyUnsubscribe,
} from "~/features/newsletter/subscribers.server";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { isUuid } from "~/platform/uuid";

/**
 * A signed unsubscribe link (?id=…&sig=…), as every newsletter and confirmation mail carries it:
 * "pending" while the subscription exists (with its address, partly masked), "gone" once it no
 * longer does, "invalid" for a link that was not signed here.
 */
export type UnsubscribeLinkState =
  { state: "pending"; maskedEmail: string } | { state: "gone" } | { state: "invalid" };
export type UnsubscribeOutcome = "done" | "gone" | "invalid";

async function signedId(db: Db, url: URL): Promise<string | undefined> {
  const id = url.searchParams.get("id") ?? "";
  const signature = url.searchParams.get("sig") ?? "";
  if (!isUuid(id) || !signature) return undefined;
  return verifyUnsubscribe(await installationSecret(db), id, signature) ? id : undefined;
}

/** "m•••@e•••.de": enough for the reader to recognise their address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local[0]}•••@${host[0] ?? ""}•••${tld}`;
}

/** What the link stands for, without changing anything: link scanners open every link. */
export async function inspectUnsubscribeLink(db: Db, url: URL): Promise<UnsubscribeLinkState> {
  const id = await signedId(db, url);
  if (!id) return { state: "invalid" };
  const email = await findSubscriptionEmail(db, id);
  return email ? { state: "pending", maskedEmail: maskEmail(email) } : { state: "gone" };
}

/** The POST of the page's button or of a mail client's one-click (RFC 8058): deletes the subscription. */
export async function unsubscribeByLink(db: Db, url: URL): Promise<UnsubscribeOutcome> {
  const id = await signedId(db, url);
  if (!id) return "invalid";
  return (await unsubscribe(db, id)) ? "done" : "gone";
}
