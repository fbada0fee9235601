/**
 * How the `media` collection takes, keeps and serves a photo (the parts of a
 * Payload storage adapter, on the local disk):
 *
 * - **Taken** (`cleanUpload`, before Payload reads the file): the bytes must
 *   be an image of a type the contract lists, read by sharp (the name and the
 *   declared type count for nothing). HEIC and HEIF are refused with a message
 *   saying so: sharp cannot write them, and their decoders are patent-bound.
 *   An image of more pixels than MAX_IMAGE_PIXELS (MAX_HEIF_PIXELS for AVIF)
 *   is refused from its header, before it is decoded. Uploads never take the
 *   last DISK_RESERVE_BYTES of the disk, so bookings and quotes always find
 *   room.
 * - **Made again** from its pixels, upright, keeping only its colour profile:
 *   no EXIF, XMP or IPTC (GPS, camera, author), no comment or text chunk, nothing
 *   after the image's end, since metadata hides in more places than a parser
 *   reports. JPEG, PNG, WebP and GIF keep their format (animation too); AVIF
 *   becomes JPEG (an AVIF encode takes many times the time and memory). The
 *   file's name gets the extension of what it now is. A JPEG or WebP that
 *   comes out larger than it came is encoded again at lower quality, step by
 *   step, until it does not (or the lowest step is reached). One re-encode runs at a time in the process, so however many
 *   uploads arrive it holds at most one large decoded photo.
 * - **Kept** (`writePhoto`, once Payload has named it): written under a
 *   temporary name, flushed to disk, then linked to its name, which never
 *   replaces a file (another upload of that name at the same moment makes it
 *   the next free `-<n>`), and the folder flushed; readable by the server's user
 *   only. Only then is the record stored, so an acknowledged photo survives a
 *   crash, and a crash or a full disk leaves no half-written photo (a
 *   temporary file at most, removed when the app starts: `removeTemporaryPhotos`).
 *   A full disk is 507, another failure of the disk 503, each with
 *   Retry-After, naming no path. Should the record fail after the file is
 *   written, the file is removed again (`forgetPhoto`).
 * - **Served** (`servePhoto`): to whoever the collection's read access lets
 *   read it, with its type, never cached, under a policy that runs nothing;
 *   the file is closed however the download ends.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import {
  APIError,
  type CollectionAfterErrorHook,
  type CollectionBeforeChangeHook,
  type PayloadRequest,
  type UploadConfig,
} from "payload";
import sharp, { type Metadata } from "sharp";
import { IMAGE_TYPES, MAX_IMAGE_PIXELS, STORED_MEDIA_NAME, extensionOf, imageTypeByFormat } from "../lib/api/schemas";

/** Room on the photos' disk that uploads never take: the records are small and must always find a place. */
export const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

/**
 * The most pixels an AVIF may have: its decoder holds many bytes per pixel, so
 * this bounds the memory one upload can take. The site's own photos are far smaller.
 */
export const MAX_HEIF_PIXELS = 24_000_000;

/** The types a photo is stored as. */
export const STORED_TYPES = IMAGE_TYPES.filter((type) => ["jpeg", "png", "webp", "gif"].includes(type.format));

/** The quality a JPEG or WebP is made at first, then the lower ones tried while it comes out larger than it came. */
const QUALITIES = [82, 72, 62, 50, 40];

const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

type UploadedFile = NonNullable<PayloadRequest["file"]>;

/** A refusal with its status, its message public (Payload hides the message of any other error). */
const refuse = (status: number, message: string) => new APIError(message, status, null, true);

/** A failure of the disk as the client hears it: 507 when full, else 503; the path stays in the log. */
function diskError(error: unknown): APIError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const full = code === "ENOSPC" || code === "EDQUOT";
  return refuse(
    full ? 507 : 503,
    full
      ? "Serveren har ikke plass til å lagre bildet nå; prøv igjen senere"
      : `Serveren klarte ikke å lagre bildet (${code ?? "ukjent feil"}); prøv igjen senere`,
  );
}

/** Runs jobs one after another. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>): Promise<T> => {
    const run = last.then(job, job);
    last = run.catch(() => undefined);
    return run;
  };
}
const reencodes = oneAtATime();
sharp.cache(false);

/** Whether `bytes` are an ISO base media file (HEIF) whose brand is HEVC's, not AV1's. */
function isHeic(bytes: Buffer): boolean {
  if (bytes.subarray(4, 8).toString("latin1") !== "ftyp") return false;
  const brands = bytes.subarray(8, Math.min(bytes.length, 64)).toString("latin1");
  return !/avi[fs]/.test(brands) && /hei[cmsx]|hev[cmsx]|mif1|msf1/.test(brands);
}

interface Read {
  format: string;
  meta: Metadata;
}

/** What the bytes are, from their header alone; refused when they are no image we take, or too many pixels. */
async function readImage(file: UploadedFile): Promise<Read> {
  if (isHeic(file.data)) {
    throw refuse(415, "file: HEIC-bilder tas ikke imot her; lagre bildet som JPEG og prøv igjen");
  }
  const meta = await sharp(file.data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const format = meta?.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta?.format;
  if (!meta || !format || format === "heic" || !imageTypeByFormat(format)) {
    const name = file.name.slice(0, 100);
    throw refuse(415, `file: «${name}» er ikke et bilde vi tar imot (JPEG, PNG, WebP, GIF eller AVIF)`);
  }
  const limit = format === "avif" ? MAX_HEIF_PIXELS : MAX_IMAGE_PIXELS;
  const [width, height] = [meta.width ?? 0, meta.height ?? 0];
  if (width * height > limit) {
    throw refuse(
      413,
      `Bildet er for stort i piksler (${width} × ${height}); største tillatte er ${limit / 1_000_000} megapiksler`,
    );
  }
  return { format, meta };
}

/** The bytes made again from the pixels alone (above), and their format. */
async function reencode(bytes: Buffer, { format, meta }: Read): Promise<{ data: Buffer; format: string }> {
  const pages = meta.pages ?? 1;
  const target = format === "avif" ? "jpeg" : format;
  const encode = (quality?: number) => {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: pages > 1 })
      .autoOrient()
      .keepIccProfile();
    return quality === undefined
      ? pipeline.toFormat(target as "png" | "gif").toBuffer()
      : pipeline.toFormat(target as "jpeg" | "webp", { quality }).toBuffer();
  };
  try {
    if (target !== "jpeg" && target !== "webp") return { data: await encode(), format: target };
    let data = await encode(QUALITIES[0]);
    for (const quality of QUALITIES.slice(1)) {
      if (data.length <= bytes.length || format === "avif") break;
      data = await encode(quality);
    }
    return { data, format: target };
  } catch {
    throw refuse(415, "file: bildet kunne ikke leses");
  }
}

/** 507 when an upload of `bytes` would leave less than `reserve` free on the disk of `dir`. */
async function checkRoom(dir: string, bytes: number, reserve: number): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { bavail, bsize } = await fs.promises.statfs(dir);
  if (bavail * bsize - bytes >= reserve) return;
  throw refuse(507, "Serveren har ikke plass til flere bilder nå; prøv igjen senere");
}

/**
 * The upload in `req.file`, checked and made again without metadata, named by
 * what it now is (`bilde.avif` → `bilde.jpg`). Throws a 4xx or 507 refusal.
 */
export async function cleanUpload(req: PayloadRequest, dir: string, reserve = DISK_RESERVE_BYTES): Promise<void> {
  const file = req.file!;
  await checkRoom(dir, file.size, reserve);
  const read = await readImage(file);
  const clean = await reencodes(() => reencode(file.data, read));
  const type = imageTypeByFormat(clean.format)!;
  const base = path.basename(file.name).replace(/\.[^.]*$/, "") || "bilde";
  req.file = {
    ...file,
    data: clean.data,
    size: clean.data.length,
    mimetype: type.mime,
    name: `${base}${type.extensions[0]}`,
  };
}

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
      req.payload.logger.error({ err: error, msg: "A photo could not be written" });
      throw diskError(error);
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

/**
 * Payload's file handler for `GET <collection>/file/<filename>`, called once
 * read access has let the request through: the stored file, its type from
 * its extension, never cached, under a policy that runs nothing; 404 when
 * there is no such file. The file is closed when the answer ends, is cut
 * off or the client goes.
 */
export const servePhoto =
  (dir: string): NonNullable<UploadConfig["handlers"]>[number] =>
  async (_req, { params }) => {
    const name = params.filename;
    const type = STORED_MEDIA_NAME.test(name)
      ? STORED_TYPES.find((t) => t.extensions.includes(extensionOf(name) as never))
      : undefined;
    const stat = type ? await fs.promises.stat(path.join(dir, name)).catch(() => undefined) : undefined;
    if (!type || !stat?.isFile()) {
      return Response.json({ errors: [{ message: "Finner ikke bildet" }] }, { status: 404 });
    }
    const stream = fs.createReadStream(path.join(dir, name));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": type.mime,
        "Content-Length": String(stat.size),
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  };
