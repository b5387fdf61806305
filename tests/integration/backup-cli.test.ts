import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, test } from "vitest";
import { restoreBackup, writeBackup } from "~/platform/db/backup.server";
import { openDatabase } from "~/platform/db/engines.server";
import { contactSubmissions, outbox } from "~/platform/db/schema";
import { startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";
import {
  archiveIn,
  contactNames,
  contents,
  databaseWithContact,
  engines,
  npmRun,
  withPlaces,
} from "../setup/backup-places";

/**
 * `npm run backup` writes an archive, `npm run restore` puts it back, on the embedded database
 * and on PostgreSQL: what the operator sees (exit codes, messages, row counts) and what the
 * database holds after; also while the site serves, where the running server writes the archive
 * of the embedded database. What an archive holds and which it refuses: backup.test.ts.
 */

describe.each(engines)("npm run backup / restore on %s", (engine) => {
  test("restore refuses a database with rows; --force replaces them and prints the row counts", async () => {
    await withPlaces(engine, engine, { target: "migrated" }, async ({ source, target, dir: backups }) => {
      await databaseWithContact(source, "Aus dem Archiv");
      const backup = await npmRun("backup", [backups], source.env);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/contact_submissions\s+1\n/);
      const archive = archiveIn(backups);
      expect(backup.stdout).toContain(archive);

      await databaseWithContact(target, "Schon da");
      const refused = await npmRun("restore", [archive], target.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "The database is not empty (rows in contact_submissions, outbox, rate_limits)",
      );
      expect(refused.stderr).toContain("--force");
      expect(await contactNames(target)).toEqual(["Schon da"]);

      const forced = await npmRun("restore", [archive, "--force"], target.env);
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
      expect(forced.stdout).toMatch(/contact_submissions\s+1\n/);
      expect(forced.stdout).toMatch(/outbox\s+1\n/);
      expect(await contactNames(target)).toEqual(["Aus dem Archiv"]);
    });
  }, 300_000);

  test("an archive whose dump was altered is refused by its checksum, and nothing is restored", async () => {
    await withPlaces(engine, engine, async ({ source, target, dir: work }) => {
      await databaseWithContact(source, "Original");
      const handle = await openDatabase(source.options);
      const { file } = await writeBackup(handle, path.join(work, "echt.tar.gz")).finally(() =>
        handle.close(),
      );

      // Same manifest, one name changed in the dump.
      await tar.extract({ file, cwd: work });
      const dump = readFileSync(path.join(work, "dump.sql"), "utf8");
      expect(dump).toContain("Original");
      writeFileSync(path.join(work, "dump.sql"), dump.replace("Original", "Gefälscht"));
      const altered = path.join(work, "verändert.tar.gz");
      await tar.create({ gzip: true, file: altered, cwd: work }, ["manifest.json", "dump.sql"]);

      const refused = await npmRun("restore", [altered], target.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `${altered} is damaged: the checksum of dump.sql does not match its manifest`,
      );
      expect(refused.stderr).toContain("Nothing was restored.");
      if (engine === "pglite") expect(existsSync(path.join(target.env.DATA_DIR!, "pgdata"))).toBe(false);
      else expect(await contactNames(target)).toEqual([]);

      // A truncated file and a foreign one are refused too, before any database is touched.
      const bytes = readFileSync(file);
      const truncated = path.join(work, "abgeschnitten.tar.gz");
      writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
      await expect(restoreBackup(target.options, truncated)).rejects.toThrow(
        /abgeschnitten\.tar\.gz is damaged or not a backup archive/,
      );
      const foreign = path.join(work, "fremd.tar.gz");
      await tar.create({ gzip: true, file: foreign, cwd: work }, ["dump.sql"]);
      await expect(restoreBackup(target.options, foreign)).rejects.toThrow(/is not a backup of this site/);
    });
  }, 300_000);
});

/** Posts contact forms from ever new client addresses until stopped; counts the accepted ones. */
function contactLoad(server: ServerProcess, formToken: string, connections = 8) {
  let running = true;
  let accepted = 0;
  let sent = 0;
  const failures: string[] = [];
  const loop = async () => {
    while (running) {
      const n = ++sent;
      const response = await fetch(`${server.url}/contact.data`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: new URLSearchParams({
          intent: "contact",
          formToken,
          name: `Last ${n}`,
          email: `last${n}@example.com`,
          subject: `Lasttest ${n}`,
          message: `Nachricht ${n} aus dem Lasttest.`,
        }).toString(),
      }).catch((error: unknown) => {
        failures.push(String(error)); // the server is gone: this loop ends
        running = false;
        return undefined;
      });
      if (!response) return;
      await response.arrayBuffer();
      if (response.ok) accepted++;
      else failures.push(`${response.status}`);
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    accepted: () => accepted,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.each(engines)("backup while the site serves, on %s", (engine) => {
  test("a backup made while contact forms are written restores to a consistent state", async () => {
    await withPlaces(engine, engine, { target: "migrated" }, async ({ source, target, dir: backups }) => {
      const server = await startServer({
        ...source.env,
        FORM_MIN_FILL_MS: "0",
        TRUST_PROXY: "X-Forwarded-For",
        LOG_LEVEL: "warn",
      });
      try {
        await waitUntilHealthy(server, 90_000);
        const page = await (await fetch(`${server.url}/contact`)).text();
        const formToken = page.match(/name="formToken" value="([^"]+)"/)![1]!;

        const load = contactLoad(server, formToken);
        await expect.poll(load.accepted, { timeout: 30_000, interval: 50 }).toBeGreaterThan(20);
        const acceptedBefore = load.accepted();
        const backup = await npmRun("backup", [backups], source.env);
        const acceptedDuring = load.accepted() - acceptedBefore;
        await expect
          .poll(load.accepted, { timeout: 30_000, interval: 50 })
          .toBeGreaterThan(load.accepted() + 20);
        await load.stop();
        expect(load.failures).toEqual([]);
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        if (engine === "pglite") expect(backup.stdout).toContain("written by the running server");
        // The site went on answering while the backup command ran.
        expect(acceptedDuring).toBeGreaterThan(0);
        expect(await server.stop()).toBe(0);

        const manifest = await restoreBackup(target.options, archiveIn(backups));
        const handle = await openDatabase(target.options);
        try {
          const restored = await contents(handle.db);
          expect(
            Object.fromEntries(Object.entries(restored).map(([name, rows]) => [name, rows.length])),
          ).toEqual(manifest.tables);
          const contacts = await handle.db.select().from(contactSubmissions);
          // A snapshot in the middle of the load: some submissions, not all of them.
          expect(contacts.length).toBeGreaterThanOrEqual(acceptedBefore);
          expect(contacts.length).toBeLessThan(load.accepted());
          // No partial rows: every field of every submission belongs to the same post.
          for (const contact of contacts) {
            const n = contact.name.replace("Last ", "");
            expect(contact).toMatchObject({
              email: `last${n}@example.com`,
              subject: `Lasttest ${n}`,
              message: `Nachricht ${n} aus dem Lasttest.`,
            });
          }
          // Each submission was committed with its notification mail: both are there, or neither.
          const mails = (await handle.db.select().from(outbox)).filter((mail) =>
            mail.subject.startsWith("Neue Kontaktanfrage: "),
          );
          // (A sent mail keeps no headers; its contact_id names the request.)
          const byId = new Map(contacts.map((contact) => [contact.id, contact]));
          expect(mails.map((mail) => `${byId.get(mail.contact_id!)?.email} ${mail.subject}`).sort()).toEqual(
            contacts.map((contact) => `${contact.email} Neue Kontaktanfrage: ${contact.subject}`).sort(),
          );
        } finally {
          await handle.close();
        }
      } finally {
        await server.stop();
      }
    });
  }, 300_000);
});
