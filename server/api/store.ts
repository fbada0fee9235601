/**
 * Where the preview server keeps what it receives: one JSON file per record
 * under .data/<kind>/, written atomically (a temporary file renamed into place),
 * so a killed server never leaves a half-written record.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const DATA_DIR = process.env.PREVIEW_DATA_DIR || path.join(process.cwd(), ".data");

export function recordId(): string {
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Writes `data` as .data/<kind>/<id>.json and returns the file's path. */
export async function writeRecord(kind: string, data: unknown, dataDir = DATA_DIR): Promise<string> {
  const dir = path.join(dataDir, kind);
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${recordId()}.json`);
  const temp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(
    temp,
    `${JSON.stringify({ receivedAt: new Date().toISOString(), ...(data as object) }, null, 2)}\n`,
  );
  await fs.promises.rename(temp, file);
  return file;
}

/** Writes bytes atomically (same rename trick), for uploaded media. */
export async function writeFileAtomic(file: string, bytes: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, bytes);
  await fs.promises.rename(temp, file);
}
