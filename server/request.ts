/**
 * What a request asks for, read once and safely. Node hands the request target
 * over as the client wrote it; anything that is not a path we can serve is a
 * 400 (or 414 when too long) here, before any handler sees it, so no parser
 * further on can throw on it.
 *
 * The path is percent-decoded exactly once, then normalised: repeated slashes
 * are one, `.` and `..` segments are resolved (never above `/`). `servedUrl`
 * is the same path encoded again, for the static server, which decodes once
 * itself.
 */
import type http from "node:http";
import path from "node:path";
import { HttpError } from "./http";

/** Longer request targets get 414: no page or call of the site comes near. */
export const MAX_TARGET_LENGTH = 2048;

export interface Target {
  /** decoded and normalised: `/api/media/file/bulk 1.jpg` */
  path: string;
  query: URLSearchParams;
  /** `path` encoded again, with the query: what the static server is given */
  servedUrl: string;
}

/** Reads `req.url`. Throws HttpError 400 or 414. */
export function parseTarget(raw: string | undefined): Target {
  const target = raw ?? "/";
  if (target.length > MAX_TARGET_LENGTH) throw new HttpError(414, `Adressen er lengre enn ${MAX_TARGET_LENGTH} tegn`);
  const [rawPath, query] = splitTarget(target);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, "Ugyldig prosentkoding i adressen");
  }
  if (decoded.includes("\0") || decoded.includes("\\")) throw new HttpError(400, "Ugyldig tegn i adressen");
  const normalised = path.posix.normalize(decoded.replace(/\/+/g, "/"));
  const clean = normalised.length > 1 && normalised.endsWith("/") ? normalised.slice(0, -1) : normalised;
  const search = query === undefined ? "" : `?${query}`;
  return {
    path: clean,
    query: new URLSearchParams(query ?? ""),
    servedUrl: clean.split("/").map(encodeURIComponent).join("/") + (normalised !== clean ? "/" : "") + search,
  };
}

/** The raw path and query of an origin-form (`/a?b`) or absolute-form (`http://host/a?b`) target. */
function splitTarget(target: string): [path: string, query: string | undefined] {
  let rest = target;
  if (!target.startsWith("/")) {
    if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) throw new HttpError(400, "Ugyldig adresse");
    const url = new URL(target);
    rest = url.pathname + url.search;
  }
  const hash = rest.indexOf("#");
  if (hash >= 0) rest = rest.slice(0, hash);
  const mark = rest.indexOf("?");
  return mark < 0 ? [rest, undefined] : [rest.slice(0, mark), rest.slice(mark + 1)];
}

/**
 * A signal that aborts when the client's connection closes before its answer
 * has been sent (the client gave up, or the server destroyed the socket):
 * aborted at once if it is closed already.
 */
export function clientSignal(req: http.IncomingMessage, res: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (req.socket.destroyed) controller.abort();
  else res.once("close", () => res.writableFinished || controller.abort());
  return controller.signal;
}
