import type { ServicePage } from "./types";

/** /service/portale – communities, academies, conferences, member and event portals (spec §2). */
export const portalePage: ServicePage = {
  path: "/service/portale",
  name: "Portale",
  hero: {
    title: "Portale",
    subtitle:
      "Communities, Akademien und Eventportale: digitale Orte, an denen Menschen lernen, sich austauschen und gemeinsam wachsen.",
    image: {
      src: "/images/services/portal.svg",
      alt: "Illustration: Netzwerk aus verbundenen Knotenpunkten rund um ein zentrales Portal",
    },
  },
  intro:
    "Ein Portal ist mehr als eine Website mit Login. Es ist ein Ort, an den Menschen regelmäßig zurückkehren – weil sie dort lernen, sich vernetzen oder an Veranstaltungen teilnehmen. Ich konzipiere und entwickle Portale, die deine Inhalte gut zugänglich machen und das Miteinander fördern.",
  blocks: [
    {
      title: "Communities und Social Networking",
      body: [
        "Eine eigene Community macht dich unabhängig von den Regeln und Algorithmen großer Plattformen. Ich entwickle Community-Bereiche mit Profilen, Gruppen, Diskussionen und Direktnachrichten – so, dass sich Mitglieder gern beteiligen und du als Betreiber den Überblick behältst.",
        "Dazu gehören Werkzeuge für die Moderation, klare Rollen und Rechte sowie Benachrichtigungen, die informieren, ohne zu nerven.",
      ],
      image: {
        src: "/images/services/community.svg",
        alt: "Illustration: Menschen in einem Kreis um eine kleine Gruppe mit Herz",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Akademien und Mitgliederportale",
      body: [
        "Du möchtest dein Wissen in Kursen weitergeben? In einer Online-Akademie ordne ich deine Inhalte in Kurse, Module und Lektionen – mit Videos, Arbeitsblättern, Quizfragen und Lernfortschritt. Teilnehmende sehen jederzeit, wo sie stehen, und erhalten nach dem Abschluss auf Wunsch ein Zertifikat.",
        "Mitgliederportale verbinden Inhalte mit Zugangsrechten: Je nach Mitgliedschaft sehen Menschen unterschiedliche Bereiche. Bezahlung, Abos und Kündigungen laufen automatisch.",
      ],
      image: {
        src: "/images/services/academy.svg",
        alt: "Illustration: Doktorhut über einem Stapel Bücher",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Online-Konferenzen und Eventportale",
      body: [
        "Für Online-Konferenzen, Kongresse und Veranstaltungsreihen entwickle ich Eventportale mit Programm, Anmeldung, Ticketverkauf und eingebundenem Livestream. Teilnehmende stellen sich ihre persönliche Agenda zusammen, vernetzen sich in virtuellen Räumen und finden die Aufzeichnungen nach der Veranstaltung an einem Ort.",
        "Auch hybride Formate sind möglich: Das Portal begleitet dann eine Präsenzveranstaltung mit Check-in, Raumplan und digitalem Austausch.",
      ],
      image: {
        src: "/images/services/events.svg",
        alt: "Illustration: Kalender mit markierten Terminen und einem Live-Symbol",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Interaktive Funktionen",
      body: [
        "Lebendig wird ein Portal durch Interaktion. Je nach Ziel setze ich zum Beispiel diese Funktionen um:",
        [
          "Live-Chat, Kommentare und Reaktionen",
          "Umfragen, Abstimmungen und Fragerunden",
          "Gamification mit Abzeichen und Fortschrittsanzeigen",
          "Terminbuchung für Einzelgespräche oder Sprechstunden",
        ],
        "Wir wählen gemeinsam aus, was deine Community wirklich nutzt. Wenige, gut gemachte Funktionen sind meist wertvoller als eine lange Liste.",
      ],
      image: {
        src: "/images/services/coaching.svg",
        alt: "Illustration: Sprechblasen eines Gesprächs und eine Glühbirne",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Skalierbarkeit und Drittanbieter-Integrationen",
      body: [
        "Ein Portal soll mit deiner Community wachsen. Ich plane Architektur, Datenbank und Hosting so, dass die Plattform auch bei vielen gleichzeitigen Nutzerinnen und Nutzern stabil bleibt – etwa während eines Live-Events. Caching, sauber strukturierte Daten und automatische Backups gehören selbstverständlich dazu.",
        "Gleichzeitig binde ich die Werkzeuge an, die du bereits nutzt: Zahlungsanbieter, E-Mail-Marketing, CRM, Videoplattformen, Kalender oder Single Sign-on. So entsteht kein isoliertes System, sondern ein Portal, das sich in deinen Arbeitsalltag einfügt.",
        "Größere Portale entwickle ich in Etappen: Ein erster nutzbarer Stand ist oft nach acht bis zwölf Wochen online, weitere Funktionen folgen auf Basis der Rückmeldungen deiner Mitglieder.",
      ],
      image: {
        src: "/images/services/integrations.svg",
        alt: "Illustration: drei ineinandergreifende Zahnräder mit Steckverbindung",
      },
      link: { to: "/service/technology", text: "Alle Technologien ansehen" },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Du willst eine Community aufbauen?",
    text: "Erzähl mir, wen du zusammenbringen möchtest und was die Menschen in deinem Portal erleben sollen. Gemeinsam finden wir den passenden Umfang für den Start.",
  },
  showServiceProjects: true,
  meta: {
    title: "Portale",
    description:
      "Portale für Communities, Online-Akademien, Mitgliederbereiche und Online-Konferenzen: interaktiv, skalierbar und mit deinen Tools verbunden.",
  },
};
