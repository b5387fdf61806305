import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process";

/**
 * A real CalDAV server for the tests: Debian's Radicale (installed by `.ci/run`), on a free
 * port of 127.0.0.1, with its own folder and one user from a plain htpasswd file. Its output
 * stays in memory, for failure messages: it is not our server's log that the suite scans.
 */
export type Radicale = {
  /** http://127.0.0.1:<port> */
  url: string;
  username: string;
  password: string;
  /** Creates the calendar `/<user>/<name>/` (MKCALENDAR) and gives its collection URL. */
  makeCalendar(name: string): Promise<string>;
  /** Everything Radicale printed so far. */
  output(): string;
  stop(): Promise<void>;
};

const RADICALE = "radicale";

export async function startRadicale({
  username = "anna",
  password = "kalender-geheim-4711",
}: { username?: string; password?: string } = {}): Promise<Radicale> {
  if (spawnSync(RADICALE, ["--version"]).error) {
    throw new Error(
      "Radicale is not installed: `apt-get install radicale` (.ci/run installs it). The CalDAV tests need a real server.",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const port = await freePort();
  writeFileSync(path.join(dir, "users"), `${username}:${password}\n`);
  // Every key the server reads is set here, so /etc/radicale/config (Debian's: TLS and
  // remote_user) plays no part; --config replaces it.
  writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      // No pause after a wrong password: the test of one would wait for it.
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[web]",
      "type = none",
      "[logging]",
      "level = warning",
      "mask_passwords = True",
      "",
    ].join("\n"),
  );
  const child = spawn(RADICALE, ["--config", path.join(dir, "config")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));

  const url = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (ended) throw new Error(`Radicale ended during start:\n${output}`);
    const answered = await fetch(`${url}/`, { method: "OPTIONS" })
      .then(() => true)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Radicale did not answer within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    username,
    password,
    output: () => output,
    async makeCalendar(name) {
      const collection = `${url}/${encodeURIComponent(username)}/${encodeURIComponent(name)}/`;
      const response = await fetch(collection, {
        method: "MKCALENDAR",
        headers: { authorization, "content-type": "application/xml; charset=utf-8" },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set>
</C:mkcalendar>`,
      });
      if (response.status !== 201) {
        throw new Error(`MKCALENDAR ${collection}: ${response.status} ${await response.text()}\n${output}`);
      }
      return collection;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
