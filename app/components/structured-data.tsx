import { site } from "~/content/site";
/** Structured data for search engines: the person and the professional service. */
export function StructuredData({ origin }: { origin: string }) {
  const { owner, contact } = site;
  // No e-mail address or phone number here: they stay out of the HTML (see obfuscated-contact).
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Person",
        "@id": `${origin}/#person`,
        name: owner.name,
        jobTitle: owner.profession,
        url: origin,
      },
      {
        "@type": "ProfessionalService",
        "@id": `${origin}/#service`,
        name: site.brand,
        url: origin,
        founder: { "@id": `${origin}/#person` },
        address: {
          "@type": "PostalAddress",
          streetAddress: contact.address.street,
          postalCode: contact.address.postalCode,
          addressLocality: contact.address.city,
          addressCountry: "DE",
        },
        areaServed: "DE",
        knowsLanguage: "de",
      },
    ],
  };
  // "<" escaped so that no text can close the script element.
  const json = JSON.stringify(graph).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
