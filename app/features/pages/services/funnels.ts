import type { ServicePage } from "./types";

/** /service/funnels – planning, concept, implementation (spec §2). */
export const funnelsPage: ServicePage = {
  path: "/service/funnels",
  name: "Funnels",
  hero: {
    title: "Funnels",
    subtitle:
      "Vom ersten Klick bis zur Buchung: durchdachte Strecken, die Interessenten begleiten statt bedrängen.",
    image: {
      src: "/images/services/funnel.svg",
      alt: "Illustration: Trichter aus farbigen Stufen, in den von oben Punkte fallen",
    },
  },
  intro:
    "Ein Funnel ist eine geplante Abfolge von Seiten, Angeboten und E-Mails, die Menschen Schritt für Schritt näher an eine Entscheidung bringt – zum Beispiel vom kostenlosen Leitfaden über ein Erstgespräch bis zur Buchung deines Coachings. Ich entwickle Funnels, die zu deinem Angebot passen und zu der Art, wie du Menschen ansprechen möchtest.",
  blocks: [
    {
      title: "Planung: Wer soll wohin?",
      body: [
        "Am Anfang steht die Frage, was dein Funnel erreichen soll: neue Kontakte für deinen Newsletter, Anmeldungen für ein Webinar, Terminbuchungen oder direkte Verkäufe. Gemeinsam schauen wir uns deine Zielgruppe an – ihre Fragen, Zweifel und Wünsche – und natürlich dein Angebot.",
        "Daraus leiten wir ab, welche Stufen der Funnel braucht und was auf jeder Stufe passieren soll. In diesem Schritt bringe ich meine Erfahrung als Coach und Berater ein: Ein Funnel funktioniert nur, wenn das Angebot dahinter klar ist.",
      ],
      image: {
        src: "/images/services/strategy.svg",
        alt: "Illustration: Kompass mit gestrichelter Route zu einem Ziel",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Konzept: Stufen, Inhalte und Lead-Magnet",
      body: [
        "Im Konzept lege ich den Ablauf im Detail fest und halte ihn in einem übersichtlichen Schaubild fest. Dazu gehören:",
        [
          "ein Lead-Magnet mit echtem Nutzen, etwa eine Checkliste, ein Mini-Kurs oder ein Webinar",
          "die Landingpage und die Danke-Seite",
          "eine E-Mail-Strecke, die Vertrauen aufbaut, bevor sie verkauft",
          "das eigentliche Angebot mit Bestell- oder Buchungsseite",
        ],
        "Du bekommst das Konzept schriftlich und kannst jede Stufe in Ruhe prüfen, bevor ich mit der Umsetzung beginne.",
      ],
      image: {
        src: "/images/services/concept.svg",
        alt: "Illustration: Skizze einer Seitenstruktur mit Haftnotizen und Bleistift",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Umsetzung: technisch zuverlässig",
      body: [
        "Ich baue alle Seiten, richte Formulare mit Double-Opt-in ein und verbinde den Funnel mit deinem E-Mail-Marketing-Tool, deinem Kalender oder deinem Zahlungsanbieter. Automatisierungen sorgen dafür, dass jede Person zur richtigen Zeit die passende Nachricht bekommt – auch wenn du gerade im Urlaub bist.",
        "Datenschutz denke ich von Anfang an mit: Einwilligungen werden sauber dokumentiert, Tracking läuft nur mit Zustimmung. Ein vollständiger Funnel ist je nach Umfang in drei bis sechs Wochen einsatzbereit.",
      ],
      image: {
        src: "/images/services/integrations.svg",
        alt: "Illustration: drei ineinandergreifende Zahnräder mit Steckverbindung",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Messen und verbessern",
      body: [
        "Nach dem Start zeigt sich, wo Menschen abspringen und wo sie gern weitergehen. Ich richte ein übersichtliches Reporting ein, damit du die wichtigsten Kennzahlen im Blick hast: Anmeldungen, Öffnungsraten, Buchungen.",
        "In regelmäßigen Abständen schauen wir gemeinsam auf die Zahlen und entscheiden, was wir als Nächstes testen – eine andere Überschrift, ein früheres Angebot oder eine zusätzliche E-Mail. Kleine Änderungen an der richtigen Stelle bewirken oft mehr als ein kompletter Neubau.",
      ],
      image: {
        src: "/images/services/performance.svg",
        alt: "Illustration: steigendes Balkendiagramm mit Trendlinie und Pfeil nach oben",
      },
      link: { to: "/service/landingpages", text: "Mehr zu Landingpages" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Funnels mit Haltung",
      body: [
        "Ich baue keine Funnels mit künstlicher Verknappung, Countdown-Tricks oder Druck. Mir ist wichtig, dass sich Menschen in deinem Funnel gut informiert und respektiert fühlen. Das ist auf Dauer auch die beste Grundlage für zufriedene Kundinnen und Kunden – und für Weiterempfehlungen.",
      ],
      image: {
        src: "/images/services/coaching.svg",
        alt: "Illustration: Sprechblasen eines Gesprächs und eine Glühbirne",
      },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Bereit für deinen ersten Funnel?",
    text: "Erzähl mir, was du anbietest und wen du erreichen möchtest. Gemeinsam finden wir heraus, welcher Funnel für dich sinnvoll ist – und welcher nicht.",
  },
  showServiceProjects: true,
  meta: {
    title: "Funnels",
    description:
      "Funnels, die begleiten statt bedrängen: Planung, Konzept und technische Umsetzung von Lead-Magnet, Landingpage und E-Mail-Strecke bis zur Buchung.",
  },
};
