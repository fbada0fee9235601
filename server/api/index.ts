/**
 * The preview server's answers to the site's three calls (same origin, so a
 * fresh checkout works end to end), and the uploaded media served back.
 * Each route: method, path (or path prefix), handler. A known path with
 * another method gets 405 (with Allow); an unknown path under /api/ gets 404;
 * both as JSON errors. Everything else goes to the static server.
 */
import type http from "node:http";
import { CONTACT_PATH, INQUIRY_PATH, MEDIA_FILE_PATH, MEDIA_PATH } from "../../lib/api/contract";
import { handleContact } from "./contact";
import { HttpError, sendJson } from "./http";
import { handleInquiry } from "./inquiry";
import { handleMediaUpload, serveMedia } from "./media";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) => Promise<void>;

interface Route {
  method: "GET" | "POST";
  /** exact path, or a prefix when it ends with "/" */
  path: string;
  handler: Handler;
}

export const apiRoutes: Route[] = [
  { method: "POST", path: CONTACT_PATH, handler: handleContact },
  { method: "POST", path: MEDIA_PATH, handler: handleMediaUpload },
  { method: "GET", path: `${MEDIA_FILE_PATH}/`, handler: serveMedia },
  { method: "POST", path: INQUIRY_PATH, handler: handleInquiry },
];

const matches = (route: Route, pathname: string) =>
  route.path.endsWith("/")
    ? pathname.startsWith(route.path) && pathname.length > route.path.length
    : pathname === route.path;

/** True when the request was an API call (answered here); false to let the static server have it. */
export async function handleApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: { dataDir?: string; log?: (line: string) => void } = {},
): Promise<boolean> {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  const candidates = apiRoutes.filter((route) => matches(route, pathname));
  if (candidates.length === 0) {
    if (pathname.startsWith("/api/")) {
      sendJson(res, 404, { error: `Ukjent adresse ${pathname}` });
      req.resume();
      return true;
    }
    return false;
  }
  // HEAD is a GET without a body
  const method = req.method === "HEAD" ? "GET" : req.method;
  const route = candidates.find((r) => r.method === method);
  if (!route) {
    const allowed = [...new Set(candidates.flatMap((r) => (r.method === "GET" ? ["GET", "HEAD"] : [r.method])))];
    res.setHeader("Allow", allowed.join(", "));
    sendJson(res, 405, { error: `${req.method} er ikke tillatt her; bruk ${allowed.join(" eller ")}` });
    req.resume();
    return true;
  }
  try {
    await route.handler(req, res, options.dataDir);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500;
    if (status === 500) options.log?.(`api: ${String((error as Error).stack ?? error)}`);
    if (!res.headersSent) sendJson(res, status, { error: status === 500 ? "Intern feil" : (error as Error).message });
    else res.end();
    // drain what the client is still sending, so it gets the answer instead of a reset
    req.resume();
  }
  return true;
}
