import pino from "pino";

/**
 * One logger for the whole server. Never log personal data: request lines carry method, path
 * (without query string), status and duration only, and errors go through `scrubError`.
 */
export const logger = pino(
  {
    // The server sets the configured LOG_LEVEL at start; tests stay quiet.
    level: process.env.NODE_ENV === "test" ? "silent" : "info",
    base: undefined,
    serializers: { err: (error: unknown) => scrubError(error) },
    redact: {
      paths: ["password", "*.password", "email", "*.email", "token", "*.token", "headers.cookie"],
      censor: "[redacted]",
    },
  },
  // Written without blocking: lines that come while a write is under way go out together with
  // the next one (a write per request cost a flood's server a tenth of its time).
  // pino flushes what is left when the process exits.
  pino.destination({ sync: false }),
);

type ScrubbedError = { type: string; message: string; code?: string; where?: string };

// Postgres messages can quote the offending value, e.g. invalid input syntax for type uuid: "x".
const quotedValue = /"[^"]*"|'[^']*'/g;
const emailAddress = /[^\s"'<>()@]+@[^\s"'<>()@]+\.[^\s"'<>()@]+/g;

function isScrubbed(value: unknown): value is ScrubbedError {
  const record = value as Partial<ScrubbedError> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    !(record instanceof Error) &&
    typeof record.type === "string" &&
    typeof record.message === "string" &&
    !("stack" in record)
  );
}

/**
 * What an operator needs of an error, and nothing a log must not hold: no stack
 * trace (only the frame where it was thrown), no SQL and no query parameters. Database errors
 * carry the query and its values (emails, password hashes) in message and stack; they keep
 * their class, SQLSTATE and the database's message without quoted values.
 */
export function scrubError(error: unknown): ScrubbedError {
  if (isScrubbed(error)) return error; // already scrubbed (logged as `err` once more)
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown" };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === "string" ? cause.code : (error as { code?: unknown }).code;
  const isQueryError = "query" in error || "params" in error || typeof code === "string";
  if (!isQueryError) {
    const where = error.stack?.split("\n").find((line) => /^\s+at /.test(line));
    return {
      type: error.name,
      message: error.message.replace(emailAddress, "[email]"),
      ...(where ? { where: where.trim().replace(/^at /, "") } : {}),
    };
  }

  const causeMessage = typeof cause?.message === "string" ? cause.message : "";
  const ownMessage = /^Failed query:/.test(error.message) ? "" : error.message.split("\nparams:")[0]!;
  return {
    type: error.name,
    message: (causeMessage || ownMessage || "query failed").replace(quotedValue, "…"),
    code: typeof code === "string" ? code : undefined,
  };
}
