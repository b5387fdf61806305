import { isIP } from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { isCommonPassword } from "./common-passwords.server";

/**
 * The one place that reads process.env. Every variable is documented in .env.example;
 * the server validates them at start and exits with an operator-facing message naming
 * each bad variable.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** A cron pattern (5 fields, or 6 with seconds first, or @daily & co.) that ever runs. */
/** Backups kept when neither BACKUP_KEEP nor the Datensicherung page says how many. */
export const DEFAULT_BACKUP_KEEP = 7;

function isCronPattern(value: string): boolean {
  try {
    const job = new Cron(value);
    return job.getPattern() !== undefined && job.nextRun() !== null;
  } catch {
    return false;
  }
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default("0.0.0.0")),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default("./data")),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .pipe(z.url()),
    ),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
    ADMIN_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    ADMIN_PASSWORD: optional(
      z
        .string()
        .min(10, "must be at least 10 characters")
        .max(128)
        .refine((password) => !isCommonPassword(password), "is one of the most common passwords"),
    ),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")),
    MAIL_FROM: optional(z.string().min(3)),
    TRUST_PROXY: optional(
      z.string().regex(/^[A-Za-z0-9-]+$/, "must be the name of a request header, e.g. X-Forwarded-For"),
    ),
    /**
     * The peers whose TRUST_PROXY header is believed: comma-separated addresses or CIDR ranges.
     * Default: this machine (loopback). Any other peer's header is ignored.
     */
    TRUSTED_PROXIES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("127.0.0.0/8,::1/128")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .refine(
          (entries) => entries.length > 0 && entries.every(isAddressOrRange),
          "must be IP addresses or CIDR ranges separated by commas, e.g. 127.0.0.1,10.0.0.0/8",
        ),
    ),
    /** Forms sent faster than this after the page was shown are refused as likely spam. */
    FORM_MIN_FILL_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(60_000).default(1000),
    ),
    /**
     * Public form submissions (contact requests and newsletter sign-ups together) per hour across
     * the installation: a flood from many addresses ends here. The admin is never held.
     */
    FORM_MAX_PER_HOUR: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(300),
    ),
    /**
     * Public form submissions that start per second: a burst beyond it waits its turn
     * (up to 100 at a time), more are refused with the forms' "Zu viele Anfragen" (429).
     */
    FORM_MAX_PER_SECOND: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(20),
    ),
    /** Outgoing mails per hour across the installation; the rest waits in the outbox. */
    MAIL_MAX_PER_HOUR: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(200),
    ),
    /** Outgoing mails per 24 hours across the installation; many providers cap a day. */
    MAIL_MAX_PER_DAY: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1_000_000).default(2000),
    ),
    /** When the server writes a backup to DATA_DIR/backups, e.g. "0 3 * * *" (daily at 03:00). */
    BACKUP_CRON: optional(
      z
        .string()
        .refine(
          isCronPattern,
          'must be a cron expression such as "0 3 * * *" (minute hour day month weekday)',
        ),
    ),
    /**
     * How many backups DATA_DIR/backups keeps; older ones are deleted. Set, it wins over the
     * number chosen under Einstellungen → Datensicherung; unset, that number or 7.
     */
    BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    // ADMIN_EMAIL alone is where the setup link is mailed (with SMTP_URL); a password needs it.
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "ADMIN_PASSWORD needs ADMIN_EMAIL",
      });
    }
  })
  .transform((env) => {
    const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
    return {
      ...env,
      DATA_DIR: path.resolve(env.DATA_DIR),
      /** Origin only, without a trailing slash: https://example.com */
      PUBLIC_URL: publicUrl.origin,
      isHttps: publicUrl.protocol === "https:",
      /** False when PUBLIC_URL is the http://localhost:PORT stand-in. */
      publicUrlGiven: env.PUBLIC_URL !== undefined,
      BACKUP_KEEP: env.BACKUP_KEEP ?? DEFAULT_BACKUP_KEEP,
      /** Whether BACKUP_KEEP was set, so that it wins over the stored number. */
      backupKeepGiven: env.BACKUP_KEEP !== undefined,
    };
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates a set of variables; throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

/** Why a production server does not start without PUBLIC_URL (unless it serves only this machine). */
export const PUBLIC_URL_REQUIRED =
  "must be set in production, e.g. PUBLIC_URL=https://www.example.de. The setup link, the links in " +
  "e-mails (confirmation, unsubscribe), the sitemap and canonical links, passkeys (their relying party) " +
  "and the Origin check of every " +
  "form need the address visitors use; without it they would point to http://localhost. To try the " +
  "site on this machine only, set HOST=127.0.0.1 instead (npm start does so when neither is set).";

/** HOST values that accept connections from this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The server's own check at start; the command-line tools (backup, restore, admin, migrate) need
 * no public address. In production PUBLIC_URL must be set, unless the server listens on loopback
 * only: then http://localhost:PORT is the address visitors use, and it is right.
 */
export function checkServerEnv(config: Env): void {
  if (config.NODE_ENV === "production" && !config.publicUrlGiven && !isLoopbackHost(config.HOST)) {
    throw new EnvError(`Invalid environment:\n  PUBLIC_URL: ${PUBLIC_URL_REQUIRED}`);
  }
}

let cached: Env | undefined;

/** The validated process environment, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** "192.0.2.1", "2001:db8::1", "10.0.0.0/8" or "2001:db8::/32". */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
