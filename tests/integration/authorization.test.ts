import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { openDatabase, type DatabaseOptions, type Db } from "~/platform/db/engines.server";
import { createAdmin } from "~/features/auth/admin-users.server";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import {
  adminUsers,
  backupSettings,
  contactSubmissions,
  newsletterSubscriptions,
  outbox,
  passkeys,
  projects,
  sessions,
  pages,
  privacyAuditLog,
  siteSettings,
} from "~/platform/db/schema";
import { insertMissingPages } from "~/features/pages/queries.server";
import { DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import { SETTINGS_SECTIONS } from "~/features/settings/schemas.server";
import { PASSKEY_INTENTS } from "~/features/auth/passkey";
import { SECURITY_INTENTS } from "~/features/auth/profile-security.server";
import { sha256Hex } from "~/platform/db/installation-secret.server";
import { SESSION_MAX_MS } from "~/features/auth/session.server";
import { engineNeutralDatabases } from "../setup/databases";
import { inParallel, sessionCookieOf } from "../setup/http";
import { actionUrl, dataUrl, isAdminUrl, routeEndpoints } from "../setup/routes";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * The server enforces every admin permission: each URL under /admin, taken from
 * app/routes.ts so that a new admin route cannot be forgotten, is walked without a session,
 * with a forged session cookie and with the cookies of ended sessions (idle, past 14 days).
 * Reads show no admin data (a redirect to the login, 401/403/404, or the login form itself),
 * writes change nothing in the database, and cross-site writes are refused with 403.
 */

const PROJECT_ID = randomUUID();
const PASSKEY_ID = randomBytes(16).toString("base64url");
const endpoints = routeEndpoints({
  id: PROJECT_ID,
  file: "800.webp",
  page: "impressum",
  slug: "projects",
  key: "ueber-mich",
});
const adminEndpoints = endpoints.filter(({ url }) => isAdminUrl(url));
// Several entries (the layout and its index) share /admin; each URL is walked once per kind.
const adminUrls = [
  ...new Map(adminEndpoints.map((endpoint) => [`${endpoint.url}|${endpoint.index}`, endpoint])).values(),
];

const unique = randomBytes(4).toString("hex");
const ADMIN = { email: `owner-${unique}@example.org`, password: "Autorisierung-Test-2026!" };
/** Strings that only an admin may ever see (they are in no public page). */
const SECRETS = {
  contactName: `Kontaktname-${unique}`,
  contactMessage: `Vertrauliche Nachricht ${unique}`,
  contactEmail: `anfrage-${unique}@example.org`,
  subscriberEmail: `abonnent-${unique}@example.org`,
  adminEmail: ADMIN.email,
};
const ADMIN_HEADINGS = [
  "Projekte verwalten",
  "Kontaktanfragen verwalten",
  "Newsletter-Abonnenten verwalten",
  "Profil verwalten",
  "Checkliste für den Livegang",
  "Inhaber und Impressum",
  "Neue Leistungsseite",
  "Frühere Versionen",
  "Auskunft und Löschung",
  "Besucherstatistik",
];
const FORGED_COOKIE = `session=${randomBytes(32).toString("base64url")}`;
/** Real sessions of the admin that have ended: idle too long, and past the 30-day maximum. */
const EXPIRED_TOKEN = randomBytes(32).toString("base64url");
const TOTP_SECRET = new Secret({ size: 20 }).base32;
const OVERAGED_TOKEN = randomBytes(32).toString("base64url");
const COOKIES: [string, string | undefined][] = [
  ["no cookie", undefined],
  ["forged cookie", FORGED_COOKIE],
  ["expired session", `session=${EXPIRED_TOKEN}`],
  ["session past its maximum age", `session=${OVERAGED_TOKEN}`],
];

/** Bodies an attacker might send: every field name any admin action reads. */
const ATTACK_BODIES: Record<string, string>[] = [
  { intent: "delete", id: PROJECT_ID },
  // "Ausgewählte entfernen" of the Projekte tab.
  { intent: "delete-selected", ids: PROJECT_ID },
  {
    intent: "update",
    id: PROJECT_ID,
    title: "Übernommen",
    description: "Übernommen",
    image: "https://evil.example/x.jpg",
    category: "project",
  },
  {
    intent: "create",
    id: randomUUID(),
    title: "Eingeschleust",
    description: "Eingeschleust",
    image: "https://evil.example/x.jpg",
    category: "project",
  },
  // Every section of the Einstellungen tab, filled validly, and its test mail.
  {
    intent: "owner",
    name: "Übernommen",
    profession: "Angreifer",
    street: "Angriffsweg 1",
    postalCode: "12345",
    city: "Berlin",
    country: "Deutschland",
    state: "BE",
    email: "angreifer@evil.example",
  },
  { intent: "website", brand: "Übernommen", videosUrl: "https://evil.example" },
  { intent: "privacy", hostingName: "Evil Hosting", hostingAddress: "Irgendwo 1, 12345 Nirgendwo" },
  { intent: "mail", notifyEmail: "angreifer@evil.example", senderName: "Übernommen" },
  { intent: "newsletter", archive: "on", proofYears: "1" },
  { intent: "statistics", enabled: "on" },
  { intent: "test-mail" },
  // "Demo-Inhalte entfernen".
  { intent: "remove-demo" },
  // Datensicherung: an archive written, the schedule, a second place of the attacker's.
  { intent: "backup-now" },
  { intent: "schedule", schedule: "daily", keep: "1" },
  { intent: "remote", url: "https://evil.example/dav/", user: "angreifer", password: "geheim" },
  { intent: "remove-remote" },
  { intent: "keep", id: PROJECT_ID },
  { intent: "release", id: PROJECT_ID },
  // The page editor: a valid about page, published; every other intent; a new page.
  {
    intent: "publish",
    kind: "about",
    title: "Übernommen",
    text: "Übernommen",
    "image.src": "/images/about/team",
    "image.alt": "Übernommen",
    "image.width": "1600",
    "image.height": "1067",
    "keyfacts.count": "0",
  },
  { intent: "save", kind: "about", title: "Übernommen", text: "Übernommen", "keyfacts.count": "0" },
  { intent: "discard" },
  { intent: "restore", version: randomUUID() },
  { intent: "delete-page" },
  { intent: "add:keyfacts" },
  // The Inhalte list: a built-in service page deleted, moved up and moved down.
  { intent: "delete-page", path: "/service/funnels" },
  { intent: "move-up", path: "/service/funnels" },
  { intent: "move-down", path: "/service/webdesign" },
  // The home page's hero images, several removed at once (the home page's form).
  {
    intent: "remove-selected:heroImages",
    kind: "home",
    "heroImages.count": "2",
    "heroImages.0.src": "/images/hero/stock-1",
    "heroImages.0.alt": "Übernommen",
    "heroImages.0.width": "1920",
    "heroImages.0.height": "1080",
    "heroImages.0.focus.x": "0",
    "heroImages.0.focus.y": "0",
    "heroImages.1.src": "/images/hero/stock-2",
    "heroImages.1.alt": "Übernommen",
    "heroImages.1.width": "1920",
    "heroImages.1.height": "1080",
    "heroImages.selected": "1",
  },
  // The newsletter issues: a complete issue sent at once, and every other intent.
  {
    intent: "send",
    subject: "Übernommen",
    preheader: "",
    body: "Übernommen",
    send_at: "",
  },
  { intent: "preview", subject: "Übernommen", preheader: "", body: "Übernommen" },
  { intent: "test", subject: "Übernommen", preheader: "", body: "Übernommen" },
  { intent: "pause" },
  { intent: "resume" },
  { intent: "cancel" },
  { intent: "copy" },
  { name: "Eingeschleust", slug: "eingeschleust" },
  { text: "**Markdown**" },
  // Termine: booking switched on, a type, the hours, a day, a feed, the CalDAV calendar (and its
  // check), and the answers to a booking.
  { intent: "settings", enabled: "on", reminder_hours: "1", retention_months: "60" },
  {
    intent: "save",
    name: "Eingeschleust",
    duration_minutes: "30",
    location_kind: "video",
    horizon_days: "60",
  },
  { intent: "hours", "start-1-0": "00:00", "end-1-0": "24:00" },
  { intent: "add-override", day: "2030-01-01", kind: "geschlossen", start: "", end: "", note: "" },
  { intent: "delete-override", id: randomUUID() },
  { intent: "add-feed", label: "Eingeschleust", url: "https://evil.example/cal.ics" },
  { intent: "delete-feed", id: randomUUID() },
  {
    intent: "save-caldav",
    caldav_url: "https://evil.example/dav/",
    caldav_username: "a",
    caldav_password: "b",
  },
  { intent: "remove-caldav" },
  { intent: "check-caldav" },
  { intent: "decline", id: randomUUID(), message: "Übernommen" },
  // Auskunft und Löschung: the erasure, with and without the block, and the exports.
  { intent: "erase", email: SECRETS.contactEmail, block: "on" },
  { intent: "erase", email: SECRETS.subscriberEmail },
  // Its lookup is a POST too: it must show nothing without a session.
  { intent: "lookup", email: SECRETS.contactEmail },
  { email: SECRETS.subscriberEmail },
  // Sign-in security in Profil and the passkey route: every intent.
  { intent: "confirm", password: ADMIN.password },
  { intent: "totp-start" },
  { intent: "totp-activate", code: "123456" },
  { intent: "totp-cancel" },
  { intent: "totp-disable" },
  { intent: "recovery-codes" },
  { intent: "second-factor-only", enabled: "off" },
  { intent: "rename-passkey", id: PASSKEY_ID, name: "Übernommen" },
  { intent: "remove-passkey", id: PASSKEY_ID },
  { intent: "end-session", id: randomUUID() },
  { intent: "end-other-sessions" },
  { intent: "code", code: "123456" },
  { intent: "sign-in-options" },
  { intent: "sign-in", credential: "{}" },
  { intent: "confirm-options" },
  { intent: "register-options" },
  { intent: "register", credential: "{}", name: "Übernommen" },
  {
    name: "Übernommen",
    changePassword: "on",
    currentPassword: ADMIN.password,
    password: "Angreifer-Passwort-2026",
    confirmPassword: "Angreifer-Passwort-2026",
  },
];

type Snapshot = {
  projects: { id: string; title: string; updated_at: Date }[];
  settings: { section: string; value: unknown }[];
  /** Datensicherung's row (schedule, second place, failures). */
  backups: unknown[];
  pages: { path: string; published: unknown; draft: unknown; position: number }[];
  mails: number;
  audits: number;
  contacts: string[];
  keptContacts: string[];
  subscribers: string[];
  admins: {
    email: string;
    name: string;
    password_hash: string;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    require_second_factor: boolean;
  }[];
  passkeys: { id: string; name: string }[];
};

async function snapshot(db: Db): Promise<Snapshot> {
  return {
    projects: await db
      .select({ id: projects.id, title: projects.title, updated_at: projects.updated_at })
      .from(projects)
      .orderBy(asc(projects.id)),
    settings: await db
      .select({ section: siteSettings.section, value: siteSettings.value })
      .from(siteSettings)
      .orderBy(asc(siteSettings.section)),
    pages: await db
      .select({ path: pages.path, published: pages.published, draft: pages.draft, position: pages.position })
      .from(pages)
      .orderBy(asc(pages.path)),
    backups: await db.select().from(backupSettings),
    mails: (await db.select({ id: outbox.id }).from(outbox)).length,
    audits: (await db.select({ id: privacyAuditLog.id }).from(privacyAuditLog)).length,
    contacts: (await db.select({ id: contactSubmissions.id }).from(contactSubmissions)).map((row) => row.id),
    keptContacts: (
      await db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.keep, true))
    ).map((row) => row.id),
    subscribers: (await db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions)).map(
      (row) => row.id,
    ),
    admins: await db
      .select({
        email: adminUsers.email,
        name: adminUsers.name,
        password_hash: adminUsers.password_hash,
        totp_secret: adminUsers.totp_secret,
        totp_pending_secret: adminUsers.totp_pending_secret,
        require_second_factor: adminUsers.require_second_factor,
      })
      .from(adminUsers),
    passkeys: await db.select({ id: passkeys.id, name: passkeys.name }).from(passkeys),
  };
}

/** Opens the database, loads the demo projects and adds rows whose content is secret. */
async function seed(options: DatabaseOptions) {
  const handle = await openDatabase(options);
  try {
    const { db } = handle;
    await loadDemoContent(db, fallbackProjects);
    // The pages a server stores at its first start, so the snapshot before equals the one after.
    await insertMissingPages(
      db,
      [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position })),
    );
    const admin = await createAdmin(db, { email: ADMIN.email, password: ADMIN.password, name: "Inhaberin" });
    // TOTP on: the control below signs in with a code, so its session counts as confirmed for
    // the exports and deletions that need one.
    await db
      .update(adminUsers)
      .set({ totp_secret: TOTP_SECRET, totp_enabled_at: new Date() })
      .where(eq(adminUsers.id, admin.id));
    await db.insert(passkeys).values({
      id: PASSKEY_ID,
      user_id: admin.id,
      name: "Laptop der Inhaberin",
      public_key: randomBytes(77).toString("base64url"),
    });
    const day = 24 * 60 * 60 * 1000;
    await db.insert(sessions).values([
      {
        id: sha256Hex(EXPIRED_TOKEN),
        user_id: admin.id,
        created_at: new Date(Date.now() - 8 * day),
        expires_at: new Date(Date.now() - 60_000),
      },
      {
        id: sha256Hex(OVERAGED_TOKEN),
        user_id: admin.id,
        created_at: new Date(Date.now() - SESSION_MAX_MS - day),
        expires_at: new Date(Date.now() + 3 * day),
      },
    ]);
    await db.insert(projects).values({
      id: PROJECT_ID,
      title: `Zielprojekt ${unique}`,
      description: "Darf nicht verändert werden",
      image: "/images/projects/placeholder.webp",
      category: "project",
    });
    const [contact] = await db
      .insert(contactSubmissions)
      .values({
        name: SECRETS.contactName,
        email: SECRETS.contactEmail,
        subject: "Anfrage",
        message: SECRETS.contactMessage,
      })
      .returning();
    const [subscriber] = await db
      .insert(newsletterSubscriptions)
      .values({ email: SECRETS.subscriberEmail, name: "Abo", is_confirmed: true, gdpr_consent: true })
      .returning();
    // Rows the signed-in control deletes, proving that the anonymous requests had teeth.
    const [controlProject] = await db
      .insert(projects)
      .values({ title: "Kontrollprojekt", description: "x", image: "/images/x.webp", category: "project" })
      .returning();
    const [controlContact] = await db
      .insert(contactSubmissions)
      .values({ name: "Kontrolle", email: "kontrolle@example.org", subject: "Kontrolle", message: "x" })
      .returning();
    const [controlSubscriber] = await db
      .insert(newsletterSubscriptions)
      .values({ email: `kontrolle-${unique}@example.org` })
      .returning();
    return {
      ids: {
        contact: contact!.id,
        subscriber: subscriber!.id,
        controlProject: controlProject!.id,
        controlContact: controlContact!.id,
        controlSubscriber: controlSubscriber!.id,
      },
    };
  } finally {
    await handle.close();
  }
}

async function readSnapshot(options: DatabaseOptions): Promise<Snapshot> {
  const handle = await openDatabase(options);
  try {
    return await snapshot(handle.db);
  } finally {
    await handle.close();
  }
}

function post(
  server: ServerProcess,
  url: string,
  body: Record<string, string>,
  headers: Record<string, string>,
) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body).toString(),
  });
}

function expectNoSecrets(body: string, what: string) {
  for (const [name, secret] of Object.entries(SECRETS)) {
    expect(body.includes(secret), `${what} reveals ${name}`).toBe(false);
  }
}

/** The public request of a reset link; its answer is the same for any address. */
const FORGOT = "/admin/passwort-vergessen";

/** "Passwort vergessen?"'s answer: to its own page, saying a link is sent if the account exists. */
function isForgotAnswer(response: Response, body: string): boolean {
  const sent = `${FORGOT}?gesendet`;
  return (
    ([301, 302, 303].includes(response.status) && response.headers.get("location") === sent) ||
    ([202, 204].includes(response.status) && /"redirect"/.test(body) && body.includes(`"${sent}"`))
  );
}

/** A redirect that leads to the sign-in form at /admin. */
function isRedirectToLogin(response: Response): boolean {
  const location = response.headers.get("location") ?? "";
  return [301, 302, 303, 307, 308].includes(response.status) && /^\/admin(\?|$)/.test(location);
}

/**
 * Single-fetch answers (`.data`) encode a redirect in the body with status 202; anything but
 * a redirect to /admin, 401, 403, 404 or 405 counts as an answer the visitor should not get.
 */
function isDataRedirectToLogin(response: Response, body: string): boolean {
  return (
    (response.status === 202 || response.status === 204) &&
    /"redirect"/.test(body) &&
    /"\/admin(\?[^"]*)?"/.test(body)
  );
}

test("the attack bodies cover every intent an admin action knows", () => {
  // Every admin route module and its server half: features/<feature>/admin-*, and the auth
  // feature's own admin routes (sign-in, passkey, setup, Profil).
  const features = path.join(import.meta.dirname, "..", "..", "app", "features");
  const sources = readdirSync(features, { recursive: true, encoding: "utf8" })
    .filter((file) => /(^|\/)admin-[^/]+$/.test(file) || file.startsWith("auth/"))
    .map((file) => path.join(features, file))
    .filter((file) => /\.tsx?$/.test(file));
  const intents = new Set([
    ...sources.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/intent === "([\w-]+)"/g)].map((m) => m[1]!),
    ),
    // Profil's sign-in security and the passkey route dispatch with a switch.
    ...SECURITY_INTENTS,
    ...PASSKEY_INTENTS,
    // The Einstellungen tab's forms are named after their sections.
    ...SETTINGS_SECTIONS,
  ]);
  expect([...intents].sort()).toEqual(
    [
      "create",
      "delete",
      "delete-selected",
      "mail",
      "newsletter",
      "owner",
      "privacy",
      "statistics",
      "test-mail",
      "remove-demo",
      "update",
      // Datensicherung.
      "backup-now",
      "schedule",
      "remote",
      "remove-remote",
      "website",
      // The page editor; its list changes ("add:keyfacts", …) are in the bodies too.
      "delete-page",
      "discard",
      // The Inhalte list: the service pages' order.
      "move-up",
      "move-down",
      "publish",
      "restore",
      "save",
      // The newsletter issues; the rest of their intents are in the bodies too.
      "preview",
      "test",
      // Termine ("save", "delete", "confirm" and "cancel" are among the others).
      "settings",
      "decline",
      "hours",
      "add-override",
      "delete-override",
      "add-feed",
      "delete-feed",
      "save-caldav",
      "remove-caldav",
      "check-caldav",
      // Kontaktanfragen: "Aufbewahren" and its undoing.
      "keep",
      "release",
      // Auskunft und Löschung (the lookup is a POST).
      "erase",
      "lookup",
      // Sign-in security: Profil, the second sign-in step and the passkey route.
      "confirm",
      "totp-start",
      "totp-activate",
      "totp-cancel",
      "totp-disable",
      "recovery-codes",
      "second-factor-only",
      "rename-passkey",
      "remove-passkey",
      "end-session",
      "end-other-sessions",
      "code",
      "cancel",
      "sign-in-options",
      "sign-in",
      "confirm-options",
      "register-options",
      "register",
    ].sort(),
  );
  for (const intent of intents) expect(ATTACK_BODIES.map((body) => body.intent)).toContain(intent);
});

test("the admin routes are taken from app/routes.ts, with every tab and action among them", () => {
  const urls = adminUrls.map((endpoint) => endpoint.url);
  for (const known of [
    "/admin",
    "/admin/login",
    "/admin/logout",
    "/admin/setup",
    "/admin/passwort-vergessen",
    "/admin/passwort-zuruecksetzen",
    "/admin/kontaktanfragen",
    "/admin/newsletter",
    "/admin/newsletter/export",
    "/admin/profil",
    "/admin/einstellungen",
    "/admin/einstellungen/datensicherung",
    "/admin/inhalte",
    "/admin/inhalte/ueber-mich",
    "/admin/datenschutz",
    "/admin/datenschutz/export.json",
    "/admin/datenschutz/export.html",
    "/admin/statistik",
  ]) {
    expect(urls).toContain(known);
  }
  expect(adminUrls.find((endpoint) => endpoint.url === "/admin" && endpoint.index)?.file).toBe(
    "features/projects/admin-projects.tsx",
  );
  // Every admin route module (features/<feature>/admin-*) is reachable through a walked URL.
  const files = new Set(adminEndpoints.map((endpoint) => endpoint.file));
  for (const endpoint of endpoints.filter((e) => /^features\/[\w-]+\/admin-/.test(e.file))) {
    expect(files).toContain(endpoint.file);
  }
});

describe.each(engineNeutralDatabases)("admin area without a session on $name", ({ create }) => {
  test("no admin route shows admin data or changes anything; cross-site writes get 403", async () => {
    const db = await create();
    try {
      const { ids } = await seed(db.options);
      const before = await readSnapshot(db.options);
      const server = await startServer({
        ...db.env,
        FORM_MIN_FILL_MS: "0",
        LOG_LEVEL: "warn",
      });
      try {
        await waitUntilHealthy(server);
        const problems: string[] = [];
        const check = (ok: boolean, message: string) => void (ok || problems.push(message));

        // ── Reads: documents and single-fetch data, without a cookie, forged or ended sessions ──
        // Every request below is independent of the others: they go six at a time.
        const reads = adminUrls.flatMap((endpoint) =>
          COOKIES.map(([kind, cookie]) => async () => {
            const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
            const what = `GET ${endpoint.url} (${kind})`;
            const page = await fetch(`${server.url}${endpoint.url}`, { redirect: "manual", headers });
            const html = await page.text();
            expectNoSecrets(html, what);
            for (const heading of ADMIN_HEADINGS)
              check(!html.includes(heading), `${what} shows '${heading}'`);
            if (page.status === 200) {
              // Only the sign-in form itself may answer 200, and "Passwort vergessen?" (asking
              // for an address).
              check(
                (html.includes("Admin Login") && /<input[^>]+name="password"/.test(html)) ||
                  (endpoint.url === FORGOT && /<input[^>]+name="email"/.test(html)),
                `${what}: 200 without the login form`,
              );
            } else {
              check(
                isRedirectToLogin(page) || [401, 403, 404].includes(page.status),
                `${what}: ${page.status} ${page.headers.get("location") ?? ""}`,
              );
            }
            check(!sessionCookieOf(page), `${what} sets a session cookie`);

            const data = await fetch(`${server.url}${dataUrl(endpoint)}`, { redirect: "manual", headers });
            const payload = await data.text();
            expectNoSecrets(payload, `${what} (.data)`);
            for (const heading of ADMIN_HEADINGS)
              check(!payload.includes(heading), `${what} (.data) shows '${heading}'`);
            check(
              data.status === 200 ||
                isDataRedirectToLogin(data, payload) ||
                isRedirectToLogin(data) ||
                [401, 403, 404, 405].includes(data.status),
              `${what} (.data): ${data.status} ${payload.slice(0, 200)}`,
            );
          }),
        );
        await inParallel(reads);

        // An old lookup link names its address in the query string: without a session it shows
        // nothing (with one it looks nobody up either, see the control below).
        for (const email of [SECRETS.contactEmail, SECRETS.subscriberEmail]) {
          for (const target of [
            `/admin/datenschutz?email=${email}`,
            `/admin/datenschutz.data?email=${email}`,
          ]) {
            for (const [kind, cookie] of COOKIES) {
              const what = `GET ${target} (${kind})`;
              const response = await fetch(`${server.url}${target}`, {
                redirect: "manual",
                headers: cookie ? { Cookie: cookie } : {},
              });
              const body = await response.text();
              expectNoSecrets(body.replaceAll(email, ""), what);
              check(!body.includes("Auskunft und Löschung"), `${what} shows the view`);
              check(
                isRedirectToLogin(response) || isDataRedirectToLogin(response, body),
                `${what}: ${response.status}`,
              );
            }
          }
        }

        // ── Writes: plausible bodies from our own origin, document and data requests ──
        const bodies = [
          ...ATTACK_BODIES,
          { id: ids.contact },
          { id: ids.subscriber },
          { intent: "delete", id: ids.contact },
          // Kontaktanfragen: mark a request to be kept, or unmark it.
          { intent: "keep", id: ids.contact },
          { intent: "release", id: ids.contact },
        ];
        // Whether a session has ended is decided once, by the admin layout's middleware, before
        // any action reads its body: the ended sessions go with the first body to every route.
        // Every body goes without a cookie and with a forged one (which catches an action that
        // only looks for a cookie).
        const cookiesFor = (index: number) => (index === 0 ? COOKIES : COOKIES.slice(0, 2));
        const writes = adminUrls.flatMap((endpoint) =>
          [actionUrl(endpoint), dataUrl(endpoint)].flatMap((target) =>
            bodies.flatMap((body, index) =>
              cookiesFor(index).map(([kind, cookie]) => async () => {
                const what = `POST ${target} ${JSON.stringify(body).slice(0, 60)} (${kind})`;
                const response = await post(server, target, body, {
                  Origin: server.url,
                  ...(cookie ? { Cookie: cookie } : {}),
                });
                const text = await response.text();
                expectNoSecrets(text, what);
                check(!sessionCookieOf(response), `${what} sets a session cookie`);
                const refused =
                  isRedirectToLogin(response) ||
                  isDataRedirectToLogin(response, text) ||
                  [401, 403, 404, 405].includes(response.status) ||
                  // The sign-in action is public by nature: without credentials it answers 400.
                  (endpoint.url === "/admin/login" && [400, 401].includes(response.status)) ||
                  // "Passwort vergessen?" answers every address alike (no admin's here: no mail).
                  (endpoint.url === FORGOT &&
                    ([400, 429].includes(response.status) || isForgotAnswer(response, text))) ||
                  // So are a passkey sign-in's options (a challenge to sign, nothing else).
                  (endpoint.url === "/admin/passkey" &&
                    body.intent === "sign-in-options" &&
                    response.status === 200 &&
                    /"challenge"/.test(text));
                check(
                  refused,
                  `${what}: ${response.status} ${response.headers.get("location") ?? text.slice(0, 120)}`,
                );
                check(
                  !/successfully|erfolgreich/i.test(
                    decodeURIComponent(response.headers.get("set-cookie") ?? ""),
                  ),
                  `${what} reports success`,
                );
              }),
            ),
          ),
        );
        await inParallel(writes);

        // ── Cross-site writes: refused before any route runs, even with the right password ──
        const crossSiteTargets = [
          ...new Set([
            "/admin/login",
            "/admin?index",
            "/contact",
            "/admin/logout",
            "/?index",
            ...adminUrls.map(actionUrl),
            ...adminUrls.map(dataUrl),
          ]),
        ];
        const crossSiteHeaders: Record<string, Record<string, string>> = {
          "foreign Origin": { Origin: "https://evil.example" },
          "Sec-Fetch-Site: cross-site": { Origin: server.url, "Sec-Fetch-Site": "cross-site" },
          "foreign Referer without Origin": { Referer: "https://evil.example/angriff.html" },
          "Origin null with a foreign Referer": { Origin: "null", Referer: "https://evil.example/" },
          "neither Origin nor Referer": {},
          "look-alike Origin": { Origin: `${server.url}.evil.example` },
        };
        const crossSite = crossSiteTargets.flatMap((target) =>
          Object.entries(crossSiteHeaders).map(([kind, headers]) => async () => {
            const response = await post(
              server,
              target,
              { email: ADMIN.email, password: ADMIN.password, intent: "delete", id: PROJECT_ID },
              headers,
            );
            const text = await response.text();
            check(response.status === 403, `${kind} POST ${target}: ${response.status}`);
            check(
              text === FORM_GUARD_MESSAGES.forbidden,
              `${kind} POST ${target}: body ${text.slice(0, 80)}`,
            );
            check(!sessionCookieOf(response), `${kind} POST ${target} sets a session cookie`);
          }),
        );
        await inParallel(crossSite);

        expect(problems).toEqual([]);

        // ── Control: with a real session the same requests do show the secrets ──
        const password = await post(
          server,
          "/admin/login",
          { email: ADMIN.email, password: ADMIN.password },
          { Origin: server.url },
        );
        expect(password.status).toBe(302);
        const step = password.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("signin-step="))
          ?.split(";")[0];
        expect(step, "the password leads to the code step").toBeTruthy();
        const code = new TOTP({
          secret: Secret.fromBase32(TOTP_SECRET),
          digits: 6,
          period: 30,
          algorithm: "SHA1",
        });
        const login = await post(
          server,
          "/admin/login",
          { intent: "code", code: code.generate() },
          { Origin: server.url, Cookie: step! },
        );
        expect(login.status).toBe(302);
        const session = sessionCookieOf(login);
        expect(session).toBeTruthy();
        const signedIn = (url: string) =>
          fetch(`${server.url}${url}`, { redirect: "manual", headers: { Cookie: session! } }).then((r) =>
            r.text(),
          );
        expect(await signedIn("/admin")).toContain("Projekte verwalten");
        expect(await signedIn("/admin/kontaktanfragen")).toContain(SECRETS.contactName);
        expect(await signedIn("/admin/kontaktanfragen.data")).toContain(SECRETS.contactMessage);
        expect(await signedIn("/admin/newsletter")).toContain(SECRETS.subscriberEmail);
        expect(await signedIn("/admin/newsletter/export")).toContain(SECRETS.subscriberEmail);
        expect(await signedIn("/admin/profil")).toContain(SECRETS.adminEmail);
        expect(await signedIn("/admin/einstellungen")).toContain("Checkliste für den Livegang");
        const asAdmin = { Origin: server.url, Cookie: session! };
        expect(await signedIn(`/admin/datenschutz?email=${SECRETS.contactEmail}`)).not.toContain(
          SECRETS.contactMessage,
        );
        const lookup = await post(
          server,
          "/admin/datenschutz",
          { intent: "lookup", email: SECRETS.contactEmail },
          asAdmin,
        );
        expect(lookup.status, "signed-in POST /admin/datenschutz (lookup)").toBe(200);
        expect(await lookup.text()).toContain(SECRETS.contactMessage);
        for (const [url, body, back] of [
          ["/admin?index", { intent: "delete", id: ids.controlProject }, "/admin"],
          ["/admin/kontaktanfragen", { id: ids.controlContact }, "/admin/kontaktanfragen"],
          ["/admin/newsletter", { id: ids.controlSubscriber }, "/admin/newsletter"],
        ] as const) {
          const response = await post(server, url, body, asAdmin);
          expect(response.status, `signed-in POST ${url}`).toBe(302);
          expect(response.headers.get("location")).toBe(back);
        }
        const exported = await post(
          server,
          "/admin/datenschutz/export.json",
          { email: SECRETS.subscriberEmail },
          asAdmin,
        );
        expect(exported.status, "signed-in POST /admin/datenschutz/export.json").toBe(200);
        expect(await exported.text()).toContain(SECRETS.subscriberEmail);
        const saved = await post(
          server,
          "/admin/einstellungen",
          { intent: "mail", notifyEmail: "", senderName: "Kontrolle" },
          asAdmin,
        );
        expect(saved.status, "signed-in POST /admin/einstellungen").toBe(200);
        const logout = await post(server, "/admin/logout", {}, asAdmin);
        expect(isRedirectToLogin(logout)).toBe(true);
      } finally {
        expect(await server.stop()).toBe(0);
      }

      // Nothing the anonymous requests sent left a trace: no archive written either.
      expect(existsSync(path.join(db.env.DATA_DIR!, "backups"))).toBe(false);
      const after = await readSnapshot(db.options);
      expect(after).toEqual({
        ...before,
        projects: before.projects.filter((project) => project.id !== ids.controlProject),
        contacts: before.contacts.filter((id) => id !== ids.controlContact),
        subscribers: before.subscribers.filter((id) => id !== ids.controlSubscriber),
        // The control's export, and no other.
        audits: before.audits + 1,
        settings: [{ section: "mail", value: { notifyEmail: "", senderName: "Kontrolle" } }],
      });
      expect(after.projects.find((project) => project.id === PROJECT_ID)?.title).toBe(
        `Zielprojekt ${unique}`,
      );
      expect(after.contacts).toContain(ids.contact);
      expect(after.subscribers).toContain(ids.subscriber);
      // The ended sessions were deleted when shown, never renewed; the control signed out.
      const handle = await openDatabase(db.options);
      expect(await handle.db.select().from(sessions)).toEqual([]);
      await handle.close();
    } finally {
      await db.drop();
    }
  }, 300_000);
});
