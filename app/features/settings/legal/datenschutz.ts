import { MAIL_RECORD_DAYS, MAIL_RETRY_DAYS } from "~/platform/mail/retention";
import { PUBLIC_MESSAGES } from "~/features/projects";
import { VISIT_EVENT_DAYS } from "~/features/statistics";
import { backupRetention, months } from "./retention";
import {
  companyLine,
  list,
  ownerAddressLines,
  p,
  type BookingFacts,
  type LegalContext,
  type LegalPage,
  type LegalSection,
} from "./types";

/** How long the outbox keeps what is left of a sent or undeliverable mail, and how long it retries. */

/**
 * The Datenschutzerklärung, built from the owner's data: the controller, the processors they
 * named (hosting, mail), their supervisory authority, the retention periods they set and the
 * installation's backup schedule. Every promise here is one the software keeps.
 */
export function datenschutz(context: LegalContext): LegalPage {
  const { settings, stand, authority } = context;
  const { owner, privacy, newsletter } = settings;
  const proofYears = Number(newsletter.proofYears);
  const proofPeriod = proofYears === 1 ? "einem Jahr" : `${proofYears} Jahren`;
  const proofDuration = proofYears === 1 ? "1 Jahr" : `${proofYears} Jahre`;
  const contactPeriod = months(privacy.contactMonths);
  const backups = backupRetention(context);
  const [keepDays, retryDays] = [MAIL_RECORD_DAYS, MAIL_RETRY_DAYS];
  const controller = companyLine(settings) || owner.name;
  const counted = settings.statistics.enabled === "on";
  const { booking } = context;
  return {
    slug: "datenschutz",
    title: "Datenschutzerklärung",
    description:
      "Datenschutzerklärung nach DSGVO und TDDDG: welche Daten diese Website verarbeitet, zu welchem Zweck und wie lange – ohne Tracking und ohne Drittanbieter.",
    sections: [
      {
        heading: "Verantwortlicher",
        blocks: [
          p(
            `Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website im Sinne der Datenschutz-Grundverordnung (DSGVO) ist ${controller}:`,
          ),
          { type: "contact", lines: ownerAddressLines(settings, { company: true }) },
          p(
            "Ein Datenschutzbeauftragter ist nicht benannt, da hierzu keine gesetzliche Pflicht besteht. Bei allen Fragen zum Datenschutz wende dich bitte direkt an mich.",
          ),
        ],
      },
      {
        heading: "Das Wichtigste im Überblick",
        blocks: [
          p(
            "Der Schutz deiner Daten ist mir wichtig. Diese Website ist deshalb bewusst sparsam gebaut und wird von mir selbst betrieben:",
          ),
          list(
            counted
              ? "Kein Tracking über andere Websites hinweg, keine Analyse- oder Statistikdienste Dritter, keine Werbung. Die Website zählt ihre Besuche selbst, ohne Cookies und ohne deine IP-Adresse zu speichern (siehe „Besucherstatistik“)."
              : "Kein Tracking, keine Analyse- oder Statistikdienste, keine Werbung.",
            "Keine Einbindung von Drittanbietern: Schriftarten, Bilder und Skripte werden ausschließlich von meinem eigenen Server geladen, es gibt keine Content-Delivery-Networks (CDNs) und keine Social-Media-Plugins.",
            "Nur technisch notwendige Speicherung in deinem Browser – Anmelde-Cookies ausschließlich für den Administrator, das kurzlebige Cookie „flash“ für eine einmalige Rückmeldung nach einer Weiterleitung (höchstens 60 Sekunden) und ein Eintrag im lokalen Speicher für den Cookie-Hinweis.",
            "Personenbezogene Daten verarbeite ich nur, wenn du sie mir selbst mitteilst (Kontaktformular, Newsletter) oder soweit dies für den Betrieb der Website technisch erforderlich ist.",
            "Gespeicherte Daten löscht die Website nach festen Fristen automatisch; die Fristen findest du unten unter „Speicherdauer“.",
            "Ich verkaufe keine Daten und übermittle keine Daten in Länder außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums.",
          ),
        ],
      },
      {
        heading: "Hosting und Server-Logfiles",
        blocks: [
          p(
            privacy.hostingName
              ? `Diese Website wird bei ${privacy.hostingName}, ${privacy.hostingAddress}, gehostet. Der Hosting-Anbieter verarbeitet die dabei anfallenden Daten ausschließlich in meinem Auftrag und nach meinen Weisungen; mit ihm besteht ein Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO. Die Anwendung betreibe und administriere ich selbst; deine Anfragen werden nicht an weitere Dienste weitergeleitet. Bei jedem Aufruf einer Seite oder Datei schreibt der Server eine Zeile in sein Protokoll (Logdatei) mit genau diesen Angaben:`
              : "Diese Website läuft auf einem von mir selbst betriebenen und administrierten Server; deine Anfragen werden nicht an externe Dienste weitergeleitet. Bei jedem Aufruf einer Seite oder Datei schreibt der Server eine Zeile in sein Protokoll (Logdatei) mit genau diesen Angaben:",
          ),
          list(
            "Datum und Uhrzeit der Anfrage",
            "Art der Anfrage (HTTP-Methode, etwa GET oder POST)",
            "aufgerufener Pfad (Seite oder Datei) ohne angehängte Parameter (Query-String)",
            "HTTP-Statuscode der Antwort",
            "Bearbeitungsdauer in Millisekunden",
          ),
          p(
            "Nicht protokolliert werden deine IP-Adresse, dein Browser und dein Betriebssystem (User-Agent), die zuvor besuchte Seite (Referrer), Cookies und der Inhalt von Formularen. Daneben schreibt der Server nur Meldungen über seinen Start und sein Herunterfahren, über den E-Mail-Versand und über Fehler – ebenfalls ohne IP-Adressen. Der vorgeschaltete Webserver, der die verschlüsselte Verbindung herstellt (Reverse Proxy), führt kein eigenes Zugriffsprotokoll.",
          ),
          p(
            "Deine IP-Adresse wird technisch zwangsläufig verarbeitet, um die Seite an deinen Browser auszuliefern. Zur Abwehr von Missbrauch, etwa massenhaft automatisierter Formularübermittlungen oder Anmeldeversuche, zähle ich Anfragen je Absender. Dafür speichere ich nicht die IP-Adresse selbst, sondern einen mit einem geheimen Schlüssel gebildeten Hashwert (HMAC); bei IPv6-Adressen wird dafür nur das Netz deines Anschlusses verwendet, also die ersten 64 Bit der Adresse (/64-Präfix). Das ist eine Pseudonymisierung, keine Anonymisierung: Wer den geheimen Schlüssel kennt, könnte eine bekannte IP-Adresse ihrem Zähler zuordnen. Diese pseudonymisierten Zähler werden nach 24 Stunden automatisch gelöscht.",
          ),
          p(
            "Die Logdaten dienen ausschließlich dazu, den stabilen und sicheren Betrieb der Website zu gewährleisten, Fehler zu analysieren und Angriffe abzuwehren. Eine Zusammenführung mit anderen Datenquellen oder eine Auswertung zu Marketingzwecken findet nicht statt. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; mein berechtigtes Interesse liegt in der technischen Sicherheit und Funktionsfähigkeit der Website. Die Logdateien werden nach 14 Tagen automatisch gelöscht, sofern sie nicht ausnahmsweise zur Aufklärung eines konkreten Sicherheitsvorfalls länger benötigt werden.",
          ),
        ],
      },
      {
        heading: "Kontaktformular und Kontaktaufnahme",
        blocks: [
          p(
            "Wenn du mir über das Kontaktformular schreibst, verarbeite ich die von dir eingegebenen Daten, um deine Anfrage zu beantworten:",
          ),
          list("Name", "E-Mail-Adresse", "Betreff", "deine Nachricht", "Zeitpunkt der Übermittlung"),
          p(
            "Die Angaben werden in meiner eigenen Datenbank auf meinem eigenen Server gespeichert; zusätzlich benachrichtigt mich die Website per E-Mail über neue Anfragen (siehe „E-Mail-Versand und Empfänger“). Eine Weitergabe an Dritte erfolgt nicht. Dasselbe gilt sinngemäß, wenn du mich per E-Mail oder telefonisch kontaktierst.",
          ),
          p(
            "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, soweit deine Anfrage mit einem Vertrag oder mit vorvertraglichen Maßnahmen – etwa einem Angebot für Coaching, Beratung oder Webentwicklung – zusammenhängt. In allen übrigen Fällen beruht die Verarbeitung auf meinem berechtigten Interesse an der Beantwortung der an mich gerichteten Anfragen (Art. 6 Abs. 1 lit. f DSGVO).",
          ),
          p(
            `Ich lösche deine Anfrage, sobald sie abschließend bearbeitet ist und nicht mehr benötigt wird; spätestens ${contactPeriod} nach ihrem Eingang löscht die Website sie automatisch. Mit der Anfrage werden auch die zugehörigen E-Mails in der Versandwarteschlange gelöscht.`,
          ),
          p(
            "Ausgenommen sind Anfragen, die ich ausdrücklich zur Aufbewahrung markiere, weil eine gesetzliche Aufbewahrungspflicht besteht – etwa wenn aus der Anfrage ein Auftrag entsteht und die Korrespondenz als Geschäftsbrief nach § 257 HGB bzw. § 147 AO aufzubewahren ist (sechs bzw. zehn Jahre). Eine solche Anfrage bleibt gespeichert, bis ich die Markierung nach Ablauf der Pflicht aufhebe; danach wird sie wie jede andere automatisch gelöscht. Rechtsgrundlage dafür ist Art. 6 Abs. 1 lit. c DSGVO.",
          ),
        ],
      },
      ...(booking ? [bookingSection(booking)] : []),
      {
        heading: "Newsletter",
        blocks: [
          p(
            "Du kannst dich für meinen Newsletter anmelden, in dem ich über neue Beiträge, Angebote und Veranstaltungen informiere. Dafür verwende ich das sogenannte Double-Opt-In-Verfahren: Nach der Anmeldung erhältst du eine E-Mail mit einem Bestätigungslink. Erst wenn du diesen anklickst, wird deine Adresse in den Verteiler aufgenommen. So stelle ich sicher, dass sich niemand mit einer fremden E-Mail-Adresse anmelden kann.",
          ),
          p("Dabei verarbeite ich folgende Daten:"),
          list(
            "E-Mail-Adresse (Pflichtangabe)",
            "Name (freiwillige Angabe, nur für eine persönliche Anrede)",
            "Zeitpunkt der Anmeldung, das verwendete Formular und den Wortlaut des Einwilligungstextes, dem du zugestimmt hast",
            "Zeitpunkt des Versands der Bestätigungs-E-Mail und der Bestätigung über den Bestätigungslink",
          ),
          p(
            "Im Klartext steht der Bestätigungslink nur in der Bestätigungs-E-Mail, solange sie in der Versandwarteschlange auf den Versand wartet; sobald sie versendet ist, wird ihr Inhalt gelöscht. In meiner Datenbank speichere ich den Bestätigungsschlüssel (Token) aus dem Link ausschließlich als kryptografischen Hashwert. Nicht bestätigte Anmeldungen werden nach 30 Tagen automatisch gelöscht.",
          ),
          p(
            "Rechtsgrundlage für den Versand ist deine Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Du kannst deine Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen – am einfachsten über den Abmeldelink, der in jeder Newsletter-E-Mail enthalten ist, oder durch eine formlose Nachricht an mich. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.",
          ),
          p(
            "Meine Newsletter enthalten keine Zählpixel und keine Link-Nachverfolgung; ich werte nicht aus, ob oder wann du eine E-Mail öffnest oder einen Link anklickst.",
          ),
          p(
            "Solange du angemeldet bist, speichere ich diese Angaben als Nachweis deiner Einwilligung (Art. 7 Abs. 1 DSGVO). Mit deiner Abmeldung lösche ich deine E-Mail-Adresse, deinen Namen und alle E-Mails an dich in der Versandwarteschlange – noch nicht versendete ebenso wie die Einträge bereits versendeter.",
          ),
          p(
            `Zurück bleibt nur ein Nachweis ohne deine Adresse im Klartext: ein mit einem geheimen Schlüssel gebildeter Hashwert der Adresse, die genannten Zeitpunkte, der Zeitpunkt der Abmeldung und der Einwilligungstext. Er dient dazu, deine frühere Einwilligung belegen zu können und zu verhindern, dass deine Adresse ohne dein Zutun erneut in den Verteiler gelangt (Art. 6 Abs. 1 lit. f DSGVO; mein berechtigtes Interesse ist die Abwehr von Ansprüchen). Diesen Nachweis lösche ich nach ${proofPeriod} (regelmäßige Verjährungsfrist, § 195 BGB).`,
          ),
          ...(newsletter.archive === "on"
            ? [
                p(
                  "Versendete Ausgaben veröffentliche ich zusätzlich im Newsletter-Archiv dieser Website. Sie enthalten keine Angaben über die Empfänger.",
                ),
              ]
            : []),
        ],
      },
      {
        heading: "Anmeldung im Administrationsbereich",
        blocks: [
          p(
            "Der Administrationsbereich dieser Website ist ausschließlich mir als Betreiber zugänglich. Nach der Anmeldung setzt der Server ein Sitzungs-Cookie, das eine zufällige Sitzungskennung enthält und mit dem der Browser des Administrators als angemeldet erkannt wird. Das Cookie ist für Skripte im Browser nicht lesbar (HttpOnly), wird bei einer Website mit HTTPS nur über verschlüsselte Verbindungen übertragen und läuft bei der Abmeldung ab, nach 24 Stunden ohne Nutzung, spätestens aber 14 Tage nach der Anmeldung. Meldet sich der Administrator mit einem zweiten Faktor an, hält ein weiteres Cookie („signin-step“) zwischen Passwort und Code höchstens 5 Minuten lang fest, dass das Passwort richtig war.",
          ),
          p(
            "Besucherinnen und Besucher der Website erhalten dieses Cookie nicht. Die Speicherung ist für den vom Administrator ausdrücklich gewünschten Dienst unbedingt erforderlich und daher nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig; die Verarbeitung der Sitzungsdaten beruht auf Art. 6 Abs. 1 lit. f DSGVO (Schutz des Administrationsbereichs vor unbefugtem Zugriff).",
          ),
        ],
      },
      {
        heading: "Cookie für einmalige Rückmeldungen",
        blocks: [
          p(
            `Leitet dich der Server auf eine andere Seite weiter und hat dir dabei etwas mitzuteilen – etwa wenn du eine Projektseite aufrufst, die es nicht (mehr) gibt, und zur Übersicht weitergeleitet wirst –, setzt er das Cookie „flash“. Es enthält nur die anzuzeigende Meldung (ihre Art und ihren Text, z. B. „${PUBLIC_MESSAGES.projectNotFound}“), keine Angaben zu deiner Person. Die nächste Seite zeigt die Meldung an und löscht das Cookie sofort; spätestens nach 60 Sekunden läuft es ab. Es ist für Skripte im Browser nicht lesbar (HttpOnly), wird bei eingebetteten Anfragen fremder Websites nicht mitgesendet (SameSite=Lax) und bei einer Website mit HTTPS nur verschlüsselt übertragen.`,
          ),
          p(
            "Diese Speicherung ist unbedingt erforderlich, damit ich dir die Rückmeldung zu deinem Seitenaufruf anzeigen kann, und nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig; die Verarbeitung beruht auf Art. 6 Abs. 1 lit. f DSGVO (verständliche Rückmeldungen der Website).",
          ),
        ],
      },
      {
        heading: "Lokaler Speicher für den Cookie-Hinweis",
        blocks: [
          p(
            "Wenn du den Cookie-Hinweis bestätigst, legt dein Browser im lokalen Speicher (Local Storage) den Eintrag „cookiesAccepted“ an. Er speichert lediglich, dass du den Hinweis zur Kenntnis genommen hast, damit er nicht bei jedem Seitenaufruf erneut erscheint. Der Eintrag verbleibt in deinem Browser, wird nicht an meinen Server übertragen und enthält keine Angaben zu deiner Person.",
          ),
          p(
            "Diese Speicherung ist unbedingt erforderlich, um den Hinweis ordnungsgemäß anzuzeigen, und nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig. Der Eintrag hat kein Ablaufdatum und bleibt bestehen, bis du ihn in deinem Browser löschst. Weitere Einzelheiten findest du in meiner Cookie-Richtlinie.",
          ),
        ],
      },
      {
        heading: "Kein Tracking, keine externen Dienste",
        blocks: [
          list(
            "Keine Analyse- und Trackingwerkzeuge (etwa Google Analytics oder Matomo) und keine Reichweitenmessung.",
            "Keine Schriftarten von Drittanbietern: Alle Schriften sind lokal auf meinem Server gespeichert; beim Laden der Seite wird keine Verbindung zu Google Fonts oder ähnlichen Diensten aufgebaut.",
            "Keine Content-Delivery-Networks, keine eingebetteten Videos, Karten oder Social-Media-Plugins.",
            "Keine Werbe-, Präferenz- oder Drittanbieter-Cookies.",
          ),
          p(
            "Diese Website enthält Links zu meinen weiteren Websites und gelegentlich zu Angeboten Dritter. Erst wenn du einen solchen Link anklickst, verlässt du diese Website; für die Datenverarbeitung auf der Zielseite gilt die Datenschutzerklärung des jeweiligen Anbieters.",
          ),
        ],
      },
      ...(counted ? [visitStatistics()] : []),
      {
        heading: "E-Mail-Versand und Empfänger",
        blocks: [
          p(
            privacy.mailProvider
              ? `Bestätigungs- und Benachrichtigungs-E-Mails sowie den Newsletter versende ich über meinen E-Mail-Provider ${privacy.mailProvider}. Er verarbeitet die dabei anfallenden personenbezogenen Daten in meinem Auftrag auf Grundlage eines Vertrags zur Auftragsverarbeitung nach Art. 28 DSGVO; er ist an meine Weisungen gebunden und darf die Daten nicht für eigene Zwecke nutzen.`
              : "Bestätigungs- und Benachrichtigungs-E-Mails sowie den Newsletter versende ich über meinen eigenen Mailserver bzw. meinen E-Mail-Provider. Soweit dieser dabei personenbezogene Daten in meinem Auftrag verarbeitet, geschieht dies auf Grundlage eines Vertrags zur Auftragsverarbeitung nach Art. 28 DSGVO; der Provider ist an meine Weisungen gebunden und darf die Daten nicht für eigene Zwecke nutzen.",
          ),
          p(
            `Jede E-Mail legt die Website zunächst in einer Versandwarteschlange in ihrer Datenbank ab, aus der sie der Server zustellt. Sobald eine E-Mail versendet ist, werden ihr Inhalt, ihre Links und ihre Kopfzeilen gelöscht; es bleibt nur ein Eintrag mit Empfängeradresse, Betreff, Versandstatus und Zeitpunkten, der ${keepDays} Tage nach dem Versand gelöscht wird. Kann eine E-Mail nicht zugestellt werden, versucht der Server es bis zu ${retryDays} Tage lang erneut. Scheitert auch der letzte Versuch, bleibt sie mit der Fehlermeldung ${keepDays} Tage gespeichert, damit ich den Fehler nachvollziehen kann, und wird dann gelöscht. Rechtsgrundlage ist dieselbe wie für den Anlass der E-Mail, für die Aufbewahrung nach dem Versand Art. 6 Abs. 1 lit. f DSGVO (Nachvollziehbarkeit des Versands).`,
          ),
          p(
            "Darüber hinaus gebe ich personenbezogene Daten nur weiter, wenn ich gesetzlich dazu verpflichtet bin, etwa gegenüber Behörden aufgrund einer vollziehbaren Anordnung.",
          ),
        ],
      },
      {
        heading: "Sicherungskopien",
        blocks: [
          p(
            `${backups.how} Sie dienen ausschließlich dazu, die Website nach einem Datenverlust wiederherzustellen, und enthalten den Inhalt der Datenbank zum Zeitpunkt der Sicherung.`,
          ),
          p(backups.deletedData),
        ],
      },
      {
        heading: "SSL-/TLS-Verschlüsselung und Datensicherheit",
        blocks: [
          p(
            "Diese Website nutzt aus Sicherheitsgründen eine SSL- bzw. TLS-Verschlüsselung. Eine verschlüsselte Verbindung erkennst du an „https://“ in der Adresszeile und am Schloss-Symbol deines Browsers. Dadurch können Daten, die du an mich übermittelst – etwa über das Kontaktformular – nicht von Dritten mitgelesen werden.",
          ),
          p(
            "Darüber hinaus schütze ich die gespeicherten Daten durch angemessene technische und organisatorische Maßnahmen nach Art. 32 DSGVO, etwa durch regelmäßige Updates, eingeschränkte Zugriffsrechte, die Speicherung von Bestätigungsschlüsseln ausschließlich als Hashwerte und die Pseudonymisierung von IP-Adressen für die Missbrauchsabwehr.",
          ),
        ],
      },
      ...(privacy.extra
        ? [
            {
              heading: "Weitere Verarbeitungen",
              blocks: privacy.extra
                .split(/\n\s*\n/)
                .map((paragraph) => p(paragraph.replace(/\s*\n\s*/g, " ").trim()))
                .filter((block) => block.type === "p" && block.text !== ""),
            },
          ]
        : []),
      {
        heading: "Speicherdauer",
        blocks: [
          p(
            "Ich speichere personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck erforderlich ist oder gesetzliche Aufbewahrungsfristen es verlangen. Im Überblick:",
          ),
          list(
            "Server-Logfiles: 14 Tage",
            "Zähler zur Missbrauchsabwehr (pseudonymisierte IP-Adresse): 24 Stunden",
            `Kontaktanfragen: bis zur abschließenden Bearbeitung, höchstens ${contactPeriod} nach Eingang – außer Anfragen, die ich wegen gesetzlicher Aufbewahrungspflichten zur Aufbewahrung markiere (bis zu sechs bzw. zehn Jahre nach HGB und AO)`,
            `E-Mails in der Versandwarteschlange: Inhalt, Links und Kopfzeilen bis zum Versand; Empfänger, Betreff, Status und Zeitpunkte ${keepDays} Tage nach dem Versand; nicht zustellbare E-Mails (Zustellversuche bis zu ${retryDays} Tage) ${keepDays} Tage mit der Fehlermeldung`,
            `Newsletter: bis zu deiner Abmeldung; nicht bestätigte Anmeldungen höchstens 30 Tage; der Nachweis der Einwilligung (ohne Adresse im Klartext) ${proofDuration} nach der Abmeldung`,
            ...(booking
              ? [`Terminbuchungen: ${months(String(booking.retentionMonths))} nach dem Termin`]
              : []),
            backups.overview,
            ...(counted
              ? [
                  `Besucherstatistik: einzelne Seitenaufrufe ${VISIT_EVENT_DAYS} Tage, danach nur noch Tagessummen ohne Besucherschlüssel; der Zufallswert eines Tages bis zum Ende dieses Tages`,
                ]
              : []),
            "Sitzungs-Cookie des Administrators: bis zur Abmeldung, nach 24 Stunden ohne Nutzung, höchstens 14 Tage",
            "Cookie „flash“: bis zur nächsten Seite, höchstens 60 Sekunden",
            "Eintrag „cookiesAccepted“: in deinem Browser, bis du ihn löschst",
          ),
        ],
      },
      {
        heading: "Deine Rechte",
        blocks: [
          p(
            "Du hast mir gegenüber jederzeit folgende Rechte hinsichtlich der dich betreffenden personenbezogenen Daten:",
          ),
          list(
            "Recht auf Auskunft (Art. 15 DSGVO)",
            "Recht auf Berichtigung unrichtiger Daten (Art. 16 DSGVO)",
            "Recht auf Löschung (Art. 17 DSGVO)",
            "Recht auf Einschränkung der Verarbeitung (Art. 18 DSGVO)",
            "Recht auf Datenübertragbarkeit (Art. 20 DSGVO)",
            "Recht auf Widerspruch gegen die Verarbeitung (Art. 21 DSGVO)",
            "Recht auf Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)",
          ),
          p(
            "Zur Ausübung deiner Rechte genügt eine formlose Nachricht an die oben genannten Kontaktdaten. Ich beantworte sie unverzüglich, spätestens innerhalb eines Monats (Art. 12 Abs. 3 DSGVO). Auf Wunsch erhältst du die über dich gespeicherten Daten als maschinenlesbare Datei (JSON). Über erledigte Auskunfts- und Löschanfragen halte ich nur fest, wann ich was getan habe und wie viele Datensätze betroffen waren – ohne deine Adresse oder andere Angaben zu deiner Person.",
          ),
        ],
      },
      {
        heading: "Widerspruchsrecht nach Art. 21 DSGVO",
        blocks: [
          p(
            "Soweit ich deine Daten auf Grundlage berechtigter Interessen (Art. 6 Abs. 1 lit. f DSGVO) verarbeite, hast du das Recht, aus Gründen, die sich aus deiner besonderen Situation ergeben, jederzeit Widerspruch gegen diese Verarbeitung einzulegen. Ich verarbeite die Daten dann nicht mehr, es sei denn, ich kann zwingende schutzwürdige Gründe nachweisen, die deine Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.",
          ),
        ],
      },
      {
        heading: "Beschwerderecht bei einer Aufsichtsbehörde",
        blocks: [
          p(
            "Unbeschadet anderer Rechtsbehelfe hast du das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, wenn du der Ansicht bist, dass die Verarbeitung deiner Daten gegen die DSGVO verstößt (Art. 77 DSGVO). Du kannst dich insbesondere an die Aufsichtsbehörde deines Aufenthaltsorts oder Arbeitsplatzes wenden.",
          ),
          ...(authority
            ? [
                p(
                  privacy.authorityName
                    ? "Für mich zuständig ist diese Aufsichtsbehörde:"
                    : "Für mich zuständig ist die Aufsichtsbehörde des Bundeslandes, in dem ich meinen Sitz habe:",
                ),
                list(`${authority.name}, ${authority.address}`),
              ]
            : []),
        ],
      },
      {
        heading: "Pflicht zur Bereitstellung und automatisierte Entscheidungen",
        blocks: [
          p(
            "Du bist weder gesetzlich noch vertraglich verpflichtet, mir personenbezogene Daten bereitzustellen. Ohne Angabe einer E-Mail-Adresse kann ich deine Anfrage jedoch nicht beantworten und dir keinen Newsletter senden.",
          ),
          p(
            "Eine automatisierte Entscheidungsfindung einschließlich Profiling im Sinne von Art. 22 DSGVO findet nicht statt.",
          ),
        ],
      },
      {
        heading: "Änderungen dieser Datenschutzerklärung",
        blocks: [
          p(
            "Ich passe diese Datenschutzerklärung an, sobald sich die Website, die Datenverarbeitung oder die Rechtslage ändern. Es gilt jeweils die hier veröffentlichte Fassung.",
          ),
          p(`Stand: ${stand}`),
        ],
      },
    ],
  };
}

/**
 * The section on the visit statistics, while the owner has them on (Einstellungen →
 * Besucherstatistik): what the server counts and how (docs/decisions/0025-visit-statistics.md).
 */
function visitStatistics(): LegalSection {
  return {
    heading: "Besucherstatistik",
    blocks: [
      p(
        "Damit ich weiß, welche Seiten gelesen werden, woher Besucherinnen und Besucher kommen und welche Besuche zu einer Anfrage führen, zählt diese Website ihre Seitenaufrufe selbst, auf meinem eigenen Server. Dafür wird kein Cookie gesetzt, nichts in deinem Browser gespeichert oder daraus gelesen und kein Dienst eines Dritten eingebunden.",
      ),
      p("Zu jedem Seitenaufruf speichert der Server:"),
      list(
        "den Zeitpunkt und die Adresse der aufgerufenen Seite, und ob es sie gibt;",
        "die Website, von der du gekommen bist (ohne die Angaben nach einem „?“ in ihrer Adresse), sofern dein Browser sie mitteilt;",
        "die Kampagnenangaben eines Links (utm_source, utm_medium, utm_campaign), wenn die Adresse sie enthält;",
        "die Art deines Browsers und Betriebssystems, ohne Versionsnummer (etwa „Firefox“ und „Android“), und ob er sich als Smartphone, Tablet oder Computer ausgibt;",
        "einen Besucherschlüssel, der Aufrufe desselben Tages einander zuordnet.",
      ),
      p(
        "Ebenso vermerkt er, wenn ein Besuch zu einer Kontaktanfrage, einer bestätigten Newsletter-Anmeldung oder einem Klick auf einen Link zu einer anderen Website führt (etwa „Zur Webseite“ eines Projekts; dann auch die Adresse dieses Links ohne die Angaben nach einem „?“), damit ich sehe, über welche Seite und Quelle sie kam. Den Klick meldet dein Browser an diese Website, nicht an die andere. Zu einer Kontaktanfrage speichert er dazu die Einstiegsseite, die Website, von der du gekommen bist, und die Kampagnenangaben dieses Besuchs; sie werden mit der Anfrage gelöscht.",
      ),
      p(
        "Deine IP-Adresse und die vollständige Kennung deines Browsers (User-Agent) werden nicht gespeichert. Der Besucherschlüssel ist ein gekürzter Hashwert aus einem Zufallswert, deiner IP-Adresse (bei IPv6 nur deren erste Hälfte) und der Kennung deines Browsers. Der Zufallswert liegt nur in der Datenbank dieser Website, wird jeden Tag um Mitternacht neu gebildet und danach gelöscht. Dadurch lassen sich Aufrufe nur innerhalb eines Tages einander zuordnen, nie über Tage hinweg. Das ist eine Pseudonymisierung: Solange der Zufallswert eines Tages besteht, ließe sich mit deiner IP-Adresse und der Kennung deines Browsers prüfen, ob ein Schlüssel zu dir gehört; nach seiner Löschung nicht mehr. Aufrufe durch mich selbst als angemeldeten Administrator, durch Suchmaschinen und andere Programme sowie das Vorabladen von Seiten durch den Browser werden nicht gezählt.",
      ),
      p(
        `Einzelne Seitenaufrufe werden nach ${VISIT_EVENT_DAYS} Tagen gelöscht; danach bleiben nur Tagessummen, etwa wie oft eine Seite an einem Tag aufgerufen wurde, ohne Besucherschlüssel.`,
      ),
      p(
        "Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO. Mein berechtigtes Interesse ist, zu erkennen, wie meine Website genutzt wird, und mein Angebot danach zu verbessern. Weil dabei nichts auf deinem Gerät gespeichert oder daraus ausgelesen wird, ist keine Einwilligung nach § 25 TDDDG nötig. Du kannst der Verarbeitung nach Art. 21 DSGVO widersprechen.",
      ),
    ],
  };
}

/**
 * The section on Termine, while booking is on (Admin → Termine): what a booking stores, for how
 * long (the owner's retention), and whether a CalDAV provider receives the appointment.
 */
function bookingSection({ retentionMonths, calDavHost }: BookingFacts): LegalSection {
  return {
    heading: "Terminbuchung",
    blocks: [
      p(
        "Wenn du über diese Website einen Termin bei mir buchst, verarbeite ich die Angaben, die du dabei machst, um den Termin mit dir zu vereinbaren, durchzuführen und dich daran zu erinnern:",
      ),
      list(
        "deinen Namen und deine E-Mail-Adresse,",
        "deine Nachricht, sofern du eine schreibst,",
        "die Zeitzone deines Browsers, damit dir Zeiten in deiner Ortszeit angezeigt und gemailt werden,",
        "den gebuchten Termin (Art, Beginn und Ende) und seinen Stand (angefragt, bestätigt, abgesagt).",
      ),
      p(
        "Zu deiner Buchung, ihrer Bestätigung, einer Absage und zur Erinnerung vor dem Termin bekommst du E-Mails (siehe „E-Mail-Versand und Empfänger“).",
      ),
      ...(calDavHost
        ? [
            p(
              `Den gebuchten Termin trage ich mit deinem Namen, deiner E-Mail-Adresse und deiner Nachricht in meinen Kalender bei ${calDavHost} ein. Der Anbieter dieses Kalenders verarbeitet diese Daten in meinem Auftrag als Auftragsverarbeiter auf Grundlage eines Vertrags nach Art. 28 DSGVO; er ist an meine Weisungen gebunden und darf die Daten nicht für eigene Zwecke nutzen.`,
            ),
          ]
        : []),
      p(
        `Buchungen werden ${months(String(retentionMonths))} nach dem Termin automatisch gelöscht, abgesagte ebenso.`,
      ),
      p(
        "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO: Die Verarbeitung ist für die Vereinbarung des Termins und damit für die Durchführung vorvertraglicher Maßnahmen oder eines Vertrags mit dir erforderlich.",
      ),
    ],
  };
}
