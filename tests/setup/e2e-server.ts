/**
 * The end-to-end tests' server: a real SMTP receiver (smtp-server) that stores every mail it
 * gets as a file in E2E_MAIL_DIR, then the production server (`server.js`) sending to it, as a
 * child process whose output is also kept in tmp/test-logs/e2e/ (scanned by the teardown).
 * Started by playwright.config.ts as its webServer.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { serverEnv, serverFlags } from "../../scripts/lib/production-server.ts";

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error("E2E_MAIL_DIR is not set");
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(path.join(mailDir, `${Date.now()}-${++count}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const address = smtp.server.address();
if (!address || typeof address === "string") throw new Error("SMTP receiver did not start");
// This run's log directory (tests/setup/test-logs.ts, e2eSuite), emptied first; the e2e
// tests' own servers log there too, and the global teardown scans it.
const logDir = path.resolve(import.meta.dirname, "..", "..", "tmp", "test-logs", `e2e-${process.env.PORT}`);
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });
const log = (chunk: Buffer) => appendFileSync(path.join(logDir, "server.log"), chunk);
const serverScript = path.resolve(import.meta.dirname, "..", "..", "server.js");
const server = spawn(process.execPath, [...serverFlags, serverScript], {
  env: { ...process.env, ...serverEnv, SMTP_URL: `smtp://127.0.0.1:${address.port}` },
  stdio: ["ignore", "pipe", "pipe"],
});
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
] as const) {
  from.on("data", (chunk: Buffer) => {
    to.write(chunk);
    log(chunk);
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  smtp.close();
  process.exit(code ?? 1);
});
