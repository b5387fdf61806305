import {
  CONTROL_CHARACTERS_MESSAGE,
  PLAIN_TEXT,
  SINGLE_LINE,
  SINGLE_LINE_MESSAGE,
} from "~/platform/forms/schemas";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { formLimits, type FormLimits } from "~/platform/forms/field-limits";
import { BUNDESLAENDER, type BundeslandCode } from "~/features/settings/supervisory-authorities";

/**
 * One zod schema per section of the Einstellungen tab: the action parses the form
 * with it, and stored documents are read back through it. Every field is a trimmed string
 * (an empty optional field is ""), so a form, a stored document and the defaults have one shape.
 */

/** An optional one-line text field of at most `max` characters. */
const line = (max: number) =>
  z.string().trim().max(max, `Höchstens ${max} Zeichen.`).regex(SINGLE_LINE, SINGLE_LINE_MESSAGE);

/** A one-line field that must be filled; `missing` says what to enter. */
const required = (max: number, missing: string) => line(max).min(1, missing);

const EMAIL_MESSAGE = "Bitte eine gültige E-Mail-Adresse angeben.";
const isEmail = (value: string) => z.email().safeParse(value).success;

/** An e-mail address; required when `missing` says what to enter, else it may stay empty. */
const email = (missing?: string) =>
  (missing ? required(254, missing) : line(254)).refine(
    (value) => value === "" || isEmail(value),
    EMAIL_MESSAGE,
  );

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      !url.username &&
      !url.password &&
      url.hostname.includes(".") &&
      !/\s/.test(value)
    );
  } catch {
    return false;
  }
}

/** An optional http(s) address; stored without a trailing slash (menu paths are appended). */
const webAddress = () =>
  line(300)
    .refine(
      (value) => value === "" || isWebAddress(value),
      "Bitte eine vollständige Adresse mit https:// angeben, z. B. https://www.meine-seite.de.",
    )
    .transform((value) => value.replace(/\/+$/, ""));

/** A whole number of one or two digits; `message` says what to enter. The `max` is the input's `maxLength`. */
const twoDigits = (message: string) =>
  z
    .string()
    .trim()
    .max(2, message)
    .regex(/^\d{1,2}$/, message);

const GERMANY = /^(deutschland|germany|de|bundesrepublik deutschland)$/i;
export const isGermany = (country: string) => GERMANY.test(country.trim());

const BUNDESLAND_CODES = BUNDESLAENDER.map((land) => land.code) as [BundeslandCode, ...BundeslandCode[]];

/** A phone number as people type it, dialled in E.164 ("+493012345678"), or undefined if invalid. */
export function dialNumber(phone: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, isGermany(country) ? "DE" : undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Removes spaces and dots people put into tax numbers, and upper-cases the country prefix. */
const compact = (value: string) => value.replace(/[\s.]/g, "").toUpperCase();

/** The fields of one block must be filled together (all or none). */
function allOrNone<T extends Record<string, string>>(
  value: T,
  ctx: z.RefinementCtx,
  fields: { [K in keyof T]?: string },
) {
  const entries = Object.entries(fields) as [keyof T & string, string][];
  if (!entries.some(([key]) => value[key] !== "")) return;
  for (const [key, message] of entries) {
    if (value[key] === "") ctx.addIssue({ code: "custom", path: [key], message });
  }
}

/** 1. Inhaber und Impressum (§ 5 DDG, § 18 Abs. 2 MStV). */
export const OwnerSettingsSchema = z
  .object({
    name: required(100, "Bitte einen Namen angeben."),
    profession: required(150, "Bitte eine Berufsbezeichnung angeben."),
    companyName: line(150),
    legalForm: line(60),
    street: required(150, "Bitte Straße und Hausnummer angeben."),
    postalCode: required(10, "Bitte eine Postleitzahl angeben.").regex(
      /^[A-Za-z0-9 -]*$/,
      "Bitte nur Ziffern und Buchstaben angeben.",
    ),
    city: required(100, "Bitte einen Ort angeben."),
    country: required(60, "Bitte ein Land angeben."),
    state: z.enum(BUNDESLAND_CODES).or(z.literal("")),
    phone: line(40),
    email: email("Bitte eine öffentliche E-Mail-Adresse angeben."),
    vatId: line(20)
      .transform(compact)
      .pipe(
        z.string().regex(/^(DE\d{9})?$/, "Die USt-IdNr. besteht aus DE und 9 Ziffern, z. B. DE123456789."),
      ),
    economicId: line(24)
      .transform(compact)
      .transform((value) => (/^DE\d{14}$/.test(value) ? `${value.slice(0, 11)}-${value.slice(11)}` : value))
      .pipe(
        z
          .string()
          .regex(
            /^(DE\d{9}-\d{5})?$/,
            "Die Wirtschafts-Identifikationsnummer besteht aus DE, 9 Ziffern und einem fünfstelligen Unterscheidungsmerkmal, z. B. DE123456789-00001.",
          ),
      ),
    registerCourt: line(100),
    registerNumber: line(40),
    chamber: line(200),
    professionTitle: line(150),
    professionCountry: line(60),
    professionRules: line(200),
    professionRulesUrl: webAddress(),
    responsibleName: line(100),
    responsibleAddress: line(300),
  })
  .superRefine((value, ctx) => {
    if (isGermany(value.country)) {
      if (value.state === "") {
        ctx.addIssue({
          code: "custom",
          path: ["state"],
          message: "Bitte das Bundesland angeben (für eine Anschrift in Deutschland erforderlich).",
        });
      }
      if (!/^\d{5}$/.test(value.postalCode)) {
        ctx.addIssue({
          code: "custom",
          path: ["postalCode"],
          message: "Eine deutsche Postleitzahl hat fünf Ziffern.",
        });
      }
    }
    if (value.phone !== "" && !dialNumber(value.phone, value.country)) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: isGermany(value.country)
          ? "Bitte eine gültige Telefonnummer angeben, z. B. +49 30 1234 5678."
          : "Bitte eine gültige Telefonnummer mit Ländervorwahl angeben, z. B. +43 1 234 5678.",
      });
    }
    allOrNone(value, ctx, {
      registerCourt: "Bitte das Registergericht angeben.",
      registerNumber: "Bitte die Registernummer angeben.",
    });
    allOrNone(value, ctx, {
      chamber: "Bitte die zuständige Kammer angeben.",
      professionTitle: "Bitte die gesetzliche Berufsbezeichnung angeben.",
      professionCountry: "Bitte den Staat angeben, in dem die Berufsbezeichnung verliehen wurde.",
      professionRules: "Bitte die berufsrechtlichen Regelungen angeben.",
      professionRulesUrl: "Bitte angeben, wo die Regelungen einsehbar sind (Link).",
    });
    if (value.responsibleName === "" && value.responsibleAddress !== "") {
      ctx.addIssue({
        code: "custom",
        path: ["responsibleName"],
        message: "Bitte den Namen der verantwortlichen Person angeben.",
      });
    }
  })
  .transform((value) => ({
    ...value,
    phoneDial: value.phone ? dialNumber(value.phone, value.country)! : "",
  }));

/** 2. Website: brand, tagline and the owner's other sites. */
export const WebsiteSettingsSchema = z.object({
  brand: required(150, "Bitte eine Markenzeile angeben."),
  tagline: line(200),
  mainUrl: webAddress(),
  productsUrl: webAddress(),
  ideasUrl: webAddress(),
  videosUrl: webAddress(),
  eventsUrl: webAddress(),
  blogUrl: webAddress(),
});

/** 3. Datenschutz-Angaben: processors, supervisory authority, further processing, retention. */
export const PrivacySettingsSchema = z
  .object({
    hostingName: line(150),
    hostingAddress: line(300),
    mailProvider: line(150),
    authorityName: line(200),
    authorityAddress: line(300),
    extra: z
      .string()
      .trim()
      .max(5000, "Höchstens 5000 Zeichen.")
      .regex(PLAIN_TEXT, CONTROL_CHARACTERS_MESSAGE),
    contactMonths: twoDigits("Bitte eine ganze Zahl von Monaten angeben, z. B. 6.").refine(
      (value) => Number(value) >= 1 && Number(value) <= 36,
      "Bitte 1 bis 36 Monate angeben.",
    ),
  })
  .superRefine((value, ctx) => {
    allOrNone(value, ctx, {
      hostingName: "Bitte den Namen des Hosting-Anbieters angeben.",
      hostingAddress: "Bitte die Anschrift des Hosting-Anbieters angeben.",
    });
    allOrNone(value, ctx, {
      authorityName: "Bitte den Namen der Aufsichtsbehörde angeben.",
      authorityAddress: "Bitte die Anschrift der Aufsichtsbehörde angeben.",
    });
  });

/** 4. E-Mail: who gets the contact notifications, and the name mails are sent under. */
export const MailSettingsSchema = z.object({
  notifyEmail: email(),
  senderName: line(100).regex(/^[^<>"]*$/, "Bitte keine spitzen Klammern oder Anführungszeichen verwenden."),
});

/** 5. Newsletter: the public archive, and how long proof-and-block records are kept. */
export const NewsletterSettingsSchema = z.object({
  archive: z.enum(["", "on"], { error: "Bitte an oder aus wählen." }),
  proofYears: twoDigits("Bitte eine ganze Zahl von Jahren angeben, z. B. 3.").refine(
    (value) => Number(value) >= 1 && Number(value) <= 10,
    "Bitte 1 bis 10 Jahre angeben.",
  ),
});

/**
 * 6. Besucherstatistik: counted by the server without cookies, off until the owner turns it on;
 * the weekly report by mail, on unless the owner turns it off (sent only while counting is on).
 */
export const StatisticsSettingsSchema = z.object({
  enabled: z.enum(["", "on"], { error: "Bitte an oder aus wählen." }),
  weeklyReport: z.enum(["", "on"], { error: "Bitte an oder aus wählen." }),
});

export const SETTINGS_SCHEMAS = {
  owner: OwnerSettingsSchema,
  website: WebsiteSettingsSchema,
  privacy: PrivacySettingsSchema,
  mail: MailSettingsSchema,
  newsletter: NewsletterSettingsSchema,
  statistics: StatisticsSettingsSchema,
} as const;

export type SettingsSection = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_SECTIONS = Object.keys(SETTINGS_SCHEMAS) as SettingsSection[];

/** Each section's field limits, for its inputs' `maxLength` and `required`. */
export const SETTINGS_LIMITS = Object.fromEntries(
  SETTINGS_SECTIONS.map((section) => [section, formLimits(SETTINGS_SCHEMAS[section])]),
) as Record<SettingsSection, FormLimits>;

export type SiteSettings = { [S in SettingsSection]: z.output<(typeof SETTINGS_SCHEMAS)[S]> };
