import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

/** Title and description of a page, with the owner's name appended to the title. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  const fullTitle = title === site.owner.name ? title : `${title} | ${site.owner.name}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "de_DE" },
  ];
}
