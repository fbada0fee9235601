/**
 * The preview server's answers to the site's three calls (same origin, so a
 * fresh checkout works end to end). Each route: method, path, handler.
 * Anything else under these paths gets 404/405 with a JSON error.
 */
import type http from "node:http";
import { CONTACT_PATH } from "../../lib/api/contract";
import { handleContact } from "./contact";
import { HttpError, sendJson } from "./http";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) => Promise<void>;

export const apiRoutes: Record<string, Handler> = {
  [CONTACT_PATH]: handleContact,
};

/** True when the request was an API call (answered here); false to let the static server have it. */
export async function handleApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: { dataDir?: string; log?: (line: string) => void } = {},
): Promise<boolean> {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  const handler = apiRoutes[pathname];
  if (!handler) {
    if (pathname.startsWith("/api/")) {
      sendJson(res, 404, { error: `Ukjent adresse ${pathname}` });
      return true;
    }
    return false;
  }
  if (req.method !== "POST") {
    res.setHeader("Allow", "POST");
    sendJson(res, 405, { error: `${req.method} er ikke tillatt her; bruk POST` });
    return true;
  }
  try {
    await handler(req, res, options.dataDir);
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
