import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CATEGORIES, PROJECT_STATUSES } from "~/features/projects/project";
import type { PageContent } from "~/features/pages/page-content";
import type { VisitSource } from "~/features/statistics/visit-source";

/**
 * One schema for both databases (PGlite and PostgreSQL). Table and column names follow
 * the specification (§3) so that data of the original application carries over.
 */
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    details: text("details"),
    image: text("image").notNull(),
    /** The image's focal point in % (0–100 from the left and the top): every crop keeps it in view. */
    image_focus_x: smallint("image_focus_x").notNull().default(50),
    image_focus_y: smallint("image_focus_y").notNull().default(50),
    category: text("category", { enum: CATEGORIES }).notNull().default("project"),
    url: text("url"),
    admin_url: text("admin_url"),
    show_on_homepage: boolean("show_on_homepage").notNull().default(false),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    date: timestamp("date", { withTimezone: true }),
    /** A draft shows only in the admin and its preview. */
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("published"),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "projects_category_check",
      sql.raw(`${t.category.name} in (${CATEGORIES.map((c) => `'${c}'`).join(", ")})`),
    ),
    check("projects_status_check", sql.raw(`${t.status.name} in ('draft', 'published')`)),
    check(
      "projects_image_focus_check",
      sql.raw(`${t.image_focus_x.name} between 0 and 100 and ${t.image_focus_y.name} between 0 and 100`),
    ),
    index("projects_date_idx").on(t.date.desc().nullsLast()),
    index("projects_category_date_idx").on(t.category, t.date.desc().nullsLast()),
  ],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    created_at: createdAt(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /**
     * Marked "Aufbewahren" by the owner (e.g. a business letter, § 257 HGB): kept past the
     * retention period until unmarked.
     */
    keep: boolean("keep").notNull().default(false),
    /**
     * The visit the request came from, while statistics were on: its entry page, external
     * referrer and UTM campaign (docs/decisions/0025-visit-statistics.md); null otherwise.
     */
    visit_source: jsonb("visit_source").$type<VisitSource>(),
  },
  (t) => [index("contact_submissions_created_at_idx").on(t.created_at.desc())],
);

/**
 * Proof of consent (BGH I ZR 164/09, § 7 Abs. 2 UWG): every consent text a newsletter form has
 * shown, verbatim, with its SHA-256 and the date it was first used. Rows are never changed or
 * deleted while a subscription or a proof record refers to them.
 */
export const consentTexts = pgTable("consent_texts", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The form that showed it (CONSENT_FORMS in app/platform/forms/schemas.ts). */
  form: text("form").notNull(),
  text: text("text").notNull(),
  /** SHA-256 (hex) of the text's UTF-8 bytes: one row per distinct text. */
  hash: text("hash").notNull().unique(),
  first_used_at: timestamp("first_used_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    created_at: createdAt(),
    email: text("email").notNull(),
    name: text("name"),
    gdpr_consent: boolean("gdpr_consent").notNull().default(false),
    /** SHA-256 (hex) of the confirmation token: 64 hex characters, as in the spec. */
    confirmation_token: text("confirmation_token"),
    token_expires_at: timestamp("token_expires_at", { withTimezone: true }),
    is_confirmed: boolean("is_confirmed").notNull().default(false),
    // Proof of consent (Art. 7 (1) GDPR): when it was given, with which text, when confirmed.
    consent_text_version: text("consent_text_version"),
    consented_at: timestamp("consented_at", { withTimezone: true }),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    /** When the last confirmation mail was queued (at most one a minute). */
    confirmation_sent_at: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** The consent text shown by the form the visitor used (consent_text_version: before it). */
    consent_text_id: uuid("consent_text_id").references(() => consentTexts.id),
    /** Which form: "simple" (home page block) or "optIn" (the card with the checkbox), and its page. */
    signup_form: text("signup_form"),
    /** When the mail server accepted the last confirmation mail (the one with the link used). */
    confirmation_mailed_at: timestamp("confirmation_mailed_at", { withTimezone: true }),
    /** Permanent refusals (SMTP 5xx) of newsletter issues; at 3 the address is skipped. */
    bounce_count: integer("bounce_count").notNull().default(0),
  },
  (t) => [
    // Case-insensitive uniqueness: a duplicate raises SQLSTATE 23505 on both databases.
    uniqueIndex("newsletter_subscriptions_email_key").on(sql`lower(${t.email})`),
    index("newsletter_subscriptions_created_at_idx").on(t.created_at.desc()),
  ],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    password_hash: text("password_hash").notNull(),
    /** Sign-in failures in a row; at 10 the account locks for 10 minutes. */
    failed_attempts: integer("failed_attempts").notNull().default(0),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    /** TOTP (RFC 6238) secret in base32 once activated; `totp_pending_secret` while being set up. */
    totp_secret: text("totp_secret"),
    totp_pending_secret: text("totp_pending_secret"),
    totp_enabled_at: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2). */
    totp_last_step: bigint("totp_last_step", { mode: "number" }),
    /** "Anmeldung nur mit Passkey oder zweitem Faktor": no password-only sign-in. */
    require_second_factor: boolean("require_second_factor").notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_users_email_key").on(sql`lower(${t.email})`)],
);

/** One-time recovery codes for TOTP, stored as SHA-256 (they are random, 50 bits each). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.user_id)],
);

/** WebAuthn credentials (passkeys) of the admin. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential ID, base64url. */
    id: text("id").primaryKey(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    public_key: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    created_at: createdAt(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.user_id)],
);

/**
 * Short-lived sign-in state: WebAuthn challenges (keyed by the challenge, used once) and the
 * pending second step after a correct password (keyed by the SHA-256 of a cookie's token).
 */
export const authChallenges = pgTable("auth_challenges", {
  id: text("id").primaryKey(),
  purpose: text("purpose", {
    enum: [
      "passkey-sign-in",
      "passkey-register",
      "passkey-confirm",
      "second-factor",
      "password-reset",
      "password-reset-verified",
    ],
  }).notNull(),
  user_id: uuid("user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
  attempts: integer("attempts").notNull().default(0),
  expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the session token; the token itself is never stored. */
    id: text("id").primaryKey(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** Shown and posted in the session list instead of the token's hash. */
    public_id: uuid("public_id").notNull().defaultRandom(),
    created_at: createdAt(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the admin last proved who they are (sign-in or confirmation): sensitive changes need ≤ 10 min. */
    verified_at: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (at most 300 characters), for the session list. */
    user_agent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

/** Binary column: Buffer in Node whichever driver returns it. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded images live in the database, so every instance and every backup has them. */
export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  created_at: createdAt(),
  /** The upload re-encoded in its own format without metadata (EXIF/GPS removed). */
  original: bytea("original").notNull(),
  content_type: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
});

export const imageVariants = pgTable(
  "image_variants",
  {
    image_id: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** WebP bytes. */
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.image_id, t.width] })],
);

/** Where an issue of the newsletter stands. */
export const NEWSLETTER_ISSUE_STATES = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const;
export type NewsletterIssueState = (typeof NEWSLETTER_ISSUE_STATES)[number];

/**
 * The owner's newsletter issues (Ausgaben). A draft is edited; "Senden" queues one outbox mail
 * per confirmed subscriber and freezes the issue. The counts are kept here once it ends, as the
 * outbox forgets sent mails.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    subject: text("subject").notNull().default(""),
    preheader: text("preheader").notNull().default(""),
    /** Markdown, rendered on the server like the pages' texts. */
    body: text("body").notNull().default(""),
    state: text("state", { enum: NEWSLETTER_ISSUE_STATES }).notNull().default("draft"),
    /** When the owner pressed "Senden", and when the first mail may go out. */
    queued_at: timestamp("queued_at", { withTimezone: true }),
    send_at: timestamp("send_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    recipients: integer("recipients").notNull().default(0),
    sent_count: integer("sent_count").notNull().default(0),
    failed_count: integer("failed_count").notNull().default(0),
  },
  (t) => [
    check(
      "newsletter_issues_state_check",
      sql.raw(`${t.state.name} in (${NEWSLETTER_ISSUE_STATES.map((s) => `'${s}'`).join(", ")})`),
    ),
    index("newsletter_issues_created_at_idx").on(t.created_at.desc()),
  ],
);

/** Why a subscription ended; "erased" records block a new sign-up of the address. */
export const CONSENT_RECORD_REASONS = ["unsubscribed", "deleted", "erased"] as const;
export type ConsentRecordReason = (typeof CONSENT_RECORD_REASONS)[number];

/**
 * What remains of a subscription after an unsubscribe or a deletion: no address, only a keyed
 * hash of it (HMAC with the installation secret), the dates and the consent text, kept for the
 * configured period (Einstellungen, default 3 years: the limitation period). It proves the
 * earlier consent. A record of reason "erased" is also the Sperrvermerk of an erasure with
 * "nicht erneut anschreiben": while it is kept, a sign-up of the address stores and sends
 * nothing. Such a record without an earlier subscription has no sign-up date.
 */
export const newsletterConsentRecords = pgTable(
  "newsletter_consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email_hash: text("email_hash").notNull(),
    consent_text_id: uuid("consent_text_id").references(() => consentTexts.id),
    /** The version label of subscriptions made before consent texts were stored. */
    consent_text_version: text("consent_text_version"),
    signup_form: text("signup_form"),
    signed_up_at: timestamp("signed_up_at", { withTimezone: true }),
    consented_at: timestamp("consented_at", { withTimezone: true }),
    confirmation_mailed_at: timestamp("confirmation_mailed_at", { withTimezone: true }),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    ended_at: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * "unsubscribed" (by the person), "deleted" (by the owner) or "erased" (the person's data
     * erased on request, with the block).
     */
    reason: text("reason", { enum: CONSENT_RECORD_REASONS }).notNull(),
    keep_until: timestamp("keep_until", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("newsletter_consent_records_email_hash_idx").on(t.email_hash),
    index("newsletter_consent_records_keep_until_idx").on(t.keep_until),
  ],
);

/** Outbox priorities: what a visitor or the owner waits for goes before the newsletter. */
export const MAIL_PRIORITY = { urgent: 0, bulk: 1 } as const;

/** Mails are queued here in the transaction that causes them and sent by a worker. */
/** An iCalendar text to send with a mail (RFC 6047): nodemailer's `icalEvent`. */
export type MailCalendarPart = { method: "REQUEST" | "CANCEL"; content: string };

export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    created_at: createdAt(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    last_error: text("last_error"),
    /** A worker that claimed the mail holds it until then; several workers never send one twice. */
    locked_until: timestamp("locked_until", { withTimezone: true }),
    /** MAIL_PRIORITY: newsletter mails (bulk) go after every other mail. */
    priority: integer("priority").notNull().default(0),
    /**
     * A newsletter mail: composed when it is sent, from its issue and subscriber (its text stays
     * empty here). Unique per pair, so a subscriber gets an issue at most once; deleting the
     * subscriber (unsubscribe) deletes their mails.
     */
    newsletter_issue_id: uuid("newsletter_issue_id").references(() => newsletterIssues.id, {
      onDelete: "cascade",
    }),
    subscriber_id: uuid("subscriber_id").references(() => newsletterSubscriptions.id, {
      onDelete: "cascade",
    }),
    /**
     * The mail failed for good: a permanent refusal (SMTP 5xx) of a newsletter mail, or any mail
     * still not delivered at its last attempt. Not tried again; the record goes after 30 days.
     */
    failed_at: timestamp("failed_at", { withTimezone: true }),
    /** The notification about this contact request: deleting the request deletes the mail. */
    contact_id: uuid("contact_id").references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** A calendar part (iTIP invitation or cancellation), sent as the mail's text/calendar alternative. */
    calendar: jsonb("calendar").$type<MailCalendarPart>(),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.priority, t.next_attempt_at)
      .where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
    uniqueIndex("outbox_issue_subscriber_key").on(t.newsletter_issue_id, t.subscriber_id),
    // The hourly cap counts the mails sent in the last hour.
    index("outbox_sent_idx").on(t.sent_at),
    index("outbox_contact_idx").on(t.contact_id),
    index("outbox_subscriber_idx").on(t.subscriber_id),
  ],
);

/**
 * What the owner did under Auskunft und Löschung (Art. 15, 17, 20 DSGVO): date, action and the
 * number of records per kind, never the address.
 */
export const privacyAuditLog = pgTable("privacy_audit_log", {
  id: uuid("id").primaryKey().defaultRandom(),
  created_at: createdAt(),
  /** "export" (JSON or printable page) or "erase". */
  action: text("action", { enum: ["export", "erase"] }).notNull(),
  counts: jsonb("counts").$type<Record<string, number>>().notNull(),
});

/** Fixed-window counters shared by all instances (form submissions, mail cap, sign-in attempts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  window_start: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Small key-value facts about this installation (e.g. that the demo content was loaded once). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's settings, one validated document per section of the Einstellungen tab
 * ("owner", "website", "privacy", "mail"); a missing row means the built-in defaults
 * (app/features/settings/defaults.ts). `updated_at` changes only when the value does: it dates the legal texts.
 */
export const siteSettings = pgTable("site_settings", {
  section: text("section").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The editable public pages, one row per public path. Visitors see `published`;
 * the owner edits `draft` (null: none) and previews it before publishing. A missing row of a
 * built-in page means its built-in content (app/features/pages/built-in-pages.ts).
 */
export const pages = pgTable("pages", {
  path: text("path").primaryKey(),
  published: jsonb("published").$type<PageContent>().notNull(),
  published_at: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  draft: jsonb("draft").$type<PageContent>(),
  draft_saved_at: timestamp("draft_saved_at", { withTimezone: true }),
  /** Order of the service pages in menus and lists. */
  position: integer("position").notNull().default(0),
});

/** Earlier published versions of a page, the newest 20 kept; restoring one makes it the draft. */
export const pageVersions = pgTable(
  "page_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    path: text("path")
      .notNull()
      .references(() => pages.path, { onDelete: "cascade", onUpdate: "cascade" }),
    content: jsonb("content").$type<PageContent>().notNull(),
    /** When this version went live. */
    published_at: timestamp("published_at", { withTimezone: true }).notNull(),
    /** When a newer version replaced it. */
    replaced_at: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_versions_path_idx").on(t.path, t.replaced_at.desc())],
);

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

/**
 * Datensicherung (Einstellungen): the owner's schedule and the copy to a second place, one row
 * (`id` "backup"); no row means no schedule and no copy. The secret is never sent to the browser.
 * The row also records how the last backups went, for the admin's notice and the checklist.
 */
export const backupSettings = pgTable("backup_settings", {
  id: text("id").primaryKey().default("backup"),
  /** "off", "daily" or "weekly"; BACKUP_CRON in the environment wins over it. */
  schedule: text("schedule").notNull().default("off"),
  /** Archives kept; null: BACKUP_KEEP's default. BACKUP_KEEP set in the environment wins. */
  keep: integer("keep"),
  /** null: no second place; "webdav" or "s3". */
  remote_kind: text("remote_kind"),
  /** The WebDAV folder or the S3 endpoint (https, or http on the loopback). */
  remote_url: text("remote_url"),
  remote_bucket: text("remote_bucket"),
  remote_region: text("remote_region"),
  /** The WebDAV user or the S3 access key id. */
  remote_user: text("remote_user"),
  /** The WebDAV password or the S3 secret key. */
  remote_secret: text("remote_secret"),
  /** The last run of the schedule: when it was due, and whether it succeeded. */
  last_scheduled_at: timestamp("last_scheduled_at", { withTimezone: true }),
  last_scheduled_ok: boolean("last_scheduled_ok"),
  /** The last backup that failed (locally or on the second place) and was not followed by a success. */
  failed_at: timestamp("failed_at", { withTimezone: true }),
  failure: text("failure"),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Visit statistics (docs/decisions/0025-visit-statistics.md), counted only while the owner has
 * switched them on. One row per counted page view or conversion, kept 30 days: no address and
 * no User-Agent, only the day's visitor key (a truncated hash with the day's salt) and families.
 */
export const VISIT_KINDS = ["view", "contact", "newsletter", "outbound"] as const;

export const visitEvents = pgTable(
  "visit_events",
  {
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** A page view, or the conversion it is. */
    kind: text("kind", { enum: VISIT_KINDS }).notNull().default("view"),
    path: text("path").notNull(),
    /** An external referrer only, without query: an internal one is a navigation within the site. */
    referrer_host: text("referrer_host"),
    referrer_path: text("referrer_path"),
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    /** The screen class as the User-Agent tells (Smartphone, Tablet, Computer); null in rows made before it. */
    screen: text("screen"),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    visitor: text("visitor").notNull(),
    /** A view that did not come from a page of the site: where a visit starts. */
    entry: boolean("entry").notNull().default(false),
    not_found: boolean("not_found").notNull().default(false),
  },
  (t) => [
    // Rows arrive in time order: a BRIN index stays a few pages for millions of rows.
    index("visit_events_at_idx").using("brin", t.at),
    // A visitor's views (the attribution of a conversion). A btree: a hash index is smaller, but
    // every insert walks the chain of pages of its key, so one client asking all day made each
    // second's write slower than the one before (docs/quality.md).
    index("visit_events_visitor_idx").on(t.visitor),
    check(
      "visit_events_kind_check",
      sql.raw(`${t.kind.name} in (${VISIT_KINDS.map((k) => `'${k}'`).join(", ")})`),
    ),
  ],
);

/** The visitor key's salt: one per day (Europe/Berlin), deleted once the next day's exists. */
export const visitSalts = pgTable("visit_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: bytea("salt").notNull(),
});

/** A day's totals per dimension and value: the columns of visit_daily and visit_today. */
const visitTotals = () => ({
  day: date("day", { mode: "string" }).notNull(),
  dimension: text("dimension").notNull(),
  value: text("value").notNull(),
  views: integer("views").notNull().default(0),
  visitors: integer("visitors").notNull().default(0),
  conversions: integer("conversions").notNull().default(0),
});

/** Daily totals per dimension (page, entry page, referrer, UTM, browser, OS, 404 …), kept indefinitely. */
export const visitDaily = pgTable("visit_daily", visitTotals(), (t) => [
  primaryKey({ columns: [t.day, t.dimension, t.value] }),
]);

/**
 * Today's totals up to a moment (`visit_today_marks.upto`), kept current by adding the events
 * since (queries.server.ts, `todayTotals`): the page then aggregates minutes of raw events, not
 * the whole day. Deleted when the day is rolled up into visit_daily.
 */
export const visitToday = pgTable("visit_today", visitTotals(), (t) => [
  primaryKey({ columns: [t.day, t.dimension, t.value] }),
]);

/** Up to which moment a day's visit_today rows count the events (the events before it). */
export const visitTodayMarks = pgTable("visit_today_marks", {
  day: date("day", { mode: "string" }).primaryKey(),
  upto: timestamp("upto", { withTimezone: true }).notNull(),
});

/**
 * Termine (docs/decisions/0027-booking.md). What a visitor can book: the owner's Termin-Arten,
 * reached at /termine/<slug>. Times are minutes; the rules are read by
 * app/features/booking/slots.ts.
 */
export const BOOKING_LOCATION_KINDS = ["vor_ort", "telefon", "video"] as const;
export type BookingLocationKind = (typeof BOOKING_LOCATION_KINDS)[number];

export const bookingTypes = pgTable(
  "booking_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    duration_minutes: integer("duration_minutes").notNull(),
    location_kind: text("location_kind", { enum: BOOKING_LOCATION_KINDS }).notNull(),
    /** The address (vor_ort), the number to call or a note (telefon), or the link (video). */
    location_detail: text("location_detail").notNull().default(""),
    buffer_before_minutes: integer("buffer_before_minutes").notNull().default(0),
    buffer_after_minutes: integer("buffer_after_minutes").notNull().default(0),
    min_notice_minutes: integer("min_notice_minutes").notNull().default(0),
    /** "nicht am selben Tag": no slot on today's Berlin date, whatever the notice. */
    not_same_day: boolean("not_same_day").notNull().default(false),
    /** The last bookable Berlin date is today plus this many days. */
    horizon_days: integer("horizon_days").notNull().default(60),
    /** Caps on this type's active bookings per Berlin day and ISO week; null: none. */
    max_per_day: integer("max_per_day"),
    max_per_week: integer("max_per_week"),
    /** "erfordert Bestätigung": a booking stays "angefragt" until the owner confirms it. */
    requires_confirmation: boolean("requires_confirmation").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    position: integer("position").notNull().default(0),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("booking_types_slug_key").on(t.slug),
    check("booking_types_slug_check", sql.raw(`${t.slug.name} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)),
    check(
      "booking_types_location_kind_check",
      sql.raw(`${t.location_kind.name} in (${BOOKING_LOCATION_KINDS.map((k) => `'${k}'`).join(", ")})`),
    ),
    check("booking_types_duration_check", sql.raw(`${t.duration_minutes.name} between 5 and 720`)),
    check(
      "booking_types_minutes_check",
      sql.raw(
        `${t.buffer_before_minutes.name} between 0 and 720 and ${t.buffer_after_minutes.name} between 0 and 720 and ${t.min_notice_minutes.name} >= 0`,
      ),
    ),
    check("booking_types_horizon_check", sql.raw(`${t.horizon_days.name} between 1 and 730`)),
    check(
      "booking_types_caps_check",
      sql.raw(`coalesce(${t.max_per_day.name}, 1) > 0 and coalesce(${t.max_per_week.name}, 1) > 0`),
    ),
  ],
);

/**
 * The owner's weekly hours, for every type: several ranges a day, in Berlin wall-clock minutes
 * since midnight (09:00 is 540, the end of the day 1440). ISO weekdays: 1 Monday … 7 Sunday.
 */
export const bookingHours = pgTable(
  "booking_hours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    weekday: smallint("weekday").notNull(),
    start_minute: smallint("start_minute").notNull(),
    end_minute: smallint("end_minute").notNull(),
  },
  (t) => [
    check("booking_hours_weekday_check", sql.raw(`${t.weekday.name} between 1 and 7`)),
    check(
      "booking_hours_range_check",
      sql.raw(
        `0 <= ${t.start_minute.name} and ${t.start_minute.name} < ${t.end_minute.name} and ${t.end_minute.name} <= 1440`,
      ),
    ),
  ],
);

/**
 * What differs on one Berlin date from the weekly hours: "geschlossen" (a holiday, the whole day
 * off), "zeiten" (that day's own hours, replacing the weekly ones: an extra day, or other hours;
 * several rows for several ranges) or "gesperrt" (a blocked range within the day's hours).
 * "geschlossen" wins over the others.
 */
export const BOOKING_OVERRIDE_KINDS = ["geschlossen", "zeiten", "gesperrt"] as const;
export type BookingOverrideKind = (typeof BOOKING_OVERRIDE_KINDS)[number];

export const bookingDateOverrides = pgTable(
  "booking_date_overrides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: BOOKING_OVERRIDE_KINDS }).notNull(),
    /** Berlin minutes since midnight, as in booking_hours; null for "geschlossen". */
    start_minute: smallint("start_minute"),
    end_minute: smallint("end_minute"),
    /** The owner's note, e.g. "Feiertag"; shown only in the admin. */
    note: text("note").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("booking_date_overrides_day_idx").on(t.day),
    check(
      "booking_date_overrides_kind_check",
      sql.raw(`${t.kind.name} in (${BOOKING_OVERRIDE_KINDS.map((k) => `'${k}'`).join(", ")})`),
    ),
    check(
      "booking_date_overrides_range_check",
      sql.raw(
        `(${t.kind.name} = 'geschlossen' and ${t.start_minute.name} is null and ${t.end_minute.name} is null) or ` +
          `(${t.kind.name} <> 'geschlossen' and 0 <= ${t.start_minute.name} and ${t.start_minute.name} < ${t.end_minute.name} and ${t.end_minute.name} <= 1440)`,
      ),
    ),
  ],
);

/**
 * A booking's stored state; "vergangen" is not stored but derived from the time
 * (bookingState in app/features/booking/booking-state.ts). "abgesagt" frees the slot.
 */
export const BOOKING_STATUSES = ["angefragt", "bestaetigt", "abgesagt"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who cancelled or declined a booking. */
export const BOOKING_CANCELLERS = ["visitor", "owner"] as const;

/**
 * The visitors' bookings. A person is found by the e-mail address (Auskunft und Löschung), and a
 * booking goes some months after its appointment (Einstellungen, default 6).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type_id: uuid("type_id")
      .notNull()
      .references(() => bookingTypes.id),
    /** The appointment itself, without the buffers. */
    starts_at: timestamp("starts_at", { withTimezone: true }).notNull(),
    ends_at: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The type's buffers when it was booked: what the booking blocks around its appointment. */
    buffer_before_minutes: integer("buffer_before_minutes").notNull().default(0),
    buffer_after_minutes: integer("buffer_after_minutes").notNull().default(0),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    /** The visitor's IANA time zone, for their mails and pages. */
    time_zone: text("time_zone").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    cancelled_by: text("cancelled_by", { enum: BOOKING_CANCELLERS }),
    /** The reason given when it was cancelled or declined, for the other side's mail. */
    cancel_message: text("cancel_message"),
    /** Part of the signed move and cancel links: raised by a move or cancellation, ending the old links. */
    token_version: integer("token_version").notNull().default(0),
    /** When the reminder was claimed for sending: set once, so no reminder goes twice. */
    reminder_sent_at: timestamp("reminder_sent_at", { withTimezone: true }),
    /** The event written to the owner's CalDAV calendar, if any. */
    caldav_href: text("caldav_href"),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_starts_at_idx").on(t.starts_at),
    index("bookings_type_idx").on(t.type_id),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
    check("bookings_times_check", sql.raw(`${t.starts_at.name} < ${t.ends_at.name}`)),
    check(
      "bookings_status_check",
      sql.raw(`${t.status.name} in (${BOOKING_STATUSES.map((s) => `'${s}'`).join(", ")})`),
    ),
    check(
      "bookings_cancelled_by_check",
      sql.raw(`${t.cancelled_by.name} in (${BOOKING_CANCELLERS.map((s) => `'${s}'`).join(", ")})`),
    ),
  ],
);

/**
 * Termine's own settings, one row (`id` 1): whether booking is on (off by default: the header's
 * "Termine" then leads to the external events site, as the specification says), the reminder
 * before an appointment (hours; 0: none), how long bookings are kept after their appointment,
 * and the optional CalDAV calendar that is read for busy times and written with each booking.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: smallint("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    reminder_hours: integer("reminder_hours").notNull().default(24),
    retention_months: integer("retention_months").notNull().default(6),
    caldav_url: text("caldav_url"),
    caldav_username: text("caldav_username"),
    /** The app password the provider issued for this calendar (stored like the other secrets). */
    caldav_password: text("caldav_password"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_single_row_check", sql.raw(`${t.id.name} = 1`)),
    check("booking_settings_reminder_check", sql.raw(`${t.reminder_hours.name} between 0 and 168`)),
    check("booking_settings_retention_check", sql.raw(`${t.retention_months.name} between 1 and 120`)),
  ],
);

/** The read-only calendar feeds (ICS addresses) whose busy times block slots. */
export const bookingFeeds = pgTable("booking_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The owner's name for it, e.g. "Google privat". */
  label: text("label").notNull().default(""),
  url: text("url").notNull(),
  created_at: createdAt(),
});
