/**
 * Errors Payload would answer with a bare 500, answered as what they are,
 * each with a Norwegian message:
 *
 *   - a request body Payload cannot read is the client's fault, 400: a
 *     multipart body cut off in a part or before its end (Payload passes on
 *     its parser's words), and a `_payload` field that is not JSON;
 *   - a database that cannot write because its disk is full is 507 with
 *     `Retry-After`, as a full disk is where the plugin writes photos: the
 *     request may go through once there is room again, and the site tries
 *     again.
 *
 * The app's own afterError hooks run after this one and may still change
 * the answer.
 */
import type { AfterErrorHook } from "payload";

/** What the multipart parser (busboy) says of a body it cannot read, as Payload passes it on. */
const UNREADABLE_BODY = new Set([
  "Unexpected end of form",
  "Unexpected end of file",
  "Malformed part header",
  "Multipart: Boundary not found",
  "Malformed content type",
  "Malformed urlencoded form",
]);

/** How SQLite and PostgreSQL say their disk is full (SQLITE_FULL; PostgreSQL's disk_full, 53100). */
const DISK_FULL = /database or disk is full|SQLITE_FULL|No space left on device|ENOSPC/i;

/** When a 507 says to try again, in seconds. */
const DISK_FULL_RETRY_AFTER_S = 60;

const isMultipart = (headers: Headers) => /^multipart\//i.test(headers.get("content-type") ?? "");

/** Whether `error` or an error that caused it (a database driver's, under the query builder's) says the disk is full. */
function diskFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code } = error as { code?: unknown };
  if (code === "53100" || code === "SQLITE_FULL" || DISK_FULL.test(error.message)) return true;
  return diskFull(error.cause, depth + 1);
}

/** The answer for an error this module knows (see above), or nothing for any other error. */
export const answerKnownErrors: AfterErrorHook = ({ error, req }) => {
  const status = (error as { status?: number }).status;
  if (status !== undefined && status !== 500) return;
  if (diskFull(error)) {
    const headers = req.responseHeaders ?? new Headers();
    headers.set("Retry-After", String(DISK_FULL_RETRY_AFTER_S));
    headers.set("Access-Control-Expose-Headers", "Retry-After");
    req.responseHeaders = headers;
    const message = "Serveren har ikke plass til å lagre dette nå; prøv igjen senere";
    return { status: 507, response: { errors: [{ message }] } };
  }
  const cutOff = UNREADABLE_BODY.has(error.message);
  const badPayloadField = error instanceof SyntaxError && isMultipart(req.headers);
  if (!cutOff && !badPayloadField) return;
  const message = cutOff
    ? "Forespørselen er ufullstendig eller ødelagt (multipart); send den på nytt"
    : "Ugyldig forespørsel – feltet _payload er ikke JSON";
  return { status: 400, response: { errors: [{ message }] } };
};
