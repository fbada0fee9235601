/** Small HTTP helpers for the preview server's API handlers. */
import type http from "node:http";
import getRawBody from "raw-body";
import { z } from "zod";
import { COMMON_HEADERS } from "../../lib/hosting/security-headers";

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

/**
 * Reads a JSON body of at most `limit` bytes: 415 if it is not JSON, 413 if too big (by its
 * Content-Length at once, else as soon as it passes the limit, chunked or not), 400 if cut off or
 * unparsable. The request is never destroyed here: the error's answer drains the rest, so the
 * client reads it.
 */
export async function readJson(req: http.IncomingMessage, limit = 256 * 1024): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Forventet Content-Type: application/json");
  let text: string;
  try {
    text = await getRawBody(req, { limit, length: req.headers["content-length"], encoding: "utf8" });
  } catch (error) {
    if ((error as { type?: string }).type === "entity.too.large")
      throw new HttpError(413, `Forespørselen er større enn ${limit} byte`);
    throw new HttpError(400, "Forespørselen ble avbrutt");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Ugyldig JSON");
  }
}

/** Parses with a zod schema; a failure is a 400 naming each field at fault. */
export function validate<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  const result = z.safeParse(schema, data);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 10).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new HttpError(400, `Ugyldig forespørsel – ${problems.join("; ")}`);
  }
  return result.data;
}
