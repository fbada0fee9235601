/**
 * Where the preview server keeps what it receives: one JSON file per record
 * under .data/<kind>/, and uploads under .data/media/.
 *
 * Durable before acknowledged: every file is written under a temporary name
 * of its own (random, created exclusively, so two requests never share one),
 * flushed to disk, given its final name in one step, and the folder is flushed
 * too; only then does the handler answer 2xx. A server killed at any moment
 * leaves either the whole file or a temporary one, never half a file, and the
 * temporary ones are removed at the next start (`removeLeftovers`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const DATA_DIR = process.env.PREVIEW_DATA_DIR || path.join(process.cwd(), ".data");

/**
 * Customers' records and photos are for the server alone: its folders are open to their owner only
 * and its files readable by their owner only, whatever else runs on the machine.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (and any folder above it that is missing) open to its owner only. */
export async function privateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** The data folder, created or closed to everyone but its owner, before anything is stored in it. */
export function closeDataDir(dataDir = DATA_DIR): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dataDir, PRIVATE_DIR_MODE);
}

/** Temporary files are hidden and end in .tmp; no stored name can look like one. */
const TEMP_SUFFIX = ".tmp";
export const tempPath = (dir: string) => path.join(dir, `.${crypto.randomBytes(8).toString("hex")}${TEMP_SUFFIX}`);
export const isTempName = (name: string) => name.startsWith(".") && name.endsWith(TEMP_SUFFIX);

export function recordId(): string {
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Flushes a folder's entries (a new or renamed name) to disk. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `bytes` to a new temporary file in `dir`, flushed, and returns its
 * path. When any step fails (a full or broken disk) the file is removed
 * before the error goes on.
 */
export async function writeTemp(dir: string, bytes: string | Buffer): Promise<string> {
  await privateDir(dir);
  const temp = tempPath(dir);
  const handle = await fs.promises.open(temp, "wx", PRIVATE_FILE_MODE);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  return temp;
}

/** A record as it is stored: when it arrived, then what was sent. */
const recordJson = (data: object) => `${JSON.stringify({ receivedAt: new Date().toISOString(), ...data }, null, 2)}\n`;

/** Writes `data` durably as .data/<kind>/<id>.json and returns the file's path. */
export async function writeRecord(kind: string, data: object, dataDir = DATA_DIR): Promise<string> {
  const dir = path.join(dataDir, kind);
  const temp = await writeTemp(dir, recordJson(data));
  const file = path.join(dir, `${recordId()}.json`);
  try {
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
  return file;
}

/**
 * Writes `data` durably as .data/<kind>/<name>.json unless a record of that
 * name exists; answers whether this call stored it. The name is taken with a
 * hard link, which never replaces an existing file, so of any number of calls
 * racing for one name exactly one stores its record and the others remove
 * their temporary file. Every call flushes the folder before it returns, so
 * a caller told "already there" may acknowledge it: the record another call
 * has just linked is on disk by then too.
 */
export async function writeRecordOnce(kind: string, name: string, data: object, dataDir = DATA_DIR): Promise<boolean> {
  const dir = path.join(dataDir, kind);
  const file = path.join(dir, `${name}.json`);
  let stored = false;
  const there = await fs.promises.access(file).then(
    () => true,
    () => false,
  );
  if (!there) {
    const temp = await writeTemp(dir, recordJson(data));
    try {
      await fs.promises.link(temp, file);
      stored = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }
  await syncDir(dir);
  return stored;
}

/** The record stored as .data/<kind>/<name>.json, parsed. */
export async function readRecord(kind: string, name: string, dataDir = DATA_DIR): Promise<unknown> {
  return JSON.parse(await fs.promises.readFile(path.join(dataDir, kind, `${name}.json`), "utf8"));
}

/**
 * Gives the flushed temporary file `temp` the first free name of `name`,
 * `name-1`, `name-2`, … (as Payload does), and returns it. A hard link is
 * created only when the name is free, so two uploads can never take one name.
 */
export async function claimName(temp: string, name: string): Promise<string> {
  const dir = path.dirname(temp);
  const ext = path.extname(name);
  const base = name.slice(0, name.length - ext.length);
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : `${base}-${n}${ext}`;
    try {
      await fs.promises.link(temp, path.join(dir, candidate));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    await fs.promises.rm(temp, { force: true });
    await syncDir(dir);
    return candidate;
  }
}

/** Removes the temporary files a killed server left in the data folders; returns their paths. */
export function removeLeftovers(dataDir = DATA_DIR): string[] {
  if (!fs.existsSync(dataDir)) return [];
  const removed: string[] = [];
  for (const kind of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    const dir = path.join(dataDir, kind.name);
    for (const name of fs.readdirSync(dir)) {
      if (!isTempName(name)) continue;
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(path.join(kind.name, name));
    }
  }
  return removed;
}
