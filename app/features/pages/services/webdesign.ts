import type { ServicePage } from "./types";

/** /service/webdesign – planning, concept, implementation (spec §2). */
export const webdesignPage: ServicePage = {
  path: "/service/webdesign",
  name: "Webdesign",
  hero: {
    title: "Webdesign",
    subtitle:
      "Websites, die zeigen, wer du bist – und Besuchern klar sagen, was sie als Nächstes tun können.",
    image: {
      src: "/images/services/webdesign.svg",
      alt: "Illustration: Browserfenster mit dem Entwurf einer Website",
    },
  },
  intro:
    "Gutes Webdesign ist mehr als ein hübsches Layout. Es verbindet deine Ziele, die Bedürfnisse deiner Zielgruppe und eine Technik, die zuverlässig funktioniert. Deshalb arbeite ich in drei klaren Phasen: Planung, Konzept und Umsetzung. So weißt du jederzeit, wo dein Projekt steht und was als Nächstes passiert.",
  blocks: [
    {
      title: "Planung: erst das Ziel, dann die Gestaltung",
      body: [
        "Bevor ich die erste Farbe auswähle, möchte ich verstehen, worum es dir geht. In einem ausführlichen Auftaktgespräch klären wir, wen du erreichen willst, was deine Besucher auf der Website tun sollen und woran wir später erkennen, dass sie funktioniert.",
        "Aus diesem Gespräch entsteht eine kurze, schriftliche Projektgrundlage:",
        [
          "Ziele und Zielgruppen deiner Website",
          "die wichtigsten Inhalte und Seiten",
          "Funktionen wie Kontaktformular, Terminbuchung oder Newsletter",
          "ein realistischer Zeitplan mit klaren Meilensteinen",
        ],
        "Hast du schon eine Website, schaue ich sie mir vorher genau an: Was funktioniert, was bremst, was kann weg?",
      ],
      image: {
        src: "/images/services/strategy.svg",
        alt: "Illustration: Kompass mit gestrichelter Route zu einem Ziel",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Konzept: Struktur, Inhalte und Gestaltung",
      body: [
        "Im Konzept wird aus Ideen etwas Greifbares. Ich entwickle die Seitenstruktur, skizziere die wichtigsten Seiten als Wireframes und überlege mit dir, wie Besucher am schnellsten zu den Informationen kommen, die sie suchen.",
        "Danach folgt das visuelle Design: Farben, Schriften, Bildsprache und wiederkehrende Elemente, abgestimmt auf deine Marke. Du siehst frühe Entwürfe und gibst Feedback, solange Änderungen noch leicht sind. Auf Wunsch helfe ich dir auch bei den Texten – als Coach weiß ich, wie schwer es fällt, über sich selbst zu schreiben.",
      ],
      image: {
        src: "/images/services/concept.svg",
        alt: "Illustration: Skizze einer Seitenstruktur mit Haftnotizen und Bleistift",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Umsetzung: sauber gebaut und leicht zu pflegen",
      body: [
        "Steht das Design, setze ich die Website technisch um – je nach Anforderung mit WordPress, mit einem modernen Framework wie React oder als schlanke statische Seite. Entscheidend ist, dass du Inhalte später selbst ändern kannst, ohne Angst, etwas kaputtzumachen.",
        "Dabei achte ich auf die Dinge, die man nicht sofort sieht, aber sofort merkt:",
        [
          "kurze Ladezeiten und optimierte Bilder",
          "Barrierearmut, damit alle Menschen deine Inhalte nutzen können",
          "technische SEO-Grundlagen wie saubere Überschriften und Metadaten",
          "Datenschutz: keine unnötigen Drittanbieter, Cookie-Hinweis nur, wo er nötig ist",
        ],
      ],
      image: {
        src: "/images/services/development.svg",
        alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
      },
      link: { to: "/service/technology", text: "Alle Technologien ansehen" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Responsive: auf jedem Bildschirm zu Hause",
      body: [
        "Viele deiner Besucher kommen mit dem Smartphone. Deshalb gestalte ich jede Seite von Anfang an für kleine und große Bildschirme – nicht als nachträgliche Anpassung. Navigation, Schriftgrößen und Schaltflächen sind so angelegt, dass sie sich mit dem Daumen genauso gut bedienen lassen wie mit der Maus.",
        "Vor dem Livegang teste ich die Website auf verschiedenen Geräten und in den gängigen Browsern, damit sie überall so aussieht und funktioniert, wie wir es geplant haben.",
      ],
      image: {
        src: "/images/services/mobile.svg",
        alt: "Illustration: Smartphone mit App-Ansicht und Benachrichtigung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Livegang und Begleitung danach",
      body: [
        "Wenn alles abgenommen ist, bringe ich die Website online, richte Weiterleitungen von alten Adressen ein und melde sie in der Google Search Console an. Du bekommst eine Einweisung – per Videocall oder als aufgezeichnetes Tutorial –, damit du Inhalte selbst pflegen kannst.",
        "Eine typische Website mit fünf bis zehn Seiten braucht von der Planung bis zum Livegang etwa sechs bis zehn Wochen. Auch danach bin ich für dich da: für Updates, Erweiterungen oder die Frage, wie deine Website noch besser für dich arbeiten kann.",
      ],
      image: {
        src: "/images/services/launch.svg",
        alt: "Illustration: startende Rakete mit Sternen und Planet",
      },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Lass uns über deine Website sprechen",
    text: "Erzähl mir von deinem Vorhaben – ob Neustart oder Relaunch. Im ersten Gespräch finden wir heraus, welcher Weg zu dir passt und womit wir am besten beginnen.",
  },
  showServiceProjects: true,
  meta: {
    title: "Webdesign",
    description:
      "Webdesign mit Plan: Ich begleite dich von der Zielklärung über Konzept und Gestaltung bis zur fertigen, responsiven Website, die du selbst pflegst.",
  },
};
