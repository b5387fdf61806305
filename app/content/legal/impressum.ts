import { site } from "~/content/site";
import type { LegalPage } from "./types";

const { owner, contact } = site;
const { address } = contact;

export const impressum: LegalPage = {
  slug: "impressum",
  title: "Impressum",
  description: `Impressum von ${owner.name}: Angaben nach § 5 DDG, Kontakt, Umsatzsteuer-ID, Verantwortlicher nach MStV sowie Hinweise zu Haftung und Urheberrecht.`,
  sections: [
    {
      heading: "Angaben gemäß § 5 DDG",
      blocks: [
        { type: "p", text: owner.name },
        { type: "p", text: `${owner.profession} (freiberuflich tätig)` },
        { type: "contact" },
      ],
    },
    {
      heading: "Kontakt",
      blocks: [
        {
          type: "p",
          text: `Sie erreichen mich telefonisch unter ${contact.phone.display} oder per E-Mail an die oben genannte Adresse. Alternativ können Sie das Kontaktformular auf dieser Website nutzen.`,
        },
      ],
    },
    ...(owner.vatId
      ? [
          {
            heading: "Umsatzsteuer-ID",
            blocks: [
              {
                type: "p" as const,
                text: `Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${owner.vatId}`,
              },
            ],
          },
        ]
      : []),
    {
      heading: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
      blocks: [
        {
          type: "p",
          text: `${owner.name}, ${address.street}, ${address.postalCode} ${address.city}`,
        },
      ],
    },
    {
      heading: "EU-Streitschlichtung",
      blocks: [
        {
          type: "p",
          text: "Die frühere Plattform der Europäischen Kommission zur Online-Streitbeilegung (OS-Plattform) wurde mit Aufhebung der Verordnung (EU) Nr. 524/2013 im Juli 2025 eingestellt. Ein Hinweis auf die Plattform entfällt daher.",
        },
      ],
    },
    {
      heading: "Verbraucherstreitbeilegung",
      blocks: [
        {
          type: "p",
          text: "Ich bin nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle im Sinne des Verbraucherstreitbeilegungsgesetzes (VSBG) teilzunehmen (§ 36 VSBG).",
        },
        {
          type: "p",
          text: "Bei Fragen oder Meinungsverschiedenheiten wenden Sie sich bitte direkt an mich – in den allermeisten Fällen lässt sich gemeinsam eine gute Lösung finden.",
        },
      ],
    },
    {
      heading: "Haftung für Inhalte",
      blocks: [
        {
          type: "p",
          text: "Die Inhalte dieser Website habe ich mit größter Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität der Inhalte kann ich jedoch keine Gewähr übernehmen.",
        },
        {
          type: "p",
          text: "Als Diensteanbieter bin ich für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Nach Art. 8 der Verordnung (EU) 2022/2065 (Digital Services Act) in Verbindung mit § 7 Abs. 1 DDG bin ich jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.",
        },
        {
          type: "p",
          text: "Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen Gesetzen bleiben hiervon unberührt. Eine diesbezügliche Haftung ist jedoch erst ab dem Zeitpunkt der Kenntnis einer konkreten Rechtsverletzung möglich. Sobald mir entsprechende Rechtsverletzungen bekannt werden, entferne ich diese Inhalte umgehend.",
        },
      ],
    },
    {
      heading: "Haftung für Links",
      blocks: [
        {
          type: "p",
          text: "Diese Website enthält Links zu externen Websites Dritter, auf deren Inhalte ich keinen Einfluss habe. Deshalb kann ich für diese fremden Inhalte auch keine Gewähr übernehmen. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter oder Betreiber der Seiten verantwortlich.",
        },
        {
          type: "p",
          text: "Die verlinkten Seiten habe ich zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren zu diesem Zeitpunkt nicht erkennbar. Eine permanente inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte einer Rechtsverletzung jedoch nicht zumutbar. Sobald mir Rechtsverletzungen bekannt werden, entferne ich derartige Links umgehend.",
        },
      ],
    },
    {
      heading: "Urheberrecht",
      blocks: [
        {
          type: "p",
          text: "Die von mir erstellten Inhalte und Werke auf dieser Website – insbesondere Texte, Fotos, Grafiken und Quellcode – unterliegen dem deutschen Urheberrecht. Die Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb der Grenzen des Urheberrechts bedürfen meiner vorherigen schriftlichen Zustimmung. Downloads und Kopien dieser Seite sind nur für den privaten, nicht kommerziellen Gebrauch gestattet.",
        },
        {
          type: "p",
          text: "Soweit Inhalte auf dieser Seite nicht von mir erstellt wurden, werden die Urheberrechte Dritter beachtet und Inhalte Dritter als solche gekennzeichnet. Sollten Sie trotzdem auf eine Urheberrechtsverletzung aufmerksam werden, bitte ich um einen entsprechenden Hinweis. Sobald mir Rechtsverletzungen bekannt werden, entferne ich derartige Inhalte umgehend.",
        },
      ],
    },
  ],
};
