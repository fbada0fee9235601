/**
 * How the `media` collection takes, keeps and serves a photo (the parts of a
 * Payload storage adapter, on the local disk):
 *
 * - **Taken** (`cleanUpload`, before Payload reads the file): the bytes must
 *   be an image of a type the contract lists, read by sharp (the name and the
 *   declared type count for nothing): JPEG, PNG, WebP, GIF or AVIF (TAKEN_TYPES).
 *   HEIC and HEIF are refused with a message saying so: their decoders are
 *   patent-bound. An image of more pixels than MAX_IMAGE_PIXELS
 *   (MAX_HEIF_PIXELS for AVIF) is refused from its header, before it is
 *   decoded. Uploads never take the last DISK_RESERVE_BYTES of the disk, so
 *   bookings and quotes always find room: the free room is held against the
 *   bytes that are written, and a disk already at its reserve takes nothing
 *   before any work is done.
 * - **Made again** from its pixels as a clean JPEG, whatever came in: upright,
 *   on white where it was transparent, the first frame of an animation,
 *   keeping only its colour profile: no EXIF, XMP or IPTC (GPS, camera,
 *   author), no comment or text chunk, nothing after the image's end, since
 *   metadata hides in more places than a parser reports. At most
 *   MAX_STORED_SIDE pixels on its long side (never enlarged), decoded no larger
 *   than that where the format allows (JPEG and WebP shrink on load), and at
 *   most MAX_STORED_BYTES: the quality steps down (QUALITIES) until it fits,
 *   and when the lowest quality does not, the sides shrink by SHRINK_STEP
 *   until it does. A JPEG steps down, too, until it is no larger than it came
 *   (or the lowest step is reached). The file's name gets `.jpg`.
 * - **The lane** the re-encodes run in (REENCODE_LANE, ./photo-lane.ts): a few
 *   at once, a few waiting per client address (./client.ts), the waiting served
 *   round-robin by address, a bounded queue and wait; past any of these the
 *   upload is 503 with Retry-After, which the site waits for and tries again.
 *   So one client sending many large photos holds up nobody else, and the
 *   process holds a bounded number of decoded photos however many arrive.
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
 *   the file is closed however the download ends. What is written is JPEG; a
 *   PNG, WebP or GIF already in the folder is served with its own type.
 *
 * A refusal the client may try again (503, 507) carries Retry-After, readable
 * by the site's scripts (Access-Control-Expose-Headers). Payload's APIError
 * has no headers of its own; Payload's error answer carries the request's
 * `responseHeaders`, so the headers go there.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import {
  APIError,
  type CollectionAfterErrorHook,
  type CollectionBeforeChangeHook,
  type DataFromCollectionSlug,
  type Payload,
  type PayloadRequest,
  type UploadConfig,
} from "payload";
import sharp from "sharp";
import {
  IMAGE_TYPES,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  STORED_MEDIA_NAME,
  extensionOf,
  imageTypeByFormat,
} from "../lib/api/schemas";
import { clientAddress } from "./client";
import { MEDIA_SLUG } from "./names";
import { FairLane, LaneRefusal, type LaneOptions } from "./photo-lane";

/** A photo's id, as the app's types have it. */
export type MediaId = DataFromCollectionSlug<typeof MEDIA_SLUG>["id"];

/**
 * The stored photos a request names, each by file name and url: `ids[i]` is
 * the id of the photo `refs[i]` names, or undefined when no photo here has
 * that name or its url is not the one Payload gave it; `missing` holds the
 * names no photo here has (the site uploads those again).
 */
export async function storedPhotos(
  payload: Payload,
  refs: { filename: string; url: string }[],
): Promise<{ ids: (MediaId | undefined)[]; missing: string[] }> {
  const names = [...new Set(refs.map((ref) => ref.filename))];
  const { docs } = await payload.find({
    collection: MEDIA_SLUG,
    where: { filename: { in: names } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  const byName = new Map(docs.map((doc) => [doc.filename, doc]));
  const ids = refs.map((ref) => {
    const doc = byName.get(ref.filename);
    const url = doc?.url ? new URL(doc.url, payload.config.serverURL).href : undefined;
    return doc && url === new URL(ref.url).href ? doc.id : undefined;
  });
  return { ids, missing: names.filter((name) => !byName.has(name)) };
}

/** Room on the photos' disk that uploads never take: the records are small and must always find a place. */
export const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

/**
 * The most pixels an AVIF may have: its decoder holds many bytes per pixel, so
 * this bounds the memory one upload can take. The site's own photos are far smaller.
 */
export const MAX_HEIF_PIXELS = 24_000_000;

/** The types a photo is taken in (the collection's `mimeTypes`, which the admin's file picker offers). */
export const TAKEN_TYPES = IMAGE_TYPES.filter((type) => ["jpeg", "png", "webp", "gif", "avif"].includes(type.format));

/** The type every photo is stored as. */
export const STORED_TYPE = imageTypeByFormat("jpeg")!;

/** The types a file in the photos' folder is served as: JPEG, and a PNG, WebP or GIF already there. */
const SERVED_TYPES = IMAGE_TYPES.filter((type) => ["jpeg", "png", "webp", "gif"].includes(type.format));

/** The longest side of a stored photo, in pixels: above the site's own (1920), so its photos keep every pixel. */
export const MAX_STORED_SIDE = 2560;

/**
 * The most bytes a stored photo takes: room above the site's own (at most 1 MB),
 * and never above the upload cap.
 */
export const MAX_STORED_BYTES = Math.min(2 * 1024 * 1024, MAX_UPLOAD_BYTES);

/** The JPEG qualities tried, highest first. */
const QUALITIES = [82, 72, 62, 50, 40];

/** Each smaller try, once the lowest quality is still too large, keeps this share of the sides. */
const SHRINK_STEP = 0.75;

/**
 * The re-encode lane (./photo-lane.ts): two at once (each holds at most a
 * MAX_STORED_SIDE square decoded), two waiting per client (the site sends two
 * photos at once), six waiting in all, each at most twenty seconds (well
 * inside the site's wait for an answer); past that 503, asking for two
 * seconds. An upload in the lane holds its database transaction (Payload
 * begins it before the collection's hooks), so running and waiting together
 * stay below a PostgreSQL pool's ten connections, leaving some to bookings
 * and quotes.
 */
export const REENCODE_LANE: LaneOptions = {
  active: 2,
  perClient: 2,
  queued: 6,
  maxWaitMs: 20_000,
  retryAfterSeconds: 2,
};

/** What a refusal for want of room asks the client to wait, in seconds. */
const DISK_RETRY_AFTER_SECONDS = 30;

const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

type UploadedFile = NonNullable<PayloadRequest["file"]>;

/** A refusal with its status, its message public (Payload hides the message of any other error). */
const refuse = (status: number, message: string) => new APIError(message, status, null, true);

/**
 * A refusal the client may try again after `seconds`: Retry-After, and leave
 * for the site's scripts to read it, in the request's `responseHeaders`, which
 * Payload's error answer carries.
 */
function refuseForNow(req: PayloadRequest, status: number, message: string, seconds: number): APIError {
  const headers = req.responseHeaders ?? new Headers();
  headers.set("Retry-After", String(seconds));
  headers.set("Access-Control-Expose-Headers", "Retry-After");
  req.responseHeaders = headers;
  return refuse(status, message);
}

/** The message of a disk that has no room for the photo. */
const NO_ROOM = "Serveren har ikke plass til å lagre bildet nå; prøv igjen senere";

/** A failure of the disk as the client hears it: 507 when full, else 503; the path stays in the log. */
function diskError(req: PayloadRequest, error: unknown): APIError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const full = code === "ENOSPC" || code === "EDQUOT";
  return refuseForNow(
    req,
    full ? 507 : 503,
    full ? NO_ROOM : `Serveren klarte ikke å lagre bildet (${code ?? "ukjent feil"}); prøv igjen senere`,
    DISK_RETRY_AFTER_SECONDS,
  );
}

/** The headers every stored photo is served with, from the disk or from a bucket (../bucket.ts). */
export const PHOTO_HEADERS = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
} as const;

/**
 * In a bucket, the first of the file handlers: a name no photo can be stored
 * under is 404 here; any other goes on to the bucket's handler.
 */
export const photoNameOnly: NonNullable<UploadConfig["handlers"]>[number] = (_req, { params }) => {
  if (!STORED_MEDIA_NAME.test(params.filename)) {
    return Response.json({ errors: [{ message: "Finner ikke bildet" }] }, { status: 404 });
  }
};

const reencodes = new FairLane(REENCODE_LANE);
sharp.cache(false);

/** Whether `bytes` are an ISO base media file (HEIF) whose brand is HEVC's, not AV1's. */
function isHeic(bytes: Buffer): boolean {
  if (bytes.subarray(4, 8).toString("latin1") !== "ftyp") return false;
  const brands = bytes.subarray(8, Math.min(bytes.length, 64)).toString("latin1");
  return !/avi[fs]/.test(brands) && /hei[cmsx]|hev[cmsx]|mif1|msf1/.test(brands);
}

/** What format the bytes are, from their header alone; refused when they are no image we take, or too many pixels. */
async function readImage(file: UploadedFile): Promise<string> {
  if (isHeic(file.data)) {
    throw refuse(415, "file: HEIC-bilder tas ikke imot her; lagre bildet som JPEG og prøv igjen");
  }
  const meta = await sharp(file.data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const format = meta?.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta?.format;
  if (!meta || !format || !TAKEN_TYPES.some((type) => type.format === format)) {
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
  return format;
}

/**
 * The photo's first frame, upright, on white, at most MAX_STORED_SIDE on its
 * long side and decoded no larger than that where the format allows, with its
 * colour profile and nothing else: uncompressed, to be encoded from (no
 * second decode of the upload), with its size.
 */
async function storedPixels(bytes: Buffer): Promise<{ pixels: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .autoOrient()
    .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .keepIccProfile()
    .tiff({ compression: "none" })
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

/** `pixels` as a JPEG at `quality`, its long side brought down to `side` when given. */
function jpegOf(pixels: Buffer, quality: number, side?: number): Promise<Buffer> {
  const pipeline = sharp(pixels);
  if (side !== undefined) pipeline.resize(side, side, { fit: "inside", withoutEnlargement: true });
  return pipeline.keepIccProfile().jpeg({ quality }).toBuffer();
}

/**
 * The bytes of an image of `format` made again as a clean JPEG within the
 * bounds above (`maxBytes`, MAX_STORED_BYTES unless a test gives another);
 * 415 when they cannot be read.
 */
export async function storedJpeg(bytes: Buffer, format: string, maxBytes = MAX_STORED_BYTES): Promise<Buffer> {
  try {
    const { pixels, width, height } = await storedPixels(bytes);
    // a JPEG is not stored larger than it came, where a quality step allows
    const wanted = format === "jpeg" ? Math.min(bytes.length, maxBytes) : maxBytes;
    let data: Buffer = Buffer.alloc(0);
    for (const quality of QUALITIES) {
      data = await jpegOf(pixels, quality);
      if (data.length <= wanted) return data;
    }
    const lowest = QUALITIES.at(-1)!;
    for (let side = Math.max(width, height); data.length > maxBytes && side > 1;) {
      side = Math.max(1, Math.floor(side * SHRINK_STEP));
      data = await jpegOf(pixels, lowest, side);
    }
    return data;
  } catch {
    throw refuse(415, "file: bildet kunne ikke leses");
  }
}

/** 507 when writing `bytes` would leave less than `reserve` free on the disk of `dir`. */
async function checkRoom(req: PayloadRequest, dir: string, bytes: number, reserve: number): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { bavail, bsize } = await fs.promises.statfs(dir);
  if (bavail * bsize - bytes >= reserve) return;
  throw refuseForNow(req, 507, NO_ROOM, DISK_RETRY_AFTER_SECONDS);
}

/**
 * The upload in `req.file`, checked and made again as a clean JPEG (above),
 * named by what it now is (`bilde.png` → `bilde.jpg`), in the re-encode lane
 * of its client. Throws a 4xx, or a 503 or 507 with Retry-After.
 */
export async function cleanUpload(
  req: PayloadRequest,
  dir: string | undefined,
  reserve = DISK_RESERVE_BYTES,
): Promise<void> {
  const file = req.file!;
  // the room on the disk counts only where the photos are written to it (not in a bucket)
  const room = (bytes: number) => (dir === undefined ? Promise.resolve() : checkRoom(req, dir, bytes, reserve));
  await room(0);
  const format = await readImage(file);
  const data = await reencodes
    .run(clientAddress(req), () => storedJpeg(file.data, format))
    .catch((error: unknown) => {
      if (!(error instanceof LaneRefusal)) throw error;
      throw refuseForNow(req, 503, "Serveren tar imot mange bilder nå; prøv igjen om litt", error.retryAfterSeconds);
    });
  await room(data.length);
  const base = path.basename(file.name).replace(/\.[^.]*$/, "") || "bilde";
  req.file = {
    ...file,
    data,
    size: data.length,
    mimetype: STORED_TYPE.mime,
    name: `${base}${STORED_TYPE.extensions[0]}`,
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
      ? SERVED_TYPES.find((t) => t.extensions.includes(extensionOf(name) as never))
      : undefined;
    const stat = type ? await fs.promises.stat(path.join(dir, name)).catch(() => undefined) : undefined;
    if (!type || !stat?.isFile()) {
      return Response.json({ errors: [{ message: "Finner ikke bildet" }] }, { status: 404 });
    }
    const stream = fs.createReadStream(path.join(dir, name));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: { "Content-Type": type.mime, "Content-Length": String(stat.size), ...PHOTO_HEADERS },
    });
  };
