import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { describe, expect, test } from "vitest";
import { fallbackProjects } from "~/features/projects/fallback-projects";
import { createAdmin } from "~/features/auth/admin-users.server";
import { BackupError, restoreBackup, writeBackup, type BackupManifest } from "~/platform/db/backup.server";
import { knownMigrations, openDatabase, rowsOf, type Db } from "~/platform/db/engines.server";
import { submitContact } from "~/features/contact/queries.server";
import { loadDemoContent } from "~/features/projects/demo-content.server";
import { signUp, unsubscribe } from "~/features/newsletter/subscribers.server";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { readSiteSettings, saveSiteSettings } from "~/features/settings/site-settings.server";
import { createProject } from "~/features/projects/queries.server";
import { findPageRow, insertMissingPages, publishPage, saveDraft } from "~/features/pages/queries.server";
import { deleteServicePage } from "~/features/pages/admin-content.server";
import { DEFAULT_ABOUT, DEFAULT_PAGES } from "~/features/pages/built-in-pages";
import type { PageContent } from "~/features/pages/page-content";
import { hitRateLimit } from "~/platform/db/rate-limits.server";
import { saveRemote, saveSchedule } from "~/features/settings/backups/backup-settings.server";
import {
  insertVisitEvents,
  keepTodayTotals,
  rollUpClosedDays,
  saltOfDay,
} from "~/features/statistics/queries.server";
import { berlinDay, berlinMidnight } from "~/features/statistics/visitor-key.server";
import { createIssue, queueIssue, saveIssueDraft } from "~/features/newsletter/issues.server";
import { addDateOverride, replaceWeeklyHours } from "~/features/booking/availability.server";
import { addBookingFeed, saveBookingSettings } from "~/features/booking/booking-settings.server";
import { createBookingType } from "~/features/booking/booking-types.server";
import { createBooking } from "~/features/booking/queries.server";
import {
  adminUsers,
  authChallenges,
  contactSubmissions,
  images,
  imageVariants,
  newsletterSubscriptions,
  outbox,
  passkeys,
  privacyAuditLog,
  recoveryCodes,
} from "~/platform/db/schema";
import { storeUploadedImage } from "~/features/media/images.server";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { createSession } from "~/features/auth/session.server";
import { EnvError, parseEnv } from "~/platform/env.server";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";
import {
  archiveIn,
  contactNames,
  contents,
  databaseWithContact,
  engines,
  newPlace,
  postgresUrl,
  tempDir,
  withPlaces,
  type Place,
} from "../setup/backup-places";

/**
 * Backup and restore: an archive holds every row and comes back as it was, on the embedded
 * database and on PostgreSQL, across engines and from an older schema; an archive that is not
 * one a backup writes is refused; the server writes archives on its schedule. `npm run backup`
 * and `npm run restore`, also while the site serves: backup-cli.test.ts.
 */

const root = path.resolve(import.meta.dirname, "..", "..");

/** As empty as a new database: the embedded one's directory deleted, PostgreSQL's schemas dropped. */
async function wipe(place: Place): Promise<void> {
  if (!("url" in place.options)) return rmSync(place.options.dataDir!, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: place.options.url });
  await client.connect();
  await client.query("drop schema public cascade; drop schema drizzle cascade; create schema public");
  await client.end();
}

/** The owner's own data, which the settings carry through a backup. */
const OWN_OWNER = {
  name: "Erika Beispiel",
  street: "Lindenallee 7",
  postalCode: "20259",
  city: "Hamburg",
  state: "HH",
};
const stringsOf = (values: object) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

const TRICKY_TEXT = 'Zeile 1\nZeile 2\t\\n \'Apostroph\' "Zitat" {"json": [1]} – Grüße 😀 \u2028 Ende';

/** A site with a row in every table: demo and own projects, an upload, forms, admin, mail. */
async function populate(db: Db): Promise<void> {
  await loadDemoContent(db, fallbackProjects);
  const admin = await createAdmin(db, {
    email: "owner@example.com",
    password: "Backup-Test-Passwort-1",
    name: "Inhaberin",
  });
  await createSession(db, admin.id);
  // Sign-in security: a passkey, TOTP with a recovery code, a pending sign-in step.
  await db.insert(passkeys).values({
    id: "Y3JlZGVudGlhbC1pZA",
    user_id: admin.id,
    name: "Laptop",
    public_key: "cHVibGljLWtleQ",
    counter: 7,
    transports: ["internal", "hybrid"],
  });
  await db.update(adminUsers).set({ totp_secret: "JBSWY3DPEHPK3PXP", totp_last_step: 59_000_000 });
  await db.insert(recoveryCodes).values({ user_id: admin.id, code_hash: "a".repeat(64) });
  await db.insert(authChallenges).values({
    id: "b".repeat(64),
    purpose: "second-factor",
    user_id: admin.id,
    expires_at: new Date(Date.now() + 60_000),
  });
  const upload = new File([readFileSync(path.join(root, "tests", "fixtures", "graphic.png"))], "bild.png", {
    type: "image/png",
  });
  const { src: image } = await storeUploadedImage(db, upload);
  await createProject(db, {
    title: "Projekt mit Upload",
    description: TRICKY_TEXT,
    details: "Backslash \\ und ein Prozent % _",
    image,
    category: "consulting",
    tags: ["ein Tag", "it's", '"quoted"', "{braces}", ""],
    date: new Date("2026-03-04T05:06:07.891Z"),
  });
  await submitContact(db, {
    input: { name: "Anna Ärger", email: "anna@example.com", subject: "Anfrage", message: TRICKY_TEXT },
    rateLimitKey: "contact:anna",
    tokenKey: "token:anna",
  });
  await signUp(
    db,
    { email: "leser@example.com", name: "Leser", form: "simple" as const },
    { publicUrl: "https://www.example.com", secret: await installationSecret(db) },
  );
  // A reader who left: their proof-and-block record stays, with the consent text.
  await signUp(
    db,
    { email: "weg@example.com", name: null, form: "optIn" as const },
    { publicUrl: "https://www.example.com", secret: await installationSecret(db) },
  );
  const [leaving] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, "weg@example.com"));
  expect(await unsubscribe(db, leaving!.id)).toBe(true);
  // An answered request for a person's data: its audit record.
  await db.insert(privacyAuditLog).values({ action: "export", counts: { contactRequests: 1 } });
  const owner = await saveSiteSettings(db, "owner", { ...stringsOf(DEFAULT_SETTINGS.owner), ...OWN_OWNER });
  expect(owner.ok).toBe(true);
  // Pages: all built-in ones, an about page published with the upload as portrait
  // (its earlier version kept), and a draft.
  await insertMissingPages(
    db,
    [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position })),
  );
  await publishPage(db, "/about", {
    ...DEFAULT_ABOUT,
    text: TRICKY_TEXT,
    image: { src: image, alt: "Porträt der Inhaberin", width: 640, height: 400 },
  });
  await saveDraft(db, "/service/shops", {
    ...DEFAULT_PAGES.get("/service/shops")!,
    visible: false,
  } as PageContent);
  // A built-in service page the owner deleted: its row is gone, its tombstone in app_meta stays.
  expect(await deleteServicePage(db, "/service/funnels")).toBe(true);
  // A newsletter issue sent to the confirmed reader: its mail refers to both.
  await db.update(newsletterSubscriptions).set({ is_confirmed: true, confirmed_at: sql`now()` });
  const issue = await createIssue(db);
  await saveIssueDraft(db, issue, {
    subject: "Ausgabe 1",
    preheader: "",
    body: TRICKY_TEXT,
  });
  expect(await queueIssue(db, issue, null)).toBe(1);
  await hitRateLimit(db, "login:203.0.113.9", 5, 600_000);
  // Datensicherung's row, with a second place whose password must come back too.
  await saveRemote(db, {
    kind: "webdav",
    url: "https://cloud.example.de/dav/",
    user: "erika",
    secret: "App-Passwort",
  });
  await saveSchedule(db, "weekly", 5);
  // Visit statistics: a view three days ago (rolled up into the daily totals) and today's salt.
  await insertVisitEvents(db, [
    {
      at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
      path: "/service/webdesign",
      referrer_host: "www.google.de",
      referrer_path: "/search",
      utm_campaign: "herbst",
      browser: "Firefox",
      os: "Linux",
      visitor: "a1b2c3d4e5f6a7b8",
      entry: true,
    },
  ]);
  await rollUpClosedDays(db);
  await saltOfDay(db, new Date().toISOString().slice(0, 10));
  // Today's stored totals: a view at 00:01 in Berlin, stored as the page at noon would.
  const today = berlinMidnight(berlinDay(new Date()));
  await insertVisitEvents(db, [
    {
      at: new Date(today.getTime() + 60_000),
      path: "/about",
      browser: "Safari",
      os: "iOS",
      visitor: "b1b2c3d4e5f6a7b8",
      entry: true,
    },
  ]);
  await keepTodayTotals(db, new Date(today.getTime() + 12 * 60 * 60 * 1000));
  // Termine: its settings with a CalDAV calendar, a feed, a type, the weekly hours, a holiday
  // and a booking with a message.
  await saveBookingSettings(db, {
    enabled: true,
    caldav_url: "https://dav.example.org/calendars/anna/termine/",
    caldav_username: "anna",
    caldav_password: TRICKY_TEXT,
  });
  await addBookingFeed(db, { label: "Privat", url: "https://calendar.example.org/privat.ics" });
  await replaceWeeklyHours(db, [{ weekday: 2, startMinute: 540, endMinute: 720 }]);
  await addDateOverride(db, { day: "2026-04-07", kind: "geschlossen", note: "Ostern" });
  const type = await createBookingType(db, {
    slug: "erstgespraech",
    name: "Kostenloses Erstgespräch",
    duration_minutes: 30,
    location_kind: "video",
  });
  if (type.status !== "saved") throw new Error("booking type not saved");
  const booked = await createBooking(
    db,
    {
      typeId: type.type.id,
      start: new Date("2026-03-10T08:00:00Z"),
      name: "Anna Ärger",
      email: "anna@example.com",
      message: TRICKY_TEXT,
      timeZone: "Europe/Berlin",
    },
    { busy: [], now: new Date("2026-03-06T06:00:00Z") },
  );
  expect(booked.status).toBe("stored");
  await db.update(outbox).set({ attempts: 2, last_error: "421 später", sent_at: sql`now()` });
  // Microseconds, which a JavaScript Date would lose.
  await db.update(contactSubmissions).set({ created_at: sql`'2026-01-02 03:04:05.678912+00'` });
}

const pairs = [
  { from: "pglite", to: "pglite" },
  ...(postgresUrl
    ? [
        { from: "postgres", to: "postgres" },
        { from: "pglite", to: "postgres" },
      ]
    : []),
] as const;

describe.each(pairs)("backup of $from restored into $to", ({ from, to }) => {
  test("every row and every image byte comes back as it was", async () => {
    await withPlaces(from, to, async ({ source, target, dir: backups }) => {
      let before: Record<string, string[]>;
      let imageBytes: { original: Buffer; variants: Buffer[] };
      {
        const handle = await openDatabase(source.options);
        try {
          await populate(handle.db);
          before = await contents(handle.db);
          const [image] = await handle.db.select().from(images);
          const variants = await handle.db.select().from(imageVariants).orderBy(imageVariants.width);
          imageBytes = { original: image!.original, variants: variants.map((v) => v.data) };
          const { manifest } = await writeBackup(handle, backups);
          expect(manifest.tables).toEqual(
            Object.fromEntries(Object.entries(before).map(([name, rows]) => [name, rows.length])),
          );
        } finally {
          await handle.close();
        }
      }
      // Every table holds something, so every table is checked below.
      expect(Object.keys(before).length).toBeGreaterThanOrEqual(10);
      for (const [name, rows] of Object.entries(before)) expect(rows.length, name).toBeGreaterThan(0);
      expect(imageBytes.variants.length).toBeGreaterThan(0);

      // Wipe the source; the same engine is restored into the empty place it left.
      await wipe(source);
      const into = from === to ? source : target;
      const manifest = await restoreBackup(into.options, archiveIn(backups));
      expect(manifest.database).toBe(from);

      const handle = await openDatabase(into.options);
      try {
        expect(await contents(handle.db)).toEqual(before);
        expect((await readSiteSettings(handle.db)).settings.owner).toMatchObject(OWN_OWNER);
        // The start-up after the restore leaves the deleted page deleted.
        expect(
          await insertMissingPages(
            handle.db,
            [...DEFAULT_PAGES].map(([path, content], position) => ({ path, content, position })),
          ),
        ).toBe(0);
        expect(await findPageRow(handle.db, "/service/funnels")).toBeUndefined();
        const [image] = await handle.db.select().from(images);
        const variants = await handle.db.select().from(imageVariants).orderBy(imageVariants.width);
        expect(image!.original.equals(imageBytes.original)).toBe(true);
        expect(variants.map((v) => v.data.toString("base64"))).toEqual(
          imageBytes.variants.map((data) => data.toString("base64")),
        );
      } finally {
        await handle.close();
      }
    });
  }, 300_000);
});

describe.each(engines)("restore reads only what a backup writes, on %s", (engine) => {
  test("a dump with any other statement is refused by its line, and nothing is restored", async () => {
    await withPlaces(engine, engine, { target: "migrated" }, async ({ source, target, dir: work }) => {
      await databaseWithContact(source, "Aus dem Archiv");
      const handle = await openDatabase(source.options);
      const { file } = await writeBackup(handle, path.join(work, "echt.tar.gz")).finally(() =>
        handle.close(),
      );
      await tar.extract({ file, cwd: work });
      const manifest = JSON.parse(readFileSync(path.join(work, "manifest.json"), "utf8")) as BackupManifest;
      const lines = readFileSync(path.join(work, "dump.sql"), "utf8").split("\n");
      expect(lines.pop()).toBe("");
      const contact = lines.findIndex((line) => line.startsWith('INSERT INTO public."contact_submissions" '));
      expect(contact).toBeGreaterThan(3);

      /** An archive whose dump has `replace(line)` at that line; the manifest's checksum matches it. */
      const altered = async (name: string, at: number, replace: (line: string) => string) => {
        const dump =
          [...lines.slice(0, at), replace(lines[at] ?? ""), ...lines.slice(at + 1)].join("\n") + "\n";
        const dir = tempDir("altered");
        writeFileSync(path.join(dir, "dump.sql"), dump);
        const sha256 = createHash("sha256").update(dump).digest("hex");
        const changed = { ...manifest, dump: { ...manifest.dump, bytes: Buffer.byteLength(dump), sha256 } };
        writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(changed));
        const archive = path.join(work, name);
        await tar.create({ gzip: true, file: archive, cwd: dir }, ["manifest.json", "dump.sql"]);
        rmSync(dir, { recursive: true, force: true });
        return archive;
      };
      const contactInsert = lines[contact]!;
      const variants: [string, number, (line: string) => string][] = [
        ["drop.tar.gz", lines.length, () => 'DROP TABLE public."admin_users";'],
        ["angehaengt.tar.gz", contact, (line) => `${line} DELETE FROM public."admin_users";`],
        [
          "angehaengt-literal.tar.gz",
          contact,
          (line) => line.replace(/'\);$/, `'); UPDATE public."admin_users" SET email = 'x';`),
        ],
        [
          "literal.tar.gz",
          contact,
          (line) => line.replace(/'\);$/, `' || (SELECT string_agg(email, ',') FROM admin_users) || '');`),
        ],
        ["fremde-tabelle.tar.gz", contact, (line) => line.replaceAll('"contact_submissions"', '"geheim"')],
        [
          "andere-tabelle.tar.gz",
          contact,
          (line) => line.replace('NULL::public."contact_submissions"', 'NULL::public."outbox"'),
        ],
        ["kein-json.tar.gz", contact, (line) => line.replace(/, '\{.*'\);$/, ", 'kein JSON');")],
        ["kommentar.tar.gz", contact, () => "-- nur ein Kommentar"],
        ["kopf.tar.gz", 3, (line) => line.replace("on", "off")],
      ];
      expect(variants.map(([, at, replace]) => replace(lines[at] ?? "")).includes(contactInsert)).toBe(false);

      await databaseWithContact(target, "Schon da");
      for (const [name, at, replace] of variants) {
        const archive = await altered(name, at, replace);
        await expect(restoreBackup(target.options, archive, { force: true }), name).rejects.toThrow(
          new BackupError(
            `${archive} is not a backup of this site: line ${at + 1} of dump.sql is not a statement ` +
              `that a backup writes. Nothing was restored.`,
          ),
        );
      }
      // Any of them restored would have replaced the contact with the archive's.
      expect(await contactNames(target)).toEqual(["Schon da"]);

      // The backup as written, repacked the same way, is restored.
      const unchanged = await altered("unveraendert.tar.gz", contact, (line) => line);
      await restoreBackup(target.options, unchanged, { force: true });
      expect(await contactNames(target)).toEqual(["Aus dem Archiv"]);
    });
  }, 300_000);
});

test("an archive of a newer schema or another format version is refused by name", async () => {
  const source = await newPlace("pglite", { migrated: true });
  const work = tempDir("backups");
  try {
    const handle = await openDatabase(source.options);
    const { file } = await writeBackup(handle, work).finally(() => handle.close());
    await tar.extract({ file, cwd: work });
    const manifest = JSON.parse(readFileSync(path.join(work, "manifest.json"), "utf8")) as BackupManifest;

    const variant = async (name: string, changed: BackupManifest) => {
      writeFileSync(path.join(work, "manifest.json"), JSON.stringify(changed));
      const archive = path.join(work, name);
      await tar.create({ gzip: true, file: archive, cwd: work }, ["manifest.json", "dump.sql"]);
      return archive;
    };
    const newer = await variant("neuer.tar.gz", {
      ...manifest,
      migrations: [...manifest.migrations, { tag: "9999_future", hash: "f".repeat(64) }],
    });
    await expect(restoreBackup(source.options, newer)).rejects.toThrow(
      new BackupError(
        `The archive's schema (9999_future) is newer than this version of the site (${manifest.migrations.at(-1)!.tag}). Update the site, then restore.`,
      ),
    );
    const future = await variant("format2.tar.gz", { ...manifest, formatVersion: 2 });
    await expect(restoreBackup(source.options, future)).rejects.toThrow(
      "has backup format version 2; this version of the site reads version 1",
    );
  } finally {
    await source.drop();
    rmSync(work, { recursive: true, force: true });
  }
}, 180_000);

const scheduledLines = (server: ServerProcess) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes("scheduled backup written"));

describe("scheduled backups", () => {
  test("BACKUP_CRON and BACKUP_KEEP are checked, naming the variable", () => {
    expect(parseEnv({ BACKUP_CRON: "0 3 * * *" })).toMatchObject({
      BACKUP_CRON: "0 3 * * *",
      BACKUP_KEEP: 7,
    });
    expect(parseEnv({ BACKUP_CRON: "@daily", BACKUP_KEEP: "30" }).BACKUP_KEEP).toBe(30);
    for (const [name, value] of [
      ["BACKUP_CRON", "jeden Tag um drei"],
      ["BACKUP_CRON", "0 3 * *"],
      ["BACKUP_CRON", "0 0 30 2 *"],
      ["BACKUP_CRON", "2026-01-01T03:00:00"],
      ["BACKUP_KEEP", "0"],
      ["BACKUP_KEEP", "drei"],
    ]) {
      expect(() => parseEnv({ [name!]: value }), `${name}=${value}`).toThrow(EnvError);
      expect(() => parseEnv({ [name!]: value })).toThrow(`  ${name}: `);
    }
    expect(() => parseEnv({ BACKUP_CRON: "jeden Tag" })).toThrow(
      'BACKUP_CRON: must be a cron expression such as "0 3 * * *" (minute hour day month weekday)',
    );
  });

  test("the server writes a backup per run and keeps the newest BACKUP_KEEP", async () => {
    const place = await newPlace("pglite", { migrated: true });
    const restored = await newPlace("pglite", { migrated: true });
    const server = await startServer({ ...place.env, BACKUP_CRON: "* * * * * *", BACKUP_KEEP: "2" });
    try {
      await waitUntilHealthy(server, 90_000);
      await expect
        .poll(() => scheduledLines(server).length, { timeout: 30_000, interval: 100 })
        .toBeGreaterThan(3);
      expect(await server.stop()).toBe(0);
      const written = scheduledLines(server).map((line) => path.basename(JSON.parse(line).file as string));
      const kept = readdirSync(path.join(place.env.DATA_DIR!, "backups")).sort();
      expect(kept).toEqual(written.slice(-2));
      // Named after the scheduled second.
      expect(kept[0]).toMatch(/^portfolio-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.000Z\.tar\.gz$/);
      const manifest = await restoreBackup(
        restored.options,
        path.join(place.env.DATA_DIR!, "backups", kept[1]!),
      );
      expect(manifest.tables.projects).toBe(fallbackProjects.length);
    } finally {
      await server.stop();
      await place.drop();
      await restored.drop();
    }
  }, 300_000);

  if (postgresUrl) {
    test("instances sharing a PostgreSQL database write one backup per run between them", async () => {
      const place = await newPlace("postgres");
      const servers: ServerProcess[] = [];
      try {
        for (let i = 0; i < 2; i++) {
          servers.push(
            await startServer({
              DATABASE_URL: place.env.DATABASE_URL!,
              DATA_DIR: tempDir("instance"),
              BACKUP_CRON: "* * * * * *",
              BACKUP_KEEP: "100",
            }),
          );
        }
        await Promise.all(servers.map((server) => waitUntilHealthy(server, 90_000)));
        const total = () => servers.reduce((sum, server) => sum + scheduledLines(server).length, 0);
        await expect.poll(total, { timeout: 30_000, interval: 100 }).toBeGreaterThan(5);
        for (const server of servers) expect(await server.stop()).toBe(0);

        const names = servers.flatMap((server) =>
          scheduledLines(server).map((line) => path.basename(JSON.parse(line).file as string)),
        );
        expect(new Set(names).size).toBe(names.length);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await place.drop();
      }
    }, 300_000);
  }
});

test("an archive of an older schema is restored, then migrated to this version", async () => {
  await withPlaces("pglite", "pglite", { source: "empty" }, async ({ source, target, dir: work }) => {
    const known = knownMigrations();
    // The schema before the retention migration, whose back-fill is checked below.
    const before = known.findIndex((migration) => migration.tag === "0009_retention_and_requests");
    const old = await openDatabase(source.options, before);
    // Written directly: today's code (submitContact reads the settings) expects today's schema.
    await old.db.execute(
      sql`insert into contact_submissions (name, email, subject, message) values ('Von früher', 'alt@example.com', 'Alt', 'Text')`,
    );
    // Its notification, sent before mails named their request.
    await old.db.execute(
      sql`insert into outbox ("to", subject, text, headers, sent_at) values ('inhaber@example.com', 'Neue Kontaktanfrage: Alt', 'Von früher schreibt: Text', '{"Reply-To": "alt@example.com"}', now())`,
    );
    const { manifest } = await writeBackup(old, work).finally(() => old.close());
    expect(manifest.migrations.map((migration) => migration.tag)).toEqual(
      known.slice(0, before).map((migration) => migration.tag),
    );

    await restoreBackup(target.options, archiveIn(work));
    const handle = await openDatabase(target.options, "none");
    try {
      const applied = rowsOf<{ hash: string }>(
        await handle.db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at`),
      );
      expect(applied.map((row) => row.hash)).toEqual(known.map((migration) => migration.hash));
      const contacts = await handle.db.select().from(contactSubmissions);
      expect(contacts.map((row) => row.name)).toEqual(["Von früher"]);
      // The migration tied the notification to its request and emptied the sent mail.
      expect(await handle.db.select().from(outbox)).toEqual([
        expect.objectContaining({ contact_id: contacts[0]!.id, text: "", html: null, headers: {} }),
      ]);
    } finally {
      await handle.close();
    }
    // The source is migrated only up to `before`.
  });
}, 180_000);
