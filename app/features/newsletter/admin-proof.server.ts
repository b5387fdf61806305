import type { ProofData } from "~/features/newsletter/admin-consent-proof";
import { consentProof, consentRecordsFor } from "~/features/newsletter/subscribers.server";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { requireAdmin } from "~/features/auth/index.server";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/** The server half of a subscriber's proof of consent: the admin page and its download. */
export async function loadConsentProof(
  request: Request,
  context: RequestContext,
  id: string,
): Promise<ProofData> {
  await requireAdmin(request, context);
  const db = await context.get(databaseContext);
  const proof = await consentProof(db, id);
  if (!proof) {
    throw redirectWithFlash("/admin/newsletter", { type: "error", title: "Abonnent nicht gefunden" });
  }
  const earlier = await consentRecordsFor(db, proof.email);
  return {
    ...proof,
    earlier: earlier.map(({ record, text }) => ({
      signedUpAt: record.signed_up_at,
      confirmedAt: record.confirmed_at,
      endedAt: record.ended_at,
      reason: record.reason,
      consentText: text?.text ?? null,
    })),
  };
}
