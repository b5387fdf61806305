import type { ServicePage } from "./types";

/** /service/web-development – PHP, Node.js, React, WordPress, WooCommerce, apps (spec §2). */
export const webDevelopmentPage: ServicePage = {
  path: "/service/web-development",
  name: "Webentwicklung",
  hero: {
    title: "Webentwicklung",
    subtitle:
      "Individuelle Lösungen mit PHP, Node.js und React – von der WordPress-Erweiterung bis zur eigenen Webanwendung.",
    image: {
      src: "/images/services/development.svg",
      alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
    },
  },
  intro:
    "Nicht jede Anforderung lässt sich mit einem Plugin oder einem Baukasten lösen. Wenn du eine Funktion brauchst, die es so noch nicht gibt, oder Abläufe automatisieren willst, entwickle ich die passende Lösung. Die Technik wähle ich nach deinem Bedarf aus – nicht nach dem, was gerade im Trend liegt.",
  blocks: [
    {
      title: "PHP und Node.js: solide Backends",
      body: [
        "Im Backend passiert das, was Besucher nicht sehen: Daten speichern, Formulare verarbeiten, E-Mails versenden, Schnittstellen abfragen. PHP ist die Grundlage von WordPress und vielen bewährten Systemen – hier fühle ich mich zu Hause. Für APIs, Echtzeit-Funktionen und moderne Webanwendungen setze ich auf Node.js mit TypeScript.",
        "Typische Aufgaben, die ich für dich übernehme:",
        [
          "REST- und GraphQL-Schnittstellen für Websites und Apps",
          "Anbindung von CRM, Newsletter-Tool oder Buchhaltungssoftware",
          "Automatisierungen, die wiederkehrende Handarbeit übernehmen",
          "Import und Export von Daten, etwa aus Excel-Tabellen",
        ],
      ],
      image: {
        src: "/images/services/integrations.svg",
        alt: "Illustration: drei ineinandergreifende Zahnräder mit Steckverbindung",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "React und Webanwendungen",
      body: [
        "Soll deine Website mehr können als Inhalte anzeigen, wird sie zur Webanwendung: ein Kundenbereich, ein Buchungssystem, ein internes Dashboard oder ein Produktkonfigurator. Für solche Oberflächen nutze ich React – komponentenbasiert, schnell und gut erweiterbar.",
        "Ich beginne mit einem klickbaren Prototyp, damit du früh ausprobieren kannst, ob die Abläufe passen. Danach entwickle ich in kurzen Etappen von ein bis zwei Wochen, jeweils mit einem lauffähigen Zwischenstand, den du testen kannst. So gibt es am Ende keine bösen Überraschungen.",
      ],
      image: {
        src: "/images/services/webdesign.svg",
        alt: "Illustration: Browserfenster mit der Oberfläche einer Webanwendung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "WordPress und WooCommerce",
      body: [
        "WordPress ist für viele Selbstständige die richtige Wahl: flexibel, weit verbreitet und einfach zu pflegen. Ich entwickle eigene Themes, Blöcke und Plugins, passe bestehende Installationen an und räume auch gründlich auf, wenn sich über die Jahre zu viele Erweiterungen angesammelt haben.",
        "Mit WooCommerce wird aus WordPress ein Onlineshop. Ich erweitere WooCommerce um individuelle Produktoptionen, Versandregeln oder Schnittstellen zu Warenwirtschaft und Buchhaltung – sauber als eigenes Plugin, damit Updates nichts kaputtmachen.",
      ],
      image: {
        src: "/images/services/shop.svg",
        alt: "Illustration: Einkaufstasche mit Preisschild und Produktpaketen",
      },
      link: { to: "/service/shops", text: "Mehr zu Onlineshops" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Mobile Apps",
      body: [
        "Manchmal gehört dein Angebot direkt auf das Smartphone deiner Kundinnen und Kunden. Ich entwickle mobile Apps mit React Native sowie Progressive Web Apps, die sich wie native Anwendungen anfühlen – mit Push-Benachrichtigungen, Offline-Funktionen und Zugriff auf Kamera oder Standort.",
        "Vorher prüfen wir gemeinsam, ob es wirklich eine App aus dem Store sein muss. Oft ist eine Progressive Web App der schnellere Weg, denn sie läuft ohne Installation im Browser und lässt sich trotzdem auf dem Startbildschirm ablegen.",
      ],
      image: {
        src: "/images/services/mobile.svg",
        alt: "Illustration: Smartphone mit App-Ansicht und Benachrichtigung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "So arbeite ich: sauber, getestet, dokumentiert",
      body: [
        "Guter Code ist Code, den auch in zwei Jahren noch jemand versteht. Deshalb schreibe ich automatisierte Tests, arbeite mit Versionskontrolle in Git und dokumentiere, wie deine Anwendung aufgebaut ist und wie sie betrieben wird.",
        "Du bekommst den vollständigen Quellcode und alle Zugänge. Es entsteht keine Abhängigkeit von mir – auch wenn ich mich natürlich freue, wenn wir langfristig zusammenarbeiten.",
      ],
      image: {
        src: "/images/services/technology.svg",
        alt: "Illustration: Stapel aus vier übereinanderliegenden Ebenen",
      },
      link: { to: "/service/technology", text: "Alle Technologien ansehen" },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Du hast eine Idee für eine Anwendung?",
    text: "Beschreib mir, was sie können soll. Ich melde mich mit ersten Gedanken zur Umsetzung, zu einem sinnvollen Startumfang und zum zeitlichen Rahmen.",
  },
  showServiceProjects: true,
  meta: {
    title: "Webentwicklung",
    description:
      "Individuelle Webentwicklung mit PHP, Node.js und React: WordPress- und WooCommerce-Erweiterungen, Webanwendungen und mobile Apps, sauber getestet.",
  },
};
