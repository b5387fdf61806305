import type { ServicePage } from "./types";

/** /service/landingpages – sales, leads, recruiting, A/B tests, mobile, SEO, nurturing, performance (spec §2). */
export const landingpagesPage: ServicePage = {
  path: "/service/landingpages",
  name: "Landingpages",
  hero: {
    title: "Landingpages",
    subtitle: "Eine Seite, ein Ziel: fokussierte Landingpages für Verkauf, Leadgenerierung und Recruiting.",
    image: {
      src: "/images/services/landingpage.svg",
      alt: "Illustration: Landingpage mit Schaltfläche, Vorteilsliste und Anmeldeformular",
    },
  },
  intro:
    "Eine Landingpage unterscheidet sich in einem wichtigen Punkt von einer normalen Website: Auf ihr fehlt alles, was ablenkt. Besucher kommen aus einer Anzeige, einem Newsletter oder einem Social-Media-Beitrag und sollen genau eine Sache tun – kaufen, sich eintragen oder sich bewerben. Ich gestalte und entwickle Landingpages, die diese eine Sache so einfach wie möglich machen.",
  blocks: [
    {
      title: "Sales und Leadgenerierung",
      body: [
        "Für den Verkauf eines Produkts, Kurses oder Coachings baue ich Sales-Pages, die Fragen beantworten, bevor sie gestellt werden: Was bekomme ich? Für wen ist das gedacht? Was passiert nach dem Kauf? Eine klare Struktur, ehrliche Argumente und eine gut sichtbare Handlungsaufforderung führen zum Ziel.",
        "Für die Leadgenerierung setze ich auf kurze Formulare und einen echten Mehrwert – etwa einen Leitfaden, eine Checkliste oder einen Platz im Webinar. Je weniger Felder, desto niedriger die Hürde.",
      ],
      image: {
        src: "/images/services/funnel.svg",
        alt: "Illustration: Trichter aus farbigen Stufen, in den von oben Punkte fallen",
      },
      link: { to: "/service/funnels", text: "Mehr zu Funnels" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Recruiting-Landingpages",
      body: [
        "Gute Fachkräfte lesen Stellenanzeigen kritisch. Eine Recruiting-Landingpage zeigt, wie es bei dir wirklich ist: das Team, die Aufgaben, die Arbeitsweise. Statt eines langen Formulars genügt oft eine Bewerbung in wenigen Klicks, zum Beispiel mit Lebenslauf-Upload oder einem kurzen Rückrufwunsch.",
        "Gerade auf dem Smartphone, wo viele Menschen nach Jobs suchen, macht dieser einfache Weg einen großen Unterschied.",
      ],
      image: {
        src: "/images/services/community.svg",
        alt: "Illustration: Menschen in einem Kreis um eine kleine Gruppe mit Herz",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "A/B-Tests und Performance",
      body: [
        "Welche Überschrift überzeugt mehr? Funktioniert die Schaltfläche besser oben oder unten? Statt zu raten, teste ich Varianten gegeneinander und werte aus, welche mehr Anfragen bringt. Voraussetzung dafür ist genug Besucherverkehr – ob sich ein Test lohnt, klären wir vorher.",
        "Genauso wichtig ist die Ladezeit, denn jede Sekunde Warten kostet Aufmerksamkeit. Ich optimiere Bilder, Schriften und Code, damit deine Landingpage auch bei schwacher Mobilverbindung schnell erscheint, und prüfe das Ergebnis mit Werkzeugen wie Lighthouse.",
      ],
      image: {
        src: "/images/services/performance.svg",
        alt: "Illustration: steigendes Balkendiagramm mit Trendlinie und Pfeil nach oben",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Mobil und SEO",
      body: [
        "Viele Besucher sehen deine Landingpage zuerst auf dem Handy. Deshalb entwickle ich nach dem Prinzip Mobile First: große Schaltflächen, gut lesbare Texte und Formulare, die sich ohne Zoomen ausfüllen lassen.",
        "Soll die Seite auch über Suchmaschinen gefunden werden, kümmere ich mich um die SEO-Grundlagen: eine klare Überschriftenstruktur, aussagekräftige Titel und Beschreibungen, strukturierte Daten und sprechende URLs. So ist deine Landingpage nicht nur für Anzeigen, sondern auch für die organische Suche gut aufgestellt.",
      ],
      image: {
        src: "/images/services/mobile.svg",
        alt: "Illustration: Smartphone mit App-Ansicht und Benachrichtigung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Lead Nurturing: Nach dem Eintrag geht es weiter",
      body: [
        "Mit der Anmeldung fängt die Beziehung erst an. Ich verbinde deine Landingpage mit deinem E-Mail-Tool und entwickle mit dir eine Begrüßungsstrecke, die neue Kontakte willkommen heißt, weiteren Nutzen bietet und zur richtigen Zeit auf dein Angebot hinweist.",
        "Eine einzelne Landingpage ist meist in zwei bis drei Wochen fertig – mit Texten, Design und technischer Anbindung.",
      ],
      image: {
        src: "/images/services/coaching.svg",
        alt: "Illustration: Sprechblasen eines Gesprächs und eine Glühbirne",
      },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Du planst eine Kampagne?",
    text: "Dann lass uns über die passende Landingpage sprechen. Schick mir dein Ziel und deinen Zeitplan – ich melde mich mit einem Vorschlag für Aufbau und Ablauf.",
  },
  showServiceProjects: true,
  meta: {
    title: "Landingpages",
    description:
      "Landingpages für Sales, Leadgenerierung und Recruiting: mobil optimiert, schnell, SEO-freundlich, mit A/B-Tests und Lead Nurturing nach dem Eintrag.",
  },
};
