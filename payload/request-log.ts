/**
 * The admin app's log of its API: one line a request, with its method, its
 * path and its answer's status and time, written with Payload's logger (one
 * JSON object a line in production, admin/config.ts). A line never holds a
 * customer's words, an address, a key or a photo's name: no query, no body,
 * no header, and a photo's name masked, since the name alone lets anyone
 * read the photo.
 */
import { getPayload, type SanitizedConfig } from "payload";
import { MEDIA_NAME_RANDOM } from "../lib/api/schemas";

/** The random part of a photo's name, wherever it stands in a path. */
const PHOTO_NAME = new RegExp(MEDIA_NAME_RANDOM, "gi");

/** A request target as the log shows it: the path without its query (`?…`), and no photo's name. */
export function targetForLog(url = ""): string {
  const query = url.indexOf("?");
  const pathOnly = (query === -1 ? url : url.slice(0, query)).slice(0, 200);
  const masked = pathOnly.replace(PHOTO_NAME, "img_…").replace(/^(\/api\/media\/file\/).+/, "$1…");
  return query === -1 ? masked : `${masked}?…`;
}

type Handler<Context> = (request: Request, context: Context) => Promise<Response>;

/** `handler` with each request it answers logged (see above); an error it throws is logged by Payload. */
export function withRequestLog<Context>(
  config: Promise<SanitizedConfig> | SanitizedConfig,
  handler: Handler<Context>,
): Handler<Context> {
  return async (request, context) => {
    const started = performance.now();
    const response = await handler(request, context);
    const { pathname, search } = new URL(request.url);
    // a Payload that cannot start (its database away) logs that itself; the request's line is then left out
    const payload = await getPayload({ config }).catch(() => undefined);
    payload?.logger.info({
      msg: "request",
      method: request.method,
      path: targetForLog(`${pathname}${search}`),
      status: response.status,
      ms: Math.round(performance.now() - started),
    });
    return response;
  };
}
