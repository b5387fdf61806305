/**
 * The end-to-end tests' server: a real SMTP receiver (smtp-server) that stores every mail it
 * gets as a file in E2E_MAIL_DIR, then the production server (`server.js`) sending to it.
 * Started by playwright.config.ts as its webServer.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

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
process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;

await import(path.resolve(import.meta.dirname, "..", "..", "server.js"));
