import type { ReactNode } from "react";
import { AdminCell, AdminRow, AdminTable } from "~/features/admin";
import { BOOKING_STATE_LABELS } from "~/features/booking";
import {
  ConsentProof,
  CONSENT_FORM_LABELS,
  CONSENT_RECORD_REASON_LABELS,
  type ConsentForm,
} from "~/features/newsletter";
import type { PersonData } from "~/features/privacy/queries.server";
import { formatTimestamp } from "~/platform/format";

/**
 * Everything stored for one address (Auskunft), in sections per kind. Shown in the
 * admin view and, with a small print style sheet instead of the site's CSS, as the downloadable
 * page: plain semantic markup, the admin table's classes only style it in the app.
 */
const when = (date: Date | null, missing = "–") => (date ? formatTimestamp(date) : missing);

const formLabel = (form: string | null) =>
  form && form in CONSENT_FORM_LABELS ? CONSENT_FORM_LABELS[form as ConsentForm] : "nicht erfasst";

function mailKind(mail: PersonData["mails"][number]): string {
  if (mail.newsletterIssueId) return "Newsletter-Ausgabe";
  if (mail.contactId) return "Benachrichtigung über die Kontaktanfrage";
  return "E-Mail";
}

function mailState(mail: PersonData["mails"][number]): string {
  if (mail.sentAt) return `Versendet ${formatTimestamp(mail.sentAt)}`;
  if (mail.failedAt) return `Nicht zustellbar (${formatTimestamp(mail.failedAt)})`;
  return "Wartet auf Versand";
}

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title} ({count})
      </h3>
      {count === 0 ? <p className="text-slate-600">Keine.</p> : children}
    </section>
  );
}

export function PersonDataSections({ person, createdAt }: { person: PersonData; createdAt: Date }) {
  return (
    <div className="space-y-8">
      <Section id="person-contacts" title="Kontaktanfragen" count={person.contacts.length}>
        <AdminTable columns={["Eingang", "Name", "Betreff", "Nachricht"]}>
          {person.contacts.map((contact) => (
            <AdminRow key={contact.id}>
              <AdminCell label="Eingang">{formatTimestamp(contact.createdAt)}</AdminCell>
              <AdminCell label="Name">{contact.name}</AdminCell>
              <AdminCell label="Betreff">{contact.subject}</AdminCell>
              <AdminCell className="whitespace-pre-line wrap-anywhere">{contact.message}</AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </Section>
      <Section id="person-subscription" title="Newsletter-Abonnement" count={person.subscription ? 1 : 0}>
        {person.subscription && (
          <ConsentProof proof={{ ...person.subscription, earlier: [] }} createdAt={createdAt} />
        )}
      </Section>
      <Section id="person-mails" title="E-Mails im Postausgang" count={person.mails.length}>
        <AdminTable columns={["Eingereiht", "An", "Betreff", "Art", "Status"]}>
          {person.mails.map((mail) => (
            <AdminRow key={mail.id}>
              <AdminCell label="Eingereiht">{formatTimestamp(mail.createdAt)}</AdminCell>
              <AdminCell label="An">{mail.to}</AdminCell>
              <AdminCell label="Betreff">{mail.subject}</AdminCell>
              <AdminCell label="Art">{mailKind(mail)}</AdminCell>
              <AdminCell label="Status">{mailState(mail)}</AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </Section>
      <Section id="person-records" title="Nachweise und Sperrvermerke" count={person.records.length}>
        <p className="text-sm text-slate-600">
          Was von früheren Newsletter-Abonnements bleibt: kein Klartext der Adresse, nur ein Schlüssel-Hash,
          die Daten der Einwilligung und der Einwilligungstext. Solange ein Eintrag „auf Anfrage gelöscht, mit
          Sperrvermerk“ aufbewahrt wird, speichert eine neue Newsletter-Anmeldung der Adresse nichts und
          verschickt keine E-Mail.
        </p>
        <AdminTable columns={["Angemeldet", "Formular", "Bestätigt", "Beendet", "Aufbewahrt bis"]}>
          {person.records.map((record) => (
            <AdminRow key={record.id}>
              <AdminCell label="Angemeldet">{when(record.signedUpAt)}</AdminCell>
              <AdminCell label="Formular">{formLabel(record.signupForm)}</AdminCell>
              <AdminCell label="Bestätigt">{when(record.confirmedAt, "nie")}</AdminCell>
              <AdminCell label="Beendet">
                {formatTimestamp(record.endedAt)} ({CONSENT_RECORD_REASON_LABELS[record.reason]})
              </AdminCell>
              <AdminCell label="Aufbewahrt bis">{formatTimestamp(record.keepUntil)}</AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </Section>
      <Section id="person-bookings" title="Termine" count={person.bookings.length}>
        <AdminTable columns={["Termin", "Art", "Name", "Status", "Zeitzone", "Nachricht"]}>
          {person.bookings.map((booking) => (
            <AdminRow key={booking.id}>
              <AdminCell label="Termin">{formatTimestamp(booking.startsAt)}</AdminCell>
              <AdminCell label="Art">{booking.type}</AdminCell>
              <AdminCell label="Name">{booking.name}</AdminCell>
              <AdminCell label="Status">
                {BOOKING_STATE_LABELS[booking.status]}
                {booking.cancelMessage ? `: ${booking.cancelMessage}` : ""}
              </AdminCell>
              <AdminCell label="Zeitzone">{booking.timeZone}</AdminCell>
              <AdminCell className="whitespace-pre-line wrap-anywhere">{booking.message ?? "–"}</AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </Section>
    </div>
  );
}
