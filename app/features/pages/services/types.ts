/** Service pages are data (spec §2 "Service pages"), rendered by one route component. */

/** A paragraph, or a bullet list when given as an array of strings. */
export type ServiceText = string | string[];

export type ServiceImage = {
  /** Site path under /images/services/. */
  src: string;
  /** German alt text describing the image. */
  alt: string;
};

export type ServiceBlock = {
  title: string;
  body: ServiceText[];
  image: ServiceImage;
  /** Optional extra link; shown only when both `to` and `text` are non-empty (spec). */
  link?: { to: string; text: string };
  /** Every block links to /contact with one of the spec's two labels. */
  contactLabel: "Kontakt zu mir" | "Kontakt aufnehmen";
};

export type ServicePage = {
  /** URL path: "/service" for the overview, "/service/<slug>" for a sub-page. */
  path: string;
  /** Short name for menus and the overview's links. */
  name: string;
  /** Hero banner. */
  hero: { title: string; subtitle: string; image: ServiceImage };
  /** Optional lead paragraph under the hero. */
  intro?: string;
  blocks: ServiceBlock[];
  /** Closing call to action ("shared footer/call-to-action block"). */
  callToAction: { title: string; text: string };
  /** Sub-pages except AI and the overview end with the section of service projects (spec). */
  showServiceProjects: boolean;
  /** German <title> part and meta description (120–160 characters). */
  meta: { title: string; description: string };
};
