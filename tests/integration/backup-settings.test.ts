import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/defaults";
import { goLiveChecklist } from "~/features/settings/go-live.server";
import { backupRetention } from "~/features/settings/legal/retention";
import {
  backupFailure,
  backupSettingsChanged,
  readBackupSettings,
  readEffectiveBackup,
  saveRemote,
  saveSchedule,
} from "~/features/settings/backups/backup-settings.server";
import { runBackup } from "~/features/settings/backups/run-backup.server";
import type { Db } from "~/platform/db/engines.server";
import { outbox } from "~/platform/db/schema";
import { parseEnv } from "~/platform/env.server";
import { scheduleBackups } from "../../server/backup";
import { test, testDatabases } from "../setup/databases";
import { freePort } from "../setup/server-process";

/**
 * Einstellungen → Datensicherung: the stored schedule and number kept (BACKUP_CRON and an
 * explicit BACKUP_KEEP win), the copy to a real WebDAV server (rclone), failures recorded for the
 * admin's notice and mailed to the owner, and the go-live checklist's rule.
 */

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `portfolio-${prefix}-`));
const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
  parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...extra });
const archivesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".tar.gz")) : [];
const failureMails = async (db: Db) =>
  (await db.select().from(outbox)).filter((mail) => mail.subject === "Datensicherung fehlgeschlagen");

/** A real WebDAV server on the loopback: `rclone serve webdav` with one user. */
type WebdavServer = { url: string; dir: string; user: string; password: string; stop(): Promise<void> };

async function startWebdav(): Promise<WebdavServer> {
  const dir = tempDir("webdav");
  const port = await freePort();
  const user = "sicherung";
  const password = randomBytes(12).toString("hex");
  const child: ChildProcess = spawn(
    "rclone",
    ["serve", "webdav", dir, "--addr", `127.0.0.1:${port}`, "--user", user, "--pass", password],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answered = await fetch(url, { method: "OPTIONS" }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error("rclone serve webdav did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dir,
    user,
    password,
    stop: async () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let webdav: WebdavServer;
beforeAll(async () => {
  webdav = await startWebdav();
});
afterAll(async () => {
  await webdav?.stop();
});

describe.each(testDatabases)("Datensicherung on $name", (database) => {
  test.override({ database });

  test("no schedule by default; the stored one applies, BACKUP_CRON and an explicit BACKUP_KEEP win", async ({
    db,
  }) => {
    const dataDir = tempDir("schedule");
    const plain = configFor(dataDir);
    expect(await readEffectiveBackup(db, plain)).toMatchObject({
      cron: undefined,
      scheduleFrom: "none",
      keep: 7,
      keepFrom: "default",
    });
    await saveSchedule(db, "weekly", 3);
    expect(await readEffectiveBackup(db, plain)).toMatchObject({
      cron: "0 3 * * 1",
      timezone: "Europe/Berlin",
      scheduleFrom: "stored",
      keep: 3,
      keepFrom: "stored",
    });
    const fromEnv = configFor(dataDir, { BACKUP_CRON: "30 2 * * *", BACKUP_KEEP: "12" });
    expect(await readEffectiveBackup(db, fromEnv)).toMatchObject({
      cron: "30 2 * * *",
      timezone: undefined,
      scheduleFrom: "env",
      keep: 12,
      keepFrom: "env",
    });
    // The privacy policy follows what is in force.
    const stored = await readEffectiveBackup(db, plain);
    expect(backupRetention({ backup: stored }).how).toContain("wöchentlich");
    expect(backupRetention({ backup: stored }).deletedData).toContain("21 Tage");
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the server's timer follows a change of the stored schedule without a restart", async ({ db }) => {
    const dataDir = tempDir("timer");
    const handle = { db, kind: database.name, ping: async () => {} } as unknown as Parameters<
      typeof scheduleBackups
    >[1];
    const schedule = scheduleBackups(configFor(dataDir), handle);
    try {
      await schedule.refreshed();
      expect(schedule.pattern()).toBeUndefined();
      await saveSchedule(db, "daily", null);
      backupSettingsChanged();
      await schedule.refreshed();
      expect(schedule.pattern()).toBe("0 3 * * * Europe/Berlin");
      await saveSchedule(db, "off", null);
      backupSettingsChanged();
      await schedule.refreshed();
      expect(schedule.pattern()).toBeUndefined();
    } finally {
      schedule.stop();
    }
    const fromEnv = scheduleBackups(configFor(dataDir, { BACKUP_CRON: "0 4 * * *" }), handle);
    try {
      await saveSchedule(db, "weekly", null);
      await fromEnv.refreshed();
      expect(fromEnv.pattern()).toBe("0 4 * * *");
    } finally {
      fromEnv.stop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("each backup keeps only the newest archives, as many as stored", async ({ db }) => {
    const dataDir = tempDir("keep");
    const config = configFor(dataDir);
    await saveSchedule(db, "off", 2);
    for (let i = 0; i < 3; i++) {
      const outcome = await runBackup({ db, kind: database.name }, config);
      expect(outcome.ok).toBe(true);
    }
    const archives = archivesIn(path.join(dataDir, "backups"));
    expect(archives).toHaveLength(2);
    for (const name of archives) {
      expect(statSync(path.join(dataDir, "backups", name)).mode & 0o777).toBe(0o600);
    }
    // An explicit BACKUP_KEEP wins over the stored number.
    await runBackup({ db, kind: database.name }, configFor(dataDir, { BACKUP_KEEP: "1" }));
    expect(archivesIn(path.join(dataDir, "backups"))).toHaveLength(1);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the copy goes to a real WebDAV server; a wrong password or no server is a failure, the local archive stays", async ({
    db,
  }) => {
    const dataDir = tempDir("copy");
    const config = configFor(dataDir);
    await saveRemote(db, { kind: "webdav", url: webdav.url, user: webdav.user, secret: webdav.password });
    const copied = await runBackup({ db, kind: database.name }, config);
    expect(copied).toMatchObject({ ok: true, copied: true });
    const name = path.basename((copied as { file: string }).file);
    expect(readFileSync(path.join(webdav.dir, name))).toEqual(
      readFileSync(path.join(dataDir, "backups", name)),
    );
    expect(await backupFailure(db)).toBeNull();

    // A wrong password: on schedule, a notice and a mail to the owner; the archive is on the server.
    await saveRemote(db, { kind: "webdav", url: webdav.url, user: webdav.user, secret: "falsch" });
    const scheduledAt = new Date(Date.now() - 1000);
    const refused = await runBackup({ db, kind: database.name }, config, { scheduledAt });
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({
      failure: expect.stringContaining("hat die Anmeldung abgelehnt (401)"),
    });
    expect(existsSync((refused as { file: string }).file)).toBe(true);
    expect(archivesIn(webdav.dir)).toContain(name);
    expect(archivesIn(webdav.dir)).not.toContain(path.basename((refused as { file: string }).file));
    expect(await backupFailure(db)).not.toBeNull();
    const mails = await failureMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(DEFAULT_SETTINGS.owner.email);
    expect(mails[0]!.text).toContain("hat die Anmeldung abgelehnt");
    expect(mails[0]!.text).not.toContain("falsch");
    expect((await readBackupSettings(db)).lastScheduledOk).toBe(false);

    // No server at the address: the same, and "Jetzt sichern" (no schedule) mails nobody.
    await saveRemote(db, {
      kind: "webdav",
      url: `http://127.0.0.1:${await freePort()}/`,
      user: "x",
      secret: "y",
    });
    const unreachable = await runBackup({ db, kind: database.name }, config);
    expect(unreachable).toMatchObject({ ok: false, failure: expect.stringContaining("nicht erreichbar") });
    expect(existsSync((unreachable as { file: string }).file)).toBe(true);
    expect(await failureMails(db)).toHaveLength(1);

    // The next success ends the notice.
    await saveRemote(db, { kind: "webdav", url: webdav.url, user: webdav.user, secret: undefined });
    expect((await readBackupSettings(db)).remote?.secret).toBe("y");
    await saveRemote(db, { kind: "webdav", url: webdav.url, user: webdav.user, secret: webdav.password });
    expect((await runBackup({ db, kind: database.name }, config)).ok).toBe(true);
    expect(await backupFailure(db)).toBeNull();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a scheduled backup that fails leaves the notice and mails the owner", async ({ db }) => {
    // DATA_DIR is a file: the backups directory cannot be made.
    const parent = tempDir("failing");
    const dataDir = path.join(parent, "not-a-directory");
    writeFileSync(dataDir, "");
    const handle = { db, kind: database.name, ping: async () => {} } as unknown as Parameters<
      typeof scheduleBackups
    >[1];
    // Every second: the timer itself runs the backup.
    const schedule = scheduleBackups(configFor(dataDir, { BACKUP_CRON: "* * * * * *" }), handle);
    try {
      await expect.poll(() => backupFailure(db), { timeout: 10_000 }).not.toBeNull();
      await expect.poll(async () => (await failureMails(db)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      schedule.stop();
    }
    const [mail] = await failureMails(db);
    expect(mail!.text).toContain("Die Sicherung konnte nicht geschrieben werden");
    expect(mail!.text).toContain("/admin/einstellungen/datensicherung");
    expect((await readBackupSettings(db)).lastScheduledOk).toBe(false);
    rmSync(parent, { recursive: true, force: true });
  });

  test("the checklist counts a schedule whose last run succeeded, not a backup by hand", async ({ db }) => {
    const dataDir = tempDir("checklist");
    const config = configFor(dataDir);
    const item = async (extra: Record<string, string> = {}) =>
      (await goLiveChecklist(db, DEFAULT_SETTINGS, configFor(dataDir, extra))).find(
        (i) => i.id === "backup",
      )!;
    expect((await item()).done).toBe(false);
    // A backup by hand does not tick it.
    expect((await runBackup({ db, kind: database.name }, config)).ok).toBe(true);
    expect((await item()).done).toBe(false);
    // A schedule without a successful run yet neither.
    await saveSchedule(db, "daily", null);
    expect(await item()).toMatchObject({ done: false, href: "/admin/einstellungen/datensicherung" });
    expect((await item({ BACKUP_CRON: "0 3 * * *" })).done).toBe(false);
    // Its run succeeded: done, with BACKUP_CRON too.
    expect((await runBackup({ db, kind: database.name }, config, { scheduledAt: new Date() })).ok).toBe(true);
    expect((await item()).done).toBe(true);
    expect((await item({ BACKUP_CRON: "0 3 * * *" })).done).toBe(true);
    // Without a schedule the success no longer counts.
    await saveSchedule(db, "off", null);
    expect((await item()).done).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
