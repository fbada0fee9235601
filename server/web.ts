/**
 * Node's HTTP request and answer as the Web's `Request` and `Response`, which
 * Payload's REST handlers take and give (`handleEndpoints`, what
 * @payloadcms/next calls inside Next): the request's body streams in as the
 * handler reads it, the answer's body streams out.
 */
import type http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";

export interface RequestOptions {
  /** told the size of each chunk of the body as it arrives */
  onBytes?: (bytes: number) => void;
  /** the client's address, put in X-Forwarded-For in place of whatever the client sent there */
  clientAddress?: string;
}

/**
 * A Node request's body as a Web stream, read as its reader pulls. When the
 * reader stops early (Payload refusing an upload that is too large) the rest
 * is read and dropped, so the client still hears the answer instead of a reset
 * connection. A body cut off before its end errors the stream.
 */
function bodyOf(req: http.IncomingMessage, watch: RequestOptions): ReadableStream<Uint8Array> {
  let stopped = false;
  return new ReadableStream({
    start(controller) {
      const fail = (error: Error) => {
        if (stopped) return;
        stopped = true;
        controller.error(error);
      };
      req.on("data", (chunk: Buffer) => {
        watch.onBytes?.(chunk.length);
        if (stopped) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => {
        if (stopped) return;
        stopped = true;
        controller.close();
      });
      req.on("error", fail);
      req.on("close", () => req.complete || fail(new Error("The request's body was cut off")));
    },
    pull() {
      req.resume();
    },
    cancel() {
      stopped = true;
      req.resume();
    },
  });
}

/**
 * `req` as a Web Request for `origin` + `url` (a path and query). A HEAD is
 * asked as a GET (Payload answers GETs; `sendResponse` leaves the body out).
 */
export function webRequest(
  req: http.IncomingMessage,
  origin: string,
  url: string,
  options: RequestOptions = {},
): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // HTTP/2 pseudo-headers and connection-level headers are not the handler's
    if (!name.startsWith(":")) headers.append(name, req.rawHeaders[i + 1]!);
  }
  if (options.clientAddress !== undefined) headers.set("X-Forwarded-For", options.clientAddress);
  const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
  const hasBody = method !== "GET";
  const init = { method, headers, body: hasBody ? bodyOf(req, options) : undefined, duplex: "half" };
  return new Request(`${origin}${url}`, init as RequestInit);
}

/** An address as a connection gives it, without IPv6's `::ffff:` before an IPv4 address. */
const plain = (address: string) => address.replace(/^::ffff:/, "");

/**
 * The client's address: its connection's, or, when the connection comes from
 * a proxy in `trustedProxies`, the last address that proxy put in
 * X-Forwarded-For (the one it saw; what the client wrote before it counts for
 * nothing).
 */
export function clientAddressOf(req: http.IncomingMessage, trustedProxies: readonly string[] = []): string {
  const connection = plain(req.socket.remoteAddress ?? "");
  if (!trustedProxies.includes(connection)) return connection;
  const forwarded = [req.headers["x-forwarded-for"] ?? ""].flat().join(",").split(",").at(-1)?.trim();
  return forwarded ? plain(forwarded) : connection;
}

/** Sends `response` as the answer to `req`, keeping the headers already set on `res` unless it sets them itself. */
export async function sendResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => name !== "set-cookie" && res.setHeader(name, value));
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}
