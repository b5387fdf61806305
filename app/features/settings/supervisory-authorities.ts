/** The 16 Länder in their usual order; codes are ISO 3166-2:DE without the "DE-" prefix. */
export const BUNDESLAENDER = [
  { code: "BW", name: "Baden-Württemberg" },
  { code: "BY", name: "Bayern" },
  { code: "BE", name: "Berlin" },
  { code: "BB", name: "Brandenburg" },
  { code: "HB", name: "Bremen" },
  { code: "HH", name: "Hamburg" },
  { code: "HE", name: "Hessen" },
  { code: "MV", name: "Mecklenburg-Vorpommern" },
  { code: "NI", name: "Niedersachsen" },
  { code: "NW", name: "Nordrhein-Westfalen" },
  { code: "RP", name: "Rheinland-Pfalz" },
  { code: "SL", name: "Saarland" },
  { code: "SN", name: "Sachsen" },
  { code: "ST", name: "Sachsen-Anhalt" },
  { code: "SH", name: "Schleswig-Holstein" },
  { code: "TH", name: "Thüringen" },
] as const;

export type BundeslandCode = (typeof BUNDESLAENDER)[number]["code"];

export type SupervisoryAuthority = {
  /** The office's name as the authority writes it, without a leading article ("Der"/"Die"). */
  name: string;
  /** Street of the office itself, never a PO box: the privacy policy says where the authority sits. */
  street: string;
  postalCode: string;
  city: string;
  /** Complaints mostly arrive through the authority's online form, found from here. */
  website: string;
};

/**
 * The authority for the non-public sector (businesses, freelancers) of the Land where the owner has
 * their seat; the privacy policy names it for the right to complain (Art. 77 DSGVO). The owner can
 * name another one in the admin (Einstellungen → Datenschutz-Angaben).
 */
export const SUPERVISORY_AUTHORITIES: Record<BundeslandCode, SupervisoryAuthority> = {
  // Checked in November 2026 against the authorities' own sites, press reports and privacy texts.
  BW: {
    name: "Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg",
    street: "Lautenschlagerstraße 20",
    postalCode: "70173",
    city: "Stuttgart",
    website: "https://www.baden-wuerttemberg.datenschutz.de",
  },
  // Bavaria has two: businesses answer to the Landesamt in Ansbach, not to the Landesbeauftragte
  // (public bodies only).
  BY: {
    name: "Bayerisches Landesamt für Datenschutzaufsicht",
    street: "Promenade 18",
    postalCode: "91522",
    city: "Ansbach",
    website: "https://www.lda.bayern.de",
  },
  BE: {
    name: "Berliner Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Alt-Moabit 59-61",
    postalCode: "10555",
    city: "Berlin",
    website: "https://www.datenschutz-berlin.de",
  },
  BB: {
    name: "Landesbeauftragte für den Datenschutz und für das Recht auf Akteneinsicht Brandenburg",
    street: "Stahnsdorfer Damm 77",
    postalCode: "14532",
    city: "Kleinmachnow",
    website: "https://www.lda.brandenburg.de",
  },
  // In Bremerhaven; since October 2025 in the new building in Georgstraße (before: Arndtstraße 1).
  HB: {
    name: "Landesbeauftragte für Datenschutz und Informationsfreiheit der Freien Hansestadt Bremen",
    street: "Georgstraße 122-124",
    postalCode: "27570",
    city: "Bremerhaven",
    website: "https://www.datenschutz.bremen.de",
  },
  HH: {
    name: "Hamburgische Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Ludwig-Erhard-Straße 22",
    postalCode: "20459",
    city: "Hamburg",
    website: "https://datenschutz-hamburg.de",
  },
  HE: {
    name: "Hessische Beauftragte für Datenschutz und Informationsfreiheit",
    street: "Gustav-Stresemann-Ring 1",
    postalCode: "65189",
    city: "Wiesbaden",
    website: "https://datenschutz.hessen.de",
  },
  // The office is in Werderstraße; for letters the authority names Schloss Schwerin, Lennéstraße 1,
  // 19053 Schwerin.
  MV: {
    name: "Landesbeauftragte für Datenschutz und Informationsfreiheit Mecklenburg-Vorpommern",
    street: "Werderstraße 74a",
    postalCode: "19055",
    city: "Schwerin",
    website: "https://www.datenschutz-mv.de",
  },
  NI: {
    name: "Landesbeauftragte für den Datenschutz Niedersachsen",
    street: "Prinzenstraße 5",
    postalCode: "30159",
    city: "Hannover",
    website: "https://www.lfd.niedersachsen.de",
  },
  NW: {
    name: "Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen",
    street: "Kavalleriestraße 2-4",
    postalCode: "40213",
    city: "Düsseldorf",
    website: "https://www.ldi.nrw.de",
  },
  RP: {
    name: "Landesbeauftragte für den Datenschutz und die Informationsfreiheit Rheinland-Pfalz",
    street: "Hintere Bleiche 34",
    postalCode: "55116",
    city: "Mainz",
    website: "https://www.datenschutz.rlp.de",
  },
  SL: {
    name: "Unabhängiges Datenschutzzentrum Saarland",
    street: "Fritz-Dobisch-Straße 12",
    postalCode: "66111",
    city: "Saarbrücken",
    website: "https://www.datenschutz.saarland.de",
  },
  // In Maternistraße since April 2025 (before: Devrientstraße 5); letters go to Postfach 11 01 32,
  // 01330 Dresden.
  SN: {
    name: "Sächsische Datenschutz- und Transparenzbeauftragte",
    street: "Maternistraße 17",
    postalCode: "01067",
    city: "Dresden",
    website: "https://www.datenschutz.sachsen.de",
  },
  // Moved from Leiterstraße 9 in 2024; older lists still give that address.
  ST: {
    name: "Landesbeauftragte für den Datenschutz Sachsen-Anhalt",
    street: "Otto-von-Guericke-Straße 34a",
    postalCode: "39104",
    city: "Magdeburg",
    website: "https://datenschutz.sachsen-anhalt.de",
  },
  SH: {
    name: "Unabhängiges Landeszentrum für Datenschutz Schleswig-Holstein",
    street: "Holstenstraße 98",
    postalCode: "24103",
    city: "Kiel",
    website: "https://www.datenschutzzentrum.de",
  },
  TH: {
    name: "Thüringer Landesbeauftragte für den Datenschutz und die Informationsfreiheit",
    street: "Häßlerstraße 8",
    postalCode: "99096",
    city: "Erfurt",
    website: "https://www.tlfdi.de",
  },
};

export function authorityFor(code: BundeslandCode): SupervisoryAuthority {
  return SUPERVISORY_AUTHORITIES[code];
}

/** Whether a stored or submitted value is one of the codes. */
export function isBundeslandCode(value: string): value is BundeslandCode {
  return BUNDESLAENDER.some((land) => land.code === value);
}
