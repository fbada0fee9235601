/** The preview server's errors and the headers of its answers that are not pages. */
import type http from "node:http";
import { COMMON_HEADERS } from "../lib/hosting/security-headers";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** extra headers for this answer (`Retry-After` on a busy 503, `Allow` on a 405) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The client closed its connection before its answer: there is no one to answer. */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection");
  }
}

/** Codes of a store that has no room left: 507 Insufficient Storage. */
const NO_ROOM = new Set(["ENOSPC", "EDQUOT"]);

/**
 * A failure of the server's own storage (a full, read-only or failing disk:
 * any system error of a file call) as the answer the client gets: 507 when
 * there is no room, else 503, both with `Retry-After`, so the site retries
 * them as it retries a lost answer. The message names no path (the error's
 * own text does); anything else is undefined.
 */
export function storageError(error: unknown, doing = "lagre dette"): HttpError | undefined {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== "string" || typeof syscall !== "string") return undefined;
  const known = NO_ROOM.has(code)
    ? new HttpError(507, "Serveren har ikke plass til å lagre dette nå; prøv igjen senere", { "Retry-After": "30" })
    : new HttpError(503, `Serveren klarte ikke å ${doing} (${code}); prøv igjen senere`, { "Retry-After": "30" });
  known.cause = error;
  return known;
}

/**
 * The headers of every answer that is not a page: the site's common security
 * headers, never cached, and a policy under which the answer can run nothing
 * even if a browser were tricked into opening it as a document.
 */
export function setApiHeaders(res: http.ServerResponse): void {
  for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  setApiHeaders(res);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}
