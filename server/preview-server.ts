/**
 * The preview server: serves the static export in out/ the way a static host
 * does (clean URLs, the real 404 page, gzip; ./static.ts) with compression,
 * with the headers the build wrote to out/_headers (security
 * headers, each page's Content Security Policy, caching), and hands the
 * site's form calls (./routes.ts) to the backend (./backend.ts: the
 * workshop's Payload with the site's plugin, in this process), so every form
 * works end to end with what production runs. Used by `npm start`, the tests
 * and the bench.
 *
 * It must stay up whatever a client sends:
 * - every request runs inside one error boundary (`answer(...).catch`): an
 *   unexpected error is a JSON 500 and one log line, never a crash;
 * - the request target is read once, safely (./request.ts): a malformed one is
 *   a 400, a very long one a 414;
 * - a request line or headers Node itself cannot parse get a 400 (`clientError`),
 *   logged like every other answer;
 * - uploads go through a gate (./gate.ts), so memory stays bounded, and a
 *   slow client holds one place of many; an upload's body has a deadline
 *   (UPLOAD_DEADLINE), so a client that trickles bytes loses its place;
 * - connections are shared fairly (./connections.ts): one client address holds
 *   only a few of them, a request past a limit is answered 503 with
 *   Retry-After, and a connection that sends nothing is closed soon;
 * - a file that cannot be opened (no descriptors left, removed meanwhile) is a
 *   503 for that request, never the end of the process;
 * - a form call that arrives while the backend starts waits for it.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import compression from "compression";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { CACHE, type HeaderRule, headersFor, parseHeadersFile } from "../lib/hosting/security-headers";
import { type Backend, type BackendOptions, startBackend } from "./backend";
import { CONNECTION_LIMITS, type ConnectionLimits, shareConnections, turnedAway } from "./connections";
import { Gate, type GateOptions } from "./gate";
import { ClientGone, HttpError, sendJson, setApiHeaders, storageError } from "./http";
import { clientSignal, parseTarget, type Target } from "./request";
import { formCall, type Route } from "./routes";
import { cleanRedirect, exportFile, sendFile } from "./static";
import { clientAddressOf, sendResponse, webRequest } from "./web";
import { targetForLog } from "../payload/request-log";

/**
 * How long an upload's body may take once it has a place: after `graceMs`
 * it must have come at `minBytesPerSecond` on average, and it may never take
 * more than `maxMs`. A body past its deadline has its socket destroyed (a
 * client that sends a byte now and then cannot keep it open) and its place
 * goes to the next in line.
 */
export interface UploadDeadline {
  graceMs: number;
  minBytesPerSecond: number;
  maxMs: number;
}

/**
 * The cap keeps a body inside Node's time-out for the whole request (the server's `requestTimeout`,
 * which counts the wait for a place too), so a slow upload hears its answer from us: a photo the
 * site sends (at most MAX_PREPARED_BYTES) comes in within it on a poor mobile signal.
 */
export const UPLOAD_DEADLINE: UploadDeadline = { graceMs: 10_000, minBytesPerSecond: 4 * 1024, maxMs: 90_000 };

/** How often a body's progress is held against its deadline. */
const DEADLINE_CHECK_MS = 250;

function pastDeadline(deadline: UploadDeadline, startedAt: number, bytes: number): boolean {
  const elapsed = performance.now() - startedAt;
  if (elapsed > deadline.maxMs) return true;
  return elapsed > deadline.graceMs && bytes < (deadline.minBytesPerSecond * (elapsed - deadline.graceMs)) / 1000;
}

/**
 * An upload holds its photo in memory while Payload reads it (the costly part, a re-encode, runs in
 * a lane shared fairly by client address: payload/photos/), so a bounded number are read at
 * once, and a few slow clients hold only a few of the places. A crowd past them waits its turn,
 * and hears 503 after a while rather than nothing.
 */
export const UPLOAD_GATE: GateOptions = { active: 16, queued: 64, maxWaitMs: 20_000, retryAfterSeconds: 2 };

/** A started backend, and the origin visitors reach the server at (its serverURL). */
interface Started {
  backend: Backend;
  origin: string;
  /** the proxies whose X-Forwarded-For names the client (clientAddressOf) */
  trustedProxies?: readonly string[];
}

export interface PreviewOptions {
  root?: string;
  log?: (line: string) => void;
  /**
   * the backend that answers the form calls, and the origin it knows the server by, once it has
   * started (`startPreview` gives it): a form call waits for it; without one, a form call is 503
   */
  backend?: Promise<Started>;
  /** how many uploads are read at once, and how many may wait */
  uploadGate?: GateOptions;
  /** how long an upload's body may take once it has its place */
  uploadDeadline?: UploadDeadline;
  /** how many connections are kept, and for how long (default CONNECTION_LIMITS) */
  connections?: ConnectionLimits;
}

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

/** Node's time-outs for a request's headers and for the whole request. */
const TIMEOUTS = new Set(["ERR_HTTP_REQUEST_TIMEOUT", "ERR_HTTP_HEADERS_TIMEOUT"]);

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
/** gzip, as any CDN does, so what the tests and `npm run bench` measure is what visitors get */
const compress = compression() as unknown as Middleware;

export function createPreviewServer({
  root = OUT_DIR,
  log = console.log,
  backend,
  uploadGate = UPLOAD_GATE,
  uploadDeadline = UPLOAD_DEADLINE,
  connections = CONNECTION_LIMITS,
}: PreviewOptions = {}): http.Server {
  const rules = headerRulesReader(root);
  /** the answer each connection is making now, so a broken request after it waits for it */
  const answering = new WeakMap<net.Socket, http.ServerResponse>();
  const uploads = new Gate(uploadGate);

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
    const route = formCall(req.method, target.path);
    if (route) {
      if (!backend) throw new HttpError(503, "Denne serveren tar ikke imot skjemaer", { "Retry-After": "30" });
      const started = await backend;
      if (!route.upload) return forward(req, res, route, target, started);
      const signal = clientSignal(req, res);
      return uploads.run(() => forwardUpload(req, res, route, target, started, uploadDeadline), signal);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      throw new HttpError(405, "Bare GET og HEAD her", { Allow: "GET, HEAD" });
    }
    return serveStatic(req, res, root, rules(), target);
  }
}

/**
 * A form call answered by the backend: the request as Payload's REST handlers
 * take it (at the path Payload answers it at), with the headers of every
 * answer that is not a page, which Payload's own replace.
 */
async function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: Route,
  target: Target,
  { backend, origin, trustedProxies }: Started,
  onBytes?: (bytes: number) => void,
): Promise<void> {
  const url = route.payloadPath
    ? `${route.payloadPath}${target.query.size ? `?${target.query}` : ""}`
    : target.servedUrl;
  const clientAddress = clientAddressOf(req, trustedProxies);
  const response = await backend.handle(webRequest(req, origin, url, { onBytes, clientAddress }));
  setApiHeaders(res);
  await sendResponse(req, res, response).catch((error: unknown) => {
    // the client went before its answer was all sent (it gave up, or lost its place): no one to answer
    throw (error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE" ? new ClientGone() : error;
  });
}

/** An upload, once it has its place: forwarded while its body is held to its deadline. */
async function forwardUpload(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: Route,
  target: Target,
  started: Started,
  deadline: UploadDeadline,
): Promise<void> {
  if (req.socket.destroyed) throw new ClientGone();
  let bytes = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    if (pastDeadline(deadline, startedAt, bytes)) req.socket.destroy();
  }, DEADLINE_CHECK_MS);
  try {
    await forward(req, res, route, target, started, (n) => (bytes += n));
  } finally {
    clearInterval(timer);
  }
  if (req.socket.destroyed && !res.writableFinished) throw new ClientGone();
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

export interface StartOptions extends Omit<PreviewOptions, "backend"> {
  /** the port to listen on; 0 takes a free one */
  port: number;
  /** where the data lives (default: the workshop app's, PREVIEW_DATA_DIR or .data/, admin/settings.ts) */
  dataDir?: string;
  /**
   * the origin visitors reach this server at (`https://forhandsvisning.example`), which the photos'
   * urls name; by default http://localhost:<port>
   */
  publicOrigin?: string;
  /** the environment the backend's settings read (default: `process.env`) */
  env?: NodeJS.ProcessEnv;
  /** the least level the backend's Payload logs (default: info) */
  logLevel?: BackendOptions["logLevel"];
  /**
   * the addresses of the proxies in front of this server, if any: a request through one is the
   * client's that proxy names last in X-Forwarded-For; any other is its connection's
   */
  trustedProxies?: readonly string[];
}

export interface Preview {
  server: http.Server;
  /** the origin the server knows itself by */
  origin: string;
  backend: Backend;
  /** stops the server and its backend */
  close(): Promise<void>;
}

/**
 * Listens on `port`, then starts the backend on the data folder; resolves once both answer. Pages
 * are served from the start, and a form call that arrives before the backend waits for it.
 */
export async function startPreview({
  port,
  dataDir,
  publicOrigin,
  env,
  logLevel,
  trustedProxies,
  ...options
}: StartOptions): Promise<Preview> {
  let ready!: (started: Started) => void;
  let failed!: (error: unknown) => void;
  const backendStarted = new Promise<Started>((resolve, reject) => ((ready = resolve), (failed = reject)));
  // a failed start is the caller's to report; the requests waiting for it end with the server
  backendStarted.catch(() => undefined);
  const server = createPreviewServer({ ...options, backend: backendStarted });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const origin = publicOrigin
    ? new URL(publicOrigin).origin
    : `http://localhost:${(server.address() as net.AddressInfo).port}`;
  const backend = await startBackend({ dataDir, serverURL: origin, env, logLevel }).catch((error: unknown) => {
    failed(error);
    server.close();
    throw error;
  });
  ready({ backend, origin, trustedProxies });
  return {
    server,
    origin,
    backend,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
    },
  };
}
