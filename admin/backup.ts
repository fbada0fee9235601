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
 * mixes a backup with data that is there. Photos kept in a bucket are not
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

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error) throw new Error(`${what}: ${command} could not run (${result.error.message}); is it installed?`);
  if (result.status !== 0) throw new Error(`${what}: ${command} failed: ${result.stderr.trim()}`);
}

/** Copies the photos in `from` to `to` (flat: the media folder has no subfolders); returns how many. */
function copyPhotos(from: string, to: string): number {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  const names = fs.existsSync(from) ? fs.readdirSync(from) : [];
  let copied = 0;
  for (const name of names) {
    // a hidden name is a photo being written (payload/photos.ts): not a photo yet
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
    run(
      "pg_dump",
      ["--format=custom", "--no-owner", `--file=${path.join(folder, POSTGRES_FILE)}`, settings.database.url],
      "The database's backup",
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

/** Whether the PostgreSQL database at `url` has any table of its own yet. */
function postgresHasTables(url: string): boolean {
  const result = spawnSync(
    "psql",
    [url, "--tuples-only", "--no-align", "--command", "select count(*) from pg_tables where schemaname = 'public'"],
    { encoding: "utf8" },
  );
  if (result.error || result.status !== 0) {
    throw new Error(`The database could not be read: ${result.error?.message ?? result.stderr.trim()}`);
  }
  return Number(result.stdout.trim()) > 0;
}

/**
 * Puts the backup in `folder` into `settings`' data folder and database,
 * which must be empty (the app not running on them); returns what it held.
 */
export function restore(settings: Settings, folder: string): BackupManifest {
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
    if (postgresHasTables(settings.database.url)) {
      throw new Error(
        "The database named by DATABASE_URI has tables: a backup is restored into an empty database only",
      );
    }
    run(
      "pg_restore",
      ["--no-owner", "--exit-on-error", `--dbname=${settings.database.url}`, path.join(folder, manifest.databaseFile)],
      "The database's restore",
    );
  }
  copyPhotos(path.join(folder, MEDIA), settings.mediaDir);
  return manifest;
}
