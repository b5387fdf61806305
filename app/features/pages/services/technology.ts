import type { ServicePage } from "./types";

/** /service/technology – the long list of technologies and skills, grouped (spec §2). */
export const technologyPage: ServicePage = {
  path: "/service/technology",
  name: "Technologien",
  hero: {
    title: "Technologien",
    subtitle:
      "Die Sprachen, Frameworks und Werkzeuge, mit denen ich deine Projekte umsetze – ausgewählt nach Nutzen, nicht nach Trend.",
    image: {
      src: "/images/services/technology.svg",
      alt: "Illustration: Stapel aus vier übereinanderliegenden Ebenen",
    },
  },
  intro:
    "Technik ist für mich Mittel zum Zweck. Ich setze auf bewährte, gut dokumentierte Werkzeuge mit einer aktiven Community, damit deine Lösung auch in einigen Jahren noch gewartet werden kann – von mir oder von jemand anderem. Hier findest du einen Überblick über die Technologien und Fähigkeiten, mit denen ich regelmäßig arbeite.",
  blocks: [
    {
      title: "Frontend",
      body: [
        "Im Frontend entsteht alles, was Besucher sehen und bedienen. Mein Schwerpunkt liegt auf schnellen, barrierearmen Oberflächen, die auf jedem Gerät funktionieren.",
        [
          "HTML5 und CSS3, semantisch und barrierearm nach WCAG",
          "JavaScript und TypeScript",
          "React, React Router und Next.js",
          "Vue.js und Nuxt",
          "Tailwind CSS und Sass",
          "React Native und Progressive Web Apps",
          "Vite und moderne Build-Werkzeuge",
        ],
      ],
      image: {
        src: "/images/services/webdesign.svg",
        alt: "Illustration: Browserfenster mit dem Entwurf einer Website",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Backend und Datenbanken",
      body: [
        "Im Backend laufen Logik, Schnittstellen und Daten zusammen. Sprache und Datenbank wähle ich passend zur Größe des Projekts und zu dem Team, das es später betreut.",
        [
          "PHP, auch mit Laravel",
          "Node.js mit TypeScript, Express und Hono",
          "REST- und GraphQL-APIs",
          "PostgreSQL und MySQL/MariaDB",
          "SQLite für kleine, schlanke Anwendungen",
          "Redis für Caching und Warteschlangen",
          "ORMs wie Drizzle und Prisma",
          "Supabase und Firebase als Backend-Dienste",
        ],
      ],
      image: {
        src: "/images/services/development.svg",
        alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
      },
      link: { to: "/service/web-development", text: "Mehr zur Webentwicklung" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "CMS und E-Commerce",
      body: [
        "Für Websites und Shops, die du selbst pflegen willst, nutze ich bewährte Systeme und erweitere sie, wo es nötig ist.",
        [
          "WordPress mit eigenen Themes, Blöcken und Plugins",
          "WooCommerce",
          "Shopify mit Theme-Anpassungen",
          "Headless-CMS wie Strapi und Sanity",
          "Mitgliederbereiche und Lernplattformen auf WordPress-Basis",
          "Zahlungsanbieter wie Stripe, PayPal, Mollie und Klarna",
        ],
      ],
      image: {
        src: "/images/services/shop.svg",
        alt: "Illustration: Einkaufstasche mit Preisschild und Produktpaketen",
      },
      link: { to: "/service/shops", text: "Mehr zu Onlineshops" },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "DevOps und Hosting",
      body: [
        "Eine Anwendung ist erst fertig, wenn sie zuverlässig läuft. Ich kümmere mich um Auslieferung, Betrieb und Sicherheit – bevorzugt bei Hostern mit Rechenzentren in der EU.",
        [
          "Git, GitHub und GitLab",
          "CI/CD mit GitHub Actions",
          "Docker und Docker Compose",
          "Linux-Server mit Nginx oder Caddy",
          "Vercel, Netlify und klassisches Webhosting",
          "Monitoring, Backups und automatische Updates",
          "automatisierte Tests mit Vitest und Playwright",
        ],
      ],
      image: {
        src: "/images/services/launch.svg",
        alt: "Illustration: startende Rakete mit Sternen und Planet",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Design und Tools",
      body: [
        "Gestaltung und Planung gehören für mich zur Entwicklung dazu. Diese Werkzeuge nutze ich für Entwürfe, Grafiken, Analyse und die Zusammenarbeit mit dir:",
        [
          "Figma für Wireframes, Designs und klickbare Prototypen",
          "Affinity Designer und Photoshop für Grafiken",
          "Designsysteme und Komponentenbibliotheken",
          "Lighthouse und PageSpeed Insights für Performance-Analysen",
          "Matomo für datenschutzfreundliche Besucherstatistiken",
          "Notion, Trello und Miro für Planung und Abstimmung",
        ],
      ],
      image: {
        src: "/images/services/design.svg",
        alt: "Illustration: Farbfächer und eine geschwungene Kurve mit Ankerpunkten",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Künstliche Intelligenz",
      body: [
        "KI-Werkzeuge nutze ich selbst jeden Tag und baue sie in Projekte ein, wo sie echten Nutzen bringen.",
        [
          "ChatGPT, Claude und Gemini für Text, Recherche und Analyse",
          "die APIs von OpenAI und Anthropic in eigenen Anwendungen",
          "Retrieval-Augmented Generation (RAG) mit eigenen Wissensdatenbanken",
          "Automatisierung mit n8n und Make",
          "Bild- und Videogenerierung für kreative Projekte",
          "lokale Open-Source-Modelle, wenn Daten das Haus nicht verlassen sollen",
        ],
      ],
      image: {
        src: "/images/services/ki.svg",
        alt: "Illustration: neuronales Netz aus verbundenen Punkten",
      },
      link: { to: "/service/ki", text: "Mehr zu KI" },
      contactLabel: "Kontakt aufnehmen",
    },
  ],
  callToAction: {
    title: "Passt meine Technik zu deinem Projekt?",
    text: "Du arbeitest schon mit einem bestimmten System oder hast Vorgaben aus deinem Unternehmen? Sprich mich an – oft finde ich einen Weg, der an das Bestehende anknüpft.",
  },
  showServiceProjects: true,
  meta: {
    title: "Technologien",
    description:
      "Technologien und Skills für deine Projekte: React, TypeScript, PHP, Node.js, WordPress, WooCommerce, Shopify, PostgreSQL, Docker, Figma und KI-Tools.",
  },
};
