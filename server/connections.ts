/**
 * How the preview server shares its connections, so that ordinary traffic and
 * one greedy client cannot keep anyone else out. Every figure is here, with
 * its reason:
 *
 * - One client address holds at most `perClient` connections, and all clients
 *   together `total`. A browser opens six at most to a host, so `perClient`
 *   leaves room for a household behind one address; a client past it (or
 *   anyone past `total`) still has its connection taken, and its request is
 *   answered 503 with `Retry-After` and the connection closed: a client that
 *   is refused always hears so, and the site's forms wait and try again.
 * - A connection turned away that sends nothing is closed after
 *   `turnedAwayMs`; past `turnedAwayMax` of them at once, new ones are closed
 *   at once, so refusing costs little.
 * - The request line and headers must arrive within `headersMs` (a phone on a
 *   poor signal sends them in far less), checked every `checkEveryMs`; a
 *   connection that sends nothing at all is closed then too, so idle
 *   connections cannot be hoarded. A kept-alive connection waits
 *   `keepAliveMs` for its next request.
 * - A connection where nothing moves for `idleMs` (a client that stops reading
 *   its answer) is closed, and the file it was reading with it.
 * - A whole request may take `requestMs`: longer than an upload's longest wait
 *   for a place and its body's deadline together (UPLOAD_DEADLINE, ./preview-server.ts).
 *
 * Behind a proxy, the proxy is one client address: it must share its own
 * connections out as fairly, or be given a limit above its own.
 */
import type http from "node:http";
import type net from "node:net";

export interface ConnectionLimits {
  perClient: number;
  total: number;
  turnedAwayMs: number;
  turnedAwayMax: number;
  headersMs: number;
  checkEveryMs: number;
  keepAliveMs: number;
  idleMs: number;
  requestMs: number;
  /** what a turned-away client is told to wait before it tries again */
  retryAfterSeconds: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  perClient: 64,
  total: 512,
  turnedAwayMs: 2_000,
  turnedAwayMax: 1_024,
  headersMs: 10_000,
  checkEveryMs: 1_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
  requestMs: 120_000,
  retryAfterSeconds: 2,
};

const TURNED_AWAY = Symbol("turned away");
type Tagged = net.Socket & { [TURNED_AWAY]?: true };

/** Whether the connection was taken past a limit: its request gets 503 with Retry-After, and it closes. */
export const turnedAway = (socket: net.Socket): boolean => Boolean((socket as Tagged)[TURNED_AWAY]);

/** The client's address, one name for IPv4 seen through IPv6 (`::ffff:127.0.0.1` is `127.0.0.1`). */
const clientOf = (socket: net.Socket) => (socket.remoteAddress ?? "").replace(/^::ffff:/, "");

/** Closes idle connections; counts each client's connections and the total, and marks those past a limit (`turnedAway`). */
export function shareConnections(server: http.Server, limits: ConnectionLimits): void {
  server.timeout = limits.idleMs;
  const perClient = new Map<string, number>();
  let admitted = 0;
  let refused = 0;
  server.on("connection", (socket: Tagged) => {
    const client = clientOf(socket);
    const held = perClient.get(client) ?? 0;
    if (held < limits.perClient && admitted < limits.total) {
      perClient.set(client, held + 1);
      admitted++;
      socket.once("close", () => {
        admitted--;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      return;
    }
    if (refused >= limits.turnedAwayMax) {
      socket.destroy();
      return;
    }
    refused++;
    socket[TURNED_AWAY] = true;
    const timer = setTimeout(() => socket.destroy(), limits.turnedAwayMs);
    socket.once("close", () => {
      refused--;
      clearTimeout(timer);
    });
  });
}
