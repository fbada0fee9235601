/**
 * Backups of the workshop app's data that restore, taken while the app runs:
 *
 *   - the database, consistent at one moment: SQLite's `VACUUM INTO` (a
 *     read transaction, so writers go on and the copy holds every commit
 *     made before it began), or `pg_dump` in its custom format for
 *     PostgreSQL (one snapshot);
 *   - then the photos on disk (the media folder): a photo is written before
 *     its record, so every photo the copied database names is on the disk
 *     by the time it is copied;
 *   - and `backup.json`, saying what the folder holds.
 *
 * A restore puts a backup into an empty data folder (SQLite, photos) or an
 * empty database (`pg_restore`), and refuses anything else: it never
 * mixes a backup with data that is there. It puts back only the photos the
 * restored database names: one uploaded while the backup ran has no record
 * there, and nothing would ever delete it. PostgreSQL's tools get the
 * password in their environment, never on a command line others can read. Photos kept in a bucket are not
 * copied: the bucket's own versioning keeps them (docs/admin-host.md).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import type { Settings } from "./settings";

/** What `backup.json` says of a backup. */
export interface BackupManifest {
  /** when the backup began (ISO time): it holds every commit made before then */
  startedAt: string;
  database: "sqlite" | "postgres";
  /** the database's file in the folder */
  databaseFile: string;
  /** how many photos were copied */
  photos: number;
}

const MANIFEST = "backup.json";
const SQLITE_FILE = "payload.db";
const POSTGRES_FILE = "payload.pgdump";
const MEDIA = "media";

/** The SQLite database's file, from its `file:` url. */
const sqlitePath = (url: string) => url.replace(/^file:/, "");

/** A PostgreSQL url without its password, and the password in the environment its tools read (PGPASSWORD). */
function postgresTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], what: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { encoding: "utf8", env });
  if (result.error) throw new Error(`${what}: ${command} could not run (${result.error.message}); is it installed?`);
  if (result.status !== 0) throw new Error(`${what}: ${command} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * Copies the photos in `from` to `to` (flat: the media folder has no subfolders), only those in `only`
 * when it is given; returns how many.
 */
function copyPhotos(from: string, to: string, only?: ReadonlySet<string>): number {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  const names = (fs.existsSync(from) ? fs.readdirSync(from) : []).filter((name) => !only || only.has(name));
  let copied = 0;
  for (const name of names) {
    // a hidden name is a photo being written (payload/photos/): not a photo yet
    if (name.startsWith(".")) continue;
    const source = path.join(from, name);
    try {
      fs.copyFileSync(source, path.join(to, name));
      fs.chmodSync(path.join(to, name), 0o600);
      copied++;
    } catch (error) {
      // a photo deleted meanwhile (the hourly deletion) is no longer part of the data
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return copied;
}

/** Writes a backup of `settings`' data into `folder` (new or empty); returns what it holds. */
export async function backup(settings: Settings, folder: string): Promise<BackupManifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new Error(`${folder} is not empty: a backup goes into a new or empty folder`);
  }
  // the backup holds customers' data: its owner's alone
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  const startedAt = new Date().toISOString();
  let databaseFile: string;
  if (settings.database.kind === "sqlite") {
    databaseFile = SQLITE_FILE;
    const client = createClient({ url: settings.database.url });
    try {
      await client.execute({ sql: "VACUUM INTO ?", args: [path.join(folder, SQLITE_FILE)] });
    } finally {
      client.close();
    }
  } else {
    databaseFile = POSTGRES_FILE;
    const target = postgresTarget(settings.database.url);
    run(
      "pg_dump",
      ["--format=custom", "--no-owner", `--file=${path.join(folder, POSTGRES_FILE)}`, target.url],
      "The database's backup",
      target.env,
    );
  }
  fs.chmodSync(path.join(folder, databaseFile), 0o600);
  const photos = copyPhotos(settings.mediaDir, path.join(folder, MEDIA));
  const manifest: BackupManifest = { startedAt, database: settings.database.kind, databaseFile, photos };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The backup in `folder`, as its manifest says; refused when it is not one. */
export function readBackup(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} holds no backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  if (!fs.existsSync(path.join(folder, manifest.databaseFile))) {
    throw new Error(`${folder} holds no database (${manifest.databaseFile} is missing)`);
  }
  return manifest;
}

/** The lines `query` returns from the PostgreSQL database at `url` (psql). */
function postgresQuery(url: string, query: string): string[] {
  const target = postgresTarget(url);
  const out = run(
    "psql",
    [target.url, "--tuples-only", "--no-align", "--command", query],
    "Reading the database",
    target.env,
  );
  return out.split("\n").filter(Boolean);
}

/** The names of the photos the restored database names. */
async function photoNames(settings: Settings): Promise<Set<string>> {
  if (settings.database.kind === "postgres") {
    return new Set(postgresQuery(settings.database.url, "select filename from media where filename is not null"));
  }
  const client = createClient({ url: settings.database.url });
  try {
    const { rows } = await client.execute("select filename from media where filename is not null");
    return new Set(rows.map((row) => String(row.filename)));
  } finally {
    client.close();
  }
}

/**
 * Puts the backup in `folder` into `settings`' data folder and database,
 * which must be empty (the app not running on them); returns what it held.
 */
export async function restore(settings: Settings, folder: string): Promise<BackupManifest> {
  const manifest = readBackup(folder);
  if (manifest.database !== settings.database.kind) {
    throw new Error(
      `The backup holds a ${manifest.database} database, but DATABASE_URI names ${settings.database.kind}`,
    );
  }
  const photosThere = fs.existsSync(settings.mediaDir) && fs.readdirSync(settings.mediaDir).length > 0;
  if (photosThere) throw new Error(`${settings.mediaDir} is not empty: a backup is restored into empty data only`);
  if (settings.database.kind === "sqlite") {
    const file = sqlitePath(settings.database.url);
    if (fs.existsSync(file)) throw new Error(`${file} exists: a backup is restored into an empty data folder only`);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(folder, manifest.databaseFile), file, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(file, 0o600);
  } else {
    const tables = postgresQuery(settings.database.url, "select count(*) from pg_tables where schemaname = 'public'");
    if (Number(tables[0]) > 0) {
      throw new Error(
        "The database named by DATABASE_URI has tables: a backup is restored into an empty database only",
      );
    }
    const target = postgresTarget(settings.database.url);
    run(
      "pg_restore",
      ["--no-owner", "--exit-on-error", `--dbname=${target.url}`, path.join(folder, manifest.databaseFile)],
      "The database's restore",
      target.env,
    );
  }
  copyPhotos(path.join(folder, MEDIA), settings.mediaDir, await photoNames(settings));
  return manifest;
}
