import {
  companyLine,
  filled,
  list,
  ownerAddressLines,
  p,
  type LegalContext,
  type LegalPage,
  type LegalSection,
} from "./types";

/** Legal forms whose business is a company of its own, represented by the owner. */
const REPRESENTED = /\b(GmbH|UG|AG|KG|OHG|GbR|PartG|e\.\s?V\.|eG|SE|KGaA|Ltd\.?)\b/;

const section = (heading: string, ...blocks: LegalSection["blocks"]): LegalSection => ({ heading, blocks });

/** The Impressum (§ 5 DDG, § 18 Abs. 2 MStV), with a section only for what the owner has filled in. */
export function impressum({ settings }: LegalContext): LegalPage {
  const { owner } = settings;
  const company = companyLine(settings);
  const represented = Boolean(company) && REPRESENTED.test(`${owner.legalForm} ${owner.companyName}`);
  const freelance = !owner.legalForm || /freiberuf/i.test(owner.legalForm);
  const responsibleAddress = owner.responsibleAddress || `${owner.street}, ${owner.postalCode} ${owner.city}`;
  return {
    slug: "impressum",
    title: "Impressum",
    description: `Impressum von ${company || owner.name}: Angaben nach § 5 DDG, Kontakt, ${owner.vatId ? "Umsatzsteuer-ID, " : ""}Verantwortlicher nach MStV sowie Hinweise zu Haftung und Urheberrecht.`,
    sections: [
      section(
        "Angaben gemäß § 5 DDG",
        ...filled(
          represented ? company : owner.name,
          represented ? `Vertreten durch: ${owner.name}` : company,
          freelance ? `${owner.profession} (freiberuflich tätig)` : owner.profession,
        ).map(p),
        {
          type: "contact",
          lines: represented
            ? filled(company, ...ownerAddressLines(settings).slice(1))
            : ownerAddressLines(settings),
        },
      ),
      section(
        "Kontakt",
        p(
          owner.phone
            ? `Du erreichst mich telefonisch unter ${owner.phone} oder per E-Mail an die oben genannte Adresse. Alternativ kannst du das Kontaktformular auf dieser Website nutzen.`
            : "Du erreichst mich per E-Mail an die oben genannte Adresse. Alternativ kannst du das Kontaktformular auf dieser Website nutzen.",
        ),
      ),
      ...(owner.vatId
        ? [
            section(
              "Umsatzsteuer-ID",
              p(`Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${owner.vatId}`),
            ),
          ]
        : []),
      ...(owner.economicId
        ? [
            section(
              "Wirtschafts-Identifikationsnummer",
              p(`Wirtschafts-Identifikationsnummer gemäß § 139c Abgabenordnung: ${owner.economicId}`),
            ),
          ]
        : []),
      ...(owner.registerCourt
        ? [
            section(
              "Registereintrag",
              list(`Registergericht: ${owner.registerCourt}`, `Registernummer: ${owner.registerNumber}`),
            ),
          ]
        : []),
      ...(owner.chamber
        ? [
            section(
              "Berufsrechtliche Angaben",
              list(
                `Zuständige Kammer: ${owner.chamber}`,
                `Gesetzliche Berufsbezeichnung: ${owner.professionTitle}`,
                `Verliehen in: ${owner.professionCountry}`,
              ),
              p(`Es gelten folgende berufsrechtliche Regelungen: ${owner.professionRules}`),
              { type: "link", label: "Die Regelungen sind einsehbar unter:", href: owner.professionRulesUrl },
            ),
          ]
        : []),
      section(
        "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
        p(`${owner.responsibleName || owner.name}, ${responsibleAddress}`),
      ),
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
            text: "Bei Fragen oder Meinungsverschiedenheiten wende dich bitte direkt an mich – in den allermeisten Fällen lässt sich gemeinsam eine gute Lösung finden.",
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
            text: "Soweit Inhalte auf dieser Seite nicht von mir erstellt wurden, werden die Urheberrechte Dritter beachtet und Inhalte Dritter als solche gekennzeichnet. Solltest du trotzdem auf eine Urheberrechtsverletzung aufmerksam werden, bitte ich um einen entsprechenden Hinweis. Sobald mir Rechtsverletzungen bekannt werden, entferne ich derartige Inhalte umgehend.",
          },
        ],
      },
    ],
  };
}
