import Send from "lucide-react/icons/send";
import { useEffect } from "react";
import HardDriveDownload from "lucide-react/icons/hard-drive-download";
import { Form, Link, useNavigation } from "react-router";
import { DemoRemoval } from "~/features/settings/admin-demo-removal";
import { GoLiveChecklist } from "~/features/settings/admin-go-live-checklist";
import {
  SettingsCheckbox,
  SettingsFieldset,
  SettingsInput,
  SettingsSectionForm,
  SettingsSelect,
  SettingsTextarea,
  useSectionResult,
} from "~/features/settings/admin-settings-form";
import { Button } from "~/ui/button";
import { FormStatus } from "~/ui/field";
import { ADMIN_MESSAGES } from "~/features/admin";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/admin-settings";
import { loadSettingsPage, settingsAction } from "./admin-settings.server";

/** /admin/einstellungen: everything the site says about its owner, and the go-live checklist. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSettingsPage(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

const LEGAL_FORMS = [
  "freiberuflich",
  "Einzelunternehmen",
  "e. K.",
  "GbR",
  "UG (haftungsbeschränkt)",
  "GmbH",
  "PartG",
];

const SECTIONS = [
  { id: "demo-inhalte", title: "Demo-Inhalte" },
  { id: "inhaber", title: "Inhaber und Impressum" },
  { id: "website", title: "Website" },
  { id: "datenschutz", title: "Datenschutz-Angaben" },
  { id: "e-mail", title: "E-Mail" },
  { id: "newsletter", title: "Newsletter" },
  { id: "besucherstatistik", title: "Besucherstatistik" },
  { id: "server", title: "Server-Konfiguration" },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, limits, checklist, demoRemoval, bundeslaender, derivedAuthority } = loaderData;

  // A save or a test mail ends in a toast (the test mail's report also stays in the page).
  useEffect(() => {
    if (actionData) toast[actionData.ok ? "success" : "error"](actionData.message);
  }, [actionData]);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">{ADMIN_MESSAGES.settingsHeading}</h2>
        <p className="max-w-3xl text-slate-600">
          Alles, was die Website über dich sagt: Impressum, Datenschutzerklärung, Kontaktdaten, Menü und
          E-Mails. Jeder Abschnitt wird für sich gespeichert und gilt sofort auf allen Seiten.
        </p>
      </div>

      <GoLiveChecklist items={checklist} />

      <DemoRemoval plan={demoRemoval} />

      <nav aria-label="Abschnitte der Einstellungen">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
              >
                {section.title}
              </a>
            </li>
          ))}
          <li>
            <Link
              to="/admin/einstellungen/datensicherung"
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-500 bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-100"
            >
              <HardDriveDownload aria-hidden="true" className="size-4" />
              Datensicherung
            </Link>
          </li>
        </ul>
      </nav>

      <SettingsSectionForm
        id="inhaber"
        section="owner"
        title="Inhaber und Impressum"
        description="Die Angaben nach § 5 DDG. Aus ihnen entstehen Impressum, Kontaktseite, Footer, die Signatur jeder E-Mail und die Daten für Suchmaschinen. Leere optionale Felder erscheinen nirgends."
        stored={settings.owner}
        limits={limits.owner}
      >
        <SettingsFieldset legend="Person und Unternehmen">
          <SettingsInput name="name" label="Name" autoComplete="name" />
          <SettingsInput
            name="profession"
            label="Berufsbezeichnung"
            hint="z. B. Coach, Berater und Webentwickler"
          />
          <SettingsInput
            name="companyName"
            label="Unternehmen (optional)"
            hint="Nur, wenn du unter einem Firmennamen auftrittst."
            autoComplete="organization"
          />
          <SettingsInput
            name="legalForm"
            label="Rechtsform (optional)"
            hint="z. B. freiberuflich, Einzelunternehmen, GmbH"
            list="legal-forms"
          />
          <datalist id="legal-forms">
            {LEGAL_FORMS.map((form) => (
              <option key={form} value={form} />
            ))}
          </datalist>
        </SettingsFieldset>

        <SettingsFieldset legend="Anschrift" hint="Die ladungsfähige Anschrift: kein Postfach.">
          <SettingsInput name="street" label="Straße und Hausnummer" autoComplete="address-line1" wide />
          <SettingsInput name="postalCode" label="PLZ" autoComplete="postal-code" />
          <SettingsInput name="city" label="Ort" autoComplete="address-level2" />
          <SettingsInput name="country" label="Land" autoComplete="country-name" />
          <SettingsSelect
            name="state"
            label="Bundesland"
            hint="Für eine Anschrift in Deutschland nötig: Danach richtet sich die Datenschutz-Aufsichtsbehörde."
            empty="– bitte wählen –"
            options={bundeslaender.map((land) => ({ value: land.code, label: land.name }))}
          />
        </SettingsFieldset>

        <SettingsFieldset legend="Kontakt">
          <SettingsInput
            name="phone"
            label="Telefon"
            hint="So, wie die Nummer auf der Website stehen soll, z. B. +49 30 1234 5678. Leer: keine Telefonnummer."
            type="tel"
            autoComplete="tel"
          />
          <SettingsInput
            name="email"
            label="Öffentliche E-Mail-Adresse"
            hint="Erscheint verschleiert auf der Website und im Impressum."
            type="email"
            autoComplete="email"
          />
        </SettingsFieldset>

        <SettingsFieldset legend="Steuern und Register" hint="Nur ausfüllen, was auf dich zutrifft.">
          <SettingsInput name="vatId" label="USt-IdNr." hint="DE und 9 Ziffern, z. B. DE123456789" />
          <SettingsInput
            name="economicId"
            label="Wirtschafts-Identifikationsnummer"
            hint="DE, 9 Ziffern und ein 5-stelliges Merkmal, z. B. DE123456789-00001"
          />
          <SettingsInput
            name="registerCourt"
            label="Registergericht"
            hint="z. B. Amtsgericht Berlin-Charlottenburg"
          />
          <SettingsInput name="registerNumber" label="Registernummer" hint="z. B. HRB 123456" />
        </SettingsFieldset>

        <SettingsFieldset
          legend="Reglementierter Beruf (optional)"
          hint="Nur für Berufe mit Kammer und gesetzlich geschützter Bezeichnung (etwa Steuerberatung, Architektur, Rechtsberatung). Entweder alle fünf Felder oder keines."
        >
          <SettingsInput name="chamber" label="Kammer" />
          <SettingsInput name="professionTitle" label="Gesetzliche Bezeichnung des Berufs" />
          <SettingsInput name="professionCountry" label="Staat der Verleihung" hint="z. B. Deutschland" />
          <SettingsInput
            name="professionRules"
            label="Berufsrechtliche Regelungen"
            hint="z. B. Steuerberatungsgesetz (StBerG)"
          />
          <SettingsInput
            name="professionRulesUrl"
            label="Link zu den Regelungen"
            type="url"
            inputMode="url"
            placeholder="https://…"
            wide
          />
        </SettingsFieldset>

        <SettingsFieldset
          legend="Verantwortlich für den Inhalt (§ 18 Abs. 2 MStV)"
          hint="Leer: du selbst, mit der Anschrift oben."
        >
          <SettingsInput name="responsibleName" label="Person nach MStV" placeholder={settings.owner.name} />
          <SettingsInput
            name="responsibleAddress"
            label="Anschrift nach MStV"
            placeholder={`${settings.owner.street}, ${settings.owner.postalCode} ${settings.owner.city}`}
          />
        </SettingsFieldset>
      </SettingsSectionForm>

      <SettingsSectionForm
        id="website"
        section="website"
        title="Website"
        description="Markenzeile und Slogan im Footer, und deine weiteren Websites. Ein leer gelassener Link nimmt seinen Eintrag aus dem Menü (auch dem mobilen), dem Footer und den Buttons der Startseite."
        stored={settings.website}
        limits={limits.website}
      >
        <SettingsFieldset legend="Auftritt">
          <SettingsInput name="brand" label="Markenzeile" hint="Steht groß im Footer." />
          <SettingsInput name="tagline" label="Slogan im Footer" hint="Leer: kein Slogan." />
        </SettingsFieldset>
        <SettingsFieldset
          legend="Weitere Websites"
          hint="Vollständige Adressen mit https://; leer: kein Eintrag."
        >
          <SettingsInput
            name="mainUrl"
            label="Deine Hauptwebsite"
            hint="Eine andere Website von dir, etwa die deines Unternehmens: Suchmaschinen erfahren so, dass sie zu dir gehört."
            type="url"
            inputMode="url"
            placeholder="https://…"
          />
          <SettingsInput
            name="productsUrl"
            label="Produktwelt"
            type="url"
            inputMode="url"
            placeholder="https://…"
          />
          <SettingsInput
            name="ideasUrl"
            label="Ideenwelt"
            type="url"
            inputMode="url"
            placeholder="https://…"
          />
          <SettingsInput name="videosUrl" label="Videos" type="url" inputMode="url" placeholder="https://…" />
          <SettingsInput
            name="eventsUrl"
            label="Termine und Events"
            type="url"
            inputMode="url"
            placeholder="https://…"
          />
          <SettingsInput name="blogUrl" label="Blog" type="url" inputMode="url" placeholder="https://…" />
        </SettingsFieldset>
      </SettingsSectionForm>

      <SettingsSectionForm
        id="datenschutz"
        section="privacy"
        title="Datenschutz-Angaben"
        description="Woraus die Datenschutzerklärung entsteht, neben deinen Inhaberdaten: wer die Website hostet und die E-Mails verschickt (Auftragsverarbeiter nach Art. 28 DSGVO), welche Aufsichtsbehörde zuständig ist und was du sonst verarbeitest."
        stored={settings.privacy}
        limits={limits.privacy}
      >
        <SettingsFieldset
          legend="Hosting"
          hint="Leer: Die Erklärung sagt, dass du den Server selbst betreibst."
        >
          <SettingsInput name="hostingName" label="Hosting-Anbieter" hint="z. B. Hetzner Online GmbH" />
          <SettingsInput
            name="hostingAddress"
            label="Anschrift des Hosting-Anbieters"
            hint="z. B. Industriestr. 25, 91710 Gunzenhausen"
          />
        </SettingsFieldset>
        <SettingsFieldset legend="E-Mail-Versand">
          <SettingsInput
            name="mailProvider"
            label="E-Mail-Anbieter"
            hint="Über wen die Website E-Mails verschickt, z. B. mailbox.org. Leer: eigener Mailserver."
            wide
          />
        </SettingsFieldset>
        <SettingsFieldset
          legend="Aufsichtsbehörde"
          hint={
            derivedAuthority
              ? `Ergibt sich aus deinem Bundesland: ${derivedAuthority}. Nur ausfüllen, wenn eine andere Behörde zuständig ist.`
              : "Ohne Bundesland (Anschrift außerhalb Deutschlands) bitte die zuständige Behörde angeben."
          }
        >
          <SettingsInput name="authorityName" label="Andere Aufsichtsbehörde" />
          <SettingsInput name="authorityAddress" label="Anschrift der Aufsichtsbehörde" />
        </SettingsFieldset>
        <SettingsTextarea
          name="extra"
          label="Weitere Verarbeitungen"
          hint="Ein eigener Abschnitt der Datenschutzerklärung, etwa für eine Terminbuchung oder ein Kundenportal. Absätze durch eine Leerzeile trennen. Leer: kein Abschnitt."
          rows={6}
        />
        <SettingsFieldset legend="Aufbewahrung">
          <SettingsInput
            name="contactMonths"
            label="Kontaktanfragen aufbewahren (Monate)"
            hint="Danach werden Kontaktanfragen automatisch gelöscht, außer du hast sie mit „Aufbewahren“ markiert. Standard: 6 Monate, möglich sind 1 bis 36."
            inputMode="numeric"
          />
        </SettingsFieldset>
      </SettingsSectionForm>

      <SettingsSectionForm
        id="e-mail"
        section="mail"
        title="E-Mail"
        description="Wohin Kontaktanfragen gehen und unter welchem Namen die Website E-Mails verschickt."
        stored={settings.mail}
        limits={limits.mail}
        after={<TestMail />}
      >
        <SettingsFieldset legend="Empfang und Absender">
          <SettingsInput
            name="notifyEmail"
            label="Adresse für Kontaktanfragen"
            hint={`Hierhin gehen die Benachrichtigungen über neue Kontaktanfragen, der Wochenbericht der Besucherstatistik und die Testmail. Leer: die öffentliche Adresse (${settings.owner.email}).`}
            type="email"
          />
          <SettingsInput
            name="senderName"
            label="Absender"
            hint={`Wie E-Mails im Postfach der Empfänger erscheinen. Leer: ${settings.owner.name}.`}
          />
        </SettingsFieldset>
      </SettingsSectionForm>

      <SettingsSectionForm
        id="newsletter"
        section="newsletter"
        title="Newsletter"
        description="Ob gesendete Ausgaben öffentlich nachzulesen sind, und wie lange nach einer Abmeldung der Nachweis der Einwilligung bleibt."
        stored={settings.newsletter}
        limits={limits.newsletter}
      >
        <SettingsFieldset legend="Archiv und Nachweise">
          <SettingsCheckbox
            name="archive"
            label="Öffentliches Archiv der gesendeten Ausgaben unter /newsletter/archiv"
            hint="Zeigt Betreff, Datum und Text jeder gesendeten Ausgabe, ohne persönliche Links, und nimmt das Archiv in die Sitemap auf."
          />
          <SettingsInput
            name="proofYears"
            label="Nachweise aufbewahren (Jahre)"
            hint="Nach einer Abmeldung oder Löschung bleibt nur ein Nachweis ohne die Adresse im Klartext: ein mit dem Schlüssel dieser Installation gebildeter Hash der Adresse, die Zeitpunkte und der Einwilligungstext. Standard: 3 Jahre (regelmäßige Verjährungsfrist)."
            inputMode="numeric"
          />
        </SettingsFieldset>
      </SettingsSectionForm>

      <SettingsSectionForm
        id="besucherstatistik"
        section="statistics"
        title="Besucherstatistik"
        description="Ob die Website zählt, wie viele Menschen welche Seiten besuchen, woher sie kommen und welche Besuche zu einer Kontaktanfrage oder Newsletter-Anmeldung führen."
        stored={settings.statistics}
        limits={limits.statistics}
      >
        <SettingsFieldset legend="Zählung">
          <SettingsCheckbox
            name="enabled"
            label="Besucherstatistik erfassen (ohne Cookies)"
            hint="Der Server zählt jeden Seitenaufruf selbst, ohne Cookie, ohne Speicher im Gerät und ohne Dienst eines Dritten. Statt der IP-Adresse speichert er nur einen Schlüssel, der jeden Tag neu gebildet wird: Ein Besuch lässt sich so nur innerhalb eines Tages zuordnen. Einzelne Aufrufe werden nach 30 Tagen gelöscht, die Tagessummen bleiben. Deine eigenen Besuche, Bots und Vorabrufe zählen nicht. Die Datenschutzerklärung und die Cookie-Richtlinie beschreiben die Zählung dann von selbst."
          />
        </SettingsFieldset>
        <SettingsFieldset legend="Bericht">
          <SettingsCheckbox
            name="weeklyReport"
            label="Wöchentlicher Bericht per E-Mail"
            hint="Jeden Montagmorgen eine E-Mail an die Adresse für Kontaktanfragen: Besucher, Seitenaufrufe und Conversions der letzten Woche im Vergleich zur Woche davor, die meistbesuchten Seiten und die häufigsten Quellen. Der Bericht enthält nur Summen, nichts über einzelne Besucher. Er kommt nur, solange die Besucherstatistik eingeschaltet ist."
          />
        </SettingsFieldset>
      </SettingsSectionForm>

      <ServerConfiguration server={loaderData.server} />
    </div>
  );
}

/** "Testmail senden": queued through the outbox; the page reports what the mail server said. */
function TestMail() {
  const navigation = useNavigation();
  const result = useSectionResult("test-mail");
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "test-mail";
  return (
    <Form method="post" className="mt-8 space-y-3 border-t border-slate-200 pt-6">
      <input type="hidden" name="intent" value="test-mail" />
      <p className="text-sm text-slate-600">
        Schickt eine Testmail an die Adresse für Kontaktanfragen, auf demselben Weg wie jede andere E-Mail der
        Website, und zeigt hier, ob der SMTP-Server sie angenommen hat.
      </p>
      <Button type="submit" variant="secondary" disabled={sending}>
        <Send aria-hidden="true" className="size-4" />
        {sending ? "Wird gesendet …" : "Testmail senden"}
      </Button>
      {result && <FormStatus result={{ ok: result.ok, title: result.message }} />}
    </Form>
  );
}

/** What the server's environment decides (not editable here), with where it is changed. */
function ServerConfiguration({ server }: { server: Route.ComponentProps["loaderData"]["server"] }) {
  const rows: [string, string][] = [
    ["PUBLIC_URL", server.https ? server.publicUrl : `${server.publicUrl} (ohne https)`],
    [
      "SMTP_URL",
      server.smtp ? `gesetzt (${server.smtp})` : "nicht gesetzt: E-Mails landen im lokalen Mail-Ordner",
    ],
    ["MAIL_FROM", server.mailFrom ?? "nicht gesetzt: Absenderadresse ist die öffentliche E-Mail-Adresse"],
    [
      "BACKUP_CRON",
      server.backupCron
        ? `${server.backupCron} (gilt statt des Zeitplans unter Datensicherung)`
        : "nicht gesetzt: Zeitplan unter Datensicherung",
    ],
    [
      "Letzte Sicherung",
      server.lastBackup
        ? new Date(server.lastBackup).toLocaleString("de-DE", { timeZone: "Europe/Berlin" })
        : "keine bekannt",
    ],
  ];
  return (
    <section
      id="server"
      aria-labelledby="server-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      <h3 id="server-title" className="text-xl font-bold text-slate-900">
        Server-Konfiguration
      </h3>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Diese Werte stehen in der Umgebung des Servers (z. B. in der Datei <code>.env</code> oder in{" "}
        <code>compose.yaml</code>) und gelten nach einem Neustart. Sicherungen, ihren Zeitplan und einen
        zweiten Speicherort verwaltest du unter{" "}
        <Link
          to="/admin/einstellungen/datensicherung"
          className="font-semibold text-brand-700 hover:underline"
        >
          Datensicherung
        </Link>
        .
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono font-semibold text-slate-800">{name}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
