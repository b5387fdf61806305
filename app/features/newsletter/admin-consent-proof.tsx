import type { ReactNode } from "react";
import {
  CONSENT_FORM_LABELS,
  CONSENT_RECORD_REASON_LABELS,
  type ConsentForm,
} from "~/features/newsletter/consent";
import type { ConsentProof as ConsentProofRecord } from "~/features/newsletter/subscribers.server";
import { formatTimestamp } from "~/platform/format";

/**
 * A subscription's proof of consent (BGH I ZR 164/09): who, when, through which form,
 * under which text (verbatim, with its hash), when the confirmation mail went out and when the
 * link in it was used. Plain semantic markup: the admin page styles it with its classes, the
 * downloaded page (newsletter-proof-download) with a small print style sheet.
 */
export type ProofData = ConsentProofRecord & {
  earlier: {
    signedUpAt: Date | null;
    confirmedAt: Date | null;
    endedAt: Date;
    reason: keyof typeof CONSENT_RECORD_REASON_LABELS;
    consentText: string | null;
  }[];
};

const formLabel = (form: string | null) =>
  form && form in CONSENT_FORM_LABELS ? CONSENT_FORM_LABELS[form as ConsentForm] : "nicht erfasst";

const when = (date: Date | null, missing = "–") => (date ? formatTimestamp(date) : missing);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-[16rem_1fr]">
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

export function ConsentProof({ proof, createdAt }: { proof: ProofData; createdAt: Date }) {
  return (
    <article className="space-y-6">
      <dl>
        <Row term="E-Mail-Adresse">{proof.email}</Row>
        <Row term="Name">{proof.name ?? "–"}</Row>
        <Row term="Status">{proof.state === "confirmed" ? "Bestätigt (Double-Opt-In)" : "Unbestätigt"}</Row>
        <Row term="Anmeldung">{formatTimestamp(proof.signedUpAt)}</Row>
        <Row term="Formular">{formLabel(proof.signupForm)}</Row>
        <Row term="Einwilligung erteilt">{when(proof.consentedAt)}</Row>
        <Row term="Bestätigungs-E-Mail eingereiht">{when(proof.confirmationQueuedAt)}</Row>
        <Row term="Bestätigungs-E-Mail versendet">
          {when(proof.confirmationMailedAt, "noch nicht vom Mailserver angenommen")}
        </Row>
        <Row term="Bestätigt (Link geklickt)">{when(proof.confirmedAt, "noch nicht bestätigt")}</Row>
      </dl>
      <section aria-labelledby="consent-text-title" className="space-y-2">
        <h3 id="consent-text-title" className="text-lg font-semibold text-slate-900">
          Einwilligungstext
        </h3>
        {proof.consentText ? (
          <>
            <blockquote className="rounded-lg border-l-4 border-brand-500 bg-slate-50 p-4 text-slate-800">
              {proof.consentText.text}
            </blockquote>
            <dl>
              <Row term="Erstmals verwendet">{formatTimestamp(proof.consentText.firstUsedAt)}</Row>
              <Row term="SHA-256 des Textes">
                <code className="text-sm">{proof.consentText.hash}</code>
              </Row>
            </dl>
          </>
        ) : (
          <p className="text-slate-700">
            Nicht gespeichert
            {proof.legacyVersion ? ` (Version „${proof.legacyVersion}“ der früheren Software)` : ""}.
          </p>
        )}
      </section>
      {proof.earlier.length > 0 && (
        <section aria-labelledby="earlier-title" className="space-y-2">
          <h3 id="earlier-title" className="text-lg font-semibold text-slate-900">
            Frühere Anmeldungen dieser Adresse
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {proof.earlier.map((record) => (
              <li key={record.endedAt.toISOString()}>
                Angemeldet {when(record.signedUpAt)}, bestätigt {when(record.confirmedAt, "nie")},{" "}
                {CONSENT_RECORD_REASON_LABELS[record.reason]} {formatTimestamp(record.endedAt)}
                {record.consentText ? `; Einwilligungstext: „${record.consentText}“` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-sm text-slate-600">Erstellt am {formatTimestamp(createdAt)}.</p>
    </article>
  );
}
