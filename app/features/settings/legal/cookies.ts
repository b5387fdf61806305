import { list, ownerAddressLines, p, type LegalContext, type LegalPage } from "./types";

/** The Cookie-Richtlinie: what this site stores in browsers (nothing that needs consent). */
export function cookies({ settings, stand }: LegalContext): LegalPage {
  return {
    slug: "cookies",
    title: "Cookie-Richtlinie",
    description:
      "Cookie-Richtlinie: Diese Website nutzt nur technisch notwendige Speicherung – Anmelde-Cookies für den Administrator, ein kurzlebiges Cookie für Rückmeldungen und einen Eintrag zum Cookie-Hinweis.",
    sections: [
      {
        heading: "Was sind Cookies und lokaler Speicher?",
        blocks: [
          p(
            "Cookies sind kleine Textdateien, die eine Website über deinen Browser auf deinem Endgerät ablegt. Bei späteren Anfragen sendet der Browser sie automatisch an dieselbe Website zurück, sodass diese deinen Browser etwa als angemeldet wiedererkennen kann.",
          ),
          p(
            "Der lokale Speicher (Local Storage) ist ein vergleichbarer Speicherbereich im Browser. Anders als Cookies werden die dort abgelegten Einträge nicht automatisch an den Server übertragen; sie können nur von Skripten der jeweiligen Website im Browser gelesen werden und bleiben gespeichert, bis sie gelöscht werden.",
          ),
          p(
            "Beides dient dazu, Informationen auf deinem Endgerät zu speichern oder dort auszulesen. Diese Richtlinie erklärt, welche solcher Speicherungen diese Website einsetzt – und welche nicht.",
          ),
        ],
      },
      {
        heading: "Welche Arten von Cookies gibt es?",
        blocks: [
          p(
            "Cookies und vergleichbare Technologien werden üblicherweise nach ihrem Zweck in folgende Kategorien eingeteilt:",
          ),
          list(
            "Notwendige Cookies: Sie sind unbedingt erforderlich, damit eine Website oder eine von dir ausdrücklich gewünschte Funktion technisch funktioniert – etwa eine Anmeldung, ein Warenkorb oder das Merken eines bereits gelesenen Hinweises. Ohne sie kann der Dienst nicht erbracht werden.",
            "Präferenz-Cookies: Sie merken sich freiwillige Einstellungen wie Sprache, Region oder Darstellung, um die Website an deine Vorlieben anzupassen. Die Website funktioniert auch ohne sie.",
            "Statistik-Cookies: Sie erfassen, wie Besucherinnen und Besucher eine Website nutzen – etwa welche Seiten aufgerufen werden und wie lange –, meist um Reichweite zu messen oder das Angebot zu optimieren. Häufig stammen sie von Drittanbietern.",
          ),
          p(
            "Diese Website verwendet ausschließlich notwendige Speicherungen. Präferenz- und Statistik-Cookies setze ich nicht ein, ebenso wenig Marketing- oder Drittanbieter-Cookies.",
          ),
        ],
      },
      {
        heading: "Welche Speicherungen diese Website verwendet",
        blocks: [
          p(
            "Diese Website setzt genau die folgenden drei Cookies und legt genau den folgenden einen Eintrag im lokalen Speicher an – alle von dieser Website selbst, keine von Drittanbietern. Rechtsgrundlage ist jeweils § 25 Abs. 2 Nr. 2 TDDDG (unbedingt erforderlich, keine Einwilligung nötig); soweit dabei personenbezogene Daten verarbeitet werden, Art. 6 Abs. 1 lit. f DSGVO.",
          ),
          p("Sitzungs-Cookie für den Administrationsbereich:"),
          list(
            "Name: „__Host-session“ (bei einer Website ohne HTTPS, etwa in Entwicklungsumgebungen: „session“)",
            "Art: notwendiges Cookie, von dieser Website selbst gesetzt (kein Drittanbieter)",
            "Zweck: hält die Anmeldung des Administrators aufrecht und schützt den Administrationsbereich vor unbefugtem Zugriff",
            "Wann gesetzt: ausschließlich nach einer erfolgreichen Anmeldung im Administrationsbereich – Besucherinnen und Besucher erhalten dieses Cookie nie",
            "Inhalt und Eigenschaften: nur eine zufällige Sitzungskennung; HttpOnly (für Skripte im Browser nicht lesbar), SameSite=Lax, bei einer Website mit HTTPS nur über verschlüsselte Verbindungen übertragen",
            "Speicherdauer: bis zur Abmeldung, nach 24 Stunden ohne Nutzung, höchstens 14 Tage nach der Anmeldung",
            "Rechtsgrundlage: § 25 Abs. 2 Nr. 2 TDDDG",
          ),
          p("Cookie für den zweiten Anmeldeschritt des Administrationsbereichs:"),
          list(
            "Name: „__Host-signin-step“ (bei einer Website ohne HTTPS: „signin-step“)",
            "Art: notwendiges Cookie, von dieser Website selbst gesetzt (kein Drittanbieter)",
            "Zweck: merkt sich zwischen Passwort und Bestätigungscode, dass das Passwort des Administrators richtig war",
            "Wann gesetzt: nur bei der Anmeldung des Administrators mit zweitem Faktor – Besucherinnen und Besucher erhalten dieses Cookie nie",
            "Inhalt und Eigenschaften: nur eine zufällige Kennung; HttpOnly, SameSite=Lax, bei einer Website mit HTTPS nur über verschlüsselte Verbindungen übertragen",
            "Speicherdauer: bis zur Eingabe des Codes, höchstens 5 Minuten",
            "Rechtsgrundlage: § 25 Abs. 2 Nr. 2 TDDDG",
          ),
          p("Cookie für einmalige Rückmeldungen:"),
          list(
            "Name: „flash“",
            "Art: notwendiges Cookie, von dieser Website selbst gesetzt (kein Drittanbieter)",
            "Zweck: überbringt eine Rückmeldung über eine Weiterleitung hinweg, damit die nächste Seite sie anzeigen kann – etwa wenn du eine Projektseite aufrufst, die es nicht (mehr) gibt, und zur Übersicht weitergeleitet wirst, oder nach dem Speichern im Administrationsbereich",
            "Inhalt und Eigenschaften: nur die Art und der Text der Meldung, keine Angaben zu deiner Person; HttpOnly (für Skripte im Browser nicht lesbar), SameSite=Lax, bei einer Website mit HTTPS nur über verschlüsselte Verbindungen übertragen",
            "Speicherdauer: die nächste Seite löscht es, sobald sie die Meldung anzeigt; spätestens nach 60 Sekunden läuft es ab",
            "Rechtsgrundlage: § 25 Abs. 2 Nr. 2 TDDDG",
          ),
          p("Eintrag im lokalen Speicher für den Cookie-Hinweis:"),
          list(
            "Name: „cookiesAccepted“",
            "Art: notwendiger Eintrag im lokalen Speicher (Local Storage) deines Browsers",
            "Zweck: speichert, dass du den Cookie-Hinweis zur Kenntnis genommen hast, damit er nicht bei jedem Seitenaufruf erneut erscheint",
            "Inhalt: nur diese Bestätigung (der Wert „true“) – keine Angaben zu deiner Person; der Eintrag wird nicht an meinen Server übertragen",
            "Speicherdauer: kein Ablaufdatum; der Eintrag bleibt bestehen, bis du ihn in deinem Browser löschst",
            "Rechtsgrundlage: § 25 Abs. 2 Nr. 2 TDDDG",
          ),
        ],
      },
      {
        heading: "Keine Präferenz-, Statistik- oder Drittanbieter-Cookies",
        blocks: [
          p(
            "Diese Website setzt keine Präferenz- oder Statistik-Cookies und keine Cookies zu Werbe- oder Marketingzwecken. Es sind keine Analyse- oder Trackingdienste, keine Social-Media-Plugins und keine Inhalte von Drittanbietern eingebunden; auch Schriftarten werden von meinem eigenen Server geladen. Dadurch kann kein Drittanbieter über diese Website Cookies in deinem Browser setzen oder auslesen.",
          ),
          ...(settings.statistics.enabled === "on"
            ? [
                p(
                  "Die Besucherstatistik dieser Website kommt ohne Cookies und ohne Speicherung in deinem Browser aus: Der Server zählt die Seitenaufrufe selbst. Was er dabei speichert, steht in der Datenschutzerklärung unter „Besucherstatistik“.",
                ),
              ]
            : []),
        ],
      },
      {
        heading: "Einwilligung",
        blocks: [
          p(
            "Nach § 25 Abs. 1 des Telekommunikation-Digitale-Dienste-Datenschutz-Gesetzes (TDDDG) ist für das Speichern von Informationen auf deinem Endgerät und den Zugriff darauf grundsätzlich deine Einwilligung erforderlich. Davon ausgenommen sind nach § 25 Abs. 2 Nr. 2 TDDDG Speicherungen, die unbedingt erforderlich sind, damit ich einen von dir ausdrücklich gewünschten digitalen Dienst zur Verfügung stellen kann.",
          ),
          p(
            "Da diese Website ausschließlich solche unbedingt erforderlichen Speicherungen verwendet, ist keine Einwilligung notwendig. Der Cookie-Hinweis dient daher nicht der Einholung einer Einwilligung, sondern informiert dich transparent darüber, welche Speicherungen stattfinden. Die Verarbeitung der dabei anfallenden Daten beruht auf Art. 6 Abs. 1 lit. f DSGVO; mein berechtigtes Interesse liegt im sicheren und funktionsfähigen Betrieb der Website. Weitere Informationen findest du in meiner Datenschutzerklärung.",
          ),
        ],
      },
      {
        heading: "Cookies und lokalen Speicher löschen oder blockieren",
        blocks: [
          p(
            "Du kannst Cookies und Einträge im lokalen Speicher jederzeit über die Einstellungen deines Browsers einsehen, löschen oder künftig blockieren. Die genaue Bezeichnung der Menüpunkte unterscheidet sich je nach Browser und Version:",
          ),
          list(
            "Google Chrome: Einstellungen → Datenschutz und Sicherheit → Browserdaten löschen bzw. Website-Einstellungen",
            "Mozilla Firefox: Einstellungen → Datenschutz & Sicherheit → Cookies und Website-Daten",
            "Apple Safari: Einstellungen → Datenschutz → Websitedaten verwalten",
            "Microsoft Edge: Einstellungen → Cookies und Websiteberechtigungen bzw. Datenschutz, Suche und Dienste → Browserdaten löschen",
          ),
          p(
            "Für eine einzelne Website kannst du gespeicherte Daten in den meisten Browsern auch über das Schloss-Symbol in der Adresszeile verwalten. Beim Löschen der „Website-Daten“ bzw. „Cookies und Website-Daten“ wird in der Regel auch der lokale Speicher entfernt.",
          ),
          p(
            "Wenn du Cookies blockierst, kannst du diese Website weiterhin uneingeschränkt nutzen; lediglich die Anmeldung im Administrationsbereich ist dann nicht möglich, und Rückmeldungen nach einer Weiterleitung (Cookie „flash“) werden nicht angezeigt. Wenn du den Eintrag „cookiesAccepted“ löschst oder den lokalen Speicher blockierst, wird dir der Cookie-Hinweis erneut angezeigt.",
          ),
        ],
      },
      {
        heading: "Deine Entscheidung ändern",
        blocks: [
          p(
            "Da auf dieser Website keine einwilligungspflichtigen Cookies zum Einsatz kommen, gibt es keine Einwilligung, die du widerrufen müsstest. Möchtest du den Cookie-Hinweis erneut sehen oder deine Bestätigung zurücknehmen, lösche einfach die gespeicherten Website-Daten dieser Seite in deinem Browser wie oben beschrieben. Beim nächsten Aufruf erscheint der Hinweis dann wieder.",
          ),
        ],
      },
      {
        heading: "Fragen zu Cookies",
        blocks: [
          p(
            "Wenn du Fragen zu dieser Cookie-Richtlinie oder zum Umgang mit deinen Daten hast, wende dich gern an mich:",
          ),
          { type: "contact", lines: ownerAddressLines(settings) },
        ],
      },
      {
        heading: "Änderungen dieser Cookie-Richtlinie",
        blocks: [
          p(
            "Ich passe diese Cookie-Richtlinie an, sobald sich die eingesetzten Speicherungen oder die Rechtslage ändern. Es gilt jeweils die hier veröffentlichte Fassung.",
          ),
          p(`Stand: ${stand}`),
        ],
      },
    ],
  };
}
