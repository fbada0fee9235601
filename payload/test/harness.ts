/**
 * A real Payload 3 playing the site's admin host for the tests: the plugin on
 * a minimal config (a `users` collection for the workshop's staff), SQLite in
 * a temporary folder or a real PostgreSQL (./postgres.ts), with transactions
 * as each adapter has them by default, and Payload's REST API served over
 * HTTP on 127.0.0.1 through `handleEndpoints`, Payload's own entry point for
 * servers that speak Web Request/Response (what @payloadcms/next calls inside
 * Next). Node's http server is bridged to it as `npm start` bridges it
 * (server/web.ts): the request's body streams in, the answer's body streams
 * out. Everything Payload logs is kept, parsed.
 * A host can be stopped and started again on the same data, as a restart.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { postgresAdapter } from "@payloadcms/db-postgres";
import { sqliteAdapter } from "@payloadcms/db-sqlite";
import {
  _internal_jobSystemGlobals,
  buildConfig,
  getPayload,
  handleEndpoints,
  type Payload,
  type SanitizedConfig,
} from "payload";
import sharp from "sharp";
import { MEDIA_PATH, MEDIA_QUERY, mediaResponseSchema } from "../../lib/api/schemas";
import { sendResponse, webRequest } from "../../server/web";
import { bulkeklinikken } from "../plugin";
import type { MailEnv } from "../mail";

export const SITE_ORIGIN = "https://www.bulkeklinikken.test";
/**
 * How often a host runs its queue by itself unless its `env` says otherwise: a queued job runs at
 * once anyway, so this is how soon a retry runs once its wait is over (after `moveJobClock`).
 */
export const QUEUE_INTERVAL_SECONDS = "1";
export const STAFF = { email: "verksted@bulkeklinikken.test", password: "et-langt-passord-for-testen" };

/** One line Payload logged (pino's JSON). */
export interface LogLine {
  level: number;
  msg?: string;
  case?: number | string;
  [key: string]: unknown;
}
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

export interface AdminHost {
  /** `http://127.0.0.1:<port>`, where it listens: Payload's serverURL unless `HostOptions.serverURL` names another */
  origin: string;
  payload: Payload;
  logs: LogLine[];
  /** where the photos are stored */
  mediaDir: string;
  /** `Authorization` for the logged-in workshop (from POST /api/users/login) */
  staff: { Authorization: string };
  /** stops the host and keeps its data, for `restartAdminHost` */
  stop(): Promise<void>;
  /** stops the host and deletes its data */
  close(): Promise<void>;
}

export interface HostOptions {
  /** a PostgreSQL connection string; SQLite in the host's folder when left out */
  postgres?: string;
  /** the folder of a stopped host, to start again on its data */
  dir?: string;
  /** Payload's serverURL, e.g. a public `https://admin.bulkeklinikken.test` (default: the host's own origin, on 127.0.0.1) */
  serverURL?: string;
}

/** An HTTP server on 127.0.0.1 whose requests go to Payload's REST handlers once `config` is set. */
async function listen(config: () => Promise<SanitizedConfig>, key: string) {
  const server = http.createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    config()
      .then((c) =>
        handleEndpoints({ config: c, request: webRequest(req, origin, req.url ?? "/"), payloadInstanceCacheKey: key }),
      )
      .then((response) => sendResponse(req, res, response))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

async function login(origin: string): Promise<{ Authorization: string }> {
  const response = await fetch(`${origin}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  const { token } = (await response.json()) as { token?: string };
  if (response.status !== 200 || !token) throw new Error(`staff login answered ${response.status}`);
  return { Authorization: `JWT ${token}` };
}

/** Starts the admin host with the plugin reading `env` (SMTP_*, WORKSHOP_EMAIL, JOBS_INTERVAL_SECONDS, …). */
export async function startAdminHost(env: MailEnv, options: HostOptions = {}): Promise<AdminHost> {
  const fresh = options.dir === undefined;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "admin-host-"));
  const mediaDir = path.join(dir, "media");
  // a restarted host is another Payload instance, as in a new process
  const key = `${path.basename(dir)}-${Date.now()}`;
  const logs: LogLine[] = [];
  // the server's address is Payload's serverURL, so the config is made once it listens
  const made: { config?: Promise<SanitizedConfig> } = {};
  const { server, origin } = await listen(() => made.config!, key);
  const config = (made.config = buildConfig({
    secret: "a-secret-only-these-tests-use-0123456789",
    serverURL: options.serverURL ?? origin,
    telemetry: false,
    typescript: { autoGenerate: false },
    db: options.postgres
      ? postgresAdapter({ pool: { connectionString: options.postgres }, push: true })
      : sqliteAdapter({ client: { url: `file:${path.join(dir, "payload.db")}` }, push: true }),
    // the workshop's staff (the admin's users, who may also have API keys), and another auth collection
    collections: [
      { slug: "users", auth: { useAPIKey: true }, fields: [] },
      { slug: "customers", auth: true, fields: [] },
    ],
    logger: {
      options: { level: "info" },
      destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    },
    plugins: [
      bulkeklinikken({
        siteOrigin: SITE_ORIGIN,
        mediaDir,
        env: { JOBS_INTERVAL_SECONDS: QUEUE_INTERVAL_SECONDS, ...env },
      }),
    ],
  }));
  const payload = await getPayload({ config, key });
  if (fresh) await payload.create({ collection: "users", data: STAFF });
  const stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await payload.destroy();
  };
  return {
    origin,
    payload,
    logs,
    mediaDir,
    staff: await login(origin),
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops `host` and starts it again on the same data (its origin, like a restart's, may differ). */
export async function restartAdminHost(host: AdminHost, env: MailEnv, options: HostOptions = {}): Promise<AdminHost> {
  await host.stop();
  return startAdminHost(env, { ...options, dir: path.dirname(host.mediaDir) });
}

/** The site's upload: POST /api/media?depth=0&fallback-locale=null, multipart `_payload` = "{}" and `file`. */
export function upload(host: AdminHost, bytes: Uint8Array, name: string, headers: HeadersInit = {}) {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${host.origin}${MEDIA_PATH}?${MEDIA_QUERY}`, { method: "POST", body: form, headers });
}

/** A small JPEG uploaded as the site uploads a photo; returns how an inquiry names it. */
export async function uploadPhoto(host: AdminHost): Promise<{ filename: string; url: string }> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#36c" } })
    .jpeg()
    .toBuffer();
  const answer = await upload(host, bytes, `img_${randomBytes(16).toString("hex")}.jpg`);
  if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${await answer.text()}`);
  const { doc } = mediaResponseSchema.parse(await answer.json());
  return { filename: doc.filename, url: new URL(doc.url, host.origin).href };
}

/** Waits until `check` returns (or resolves to) something truthy, checking every 25 ms; fails naming `what` after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Moves the clock Payload's jobs queue runs by (its retries' waits, and the cleanup's "now") `ms` ahead of the real one; 0 puts it back. */
export function moveJobClock(ms: number): void {
  _internal_jobSystemGlobals.getCurrentDate = () => new Date(Date.now() + ms);
}
