import { companyLine, list, ownerAddressLines, p, type LegalContext, type LegalPage } from "./types";

/**
 * The Datenschutzerklärung, built from the owner's data: the controller, the processors they
 * named (hosting, mail), their supervisory authority and what else they process.
 */
export function datenschutz({ settings, stand, authority }: LegalContext): LegalPage {
  const { owner, privacy, newsletter } = settings;
  const proofYears = Number(newsletter.proofYears);
  const proofPeriod = proofYears === 1 ? "einem Jahr" : `${proofYears} Jahren`;
  const controller = companyLine(settings) || owner.name;
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
            "Ein Datenschutzbeauftragter ist nicht benannt, da hierzu keine gesetzliche Pflicht besteht. Bei allen Fragen zum Datenschutz wenden Sie sich bitte direkt an mich.",
          ),
        ],
      },
      {
        heading: "Das Wichtigste im Überblick",
        blocks: [
          p(
            "Der Schutz Ihrer Daten ist mir wichtig. Diese Website ist deshalb bewusst sparsam gebaut und wird von mir selbst betrieben:",
          ),
          list(
            "Kein Tracking, keine Analyse- oder Statistikdienste, keine Werbung.",
            "Keine Einbindung von Drittanbietern: Schriftarten, Bilder und Skripte werden ausschließlich von meinem eigenen Server geladen, es gibt keine Content-Delivery-Networks (CDNs) und keine Social-Media-Plugins.",
            "Nur technisch notwendige Speicherung in Ihrem Browser – ein Sitzungs-Cookie ausschließlich für den Administrator und ein Eintrag im lokalen Speicher für den Cookie-Hinweis.",
            "Personenbezogene Daten verarbeite ich nur, wenn Sie mir diese selbst mitteilen (Kontaktformular, Newsletter) oder soweit dies für den Betrieb der Website technisch erforderlich ist.",
            "Ich verkaufe keine Daten und übermittle keine Daten in Länder außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums.",
          ),
        ],
      },
      {
        heading: "Hosting und Server-Logfiles",
        blocks: [
          p(
            privacy.hostingName
              ? `Diese Website wird bei ${privacy.hostingName}, ${privacy.hostingAddress}, gehostet. Der Hosting-Anbieter verarbeitet die dabei anfallenden Daten ausschließlich in meinem Auftrag und nach meinen Weisungen; mit ihm besteht ein Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO. Die Anwendung betreibe und administriere ich selbst; Ihre Anfragen werden nicht an weitere Dienste weitergeleitet. Bei jedem Aufruf einer Seite speichert der Server automatisch folgende Informationen in Logdateien:`
              : "Diese Website läuft auf einem von mir selbst betriebenen und administrierten Server; Ihre Anfragen werden nicht an externe Dienste weitergeleitet. Bei jedem Aufruf einer Seite speichert der Server automatisch folgende Informationen in Logdateien:",
          ),
          list(
            "Datum und Uhrzeit der Anfrage",
            "aufgerufener Pfad (Seite oder Datei)",
            "HTTP-Statuscode der Antwort",
            "Browsertyp und -version sowie Betriebssystem (User-Agent)",
            "Referrer, also die zuvor besuchte Seite, sofern Ihr Browser sie übermittelt",
          ),
          p(
            "Ihre IP-Adresse wird technisch zwangsläufig verarbeitet, um die Seite an Ihren Browser auszuliefern. In den Logdateien der Anwendung wird sie jedoch nicht im Klartext gespeichert. Zur Abwehr von Missbrauch, etwa massenhaft automatisierter Formularübermittlungen, zähle ich Formularanfragen je Absender: Dafür speichere ich nicht die IP-Adresse selbst, sondern nur einen mit einem geheimen Schlüssel gebildeten Hashwert, aus dem sich die Adresse nicht zurückrechnen lässt. Diese Zähler lösche ich spätestens nach 24 Stunden.",
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
            "Wenn Sie mir über das Kontaktformular schreiben, verarbeite ich die von Ihnen eingegebenen Daten, um Ihre Anfrage zu beantworten:",
          ),
          list("Name", "E-Mail-Adresse", "Betreff", "Ihre Nachricht", "Zeitpunkt der Übermittlung"),
          p(
            "Die Angaben werden in meiner eigenen Datenbank auf meinem eigenen Server gespeichert; ich werde zusätzlich per E-Mail über neue Anfragen benachrichtigt. Eine Weitergabe an Dritte erfolgt nicht. Dasselbe gilt sinngemäß, wenn Sie mich per E-Mail oder telefonisch kontaktieren.",
          ),
          p(
            "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, soweit Ihre Anfrage mit einem Vertrag oder mit vorvertraglichen Maßnahmen – etwa einem Angebot für Coaching, Beratung oder Webentwicklung – zusammenhängt. In allen übrigen Fällen beruht die Verarbeitung auf meinem berechtigten Interesse an der Beantwortung der an mich gerichteten Anfragen (Art. 6 Abs. 1 lit. f DSGVO).",
          ),
          p(
            "Ich lösche Ihre Anfrage, sobald sie abschließend bearbeitet ist und nicht mehr benötigt wird, spätestens jedoch nach sechs Monaten. Das gilt nicht, soweit gesetzliche Aufbewahrungspflichten entgegenstehen – etwa wenn aus der Anfrage ein Auftrag entsteht und die Korrespondenz als Geschäftsbrief nach § 257 HGB bzw. § 147 AO aufzubewahren ist.",
          ),
        ],
      },
      {
        heading: "Newsletter",
        blocks: [
          p(
            "Sie können sich für meinen Newsletter anmelden, in dem ich über neue Beiträge, Angebote und Veranstaltungen informiere. Dafür verwende ich das sogenannte Double-Opt-In-Verfahren: Nach der Anmeldung erhalten Sie eine E-Mail mit einem Bestätigungslink. Erst wenn Sie diesen anklicken, wird Ihre Adresse in den Verteiler aufgenommen. So stelle ich sicher, dass sich niemand mit einer fremden E-Mail-Adresse anmelden kann.",
          ),
          p("Dabei verarbeite ich folgende Daten:"),
          list(
            "E-Mail-Adresse (Pflichtangabe)",
            "Name (freiwillige Angabe, nur für eine persönliche Anrede)",
            "Zeitpunkt der Anmeldung, das verwendete Formular und den Wortlaut des Einwilligungstextes, dem Sie zugestimmt haben",
            "Zeitpunkt des Versands der Bestätigungs-E-Mail und der Bestätigung über den Bestätigungslink",
          ),
          p(
            "Der Bestätigungsschlüssel (Token) aus dem Bestätigungslink wird in meiner Datenbank ausschließlich als kryptografischer Hashwert gespeichert, nie im Klartext. Nicht bestätigte Anmeldungen lösche ich nach 30 Tagen automatisch.",
          ),
          p(
            "Rechtsgrundlage für den Versand ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen – am einfachsten über den Abmeldelink, der in jeder Newsletter-E-Mail enthalten ist, oder durch eine formlose Nachricht an mich. Die Rechtmäßigkeit der bis zum Widerruf erfolgten Verarbeitung bleibt davon unberührt.",
          ),
          p(
            "Meine Newsletter enthalten keine Zählpixel und keine Link-Nachverfolgung; ich werte nicht aus, ob oder wann Sie eine E-Mail öffnen oder einen Link anklicken.",
          ),
          p(
            "Solange Sie angemeldet sind, speichere ich diese Angaben als Nachweis Ihrer Einwilligung (Art. 7 Abs. 1 DSGVO). Mit Ihrer Abmeldung lösche ich Ihre E-Mail-Adresse, Ihren Namen und alle noch nicht versendeten E-Mails an Sie.",
          ),
          p(
            `Zurück bleibt nur ein Nachweis ohne Ihre Adresse im Klartext: ein mit einem geheimen Schlüssel gebildeter Hashwert der Adresse, die genannten Zeitpunkte, der Zeitpunkt der Abmeldung und der Einwilligungstext. Er dient dazu, Ihre frühere Einwilligung belegen zu können und zu verhindern, dass Ihre Adresse ohne Ihr Zutun erneut in den Verteiler gelangt (Art. 6 Abs. 1 lit. f DSGVO; mein berechtigtes Interesse ist die Abwehr von Ansprüchen). Diesen Nachweis lösche ich nach ${proofPeriod} (regelmäßige Verjährungsfrist, § 195 BGB).`,
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
            "Der Administrationsbereich dieser Website ist ausschließlich mir als Betreiber zugänglich. Nach der Anmeldung setzt der Server ein Sitzungs-Cookie, das eine zufällige Sitzungskennung enthält und mit dem Ihr Browser für die Dauer der Sitzung als angemeldet erkannt wird. Das Cookie ist für Skripte im Browser nicht lesbar (HttpOnly), wird nur über verschlüsselte Verbindungen übertragen und läuft nach höchstens 30 Tagen oder bei der Abmeldung ab.",
          ),
          p(
            "Besucherinnen und Besucher der Website erhalten dieses Cookie nicht. Die Speicherung ist für den vom Administrator ausdrücklich gewünschten Dienst unbedingt erforderlich und daher nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig; die Verarbeitung der Sitzungsdaten beruht auf Art. 6 Abs. 1 lit. f DSGVO (Schutz des Administrationsbereichs vor unbefugtem Zugriff).",
          ),
        ],
      },
      {
        heading: "Lokaler Speicher für den Cookie-Hinweis",
        blocks: [
          p(
            "Wenn Sie den Cookie-Hinweis bestätigen, legt Ihr Browser im lokalen Speicher (Local Storage) den Eintrag „cookiesAccepted“ an. Er speichert lediglich, dass Sie den Hinweis zur Kenntnis genommen haben, damit er nicht bei jedem Seitenaufruf erneut erscheint. Der Eintrag verbleibt in Ihrem Browser, wird nicht an meinen Server übertragen und enthält keine Angaben zu Ihrer Person.",
          ),
          p(
            "Diese Speicherung ist unbedingt erforderlich, um den Hinweis ordnungsgemäß anzuzeigen, und nach § 25 Abs. 2 Nr. 2 TDDDG ohne Einwilligung zulässig. Der Eintrag hat kein Ablaufdatum und bleibt bestehen, bis Sie ihn in Ihrem Browser löschen. Weitere Einzelheiten finden Sie in meiner Cookie-Richtlinie.",
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
            "Diese Website enthält Links zu meinen weiteren Websites und gelegentlich zu Angeboten Dritter. Erst wenn Sie einen solchen Link anklicken, verlassen Sie diese Website; für die Datenverarbeitung auf der Zielseite gilt die Datenschutzerklärung des jeweiligen Anbieters.",
          ),
        ],
      },
      {
        heading: "E-Mail-Versand und Empfänger",
        blocks: [
          p(
            privacy.mailProvider
              ? `Bestätigungs- und Benachrichtigungs-E-Mails sowie den Newsletter versende ich über meinen E-Mail-Provider ${privacy.mailProvider}. Er verarbeitet die dabei anfallenden personenbezogenen Daten in meinem Auftrag auf Grundlage eines Vertrags zur Auftragsverarbeitung nach Art. 28 DSGVO; er ist an meine Weisungen gebunden und darf die Daten nicht für eigene Zwecke nutzen.`
              : "Bestätigungs- und Benachrichtigungs-E-Mails sowie den Newsletter versende ich über meinen eigenen Mailserver bzw. meinen E-Mail-Provider. Soweit dieser dabei personenbezogene Daten in meinem Auftrag verarbeitet, geschieht dies auf Grundlage eines Vertrags zur Auftragsverarbeitung nach Art. 28 DSGVO; der Provider ist an meine Weisungen gebunden und darf die Daten nicht für eigene Zwecke nutzen.",
          ),
          p(
            "Darüber hinaus gebe ich personenbezogene Daten nur weiter, wenn ich gesetzlich dazu verpflichtet bin, etwa gegenüber Behörden aufgrund einer vollziehbaren Anordnung.",
          ),
        ],
      },
      {
        heading: "SSL-/TLS-Verschlüsselung und Datensicherheit",
        blocks: [
          p(
            "Diese Website nutzt aus Sicherheitsgründen eine SSL- bzw. TLS-Verschlüsselung. Eine verschlüsselte Verbindung erkennen Sie an „https://“ in der Adresszeile und am Schloss-Symbol Ihres Browsers. Dadurch können Daten, die Sie an mich übermitteln – etwa über das Kontaktformular – nicht von Dritten mitgelesen werden.",
          ),
          p(
            "Darüber hinaus schütze ich die gespeicherten Daten durch angemessene technische und organisatorische Maßnahmen nach Art. 32 DSGVO, etwa durch regelmäßige Updates, eingeschränkte Zugriffsrechte und die Speicherung von Bestätigungsschlüsseln ausschließlich als Hashwerte.",
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
            "Kontaktanfragen: bis zur abschließenden Bearbeitung, höchstens sechs Monate – vorbehaltlich gesetzlicher Aufbewahrungspflichten (bis zu sechs bzw. zehn Jahre nach HGB und AO)",
            `Newsletter: bis zu Ihrer Abmeldung; nicht bestätigte Anmeldungen höchstens 30 Tage; der Nachweis der Einwilligung (ohne Adresse im Klartext) ${proofPeriod} nach der Abmeldung`,
            "Sitzungs-Cookie des Administrators: bis zur Abmeldung, höchstens 30 Tage",
            "Eintrag „cookiesAccepted“: in Ihrem Browser, bis Sie ihn löschen",
          ),
        ],
      },
      {
        heading: "Ihre Rechte",
        blocks: [
          p(
            "Sie haben gegenüber mir jederzeit folgende Rechte hinsichtlich der Sie betreffenden personenbezogenen Daten:",
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
          p("Zur Ausübung Ihrer Rechte genügt eine formlose Nachricht an die oben genannten Kontaktdaten."),
        ],
      },
      {
        heading: "Widerspruchsrecht nach Art. 21 DSGVO",
        blocks: [
          p(
            "Soweit ich Ihre Daten auf Grundlage berechtigter Interessen (Art. 6 Abs. 1 lit. f DSGVO) verarbeite, haben Sie das Recht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit Widerspruch gegen diese Verarbeitung einzulegen. Ich verarbeite die Daten dann nicht mehr, es sei denn, ich kann zwingende schutzwürdige Gründe nachweisen, die Ihre Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.",
          ),
        ],
      },
      {
        heading: "Beschwerderecht bei einer Aufsichtsbehörde",
        blocks: [
          p(
            "Unbeschadet anderer Rechtsbehelfe haben Sie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, wenn Sie der Ansicht sind, dass die Verarbeitung Ihrer Daten gegen die DSGVO verstößt (Art. 77 DSGVO). Sie können sich insbesondere an die Aufsichtsbehörde Ihres Aufenthaltsorts oder Arbeitsplatzes wenden.",
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
            "Sie sind weder gesetzlich noch vertraglich verpflichtet, mir personenbezogene Daten bereitzustellen. Ohne Angabe einer E-Mail-Adresse kann ich Ihre Anfrage jedoch nicht beantworten und Ihnen keinen Newsletter senden.",
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
