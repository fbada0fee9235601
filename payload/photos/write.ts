/**
 * Keeping a photo (`writePhoto`, once Payload has named it): written under a
 * temporary name, flushed to disk, then linked to its name, which never
 * replaces a file (another upload of that name at the same moment makes it
 * the next free `-<n>`), and the folder flushed; readable by the server's
 * user only. Only then is the record stored, so an acknowledged photo
 * survives a crash, and a crash or a full disk leaves no half-written photo
 * (a temporary file at most, removed when the app starts:
 * `removeTemporaryPhotos`). A full disk is 507, another failure of the disk
 * 503, each with Retry-After, naming no path. Should the record fail after
 * the file is written, the file is removed again (`forgetPhoto`).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { CollectionAfterErrorHook, CollectionBeforeChangeHook } from "payload";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, diskError, refuse } from "./adapter";

/** Temporary files are hidden and end in .tmp; no stored name can look like one. */
const TEMP_SUFFIX = ".tmp";
const temporaryPath = (dir: string) => path.join(dir, `.${crypto.randomBytes(8).toString("hex")}${TEMP_SUFFIX}`);

async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Links `temp` as `<dir>/<name>`, or, when another photo has that name, as the same name with the
 * next free `-<n>` (`bilde.jpg`, `bilde-1.jpg`, …); the name it got.
 */
async function linkFree(temp: string, dir: string, name: string): Promise<string> {
  const [, base, taken, ext] = /^(.*?)(?:-(\d{1,6}))?(\.[^.]*)?$/.exec(name)!;
  for (let n = Number(taken ?? 0); ; n++) {
    const candidate = n === Number(taken ?? 0) ? name : `${base}-${n}${ext ?? ""}`;
    try {
      await fs.promises.link(temp, path.join(dir, candidate));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n > 100_000) throw error;
    }
  }
}

/** What `req.context` remembers of the photo this request wrote, to remove it should the record fail. */
const WRITTEN = "bulkeklinikkenPhotoWritten";

/** Writes the upload's bytes durably as `<dir>/<data.filename>` before its record is stored (above). */
export const writePhoto =
  (dir: string): CollectionBeforeChangeHook =>
  async ({ data, req }) => {
    if (!req.file || typeof data.filename !== "string") return data;
    if (path.dirname(path.join(dir, data.filename)) !== dir) throw refuse(400, "file: ugyldig filnavn");
    const temp = temporaryPath(dir);
    try {
      await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const handle = await fs.promises.open(temp, "wx", PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(req.file.data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // another upload of the same name may have taken it meanwhile: the next free number, as Payload numbers
      data.filename = await linkFree(temp, dir, data.filename);
      await syncFolder(dir);
    } catch (error) {
      // the error's own message names the file, and a photo's name is enough to read it: its code only
      const { code, syscall } = error as NodeJS.ErrnoException;
      req.payload.logger.error({ code, syscall, msg: "A photo could not be written" });
      throw diskError(req, error);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
    req.context[WRITTEN] = path.join(dir, data.filename);
    return data;
  };

/** Removes the photo this request wrote when its record could not be stored. */
export const forgetPhoto: CollectionAfterErrorHook = async ({ req }) => {
  const file = req.context[WRITTEN];
  if (typeof file === "string") await fs.promises.rm(file, { force: true });
};

/** Removes the temporary files a crash left in `dir`; returns how many. */
export async function removeTemporaryPhotos(dir: string): Promise<number> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const left = names.filter((name) => name.startsWith(".") && name.endsWith(TEMP_SUFFIX));
  await Promise.all(left.map((name) => fs.promises.rm(path.join(dir, name), { force: true })));
  return left.length;
}
