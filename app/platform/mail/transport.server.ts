import nodemailer from "nodemailer";
import { logger } from "~/platform/logger.server";
import { writeDroppedMail } from "./mail-drop.server";
import type { OutgoingMail } from "./outbox.server";

export type MailTransport = {
  send(mail: OutgoingMail & { id: string }): Promise<void>;
  /** Closes open connections (at shutdown). */
  close?(): void;
};

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/mail/, so the
 * quick start shows every mail (for example the double opt-in link) without a mail server
 * (mail-drop.server.ts).
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  /** The sender, asked for each mail: the owner can change its name at any time. */
  from: () => Promise<{ name: string; address: string }>;
  dropDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await smtp.sendMail({ from: await options.from(), ...message(mail) });
      },
      close: () => smtp.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await composer.sendMail({ from: await options.from(), ...message(mail) });
      const file = await writeDroppedMail(options.dropDir, mail.id, info.message as Buffer);
      logger.info({ file }, "mail written to the local mail drop");
    },
  };
}

function message(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    // An alternative part `text/calendar; method=…` that mail clients offer to accept.
    ...(mail.calendar
      ? {
          icalEvent: {
            method: mail.calendar.method,
            filename: "einladung.ics",
            content: mail.calendar.content,
          },
        }
      : {}),
  };
}
