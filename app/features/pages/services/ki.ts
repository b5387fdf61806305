import type { ServicePage } from "./types";

/** /service/ki – AI strategy, tools, practice, training, academy, creative AI, development (spec §2). */
export const kiPage: ServicePage = {
  path: "/service/ki",
  name: "KI",
  hero: {
    title: "Künstliche Intelligenz",
    subtitle:
      "KI verständlich und verantwortungsvoll nutzen: von der Strategie über Schulungen bis zur eigenen Anwendung.",
    image: {
      src: "/images/services/ki.svg",
      alt: "Illustration: neuronales Netz aus verbundenen Punkten",
    },
  },
  intro:
    "Künstliche Intelligenz verändert, wie wir schreiben, recherchieren, gestalten und programmieren. Viele Selbstständige und Unternehmen spüren, dass darin eine Chance liegt – wissen aber nicht, wo sie anfangen sollen. Genau hier setze ich an: als Berater, Trainer und Entwickler, mit Blick auf das, was in deinem Alltag wirklich hilft.",
  blocks: [
    {
      title: "KI-Strategie",
      body: [
        "Eine gute KI-Strategie beginnt nicht mit Tools, sondern mit deinen Abläufen. Gemeinsam schauen wir, wo in deinem Unternehmen Zeit verloren geht, welche Aufgaben sich wiederholen und wo KI sinnvoll unterstützen kann – und wo nicht.",
        "Du bekommst eine priorisierte Übersicht mit konkreten Anwendungsfällen, einer Einschätzung von Aufwand und Nutzen und Hinweisen zu Datenschutz und rechtlichem Rahmen wie DSGVO und EU AI Act.",
      ],
      image: {
        src: "/images/services/strategy.svg",
        alt: "Illustration: Kompass mit gestrichelter Route zu einem Ziel",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Tools und praktischer Einsatz",
      body: [
        "Der Markt für KI-Werkzeuge ist unübersichtlich. Ich helfe dir, die passenden Tools auszuwählen, und richte sie so ein, dass sie zu deiner Arbeitsweise passen: Textassistenten für Angebote und Marketing, Transkription für Meetings, Automatisierungen für wiederkehrende Aufgaben.",
        "Dabei geht es mir um den praktischen Einsatz. Wir entwickeln Vorlagen, Prompts und Arbeitsabläufe, die du und dein Team sofort nutzen könnt – und klare Regeln dafür, welche Daten in welches Tool dürfen.",
      ],
      image: {
        src: "/images/services/integrations.svg",
        alt: "Illustration: drei ineinandergreifende Zahnräder mit Steckverbindung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Schulungen und KI-Akademie",
      body: [
        "KI entfaltet ihren Nutzen erst, wenn Menschen sie sicher bedienen. In Workshops und Schulungen – vor Ort oder online – zeige ich deinem Team, wie KI-Tools funktionieren, wo ihre Grenzen liegen und wie man gute Ergebnisse erzielt. Im Mittelpunkt stehen Übungen mit euren eigenen Aufgaben.",
        "Für alle, die dranbleiben wollen, gibt es meine KI-Akademie: Lernmodule, Praxisbeispiele und regelmäßige Updates zu neuen Entwicklungen. So baut ihr Schritt für Schritt die KI-Kompetenz auf, die der EU AI Act von Unternehmen erwartet, die KI einsetzen.",
      ],
      image: {
        src: "/images/services/academy.svg",
        alt: "Illustration: Doktorhut über einem Stapel Bücher",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Kreative KI",
      body: [
        "KI ist auch ein kreatives Werkzeug. Ich zeige dir, wie du mit Bildgeneratoren Ideen sichtbar machst, Moodboards und Entwürfe erstellst, Texte und Konzepte weiterentwickelst oder Stimmen und kurze Videos für Präsentationen erzeugst.",
        "Mir ist dabei wichtig, verantwortungsvoll zu arbeiten: Urheber- und Persönlichkeitsrechte beachten, KI-Inhalte kennzeichnen, wo es angebracht ist, und die eigene Handschrift nicht aus den Augen verlieren. KI liefert Rohmaterial – was daraus wird, entscheidest du.",
      ],
      image: {
        src: "/images/services/design.svg",
        alt: "Illustration: Farbfächer und eine geschwungene Kurve mit Ankerpunkten",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "KI-Entwicklung",
      body: [
        "Wenn fertige Tools nicht reichen, entwickle ich eigene KI-Anwendungen: Chatbots, die auf Grundlage deiner Dokumente antworten, Assistenten, die E-Mails vorsortieren oder Anfragen zusammenfassen, und Schnittstellen, die KI-Funktionen in deine Website, deinen Shop oder deine Software bringen.",
        "Ich arbeite mit den APIs großer Anbieter und, wenn Daten das Haus nicht verlassen sollen, mit Open-Source-Modellen auf eigenen Servern. Am Anfang steht immer ein kleiner Prototyp, mit dem wir prüfen, ob die Idee im Alltag trägt.",
      ],
      image: {
        src: "/images/services/development.svg",
        alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
      },
      link: { to: "/service/technology", text: "Alle Technologien ansehen" },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Lass uns herausfinden, was KI für dich tun kann",
    text: "Oft reicht ein erstes Gespräch, um zwei oder drei Anwendungsfälle zu finden, die sich sofort lohnen. Schreib mir, wo du gerade stehst.",
  },
  showServiceProjects: false,
  meta: {
    title: "KI",
    description:
      "KI-Beratung, Schulungen und Entwicklung: Strategie, passende Tools, praktischer Einsatz im Alltag, KI-Akademie, kreative KI und eigene KI-Anwendungen.",
  },
};
