import type { ServicePage } from "./types";

/** /service – the overview with one block per sub-page (spec §2). */
export const overviewPage: ServicePage = {
  path: "/service",
  name: "Übersicht",
  hero: {
    title: "Meine Services",
    subtitle:
      "Webdesign, Entwicklung, Funnels, Shops, Portale, Erklärvideos und KI – durchdacht geplant, verständlich erklärt und sauber umgesetzt.",
    image: {
      src: "/images/services/launch.svg",
      alt: "Illustration: startende Rakete mit Sternen und Planet",
    },
  },
  intro:
    "Ich bin Coach, Berater und Webentwickler. Das heißt: Ich baue nicht einfach Websites, Shops oder Portale, sondern frage zuerst, was dein Projekt für dich und dein Business leisten soll. Hier findest du alle Leistungen im Überblick – jede mit einer eigenen Seite, auf der ich Ablauf, Technik und typische Fragen genauer erkläre.",
  blocks: [
    {
      title: "Webdesign",
      body: [
        "Deine Website ist oft der erste Eindruck, den Menschen von dir bekommen. Ich plane, konzipiere und gestalte Websites, die deine Persönlichkeit zeigen, auf jedem Gerät gut aussehen und Besucher gezielt zu einer Anfrage führen.",
        "Von der ersten Skizze bis zum Livegang hast du einen festen Ansprechpartner: mich.",
      ],
      image: {
        src: "/images/services/webdesign.svg",
        alt: "Illustration: Browserfenster mit dem Entwurf einer Website",
      },
      link: { to: "/service/webdesign", text: "Mehr zu Webdesign" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Webentwicklung",
      body: [
        "Wenn ein Baukasten an seine Grenzen stößt, beginnt meine Arbeit als Entwickler. Ich programmiere mit PHP, Node.js und React, erweitere WordPress und WooCommerce und entwickle Webanwendungen und mobile Apps, die genau zu deinen Abläufen passen – wartbar, sicher und dokumentiert.",
      ],
      image: {
        src: "/images/services/development.svg",
        alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
      },
      link: { to: "/service/web-development", text: "Mehr zur Webentwicklung" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Funnels",
      body: [
        "Ein Funnel führt Interessenten Schritt für Schritt vom ersten Kontakt bis zur Buchung oder zum Kauf. Gemeinsam planen wir die Strecke, ich entwickle das Konzept mit Seiten, E-Mails und Angeboten und setze alles so um, dass es zuverlässig läuft und messbar ist.",
      ],
      image: {
        src: "/images/services/funnel.svg",
        alt: "Illustration: Trichter aus farbigen Stufen, in den von oben Punkte fallen",
      },
      link: { to: "/service/funnels", text: "Mehr zu Funnels" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Landingpages",
      body: [
        "Eine Landingpage hat genau ein Ziel: Verkauf, Anmeldung oder Bewerbung. Ich baue fokussierte Seiten für Sales, Leadgenerierung und Recruiting – schnell, mobil optimiert, suchmaschinenfreundlich und bereit für A/B-Tests, damit du Entscheidungen auf Basis echter Daten triffst.",
      ],
      image: {
        src: "/images/services/landingpage.svg",
        alt: "Illustration: Landingpage mit Schaltfläche, Vorteilsliste und Anmeldeformular",
      },
      link: { to: "/service/landingpages", text: "Mehr zu Landingpages" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Onlineshops",
      body: [
        "Ob WooCommerce, Shopify oder ein individuell entwickelter Shop: Ich richte deinen Onlineshop so ein, dass Kundinnen und Kunden gern bei dir einkaufen. Dazu gehören sichere Zahlungsanbieter, eine durchdachte mobile Ansicht, saubere SEO-Grundlagen und Marketing-Funktionen, die deinen Verkauf unterstützen.",
      ],
      image: {
        src: "/images/services/shop.svg",
        alt: "Illustration: Einkaufstasche mit Preisschild und Produktpaketen",
      },
      link: { to: "/service/shops", text: "Mehr zu Onlineshops" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Portale",
      body: [
        "Communities, Online-Akademien, Mitgliederbereiche und Eventportale verbinden Menschen mit deinen Inhalten und untereinander. Ich entwickle Portale mit interaktiven Funktionen, binde die Werkzeuge an, die du schon nutzt, und sorge dafür, dass die Plattform mit deiner Community wachsen kann.",
      ],
      image: {
        src: "/images/services/portal.svg",
        alt: "Illustration: Netzwerk aus verbundenen Knotenpunkten rund um ein zentrales Portal",
      },
      link: { to: "/service/portale", text: "Mehr zu Portalen" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Technologien",
      body: [
        "Hinter jedem Projekt steht die passende Technik – nicht die modischste. Auf dieser Seite findest du die Sprachen, Frameworks, Systeme und Werkzeuge, mit denen ich arbeite: vom Frontend über Datenbanken und Hosting bis zu Design-Tools und KI.",
      ],
      image: {
        src: "/images/services/technology.svg",
        alt: "Illustration: Stapel aus vier übereinanderliegenden Ebenen",
      },
      link: { to: "/service/technology", text: "Mehr zu Technologien" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Erklärvideos",
      body: [
        "Manche Dinge versteht man schneller, wenn man sie sieht. Ich produziere Erklärvideos, die dein Angebot, dein Produkt oder einen Ablauf in wenigen Minuten auf den Punkt bringen – vom Konzept über das Drehbuch und den passenden Stil bis zum fertigen Video.",
      ],
      image: {
        src: "/images/services/video.svg",
        alt: "Illustration: Filmstreifen mit Play-Button und Fortschrittsleiste",
      },
      link: { to: "/service/videos", text: "Mehr zu Erklärvideos" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Künstliche Intelligenz",
      body: [
        "KI kann dir Zeit sparen und neue Möglichkeiten eröffnen – wenn sie sinnvoll eingesetzt wird. Ich begleite dich bei der KI-Strategie, der Auswahl passender Tools und dem praktischen Einsatz im Alltag, schule dein Team und entwickle auf Wunsch eigene KI-Lösungen.",
      ],
      image: {
        src: "/images/services/ki.svg",
        alt: "Illustration: neuronales Netz aus verbundenen Punkten",
      },
      link: { to: "/service/ki", text: "Mehr zu KI" },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Nicht sicher, was du brauchst?",
    text: "Erzähl mir in ein paar Sätzen, wo du gerade stehst und wo du hinwillst. Ich melde mich mit einer ehrlichen Einschätzung – auch wenn die Antwort lautet, dass du weniger brauchst als gedacht.",
  },
  showServiceProjects: false,
  meta: {
    title: "Services",
    description:
      "Webdesign, Webentwicklung, Funnels, Landingpages, Onlineshops, Portale, Erklärvideos und KI-Beratung: alle meine Leistungen auf einen Blick.",
  },
};
