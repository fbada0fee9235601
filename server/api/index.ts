/**
 * The preview server's answers to the site's calls (same origin, so a fresh
 * checkout works end to end), and the uploaded media served back. Each route:
 * method, path (or path prefix), handler. A known path with another method is
 * a 405 (with Allow); an unknown path under /api/ a 404; everything else goes
 * to the static server.
 */
import type http from "node:http";
import { CONTACT_PATH, INQUIRY_PATH, MEDIA_FILE_PATH, MEDIA_PATH } from "../../lib/api/schemas";
import { handleContact } from "./contact";
import type { ApiContext } from "./context";
import { HttpError } from "./http";
import { handleInquiry } from "./inquiry";
import { findMedia, handleMediaUpload, serveMedia } from "./media";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) => Promise<void>;

interface Route {
  method: "GET" | "POST";
  /** exact path, or a prefix when it ends with "/" */
  path: string;
  handler: Handler;
}

export const apiRoutes: Route[] = [
  { method: "POST", path: CONTACT_PATH, handler: handleContact },
  { method: "POST", path: MEDIA_PATH, handler: handleMediaUpload },
  { method: "GET", path: MEDIA_PATH, handler: findMedia },
  { method: "GET", path: `${MEDIA_FILE_PATH}/`, handler: serveMedia },
  { method: "POST", path: INQUIRY_PATH, handler: handleInquiry },
];

const matches = (route: Route, pathname: string) =>
  route.path.endsWith("/")
    ? pathname.startsWith(route.path) && pathname.length > route.path.length
    : pathname === route.path;

/**
 * The API handler for this request, or undefined when it is not an API call.
 * Throws HttpError 404 (unknown /api/ path) or 405 (known path, other method).
 */
export function apiHandler(method: string | undefined, pathname: string): Handler | undefined {
  const candidates = apiRoutes.filter((route) => matches(route, pathname));
  if (candidates.length === 0) {
    if (pathname.startsWith("/api/")) throw new HttpError(404, `Ukjent adresse ${pathname.slice(0, 200)}`);
    return undefined;
  }
  // HEAD is a GET without a body
  const wanted = method === "HEAD" ? "GET" : method;
  const route = candidates.find((r) => r.method === wanted);
  if (route) return route.handler;
  const allowed = [...new Set(candidates.flatMap((r) => (r.method === "GET" ? ["GET", "HEAD"] : [r.method])))];
  throw new HttpError(405, `${String(method).slice(0, 20)} er ikke tillatt her; bruk ${allowed.join(" eller ")}`, {
    Allow: allowed.join(", "),
  });
}
