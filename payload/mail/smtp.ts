/**
 * The SMTP server the booking e-mails leave through, from environment
 * variables, and Payload's e-mail adapter for it (@payloadcms/email-nodemailer):
 *
 *   SMTP_HOST      the server; without it no e-mail is sent at all
 *   SMTP_PORT      default 465 when SMTP_SECURE is true, else 587
 *   SMTP_SECURE    `true`: TLS from the first byte (port 465); `false`: STARTTLS, which a server
 *                  that is not this machine must offer: without it nothing is sent, since the
 *                  e-mails carry links that accept offers and the login crosses the same line
 *   SMTP_USER, SMTP_PASS   the login, when the server asks for one
 *   EMAIL_FROM     the sender address (default: the workshop's, content/site.json), named as the workshop
 *   WORKSHOP_EMAIL where bookings go (default: the workshop's address, content/site.json)
 *
 * A value that is there but wrong (a port that is no port, SMTP_SECURE that
 * is neither true nor false, an address that is none) stops the start with a
 * message naming the variable: a typo never quietly turns the e-mails off.
 */
import { nodemailerAdapter } from "@payloadcms/email-nodemailer";
import type { EmailAdapter } from "payload";
import { EMAIL_PATTERN } from "../../lib/api/schemas";

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  /** STARTTLS or nothing: set unless `secure` or the server is this machine */
  requireTLS: boolean;
  auth?: { user: string; pass: string };
  /** the sender: `name <address>` */
  from: { name: string; address: string };
}

/** The variables this folder reads. */
export type MailEnv = Partial<Record<string, string>>;

/** How long one step of talking to the SMTP server may take: a server that hangs fails that e-mail, not the next. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Host names of this machine, where a connection without TLS crosses no network. */
const THIS_MACHINE = ["localhost", "127.0.0.1", "::1", "[::1]"];

function fail(variable: string, problem: string): never {
  throw new Error(`${variable}: ${problem}`);
}

function flag(env: MailEnv, variable: string): boolean | undefined {
  const value = env[variable]?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return fail(variable, `must be true or false, not "${env[variable]}"`);
}

/** An e-mail address from `variable`, else `fallback`. */
export function addressFrom(env: MailEnv, variable: string, fallback: string): string {
  const value = env[variable]?.trim();
  if (!value) return fallback;
  if (!EMAIL_PATTERN.test(value)) fail(variable, `"${value}" is not an e-mail address`);
  return value;
}

function port(env: MailEnv, secure: boolean): number {
  const value = env.SMTP_PORT?.trim();
  if (!value) return secure ? 465 : 587;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) fail("SMTP_PORT", `"${value}" is not a port number`);
  return number;
}

/**
 * The SMTP settings `env` gives, or undefined when SMTP_HOST is not set (no
 * e-mail is sent then). `workshop` names the sender and is its address when
 * EMAIL_FROM is not set.
 */
export function smtpFromEnv(env: MailEnv, workshop: { name: string; email: string }): SmtpSettings | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const secure = flag(env, "SMTP_SECURE") ?? env.SMTP_PORT?.trim() === "465";
  const user = env.SMTP_USER?.trim();
  if (!user && env.SMTP_PASS) fail("SMTP_USER", "is missing (SMTP_PASS is set)");
  return {
    host,
    port: port(env, secure),
    secure,
    requireTLS: !secure && !THIS_MACHINE.includes(host.toLowerCase()),
    auth: user ? { user, pass: env.SMTP_PASS ?? "" } : undefined,
    from: { name: workshop.name, address: addressFrom(env, "EMAIL_FROM", workshop.email) },
  };
}

/**
 * Payload's e-mail adapter for `smtp`. It does not try the server at start
 * (`skipVerify`): a server that is away then fails the e-mails sent while it
 * is away, each one logged, and Payload starts all the same.
 */
export function smtpAdapter(smtp: SmtpSettings): Promise<EmailAdapter> {
  return nodemailerAdapter({
    defaultFromAddress: smtp.from.address,
    defaultFromName: smtp.from.name,
    skipVerify: true,
    transportOptions: {
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: smtp.requireTLS,
      auth: smtp.auth,
      ...TIMEOUTS,
    },
  });
}

/** What the start-up log says of how the e-mails travel to `smtp`. */
export function smtpTransportLine(smtp: SmtpSettings): string {
  const server = `${smtp.host}:${smtp.port}`;
  if (smtp.secure) return `E-mails go to ${server} over TLS from the first byte (SMTP_SECURE=true)`;
  if (smtp.requireTLS) {
    return `E-mails go to ${server} over STARTTLS only: a server that does not offer it gets no e-mail, since they carry links that accept offers`;
  }
  return `E-mails go to ${server} on this machine, with STARTTLS when it offers it`;
}
