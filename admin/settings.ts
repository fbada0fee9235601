/**
 * The workshop app's settings, from the environment, each checked at start:
 *
 *   PORT             where `npm run admin` serves (default 3001)
 *   SERVER_URL       the admin's public origin (default http://localhost:$PORT); https:// unless it is
 *                    this machine (localhost, 127.0.0.1, [::1]), since the staff's logins cross it
 *   SITE_ORIGIN      the site's origins, comma-separated, the live site first (the customer's links
 *                    point to it); default the preview's, http://localhost:3000, when SERVER_URL is this
 *                    machine's; required otherwise
 *   PREVIEW_DATA_DIR where the data lives (default .data/ in the repository): the SQLite
 *                    database, the photos, and a local run's secret; the same data `npm start` uses
 *   DATABASE_URI     default SQLite in PREVIEW_DATA_DIR; `postgres://…` for PostgreSQL
 *   PAYLOAD_SECRET   signs the staff's logins, at least 32 characters; required unless SERVER_URL
 *                    is this machine's (a local run makes one and keeps it in PREVIEW_DATA_DIR)
 *   PHOTO_DISK_RESERVE_MB  room on the photos' disk that uploads never take (default 256), so
 *                    bookings and quotes always find room
 *
 * The e-mail variables (SMTP_HOST, …) are the plugin's (docs/admin-host.md).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Settings {
  port: number;
  serverURL: string;
  siteOrigins: string[];
  dataDir: string;
  mediaDir: string;
  database: { kind: "sqlite"; url: string } | { kind: "postgres"; url: string };
  secret: string;
  /** in bytes */
  diskReserveBytes: number;
}

type Env = Partial<Record<string, string>>;

function fail(variable: string, problem: string): never {
  throw new Error(`${variable}: ${problem}`);
}

function origin(variable: string, value: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== value.replace(/\/$/, "")) {
    fail(variable, `"${value}" is not an origin such as https://admin.example.no`);
  }
  return parsed.origin;
}

/** The shortest secret taken: it signs the staff's logins. */
const MIN_SECRET_LENGTH = 32;

const isLocal = (url: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);

/** The addresses a server listens on that only this machine reaches. */
const LOOPBACK_HOSTNAMES = ["127.0.0.1", "localhost", "::1", "[::1]"];

/**
 * Refuses a server that would listen beyond this machine (`hostname`, Next's
 * HOSTNAME, every interface when unset) while SERVER_URL is this machine's:
 * such an admin makes its first staff user on the first visit, from anywhere.
 */
export function checkListening(settings: Pick<Settings, "serverURL">, hostname: string | undefined): void {
  if (!isLocal(settings.serverURL) || LOOPBACK_HOSTNAMES.includes(hostname?.trim() ?? "")) return;
  fail(
    "HOSTNAME",
    `the server would listen on ${hostname?.trim() || "every interface"} while SERVER_URL (${settings.serverURL}) is ` +
      "this machine, whose first visit makes the first staff user: set HOSTNAME=127.0.0.1, or SERVER_URL to the " +
      "admin's public https:// address",
  );
}

/** A local run's secret: made once and kept beside its data, so logins outlive a restart. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "payload-secret");
  if (!fs.existsSync(file)) {
    // the data folder holds customers' data: its owner's alone from the start
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function readSettings(env: Env = process.env): Settings {
  const port = Number(env.PORT?.trim() || 3001);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail("PORT", `"${env.PORT}" is not a port number`);
  const serverURL = origin("SERVER_URL", env.SERVER_URL?.trim() || `http://localhost:${port}`);
  const local = isLocal(serverURL);
  if (!local && new URL(serverURL).protocol !== "https:") {
    fail("SERVER_URL", `"${serverURL}" is not this machine, so it must be https:// (the staff's logins cross it)`);
  }
  const siteOrigin =
    env.SITE_ORIGIN?.trim() ||
    (local
      ? "http://localhost:3000"
      : fail("SITE_ORIGIN", `is required when SERVER_URL (${serverURL}) is not this machine`));
  const siteOrigins = siteOrigin.split(",").map((value) => origin("SITE_ORIGIN", value.trim()));
  const dataDir = path.resolve(repository, env.PREVIEW_DATA_DIR?.trim() || ".data");
  const uri = env.DATABASE_URI?.trim() || `file:${path.join(dataDir, "payload.db")}`;
  const database = /^postgres(ql)?:\/\//.test(uri)
    ? ({ kind: "postgres", url: uri } as const)
    : uri.startsWith("file:")
      ? ({ kind: "sqlite", url: uri } as const)
      : fail("DATABASE_URI", `"${uri}" is neither file:<path> (SQLite) nor postgres://…`);
  const given = env.PAYLOAD_SECRET?.trim();
  if (given && given.length < MIN_SECRET_LENGTH) {
    fail("PAYLOAD_SECRET", `must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32 makes one)`);
  }
  const secret =
    given ||
    (local
      ? localSecret(dataDir)
      : fail("PAYLOAD_SECRET", `is required when SERVER_URL (${serverURL}) is not this machine`));
  const reserve = Number(env.PHOTO_DISK_RESERVE_MB?.trim() || 256);
  if (!Number.isFinite(reserve) || reserve < 0) {
    fail("PHOTO_DISK_RESERVE_MB", `"${env.PHOTO_DISK_RESERVE_MB}" is not a number of megabytes`);
  }
  const diskReserveBytes = Math.round(reserve * 1024 * 1024);
  return {
    port,
    serverURL,
    siteOrigins,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    database,
    secret,
    diskReserveBytes,
  };
}
