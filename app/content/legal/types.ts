/** Legal pages are data: headings and plain-text blocks, rendered by one route. */
export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "list"; items: string[] }
  /** The owner's postal address, phone and e-mail from the site config, rendered obfuscated. */
  | { type: "contact" };

export type LegalSection = { heading: string; blocks: LegalBlock[] };

export type LegalPage = {
  slug: "impressum" | "datenschutz" | "cookies";
  /** The page's h1, exactly as the specification names it. */
  title: string;
  /** German meta description. */
  description: string;
  sections: LegalSection[];
};
