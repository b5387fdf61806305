import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { decodeQuotedPrintable } from "../setup/mime";

/** Reads the mails that the e2e server's SMTP receiver stored (see tests/setup/e2e-server.ts). */
export const MAIL_DIR = path.join(tmpdir(), `portfolio-e2e-mail-${process.env.E2E_PORT ?? 3210}`);

export type ReceivedMail = { headers: Record<string, string>; subject: string; to: string; text: string };

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

export function parseMail(raw: string): ReceivedMail {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
  }
  const body = rest.join("\n\n");
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { headers, subject: decodeWords(headers.subject ?? ""), to: headers.to ?? "", text };
}

export function mailsTo(address: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => parseMail(readFileSync(path.join(MAIL_DIR, file), "utf8")))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits until `count` mails to `address` have arrived and returns them. */
export async function waitForMails(address: string, count = 1): Promise<ReceivedMail[]> {
  await expect.poll(() => mailsTo(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(address);
}
