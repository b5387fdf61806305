import type { MetaDescriptor } from "react-router";
import { SITE_LAYOUT_ROUTE, type PublicSite } from "./public-site";

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The site layout's data (the owner's public data), once loaded. */
export function siteOf(matches: MetaMatches): PublicSite | undefined {
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE);
  return (layout?.loaderData as { site?: PublicSite } | undefined)?.site;
}

/** The owner's name from the site layout's data, for titles and tags. */
export function ownerNameOf(matches: MetaMatches): string {
  return siteOf(matches)?.ownerName ?? "";
}

/**
 * Title and description of a page, with the owner's name appended to the title; without a title
 * (the home page) the owner's name is the title.
 */
export function pageMeta(matches: MetaMatches, title: string | null, description: string): MetaDescriptor[] {
  const owner = ownerNameOf(matches);
  const fullTitle = !title ? owner : owner && title !== owner ? `${title} | ${owner}` : title;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_DE" },
  ];
}

/** A draft preview is for the owner's eyes: search engines are told to leave it. */
export function previewMeta(preview: boolean): MetaDescriptor[] {
  return preview ? [{ name: "robots", content: "noindex, nofollow" }] : [];
}
