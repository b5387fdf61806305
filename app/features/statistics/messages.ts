/** The words of Statistik (/admin/statistik), each written whole, one per meaning. */
export const STATISTICS_MESSAGES = {
  heading: "Besucherstatistik",
  intro:
    "Wie viele Menschen deine Website besuchen, welche Seiten sie lesen, woher sie kommen und welche Besuche zu einer Kontaktanfrage oder Newsletter-Anmeldung führen. Gezählt wird ohne Cookies, ohne Speicher im Gerät und ohne Dienst eines Dritten.",
  off: "Die Besucherstatistik ist ausgeschaltet: Es wird nichts gezählt. Du schaltest sie unter Einstellungen → Besucherstatistik ein.",
  offLink: "Zu den Einstellungen",
  periodLabel: "Zeitraum",
  visitors: "Besucher",
  views: "Seitenaufrufe",
  conversions: "Conversions",
  conversionRate: "Conversion-Rate",
  conversionsHint: "Conversions sind gespeicherte Kontaktanfragen und bestätigte Newsletter-Anmeldungen.",
  visitorsHint:
    "Ein Besucher wird nur innerhalb eines Tages wiedererkannt: Über mehrere Tage ist die Zahl die Summe der Besucher jedes Tages.",
  empty: "Noch keine Daten in diesem Zeitraum.",
  direct: "Direkt / unbekannt",
  lists: {
    page: "Seiten",
    entry: "Einstiegsseiten",
    referrer: "Herkunft",
    referrer_url: "Herkunft (vollständige Adresse)",
    utm_source: "Kampagnen: Quelle (utm_source)",
    utm_medium: "Kampagnen: Medium (utm_medium)",
    utm_campaign: "Kampagnen: Name (utm_campaign)",
    browser: "Browser",
    os: "Betriebssysteme",
    not_found: "Nicht gefundene Adressen (404)",
  },
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
  "browser",
  "os",
  "not_found",
] as const;
export type ListDimension = (typeof LIST_DIMENSIONS)[number];

export type ListEntry = {
  label: string;
  views: number;
  visitors: number;
  conversions: number;
  share: number;
};

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
  previous: "Vorwoche",
  new: "neu",
  points: "Prozentpunkte",
  topPages: "Meistbesuchte Seiten",
  topSources: "Woher die Besuche kamen",
  none: "keine",
  dashboard: (url: string) => `Alle Zahlen und weitere Listen findest du unter ${url}`,
  note: "Gezählt wird ohne Cookies. Ein Besucher wird nur innerhalb eines Tages wiedererkannt: Über die Woche ist die Zahl die Summe der Besucher jedes Tages. Conversions sind gespeicherte Kontaktanfragen und bestätigte Newsletter-Anmeldungen.",
  switchOff: "Den Wochenbericht schaltest du unter Einstellungen → Besucherstatistik ab.",
} as const;
