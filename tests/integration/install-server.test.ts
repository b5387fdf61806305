import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import https from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../server/request-guards";
import { migratedDataDir } from "../setup/data-dir-template";
import { projectRoot } from "../setup/paths";
import { contactFields } from "../setup/public-forms";
import { freePort, startServer, waitUntilHealthy } from "../setup/server-process";
import { softAuthenticator } from "../setup/soft-authenticator";

/**
 * scripts/install-server.sh, the one-command install on a Debian/Ubuntu server: shellcheck clean,
 * a dry run that shows everything and changes nothing, the real file writing (under --root) that a
 * second run leaves alone and a newer version updates without touching the data or the owner's
 * settings, and the files it writes at work: the production server behind a real Caddy with the
 * installer's own Caddyfile (`tls internal` instead of Let's Encrypt) and environment, over https.
 */
const SCRIPT = path.join(projectRoot, "scripts", "install-server.sh");
const SITE = ["--domain", "example.de", "--email", "owner@example.de"];

type Run = { code: number | null; stdout: string; stderr: string };

function command(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: projectRoot, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`${file} is missing: install it (apt-get install ${file}); .ci/run does so`)
          : error,
      ),
    );
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const install = (args: string[]) => command("bash", [SCRIPT, ...args]);

async function ok(run: Promise<Run>): Promise<string> {
  const result = await run;
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

describe("install-server.sh", () => {
  test("shellcheck finds nothing", async () => {
    const result = await command("shellcheck", ["--severity=style", SCRIPT]);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  test("--dry-run prints every action and the env file, the unit and the Caddyfile, and writes nothing", async () => {
    const root = tempDir("install-dry-");
    try {
      const out = await ok(install([...SITE, "--redirect", "www.example.de", "--dry-run", "--root", root]));
      expect(out).toContain("would run: useradd --system");
      expect(out).toMatch(/would copy: .* → .*\/opt\/portfolio/);
      expect(out).toContain("npm ci");
      expect(out).toContain("npm run build");
      expect(out).toContain("would run: systemctl restart portfolio");
      // The three files, printed in full.
      expect(out).toContain(`would write: ${root}/etc/portfolio.env`);
      expect(out).toContain("| PUBLIC_URL=https://example.de\n");
      expect(out).toContain("| HOST=127.0.0.1\n");
      expect(out).toContain("| TRUST_PROXY=X-Forwarded-For\n");
      expect(out).toContain("| TRUSTED_PROXIES=127.0.0.1/32,::1/128\n");
      expect(out).toContain('| BACKUP_CRON="0 3 * * *"\n');
      expect(out).toContain("| ADMIN_EMAIL=owner@example.de\n");
      expect(out).toContain(`would write: ${root}/etc/systemd/system/portfolio.service`);
      expect(out).toContain("| UMask=0077\n");
      expect(out).toContain("| Restart=on-failure\n");
      expect(out).toContain("| EnvironmentFile=/etc/portfolio.env\n");
      expect(out).toContain(`would write: ${root}/etc/caddy/Caddyfile`);
      expect(out).toContain("| example.de {\n");
      expect(out).toContain('Strict-Transport-Security "max-age=63072000; includeSubDomains"');
      expect(out).toContain("| www.example.de {\n");
      expect(out).not.toContain("tls internal");
      expect(await readdir(root)).toEqual([]);
      // Not even the --root directory itself.
      await ok(install([...SITE, "--dry-run", "--root", path.join(root, "none")]));
      expect(await readdir(root)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("a second run changes nothing; a newer version replaces the app and keeps the data and the owner's settings", async () => {
    const root = tempDir("install-root-");
    const files = ["etc/portfolio.env", "etc/systemd/system/portfolio.service", "etc/caddy/Caddyfile"];
    const mtimes = () => Promise.all(files.map(async (file) => (await stat(path.join(root, file))).mtimeMs));
    try {
      const first = await ok(install([...SITE, "--root", root]));
      for (const file of files) expect(first).toContain(`written: ${root}/${file}`);
      expect(first).toContain(`copied: ${projectRoot} → ${root}/opt/portfolio`);
      expect(first).toContain("valid: the Caddyfile (caddy validate)");
      expect((await stat(path.join(root, "etc/portfolio.env"))).mode & 0o777).toBe(0o640);
      expect((await stat(path.join(root, "var/lib/portfolio"))).mode & 0o777).toBe(0o700);
      expect(existsSync(path.join(root, "opt/portfolio/server.js"))).toBe(true);
      expect(existsSync(path.join(root, "opt/portfolio/.git"))).toBe(false);
      const before = await mtimes();

      const second = await ok(install([...SITE, "--root", root]));
      expect(second).toContain("Nothing changed: the installation is up to date.");
      expect(second).not.toMatch(/^(written|copied|created):/m);
      expect(second).not.toContain("restart portfolio");
      expect(await mtimes()).toEqual(before);

      // The owner's own settings and a changed schedule, the site's data, and an older version
      // of the app (a file the new one no longer has, a different server.js).
      const envPath = path.join(root, "etc/portfolio.env");
      const ownLine = "SMTP_URL=smtps://kontakt%40example.de:geheim@smtp.example.net:465";
      await writeFile(
        envPath,
        (await readFile(envPath, "utf8")).replace('BACKUP_CRON="0 3 * * *"', 'BACKUP_CRON="30 4 * * 1"'),
      );
      await appendFile(envPath, `${ownLine}\n`);
      await mkdir(path.join(root, "var/lib/portfolio/backups"));
      await writeFile(path.join(root, "var/lib/portfolio/backups/keep.tar.gz"), "data");
      await writeFile(path.join(root, "opt/portfolio/old-version-only.js"), "");
      await appendFile(path.join(root, "opt/portfolio/server.js"), "// older\n");

      const update = await ok(install([...SITE, "--root", root]));
      expect(update).toContain(`copied: ${projectRoot} → ${root}/opt/portfolio`);
      expect(update).toContain(`unchanged: ${root}/var/lib/portfolio exists (the data stays)`);
      expect(existsSync(path.join(root, "opt/portfolio/old-version-only.js"))).toBe(false);
      expect(readFileSync(path.join(root, "opt/portfolio/server.js"), "utf8")).toBe(
        readFileSync(path.join(projectRoot, "server.js"), "utf8"),
      );
      expect(await readFile(path.join(root, "var/lib/portfolio/backups/keep.tar.gz"), "utf8")).toBe("data");
      const env = await readFile(envPath, "utf8");
      expect(env).toContain('BACKUP_CRON="30 4 * * 1"');
      expect(env).toContain(`${ownLine}\n`);
      expect(env.match(/^PUBLIC_URL=/gm)).toHaveLength(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("the Caddyfile it writes passes caddy validate", async () => {
    const dir = tempDir("install-caddy-");
    try {
      const file = path.join(dir, "Caddyfile");
      await writeFile(
        file,
        await ok(install([...SITE, "--redirect", "www.example.de", "--print", "caddyfile"])),
      );
      const result = await command("caddy", ["validate", "--adapter", "caddyfile", "--config", file], {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_CONFIG_HOME: path.join(dir, "config"),
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).toContain("Valid configuration");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("compose.yaml's Caddyfile passes caddy validate and lets through the largest upload", async () => {
    const dir = tempDir("compose-caddy-");
    try {
      const file = path.join(projectRoot, "compose.Caddyfile");
      const text = await readFile(file, "utf8");
      expect(Number(text.match(/max_size (\d+)MiB/)?.[1]) * 1024 * 1024).toBe(UPLOAD_BODY_LIMIT_BYTES);
      expect(text).toContain('Strict-Transport-Security "max-age=63072000; includeSubDomains"');
      const result = await command("caddy", ["validate", "--adapter", "caddyfile", "--config", file], {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_CONFIG_HOME: path.join(dir, "config"),
        DOMAIN: "www.example.de",
      });
      expect(result.code, result.stderr).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("behind Caddy over https: a page, HSTS, the client's address for the rate limits, the body limit, Secure cookies, a passkey for the host name", async () => {
    const host = "portfolio.localhost";
    // Caddy listens for http on the https port + 1: both must be free, and the app's port another.
    const httpsPort = await freePortWithNextFree();
    let appPort = await freePort();
    while (appPort === httpsPort + 1) appPort = await freePort();
    const site = [
      "--domain",
      host,
      "--email",
      "owner@example.de",
      "--https-port",
      String(httpsPort),
      "--port",
      String(appPort),
    ];
    const caddyDir = tempDir("install-https-");
    const caddyfile = await ok(install([...site, "--tls-internal", "--print", "caddyfile"]));
    const maxSize = caddyfile.match(/max_size (\d+)MiB/)?.[1];
    expect(Number(maxSize) * 1024 * 1024).toBe(UPLOAD_BODY_LIMIT_BYTES);
    await writeFile(path.join(caddyDir, "Caddyfile"), caddyfile);
    // The environment the unit gives the server, from the installer's own env file.
    const unitEnv = Object.fromEntries(
      (await ok(install([...site, "--print", "env"])))
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const [key, ...value] = line.split("=");
          return [key!, value.join("=").replace(/^"(.*)"$/, "$1")];
        }),
    );
    expect(unitEnv.PUBLIC_URL).toBe(`https://${host}:${httpsPort}`);

    let caddyLog = "";
    const startCaddy = () => {
      const child = spawn(
        "caddy",
        ["run", "--adapter", "caddyfile", "--config", path.join(caddyDir, "Caddyfile")],
        {
          cwd: caddyDir,
          env: {
            PATH: process.env.PATH,
            HOME: caddyDir,
            XDG_DATA_HOME: path.join(caddyDir, "data"),
            XDG_CONFIG_HOME: path.join(caddyDir, "config"),
          },
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      child.stderr.on("data", (chunk: Buffer) => (caddyLog += chunk.toString()));
      return { child, exited: new Promise((resolve) => child.once("exit", resolve)) };
    };
    let caddy = startCaddy();
    const dataDir = migratedDataDir();
    const server = await startServer({ ...unitEnv, DATA_DIR: dataDir, FORM_MIN_FILL_MS: "0" });
    try {
      await waitUntilHealthy(server);
      // Caddy's local CA signs the site's certificate; the client trusts that root and nothing else.
      const rootCert = path.join(caddyDir, "data/caddy/pki/authorities/local/root.crt");
      const origin = `https://${host}:${httpsPort}`;
      type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
      const request = (
        pathname: string,
        options: {
          method?: string;
          headers?: Record<string, string>;
          body?: string | Buffer;
          from?: string;
        } = {},
      ) =>
        new Promise<Answer>((resolve, reject) => {
          const req = https.request(
            {
              host,
              port: httpsPort,
              path: pathname,
              method: options.method ?? "GET",
              headers: {
                ...options.headers,
                ...(options.body === undefined
                  ? {}
                  : { "Content-Length": String(Buffer.byteLength(options.body)) }),
              },
              ca: readFileSync(rootCert),
              servername: host,
              // *.localhost is this machine (RFC 6761), whatever the resolver says.
              lookup: (_name, lookupOptions, callback) =>
                lookupOptions.all
                  ? callback(null, [{ address: "127.0.0.1", family: 4 }])
                  : callback(null, "127.0.0.1", 4),
              localAddress: options.from ?? "127.0.0.1",
              agent: false,
            },
            (response) => {
              let body = "";
              response.on("data", (chunk: Buffer) => (body += chunk.toString()));
              response.on("end", () =>
                resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
              );
              response.on("error", reject);
            },
          );
          // A refused body may break the upload once the answer is there; the answer counts.
          req.on("error", reject);
          req.end(options.body);
        });
      const deadline = Date.now() + 30_000;
      let home: Answer | undefined;
      while (!home) {
        // Caddy 2.6 cleans its storage at start, and may delete the certificate it is writing
        // (certmagic: "key is empty"); it would try again in a minute, a new start at once.
        if (caddyLog.includes('"will retry"')) {
          caddy.child.kill("SIGTERM");
          await caddy.exited;
          caddyLog = "";
          caddy = startCaddy();
        }
        home = await request("/").catch((error: unknown) => {
          if (Date.now() > deadline) throw new Error(`Caddy does not answer: ${String(error)}\n${caddyLog}`);
          return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200));
        });
      }
      expect(home.status).toBe(200);
      // One HSTS header (Caddy's replaces the app's), not two joined.
      expect(home.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");

      const tokensUsed = new Set<string>();
      const freshToken = async (from: string) => {
        for (;;) {
          const page = await request("/contact", { from });
          const token = page.body.match(/name="formToken" value="([^"]+)"/)?.[1];
          if (token && !tokensUsed.has(`${from}|${token}`)) {
            tokensUsed.add(`${from}|${token}`);
            return token;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const contact = async (n: number, from: string, spoofed: string) =>
        request("/contact", {
          method: "POST",
          from,
          headers: {
            Origin: origin,
            "Content-Type": "application/x-www-form-urlencoded",
            // What a client claims is replaced by Caddy with the address it connects from.
            "X-Forwarded-For": spoofed,
          },
          body: new URLSearchParams(contactFields(n, await freshToken(from))).toString(),
        });
      // Five contact requests per client, each claiming another address: the sixth is refused.
      for (const n of [1, 2, 3, 4, 5]) {
        const answer = await contact(n, "127.0.1.1", `203.0.113.${n}`);
        expect(
          answer.status,
          `contact ${n}: ${answer.body.slice(0, 300)} ${JSON.stringify(answer.headers)}`,
        ).toBe(200);
      }
      const sixth = await contact(6, "127.0.1.1", "203.0.113.6");
      expect(sixth.status).toBe(429);
      expect(sixth.body).toContain("Zu viele Anfragen in kurzer Zeit");
      // Another client (another network) is not held by the first one's limit.
      expect((await contact(7, "127.0.2.1", "203.0.113.1")).status).toBe(200);

      // A body over the largest upload is refused.
      const tooLarge = await request("/contact", {
        method: "POST",
        from: "127.0.3.1",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: Buffer.alloc(UPLOAD_BODY_LIMIT_BYTES + 1, "a"),
      });
      expect(tooLarge.status).toBe(413);

      // The setup link the installer prints from the journal: https, and its session cookie Secure.
      const setupLink = server
        .output()
        .split("\n")
        .map((line) => line.match(/"setupLink":"([^"]+)"/)?.[1])
        .find(Boolean);
      expect(setupLink).toMatch(new RegExp(`^${origin}/admin/setup\\?token=`));
      const setupPath = new URL(setupLink!).pathname + new URL(setupLink!).search;
      expect((await request(setupPath)).status).toBe(200);
      const password = "Korrektes-Pferd-Batterie-42";
      const created = await request(setupPath, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Ina Inhaberin",
          email: "owner@example.de",
          password,
          confirmPassword: password,
        }).toString(),
      });
      expect(created.status, created.body.slice(0, 500)).toBe(302);
      const cookies = [created.headers["set-cookie"] ?? []].flat();
      const session = cookies.find((cookie) => cookie.startsWith("__Host-session="));
      expect(session, cookies.join("\n")).toBeDefined();
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*Path=\//i);

      // A passkey registers for the host name (its relying party comes from PUBLIC_URL).
      const cookie = session!.split(";")[0]!;
      const passkeyPost = async (fields: Record<string, string>) => {
        const answer = await request("/admin/passkey", {
          method: "POST",
          headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        });
        expect(answer.status, answer.body.slice(0, 300)).toBe(200);
        return JSON.parse(answer.body) as {
          ok: boolean;
          options?: { challenge: string; user: { id: string } };
        };
      };
      const options = await passkeyPost({ intent: "register-options" });
      expect(options.options).toMatchObject({ rp: { id: host } });
      const { response } = softAuthenticator({ origin }).register(options.options!);
      const added = await passkeyPost({
        intent: "register",
        name: "Handy",
        credential: JSON.stringify(response),
      });
      expect(added.ok).toBe(true);
    } finally {
      await server.stop();
      caddy.child.kill("SIGTERM");
      await caddy.exited;
      await rm(caddyDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

async function freePortWithNextFree(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 65535 && (await isFree(port + 1))) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    // On every interface, as Caddy listens.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
