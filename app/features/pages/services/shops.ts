import type { ServicePage } from "./types";

/** /service/shops – WooCommerce, Shopify, custom shops, payment, mobile, SEO, marketing (spec §2). */
export const shopsPage: ServicePage = {
  path: "/service/shops",
  name: "Onlineshops",
  hero: {
    title: "Onlineshops",
    subtitle:
      "Onlineshops mit WooCommerce, Shopify oder als individuelle Lösung – übersichtlich für deine Kunden, einfach für dich.",
    image: {
      src: "/images/services/shop.svg",
      alt: "Illustration: Einkaufstasche mit Preisschild und Produktpaketen",
    },
  },
  intro:
    "Ein guter Onlineshop fühlt sich für Kundinnen und Kunden leicht an: Produkt finden, Fragen klären, bezahlen, fertig. Damit das so einfach wirkt, muss im Hintergrund vieles stimmen – von der Produktstruktur über Versand und Zahlung bis zu Rechtstexten und Steuern. Ich begleite dich vom ersten Konzept bis zur ersten Bestellung und darüber hinaus.",
  blocks: [
    {
      title: "WooCommerce oder Shopify?",
      body: [
        "Beide Systeme haben ihre Stärken. WooCommerce ist die richtige Wahl, wenn du volle Kontrolle über deine Daten möchtest, schon mit WordPress arbeitest oder Inhalte wie Blog und Ratgeber eng mit dem Shop verbinden willst. Shopify punktet, wenn du schnell starten und dich möglichst wenig um Technik, Updates und Hosting kümmern willst.",
        "Ich berate dich unabhängig und richte das passende System vollständig ein:",
        [
          "Design und Produktseiten, die zu deiner Marke passen",
          "Kategorien, Produktvarianten und Filter",
          "Versandregeln, Steuern und Rechnungen",
          "Rechtstexte und einen Checkout mit den in Deutschland vorgeschriebenen Angaben, etwa dem Button „zahlungspflichtig bestellen“",
        ],
      ],
      image: {
        src: "/images/services/webdesign.svg",
        alt: "Illustration: Browserfenster mit dem Entwurf einer Shop-Startseite",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Individuelle Shops",
      body: [
        "Manche Geschäftsmodelle passen in kein Standardsystem: Produkte, die individuell konfiguriert werden, Abos mit besonderen Regeln, eigene Preise für Geschäftskunden oder ein Shop, der eng mit einer bestehenden Software zusammenarbeiten muss.",
        "Für solche Fälle entwickle ich individuelle Shoplösungen – entweder als Erweiterung von WooCommerce oder als eigene Anwendung mit modernem Frontend und einer passenden Commerce-Plattform im Hintergrund.",
      ],
      image: {
        src: "/images/services/development.svg",
        alt: "Illustration: Code-Editor mit farbigen Codezeilen und einem Symbol aus spitzen Klammern",
      },
      link: { to: "/service/web-development", text: "Mehr zur Webentwicklung" },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Zahlungsanbieter sicher integriert",
      body: [
        "Deine Kundinnen und Kunden sollen so bezahlen können, wie sie es gewohnt sind. Ich binde Zahlungsanbieter wie PayPal, Stripe, Mollie oder Klarna an und richte Zahlarten wie Kreditkarte, SEPA-Lastschrift, Apple Pay oder Kauf auf Rechnung ein.",
        "Dabei achte ich auf einen reibungslosen Ablauf ohne unnötige Zwischenschritte und auf die Sicherheitsanforderungen, die heute selbstverständlich sind – etwa die starke Kundenauthentifizierung bei Kartenzahlungen.",
      ],
      image: {
        src: "/images/services/payment.svg",
        alt: "Illustration: Kreditkarten, Münzstapel und ein Häkchen für die erfolgreiche Zahlung",
      },
      contactLabel: "Kontakt zu mir",
    },
    {
      title: "Mobil und sichtbar in Suchmaschinen",
      body: [
        "Viele Käufe beginnen auf dem Smartphone. Deshalb optimiere ich Produktseiten, Warenkorb und Checkout besonders für kleine Bildschirme: gut erreichbare Schaltflächen, kurze Formulare und schnelle Ladezeiten.",
        "Damit dein Shop gefunden wird, lege ich die SEO-Grundlagen: suchmaschinenfreundliche Kategorie- und Produktseiten, eigene Produktbeschreibungen statt Herstellertexten, strukturierte Daten für Preise und Verfügbarkeit sowie eine saubere technische Basis.",
      ],
      image: {
        src: "/images/services/mobile.svg",
        alt: "Illustration: Smartphone mit App-Ansicht und Benachrichtigung",
      },
      contactLabel: "Kontakt aufnehmen",
    },
    {
      title: "Marketing und laufende Optimierung",
      body: [
        "Ein Shop ist nie ganz fertig. Nach dem Start unterstütze ich dich beim Marketing: Newsletter-Anbindung, Gutscheine, Produktempfehlungen, Erinnerungen an verlassene Warenkörbe und die Anbindung an Google Shopping oder Preisvergleichsportale.",
        "Gemeinsam schauen wir regelmäßig auf die Zahlen – wo brechen Kunden den Kauf ab, welche Produkte laufen gut? – und verbessern den Shop Schritt für Schritt. Ein Shop mit überschaubarem Sortiment ist in der Regel nach vier bis acht Wochen startklar.",
      ],
      image: {
        src: "/images/services/performance.svg",
        alt: "Illustration: steigendes Balkendiagramm mit Trendlinie und Pfeil nach oben",
      },
      contactLabel: "Kontakt zu mir",
    },
  ],
  callToAction: {
    title: "Lass uns deinen Shop planen",
    text: "Ob neuer Shop oder Umzug eines bestehenden: Erzähl mir von deinen Produkten und Plänen. Ich empfehle dir das passende System und einen realistischen Fahrplan.",
  },
  showServiceProjects: true,
  meta: {
    title: "Onlineshops",
    description:
      "Onlineshops mit WooCommerce, Shopify oder individuell entwickelt: sichere Zahlungsanbieter, mobil optimiert, gut auffindbar und bereit fürs Marketing.",
  },
};
