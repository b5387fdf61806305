/** The words of Statistik (/admin/statistik), each written whole, one per meaning. */
export const STATISTICS_MESSAGES = {
  heading: "Besucherstatistik",
  intro:
    "Wie viele Menschen deine Website besuchen, welche Seiten sie lesen, woher sie kommen und welche Besuche zu einer Kontaktanfrage oder Newsletter-Anmeldung führen. Gezählt wird ohne Cookies, ohne Speicher im Gerät und ohne Dienst eines Dritten.",
  off: "Die Besucherstatistik ist ausgeschaltet: Es wird nichts gezählt. Du schaltest sie unter Einstellungen → Besucherstatistik ein.",
  offLink: "Zu den Einstellungen",
  periodLabel: "Zeitraum",
  custom: "Eigener Zeitraum",
  customFrom: "Von",
  customTo: "Bis",
  customShow: "Anzeigen",
  customInvalid: "Bitte gib für den eigenen Zeitraum zwei gültige Daten an (von und bis).",
  customOrder: "Der Beginn des Zeitraums darf nicht nach seinem Ende liegen.",
  customTooLong: "Ein eigener Zeitraum umfasst höchstens zwei Jahre.",
  live: "Gerade auf der Website",
  liveHint: "Besucher in den letzten 5 Minuten",
  previous: "Vorzeitraum",
  previousNew: "neu",
  chart: "Besucher und Seitenaufrufe im Verlauf",
  chartTable: "Werte des Diagramms",
  chartColumns: { hour: "Stunde", day: "Tag", month: "Monat" },
  visitors: "Besucher",
  views: "Seitenaufrufe",
  conversions: "Conversions",
  conversionRate: "Conversion-Rate",
  conversionsHint:
    "Conversions sind gespeicherte Kontaktanfragen, bestätigte Newsletter-Anmeldungen und Klicks auf Links zu anderen Websites (etwa „Zur Webseite“ eines Projekts).",
  visitorsHint:
    "Ein Besucher wird nur innerhalb eines Tages wiedererkannt: Über mehrere Tage ist die Zahl die Summe der Besucher jedes Tages.",
  empty: "Noch keine Daten in diesem Zeitraum.",
  direct: "Direkt / unbekannt",
  addresses: "Vollständige Adressen",
  lists: {
    page: "Seiten",
    entry: "Einstiegsseiten",
    referrer: "Herkunft",
    referrer_url: "Herkunft (vollständige Adresse)",
    utm_source: "Kampagnen: Quelle (utm_source)",
    utm_medium: "Kampagnen: Medium (utm_medium)",
    utm_campaign: "Kampagnen: Name (utm_campaign)",
    screen: "Geräte",
    browser: "Browser",
    os: "Betriebssysteme",
    not_found: "Nicht gefundene Adressen (404)",
    conversion: "Conversions nach Art",
    outbound: "Klicks auf Links zu anderen Websites",
  },
  conversionKinds: {
    contact: "Kontaktanfragen",
    newsletter: "Newsletter-Anmeldungen (bestätigt)",
    outbound: "Klicks auf Links zu anderen Websites",
  } as Record<string, string>,
  outboundNote:
    "Klicks auf Links zu anderen Websites meldet der Browser selbst. Ohne JavaScript tun das Chrome, Edge und Safari, Firefox nicht.",
  outboundInvalid: "Diese Adresse führt zu keiner anderen Website: Der Klick wurde nicht gezählt.",
  countriesNote:
    "Länder zeigt die Statistik nicht: Sie ließen sich nur mit der IP-Adresse oder einem fremden Dienst bestimmen, und beides nutzt die Website nicht.",
} as const;

export const PERIODS = [
  { key: "heute", label: "Heute", days: 1 },
  { key: "7-tage", label: "7 Tage", days: 7 },
  { key: "30-tage", label: "30 Tage", days: 30 },
  { key: "12-monate", label: "12 Monate", days: 365 },
] as const;

export type PeriodKey = (typeof PERIODS)[number]["key"];
export const DEFAULT_PERIOD: PeriodKey = "30-tage";
/** `?zeitraum=eigener&von=YYYY-MM-DD&bis=YYYY-MM-DD`: at most MAX_CUSTOM_DAYS days. */
export const CUSTOM_PERIOD = "eigener";
export const MAX_CUSTOM_DAYS = 731;

/** The four headline figures. */
export type Headline = { visitors: number; views: number; conversions: number; rate: number };

/** The chart's bars: per hour of one day, per day, or per month. */
export type ChartUnit = "hour" | "day" | "month";
export type ChartPoint = { bucket: string; views: number; visitors: number; conversions: number };

/** A bar's label: "14 Uhr", "27.11.", "Nov. 2026". */
export function bucketLabel(unit: ChartUnit, bucket: string): string {
  if (unit === "hour") return `${Number(bucket.slice(11, 13))} Uhr`;
  if (unit === "day") return `${bucket.slice(8, 10)}.${bucket.slice(5, 7)}.`;
  return new Date(`${bucket}-15T12:00:00Z`).toLocaleDateString("de-DE", { month: "short", year: "numeric" });
}

/** "27.11.2026" of a day "2026-11-27". */
export const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/**
 * The change against the period before, as shown beside a figure: "+12 %", "−3 %", "±0 %", or
 * "neu" when the period before had none.
 */
export function changeOf(now: number, before: number): string {
  if (before === 0) return now === 0 ? "±0 %" : STATISTICS_MESSAGES.previousNew;
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return "±0 %";
  return `${change > 0 ? "+" : "−"}${Math.abs(change).toLocaleString("de-DE")} %`;
}

/** "1 Seitenaufruf", "12 Seitenaufrufe": a count with its word. */
export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString("de-DE")} ${n === 1 ? one : many}`;

/** The top lists of Statistik, in the order shown: the dimensions of the daily totals. */
export const LIST_DIMENSIONS = [
  "page",
  "entry",
  "referrer",
  "referrer_url",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "screen",
  "browser",
  "os",
  "not_found",
  "conversion",
  "outbound",
] as const;
export type ListDimension = (typeof LIST_DIMENSIONS)[number];
/** Lists of conversions: ranked and shared by conversions, not views. */
export const CONVERSION_LISTS: readonly ListDimension[] = ["conversion", "outbound"];

export type ListEntry = {
  label: string;
  views: number;
  visitors: number;
  conversions: number;
  share: number;
  /** A referring site's full addresses (the drill-down of "Herkunft"), shared by its views. */
  addresses?: ListEntry[];
};

/** The lists shown on their own: the full referrer addresses are shown under their site. */
export const SHOWN_LISTS = LIST_DIMENSIONS.filter(
  (dimension): dimension is ShownList => dimension !== "referrer_url",
);
export type ShownList = Exclude<ListDimension, "referrer_url">;

/**
 * The words of the weekly report, the mail to the notification address on Monday mornings
 * (weekly-report.server.ts), each written whole, one per meaning.
 */
export const WEEKLY_REPORT_MESSAGES = {
  subject: (visitors: string, conversions: string) =>
    `Deine Website letzte Woche: ${visitors}, ${conversions}`,
  greeting: "Hallo,",
  intro: (week: number, range: string) =>
    `so lief deine Website letzte Woche (KW ${week}, ${range}), verglichen mit der Woche davor:`,
  contacts: "davon Kontaktanfragen",
  signUps: "davon Newsletter-Anmeldungen",
  clicks: "davon Klicks auf andere Websites",
  previous: "Vorwoche",
  points: "Prozentpunkte",
  topPages: "Meistbesuchte Seiten",
  topSources: "Woher die Besuche kamen",
  none: "keine",
  dashboard: (url: string) => `Alle Zahlen und weitere Listen findest du unter ${url}`,
  note: "Gezählt wird ohne Cookies. Ein Besucher wird nur innerhalb eines Tages wiedererkannt: Über die Woche ist die Zahl die Summe der Besucher jedes Tages. Conversions sind gespeicherte Kontaktanfragen, bestätigte Newsletter-Anmeldungen und Klicks auf Links zu anderen Websites.",
  switchOff: "Den Wochenbericht schaltest du unter Einstellungen → Besucherstatistik ab.",
} as const;
