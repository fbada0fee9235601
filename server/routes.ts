/**
 * The site's form calls, and the host's health check, which the preview
 * server hands to the backend (./backend.ts); no other call of Payload's
 * API is served here (the workshop's admin and its logins are `npm run
 * admin`'s). Each route: the method and the path, or a path prefix ending
 * in "/". A known path with another method is a 405 (with Allow); an
 * unknown path under /api/ a 404; everything else goes to the static
 * server.
 */
import { CONTACT_PATH, INQUIRY_PATH, MEDIA_FILE_PATH, MEDIA_PATH } from "../lib/api/schemas";
import { VEHICLE_PATH } from "../lib/api/vehicle";
import { BOOKING_TIMES_PATH } from "../lib/api/booking-times";
import { CASE_LINK_PATHS } from "../lib/api/case-link";
import { HttpError } from "./http";

export interface Route {
  method: "GET" | "POST";
  path: string;
  /** the path Payload answers it at, when it is not `path` */
  payloadPath?: string;
  /** whether the call sends a photo: it passes the upload gate, and its body has a deadline */
  upload?: true;
  /** the path is a page's too: a request with another method goes to the static server */
  page?: true;
}

/** Where the plugin answers the quote: under Payload's API. */
const PAYLOAD_INQUIRY_PATH = `/api${INQUIRY_PATH}`;

export const FORM_CALLS: Route[] = [
  { method: "POST", path: CONTACT_PATH },
  // the free drop-off times the booking form offers
  { method: "GET", path: BOOKING_TIMES_PATH },
  { method: "POST", path: MEDIA_PATH, upload: true },
  { method: "GET", path: MEDIA_PATH },
  { method: "GET", path: `${MEDIA_FILE_PATH}/` },
  // the site sends its quote to `<NEXT_PUBLIC_API_URL>/inquiry`: here, the same origin
  { method: "POST", path: INQUIRY_PATH, payloadPath: PAYLOAD_INQUIRY_PATH },
  { method: "POST", path: PAYLOAD_INQUIRY_PATH },
  // the car behind a registration number; Payload has it only when SVV_API_KEY is set, else it is a 404
  { method: "GET", path: VEHICLE_PATH },
  // the customer's link: the page /sak calls `<NEXT_PUBLIC_API_URL>/sak…`, here the same origin, and its own
  // path is the page's, which a GET still gets
  ...Object.values(CASE_LINK_PATHS).flatMap((path): Route[] => [
    { method: "POST", path, payloadPath: `/api${path}`, page: true },
    { method: "POST", path: `/api${path}` },
  ]),
  // the host's health check: 200 when the database answers and is migrated, else 503 (payload/health.ts)
  { method: "GET", path: "/api/health" },
];

const matches = (route: Route, pathname: string) =>
  route.path.endsWith("/")
    ? pathname.startsWith(route.path) && pathname.length > route.path.length
    : pathname === route.path;

/**
 * The form call this request makes, or undefined when it is not an API call.
 * Throws HttpError 404 (unknown /api/ path) or 405 (known path, other method).
 */
export function formCall(method: string | undefined, pathname: string): Route | undefined {
  const candidates = FORM_CALLS.filter((route) => matches(route, pathname));
  if (candidates.length === 0) {
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      throw new HttpError(404, `Ukjent adresse ${pathname.slice(0, 200)}`);
    }
    return undefined;
  }
  // HEAD is a GET without a body
  const wanted = method === "HEAD" ? "GET" : method;
  const route = candidates.find((r) => r.method === wanted);
  if (route) return route;
  if (candidates.every((r) => r.page)) return undefined;
  const allowed = [...new Set(candidates.flatMap((r) => (r.method === "GET" ? ["GET", "HEAD"] : [r.method])))];
  throw new HttpError(405, `${String(method).slice(0, 20)} er ikke tillatt her; bruk ${allowed.join(" eller ")}`, {
    Allow: allowed.join(", "),
  });
}
