/** A JSON-LD script for search engines (built on the server, see structuredData in site-settings). */
export function StructuredData({ graph }: { graph: object }) {
  // "<" escaped so that no text can close the script element.
  const json = JSON.stringify(graph).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
