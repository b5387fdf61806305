/**
 * Where a visit that led to a conversion came from: its entry page, external referrer (host and
 * path, none for a direct visit) and UTM parameters. Stored with a contact request while
 * statistics are on, shown on its detail as "Kam über: www.google.de → /service/webdesign".
 */
export type VisitSource = {
  entry: string;
  referrer: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
};

/** "www.google.de/search → /about · Kampagne: herbst (newsletter, email)" */
export function visitSourceText({ entry, referrer, source, medium, campaign }: VisitSource): string {
  const utm = [source, medium].filter(Boolean).join(", ");
  const campaignText = campaign
    ? ` · Kampagne: ${campaign}${utm ? ` (${utm})` : ""}`
    : utm
      ? ` · ${utm}`
      : "";
  return `${referrer ?? "Direkt / unbekannt"} → ${entry}${campaignText}`;
}
