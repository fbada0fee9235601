/**
 * The workshop's Payload app (admin/), built once and started many times:
 *
 *   npm run admin:build    next build (standalone output), then the server folder ADMIN_SERVER_DIR
 *                          assembled from it: the traced server with the packages it needs at run
 *                          time, its static files beside it, and a stamp of the sources it was built from
 *   npm run admin:start    starts what was built (`node server.js`, NODE_ENV=production); refuses,
 *                          saying how to build, when nothing was built
 *   npm run admin:migrate  runs the database's migrations and stops (a release step)
 *   npm run admin:backup -- <folder>   a consistent copy of the database and the photos on disk,
 *                          taken while the app runs (admin/backup.ts)
 *   npm run admin:restore -- <folder>  puts such a copy into an empty data folder or database
 *   npm run admin          the one-command local run: builds when the build is missing or older than
 *                          its sources (the app, the plugin, and the site's contract and content the
 *                          plugin reads), then starts it on http://localhost:3001/admin
 *
 * The server folder runs on any machine with Node.js alone: copy it, set the variables
 * (.env.example), run `node admin/server.js` in it. Payload starts with the process
 * (admin/instrumentation.ts): migrations, the jobs queue and the hourly deletion need no request.
 * Settings: admin/settings.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { logFormat } from "../admin/logging";
import { readSettings, type Settings } from "../admin/settings";
import { isThisMachine } from "../payload/staff";
import { filesFingerprint } from "../lib/hosting/build-stamp";
import { ADMIN_BUILD_STAMP as STAMP, ADMIN_SERVER_DIR, ADMIN_SERVER_ENTRY } from "./lib/admin-server";

const ROOT = process.cwd();
const ADMIN = path.join(ROOT, "admin");
const SOURCES = ["admin", "payload", "lib", "content", "package-lock.json"];

const fingerprint = () => filesFingerprint(SOURCES);

/** Whether a build is there, and (with `current`) made from the sources as they are now. */
function isBuilt({ current }: { current: boolean }): boolean {
  if (!fs.existsSync(ADMIN_SERVER_ENTRY) || !fs.existsSync(STAMP)) return false;
  return !current || fs.readFileSync(STAMP, "utf8") === fingerprint();
}

/** next build, then the server folder made from its standalone output; exits the process when the build fails. */
function build(): void {
  const stamp = fingerprint();
  const result = spawnSync("npx", ["next", "build"], { cwd: ADMIN, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The admin's build failed; see the message above.");
    process.exit(result.status ?? 1);
  }
  // Next's output stays as it wrote it: the server folder is a copy, with the static files where server.js serves them
  fs.rmSync(ADMIN_SERVER_DIR, { recursive: true, force: true });
  fs.cpSync(path.join(ADMIN, ".next", "standalone"), ADMIN_SERVER_DIR, { recursive: true, verbatimSymlinks: true });
  fs.cpSync(path.join(ADMIN, ".next", "static"), path.join(ADMIN_SERVER_DIR, "admin", ".next", "static"), {
    recursive: true,
  });
  fs.writeFileSync(STAMP, stamp);
  console.log(`The admin's server is in ${path.relative(ROOT, ADMIN_SERVER_DIR)}/ (npm run admin:start runs it)`);
}

/** The built server in a process of its own, with the settings checked first; ends with it. */
function start(): void {
  if (!isBuilt({ current: false })) {
    console.error(
      `Nothing is built in ${path.relative(ROOT, ADMIN_SERVER_DIR)}/: run \`npm run admin:build\` first ` +
        "(or `npm run admin`, which builds when needed and starts).",
    );
    process.exit(1);
  }
  // checked here too, so a mistake is told before the server starts
  const settings = readSettings();
  const port = String(settings.port);
  // the server runs in production, whose lines are JSON unless LOG_FORMAT says pretty
  const json = logFormat(process.env.LOG_FORMAT, "production") === "json";
  const say = (text: string) => console.log(json ? jsonLine(text) : text);
  say(`The workshop's admin runs at ${settings.serverURL}/admin (port ${port}; Ctrl+C stops it)`);
  const server = spawn(process.execPath, [ADMIN_SERVER_ENTRY], {
    cwd: path.dirname(ADMIN_SERVER_ENTRY),
    stdio: json ? ["inherit", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      // a local SERVER_URL is this machine's alone, whatever HOSTNAME says: its first visit makes the first staff user
      ...(isThisMachine(settings.serverURL) ? { HOSTNAME: "127.0.0.1" } : {}),
      NODE_ENV: "production",
      PORT: port,
      // the built code names the build machine's folders: the data folder is resolved here, where it runs
      PREVIEW_DATA_DIR: settings.dataDir,
    },
  });
  if (json) {
    asJsonLines(server.stdout!, process.stdout, INFO);
    asJsonLines(server.stderr!, process.stderr, ERROR);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** pino's levels, which Payload's JSON lines carry. */
const INFO = 30;
const ERROR = 50;

/** `text` as a JSON line at `level`, as Payload writes its own. */
const jsonLine = (text: string, level = INFO) => JSON.stringify({ level, time: Date.now(), msg: text });

/**
 * Copies `from` to `to` a line at a time: a JSON object as it is (Payload's
 * lines), any other line (Next's start-up lines, an error's stack) as the
 * message of a JSON line at `level`, so a log collector reads every line.
 */
function asJsonLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, level: number): void {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => {
    const text = line.trim();
    if (!text) return;
    to.write(`${text.startsWith("{") && isJsonObject(text) ? text : jsonLine(text, level)}\n`);
  });
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The database's migrations, then the process ends. */
function migrate(): void {
  import("../admin/migrate")
    .then(({ migrateWorkshop }) => migrateWorkshop(readSettings()))
    .then(
      () => {
        console.log("The database is migrated.");
        process.exit(0);
      },
      (error: unknown) => {
        console.error("The migrations failed:", error);
        process.exit(1);
      },
    );
}

/** Runs `work` on the settings and the folder named after the command; the process ends with it. */
function withFolder(command: string, work: (settings: Settings, folder: string) => Promise<unknown>): void {
  const folder = process.argv[3];
  if (!folder) {
    console.error(`Say which folder: npm run admin:${command} -- <folder>`);
    process.exit(2);
  }
  work(readSettings(), path.resolve(folder)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`The ${command} failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}

const command = process.argv[2] ?? "run";
switch (command) {
  case "build":
    build();
    break;
  case "start":
    start();
    break;
  case "migrate":
    migrate();
    break;
  case "backup":
    withFolder(command, async (settings, folder) => {
      const { backup } = await import("../admin/backup");
      const made = await backup(settings, folder);
      console.log(`Backup in ${folder}: the ${made.database} database as of ${made.startedAt}, ${made.photos} photos`);
    });
    break;
  case "restore":
    withFolder(command, async (settings, folder) => {
      const { restore } = await import("../admin/backup");
      const put = await restore(settings, folder);
      console.log(`Restored the backup of ${put.startedAt} (${put.photos} photos) into ${settings.dataDir}`);
    });
    break;
  case "run":
  case "--build":
    if (!isBuilt({ current: true })) {
      console.log("admin/ has no build, or one older than its sources: building it first …");
      build();
    }
    // a terminal gets Payload's pretty lines, unless LOG_FORMAT says otherwise
    if (command === "run" && process.stdout.isTTY) process.env.LOG_FORMAT ??= "pretty";
    if (command === "run") start();
    break;
  default:
    console.error(`Unknown command "${command}": build, start, migrate, or none (build when needed, then start)`);
    process.exit(2);
}
