/**
 * The preview server: serves the static export in out/ the way a static host
 * does (clean URLs, the real 404 page, gzip; ./static.ts) with compression,
 * with the headers the build wrote to out/_headers (security
 * headers, each page's Content Security Policy, caching), and answers the
 * site's form calls itself (./api/), so every form works end to end. Used by
 * `npm start`, the tests and the bench.
 *
 * It must stay up whatever a client sends:
 * - every request runs inside one error boundary (`answer(...).catch`): an
 *   unexpected error is a JSON 500 and one log line, never a crash;
 * - the request target is read once, safely (./request.ts): a malformed one is
 *   a 400, a very long one a 414;
 * - a request line or headers Node itself cannot parse get a 400 (`clientError`),
 *   logged like every other answer;
 * - uploads go through a gate (./api/gate.ts), so memory stays bounded, and a
 *   slow client holds one place of many;
 * - connections are shared fairly (./connections.ts): one client address holds
 *   only a few of them, a request past a limit is answered 503 with
 *   Retry-After, and a connection that sends nothing is closed soon;
 * - a file that cannot be opened (no descriptors left, removed meanwhile) is a
 *   503 for that request, never the end of the process;
 * - at start, the data folder is closed to everyone but its owner, and temporary files a killed
 *   server left behind are removed.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import compression from "compression";
import { config } from "../lib/config";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { CACHE, type HeaderRule, headersFor, parseHeadersFile } from "../lib/hosting/security-headers";
import { apiHandler } from "./api";
import { Gate, type GateOptions } from "./api/gate";
import { ClientGone, HttpError, sendJson, storageError } from "./api/http";
import type { UploadDeadline } from "./api/context";
import { MEDIA_RESERVE_BYTES, UPLOAD_DEADLINE } from "./api/media";
import { closeDataDir, DATA_DIR, removeLeftovers } from "./api/store";
import { CONNECTION_LIMITS, type ConnectionLimits, shareConnections, turnedAway } from "./connections";
import { parseTarget, type Target } from "./request";
import { cleanRedirect, exportFile, sendFile } from "./static";

export interface PreviewOptions {
  root?: string;
  /** where received records and media are kept (default .data/) */
  dataDir?: string;
  log?: (line: string) => void;
  /** how many uploads are read at once, and how many may wait */
  uploadGate?: GateOptions;
  /** how long an upload's body may take once it has its place */
  uploadDeadline?: UploadDeadline;
  /** room on the data folder's disk that uploads never take (default MEDIA_RESERVE_BYTES) */
  mediaReserveBytes?: number;
  /**
   * the origin visitors reach this server at (`https://forhandsvisning.example`), where its
   * uploads are served; without it, its loopback addresses at the port it listens on
   */
  publicOrigin?: string;
  /** how many connections are kept, and for how long (default CONNECTION_LIMITS) */
  connections?: ConnectionLimits;
}

/**
 * An upload being received streams to disk and holds little memory (the costly part, a re-encode,
 * runs one at a time: ./api/image.ts), so many are read at once and a few slow clients hold only a
 * few of the places. A crowd past them waits its turn, and hears 503 after a while rather than
 * nothing.
 */
export const UPLOAD_GATE: GateOptions = { active: 32, queued: 64, maxWaitMs: 20_000, retryAfterSeconds: 2 };

/** out/_headers, read again whenever a build rewrites it. */
function headerRulesReader(root: string): () => HeaderRule[] {
  const file = path.join(root, "_headers");
  let cache: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return () => {
    const mtimeMs = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (cache?.mtimeMs !== mtimeMs) {
      cache = { mtimeMs, rules: mtimeMs ? parseHeadersFile(fs.readFileSync(file, "utf8")) : [] };
    }
    return cache.rules;
  };
}

/**
 * Where the inquiry's images live, from configuration only (never a request
 * header): the configured admin host (NEXT_PUBLIC_ADMIN_URL), or else this
 * server itself at `publicOrigin`, by default its loopback addresses at the
 * port it listens on.
 */
function mediaOrigins(server: http.Server, publicOrigin: string | undefined): { origins: string[]; own: boolean } {
  if (config.adminUrl && URL.canParse(config.adminUrl))
    return { origins: [new URL(config.adminUrl).origin], own: false };
  if (publicOrigin) return { origins: [new URL(publicOrigin).origin], own: true };
  const address = server.address();
  const port = address && typeof address === "object" ? address.port : 0;
  return { origins: ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`), own: true };
}

/**
 * A request target as the log shows it: the path without its query (`?…`), and no photo's name. A
 * photo is read by its name alone, so a name in a log would let whoever reads the log see the photo.
 */
export function targetForLog(url = ""): string {
  const query = url.indexOf("?");
  const pathOnly = (query === -1 ? url : url.slice(0, query)).slice(0, 200);
  const masked = pathOnly.replace(/img_[0-9a-f]{8,}/gi, "img_…").replace(/^(\/api\/media\/file\/).+/, "$1…");
  return query === -1 ? masked : `${masked}?…`;
}

/** Advice for the operator: each line logged once, and never more than a few, whatever clients send. */
function onceLogger(log: (line: string) => void): (line: string) => void {
  const said = new Set<string>();
  return (line) => {
    if (said.has(line) || said.size >= 20) return;
    said.add(line);
    log(line);
  };
}

/** Node's time-outs for a request's headers and for the whole request. */
const TIMEOUTS = new Set(["ERR_HTTP_REQUEST_TIMEOUT", "ERR_HTTP_HEADERS_TIMEOUT"]);

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
/** gzip, as any CDN does, so what the tests and `npm run bench` measure is what visitors get */
const compress = compression() as unknown as Middleware;

export function createPreviewServer({
  root = OUT_DIR,
  dataDir = DATA_DIR,
  log = console.log,
  uploadGate = UPLOAD_GATE,
  uploadDeadline = UPLOAD_DEADLINE,
  mediaReserveBytes = MEDIA_RESERVE_BYTES,
  publicOrigin,
  connections = CONNECTION_LIMITS,
}: PreviewOptions = {}): http.Server {
  const rules = headerRulesReader(root);
  const logOnce = onceLogger(log);
  /** the answer each connection is making now, so a broken request after it waits for it */
  const answering = new WeakMap<net.Socket, http.ServerResponse>();
  const uploads = new Gate(uploadGate);
  closeDataDir(dataDir);
  const leftovers = removeLeftovers(dataDir);
  if (leftovers.length)
    log(`removed ${leftovers.length} temporary files left by the last run: ${leftovers.join(", ")}`);

  const server = http.createServer(
    {
      headersTimeout: connections.headersMs,
      requestTimeout: connections.requestMs,
      keepAliveTimeout: connections.keepAliveMs,
      connectionsCheckingInterval: connections.checkEveryMs,
    },
    (req, res) => {
      const started = performance.now();
      answering.set(req.socket, res);
      const logged = `${req.method} ${targetForLog(req.url)}`;
      res.once("finish", () => {
        answering.delete(req.socket);
        log(`${logged} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      });
      answer(req, res)
        .catch((error: unknown) => answerError(log, logged, req, res, error))
        // the boundary's own failure: the connection ends, the process stays up
        .catch((error: unknown) => {
          log(`error while answering an error: ${error instanceof Error ? error.message : String(error)}`);
          res.destroy();
        });
    },
  );
  answerUnreadable(server, log, answering);
  shareConnections(server, connections);
  return server;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (turnedAway(req.socket)) {
      throw new HttpError(503, "Serveren har for mange forbindelser fra deg nå; prøv igjen om litt", {
        "Retry-After": String(connections.retryAfterSeconds),
        Connection: "close",
      });
    }
    if (hostHeaders(req) !== 1) throw new HttpError(400, "Forespørselen skal ha nøyaktig én Host-linje");
    const target = parseTarget(req.url);
    const handler = apiHandler(req.method, target.path);
    if (handler) {
      const media = mediaOrigins(server, publicOrigin);
      const context = {
        dataDir,
        target,
        uploads,
        uploadDeadline,
        mediaReserveBytes,
        mediaOrigins: media.origins,
        ownMedia: media.own,
        logOnce,
      };
      return handler(req, res, context);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      throw new HttpError(405, "Bare GET og HEAD her", { Allow: "GET, HEAD" });
    }
    return serveStatic(req, res, root, rules(), target);
  }
}

/** How many `Host` lines a request carries (Node keeps only the first of several). */
function hostHeaders(req: http.IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") count++;
  return count;
}

/**
 * A file of the export, with the headers its rules give (the host's
 * `_headers`) for its clean path, or for the 404 page when there is none;
 * compressed.
 */
async function serveStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  root: string,
  rules: HeaderRule[],
  target: Target,
): Promise<void> {
  const location = cleanRedirect(target);
  if (location) {
    res.writeHead(301, { Location: location, "Content-Length": 0 });
    res.end();
    return;
  }
  const file = await exportFile(root, target.path);
  const notFound = file ? undefined : await exportFile(root, "/404");
  for (const [name, value] of headersFor(rules, file ? target.path : "/404")) {
    const before = res.getHeader(name);
    // two rules for one header are joined, as Netlify and Cloudflare Pages do
    res.setHeader(name, before === undefined ? value : `${String(before)}, ${value}`);
  }
  // a file no rule gives a cache time is revalidated on each visit, as the static hosts do by default
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", CACHE.revalidate);
  const found = file ?? notFound;
  if (!found) throw new HttpError(404, "Finner ikke siden");
  await new Promise<void>((resolve, reject) => {
    compress(req, res, () => {
      sendFile(req, res, found, file ? 200 : 404).then(resolve, reject);
    });
  }).catch((error: unknown) => {
    throw storageError(error, "lese filen") ?? error;
  });
}

/**
 * What Node's own parser refuses (a broken request line, huge headers) never reaches the handler:
 * it is answered here, and logged as an answer. When it follows a request whose answer is still
 * being made, that answer is given first (its record may be stored already, so its client must
 * hear so), and the connection closes after it. A request past its time-out loses its socket, so
 * a client that trickles bytes keeps nothing open.
 */
function answerUnreadable(
  server: http.Server,
  log: (line: string) => void,
  answering: WeakMap<net.Socket, http.ServerResponse>,
): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: net.Socket) => {
    const code = error.code ?? error.message;
    const pending = answering.get(socket);
    // unreadable bytes after a whole request still being answered; a request cut off, a reset
    // or a time-out ends the connection as it is
    if (pending && pending.req.complete && !pending.writableEnded && code.startsWith("HPE_")) {
      log(`- (unreadable request after another: ${code}) closed after its answer`);
      if (!pending.headersSent) pending.setHeader("Connection", "close");
      pending.once("finish", () => socket.end());
    } else if (socket.writable && error.code !== "ECONNRESET" && !TIMEOUTS.has(error.code ?? "")) {
      log(`- (unreadable request: ${code}) 400`);
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    } else {
      log(`- (connection closed: ${code})`);
      socket.destroy();
    }
  });
}

/**
 * The one error boundary: a JSON answer with the status (a storage failure
 * 507/503, the unexpected 500 and logged in one line); nothing to a client
 * that has gone.
 */
function answerError(
  log: (line: string) => void,
  logged: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  error: unknown,
): void {
  if (error instanceof ClientGone) {
    res.destroy();
    return;
  }
  const known = error instanceof HttpError ? error : storageError(error);
  const status = known?.status ?? 500;
  // what went wrong on the server's side is logged with its cause; a client's mistake is its status alone
  const cause = error instanceof HttpError ? error.cause : error;
  if (cause !== undefined) {
    const stack = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
    log(`error at ${logged}: ${stack.split("\n").slice(0, 3).join(" | ")}`);
  }
  // a request whose socket has closed (or was taken from it) has no one to answer
  if (res.headersSent || !req.socket || req.socket.destroyed) {
    res.destroy();
    return;
  }
  // What the client is still sending is drained, so it reads the answer instead of a reset; then the connection closes.
  if (!req.complete) {
    res.setHeader("Connection", "close");
    req.resume();
  }
  sendJson(res, status, { error: known ? known.message : "Intern feil" }, known?.headers);
}
