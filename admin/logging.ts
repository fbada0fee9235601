/**
 * How the workshop's app logs, through Payload's logger (pino):
 *
 *   - `json` (the default in production): one JSON object a line, for the
 *     host's log collector;
 *   - `pretty`: Payload's coloured lines for a terminal (the default
 *     elsewhere, and what `npm run admin` asks for on a terminal); a
 *     caller that sets a level (the tests, `npm start`'s backend when
 *     told to be quiet) gets JSON lines at that level.
 *
 * A JSON line never holds a customer's address or a key: the fields where an
 * error may carry them (the mail server's answer naming a recipient, the
 * recipients it refused, a request's headers) are replaced by REDACTED.
 * The plugin's own lines name cases by id, never by what the customer sent,
 * and the request lines (payload/request-log.ts) hold no query, body or
 * header.
 */
import type { Config } from "payload";

export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What replaces a field that may hold an address or a key. */
export const REDACTED = "[fjernet]";

/** Where an error logged by Payload or the plugin may hold an address or a key. */
const REDACTED_PATHS = [
  // nodemailer's errors: the recipients, and the mail server's answer that may name one
  "err.rejected",
  "err.rejectedErrors",
  "err.accepted",
  "err.envelope",
  "err.response",
  "*.rejected",
  "*.envelope",
  "*.response",
  // a request's or an answer's headers (cookies, Authorization, an API key)
  "*.headers",
  "headers",
  "*.password",
  "*.token",
  "*.email",
];

/** The format `value` names (LOG_FORMAT), or the environment's default; throws naming the variable when it is neither. */
export function logFormat(value: string | undefined, nodeEnv: string | undefined): LogFormat {
  const given = value?.trim().toLowerCase();
  if (!given) return nodeEnv === "production" ? "json" : "pretty";
  if ((LOG_FORMATS as readonly string[]).includes(given)) return given as LogFormat;
  throw new Error(`LOG_FORMAT: "${value}" is neither json nor pretty`);
}

/** Payload's `logger` for `format` at `level` (default info); undefined: Payload's own pretty logger. */
export function loggerConfig(format: LogFormat, level?: "info" | "warn" | "error"): Config["logger"] {
  if (format === "pretty" && !level) return undefined;
  return { options: { level: level ?? "info", redact: { paths: REDACTED_PATHS, censor: REDACTED } } };
}
