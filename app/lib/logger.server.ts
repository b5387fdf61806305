import pino from "pino";

/**
 * One logger for the whole server. Never log personal data: request lines carry method, path
 * (without query string), status and duration only, and errors go through `scrubError`.
 */
export const logger = pino({
  // The server sets the configured LOG_LEVEL at start; tests stay quiet.
  level: process.env.NODE_ENV === "test" ? "silent" : "info",
  base: undefined,
  serializers: { err: (error: unknown) => scrubError(error) },
  redact: {
    paths: ["password", "*.password", "email", "*.email", "token", "*.token", "headers.cookie"],
    censor: "[redacted]",
  },
});

type ScrubbedError = { type: string; message: string; code?: string; stack?: string };

// Postgres messages can quote the offending value, e.g. invalid input syntax for type uuid: "x".
const quotedValue = /"[^"]*"|'[^']*'/g;

/**
 * Database errors carry the query and its parameters (emails, password hashes) in their
 * message and stack. Keep what helps an operator (class, SQLSTATE, the SQL without values)
 * and drop the rest.
 */
export function scrubError(error: unknown): ScrubbedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown" };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === "string" ? cause.code : (error as { code?: unknown }).code;
  const isQueryError = "query" in error || "params" in error || typeof code === "string";
  if (!isQueryError) return { type: error.name, message: error.message, stack: error.stack };

  const query =
    typeof (error as { query?: unknown }).query === "string" ? (error as { query: string }).query : "";
  const causeMessage = typeof cause?.message === "string" ? cause.message : "";
  return {
    type: error.name,
    message:
      [query && `Failed query: ${query}`, causeMessage.replace(quotedValue, "…")]
        .filter(Boolean)
        .join(" — ") || error.message.split("\nparams:")[0]!.replace(quotedValue, "…"),
    code: typeof code === "string" ? code : undefined,
  };
}
