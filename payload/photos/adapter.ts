/**
 * What the verbs of the photos' store share (./upload.ts, ./write.ts,
 * ./serve.ts): how a refusal reaches the client, the answers of a disk
 * without room or failing, and the modes a photo is written with.
 *
 * A refusal the client may try again (503, 507) carries Retry-After, readable
 * by the site's scripts (Access-Control-Expose-Headers). Payload's APIError
 * has no headers of its own; Payload's error answer carries the request's
 * `responseHeaders`, so the headers go there.
 */
import { APIError, type PayloadRequest } from "payload";

/** What a refusal for want of room asks the client to wait, in seconds. */
export const DISK_RETRY_AFTER_SECONDS = 30;

/** A stored photo is readable by the server's user only, and so is its folder. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The message of a disk that has no room for the photo. */
export const NO_ROOM = "Serveren har ikke plass til å lagre bildet nå; prøv igjen senere";

/** A refusal with its status, its message public (Payload hides the message of any other error). */
export const refuse = (status: number, message: string) => new APIError(message, status, null, true);

/**
 * A refusal the client may try again after `seconds`: Retry-After, and leave
 * for the site's scripts to read it, in the request's `responseHeaders`, which
 * Payload's error answer carries.
 */
export function refuseForNow(req: PayloadRequest, status: number, message: string, seconds: number): APIError {
  const headers = req.responseHeaders ?? new Headers();
  headers.set("Retry-After", String(seconds));
  headers.set("Access-Control-Expose-Headers", "Retry-After");
  req.responseHeaders = headers;
  return refuse(status, message);
}

/** A failure of the disk as the client hears it: 507 when full, else 503; the path stays in the log. */
export function diskError(req: PayloadRequest, error: unknown): APIError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const full = code === "ENOSPC" || code === "EDQUOT";
  return refuseForNow(
    req,
    full ? 507 : 503,
    full ? NO_ROOM : `Serveren klarte ikke å lagre bildet (${code ?? "ukjent feil"}); prøv igjen senere`,
    DISK_RETRY_AFTER_SECONDS,
  );
}
