import type { ServicePage } from "./types";

/** /service/videos – explainer videos: concept, script, style, production, use cases (spec §2). */
export const videosPage: ServicePage = {
  path: "/service/videos",
  name: "Erklärvideos",
  hero: {
    title: "Erklärvideos",
    subtitle:
      "Komplexes einfach zeigen: Erklärvideos, die dein Angebot in wenigen Minuten verständlich machen.",
    image: {
      src: "/images/services/video.svg",
      alt: "Illustration: Filmstreifen mit Play-Button und Fortschrittsleiste",
    },
  },
  intro:
    "Ein gutes Erklärvideo beantwortet eine Frage, bevor jemand sie stellt. Es zeigt, wie dein Produkt funktioniert, warum dein Angebot hilft oder wie ein Ablauf gedacht ist – kurz, anschaulich und in deiner Sprache. Ich begleite dich von der ersten Idee bis zur fertigen Videodatei, die du überall einsetzen kannst.",
  blocks: [
    {
      title: "Konzept: die eine Botschaft finden",
      body: [
        "Jedes Video braucht eine klare Kernbotschaft. Im Konzeptgespräch klären wir, wen das Video erreichen soll, was die Zuschauer danach wissen oder tun sollen und wo es eingesetzt wird. Daraus ergibt sich auch die Länge – meist zwischen einer und drei Minuten.",
        "Als Coach helfe ich dir, dein Thema auf das Wesentliche zu verdichten. Oft ist genau das der wertvollste Teil der ganzen Produktion.",
      ],
      image: {
        src: "/images/services/strategy.svg",
        alt: "Illustration: Kompass mit gestrichelter Route zu einem Ziel",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Drehbuch und Storyboard",
      body: [
        "Auf Grundlage des Konzepts schreibe ich das Drehbuch: den gesprochenen Text, abgestimmt auf die Bilder, die dazu erscheinen. Gute Erklärvideos erzählen eine kleine Geschichte – mit einer Ausgangslage, die deine Zielgruppe kennt, und einer Lösung, die sie überzeugt.",
        "Anschließend zeigt ein Storyboard Szene für Szene, wie das Video aussehen wird. Du gibst Text und Storyboard frei, bevor die aufwendige Produktion beginnt.",
      ],
      image: {
        src: "/images/services/concept.svg",
        alt: "Illustration: Skizze einer Ablaufstruktur mit Haftnotizen und Bleistift",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Der passende Stil",
      body: [
        "Der Stil prägt, wie dein Video wirkt. Gemeinsam wählen wir aus, was zu deiner Marke und deinem Publikum passt:",
        [
          "Flat-Design-Animation: modern, klar und vielseitig",
          "Whiteboard-Video: Eine Hand zeichnet die Geschichte Strich für Strich",
          "Motion Graphics: Schrift, Formen und Daten in Bewegung",
          "Screencast: Software und Abläufe direkt am Bildschirm gezeigt",
          "Mischformen mit realen Aufnahmen von dir",
        ],
      ],
      image: {
        src: "/images/services/design.svg",
        alt: "Illustration: Farbfächer und eine geschwungene Kurve mit Ankerpunkten",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Produktion: Animation, Stimme und Musik",
      body: [
        "In der Produktion entstehen Illustrationen und Animationen in deinen Markenfarben. Für die Sprachaufnahme arbeite ich mit professionellen Sprecherinnen und Sprechern oder nehme auf Wunsch deine eigene Stimme auf. Musik und Geräusche verwende ich nur mit gültiger Lizenz.",
        "Zur ersten Fassung gibst du Feedback; wie viele Korrekturschleifen enthalten sind, legen wir vorab fest. Am Ende bekommst du das Video in den Formaten, die du brauchst – etwa im Querformat für deine Website und im Hochformat für Social Media, auf Wunsch mit Untertiteln. Von der Idee bis zum fertigen Video vergehen in der Regel drei bis sechs Wochen.",
      ],
      image: {
        src: "/images/services/integrations.svg",
        alt: "Illustration: drei ineinandergreifende Zahnräder mit Steckverbindung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Einsatzbereiche",
      body: [
        "Erklärvideos wirken überall dort, wo Menschen schnell verstehen sollen, worum es geht:",
        [
          "auf der Startseite oder einer Landingpage, um dein Angebot vorzustellen",
          "in Social Media und Anzeigen",
          "im Vertrieb, als Begleitung zu Angeboten und Präsentationen",
          "beim Onboarding neuer Kundinnen, Kunden oder Mitarbeitender",
          "in Onlinekursen und Schulungen",
          "im Support, um wiederkehrende Fragen zu beantworten",
        ],
      ],
      image: {
        src: "/images/services/mobile.svg",
        alt: "Illustration: Smartphone mit App-Ansicht und Benachrichtigung",
      },
      link: { to: "/service/landingpages", text: "Mehr zu Landingpages" },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Welche Frage soll dein Video beantworten?",
    text: "Schreib mir, was du erklären möchtest und für wen. Ich melde mich mit einer ersten Idee für Stil, Länge und Ablauf.",
  },
  showServiceProjects: true,
  meta: {
    title: "Erklärvideos",
    description:
      "Erklärvideos, die dein Angebot verständlich machen: Konzept, Drehbuch, passender Stil und Produktion mit Animation, Sprecherstimme und Musik.",
  },
};
