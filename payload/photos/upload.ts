/**
 * Taking a photo in (`cleanUpload`, before Payload reads the file): the bytes
 * must be an image of a type the contract lists, read by sharp (the name and
 * the declared type count for nothing), of the types in TAKEN_TYPES. HEIC and
 * HEIF are refused with a message saying so: their decoders are
 * patent-bound. An image of more pixels than MAX_IMAGE_PIXELS
 * (MAX_HEIF_PIXELS for AVIF) is refused from its header, before it is
 * decoded. Uploads never take the last DISK_RESERVE_BYTES of the disk, so
 * bookings and quotes always find room: the free room is held against the
 * bytes that are written, and a disk already at its reserve takes nothing
 * before any work is done. The photo is then made again as a clean JPEG
 * (./reencode.ts) and its name gets the stored type's extension.
 *
 * The re-encodes run in a lane (REENCODE_LANE, ../photo-lane.ts): a few at
 * once, a few waiting per client address (../client.ts), the waiting served
 * round-robin by address, a bounded queue and wait; past any of these the
 * upload is 503 with Retry-After, which the site waits for and tries again.
 * So one client sending many large photos holds up nobody else, and the
 * process holds a bounded number of decoded photos however many arrive.
 */
import fs from "node:fs";
import path from "node:path";
import type { PayloadRequest } from "payload";
import sharp from "sharp";
import { IMAGE_TYPES, MAX_IMAGE_PIXELS } from "../../lib/api/schemas";
import { clientAddress } from "../client";
import { FairLane, LaneRefusal, type LaneOptions } from "../photo-lane";
import { DISK_RETRY_AFTER_SECONDS, NO_ROOM, PRIVATE_DIR_MODE, refuse, refuseForNow } from "./adapter";
import { STORED_TYPE, storedJpeg } from "./reencode";

/** Room on the photos' disk that uploads never take: the records are small and must always find a place. */
export const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

/**
 * The most pixels an AVIF may have: its decoder holds many bytes per pixel, so
 * this bounds the memory one upload can take. The site's own photos are far smaller.
 */
export const MAX_HEIF_PIXELS = 24_000_000;

/** The types a photo is taken in (the collection's `mimeTypes`, which the admin's file picker offers). */
export const TAKEN_TYPES = IMAGE_TYPES.filter((type) => ["jpeg", "png", "webp", "gif", "avif"].includes(type.format));

/**
 * The re-encode lane: a few at once (each holds at most a MAX_STORED_SIDE
 * square decoded), as many waiting per client as the site sends photos at
 * once, a few more waiting in all, each wait well inside the site's wait for
 * an answer; past that 503 with a short Retry-After. An upload in the lane
 * holds its database transaction (Payload begins it before the collection's
 * hooks), so running and waiting together stay below the connections of a
 * PostgreSQL pool, leaving some to bookings and quotes.
 */
export const REENCODE_LANE: LaneOptions = {
  active: 2,
  perClient: 2,
  queued: 6,
  maxWaitMs: 20_000,
  retryAfterSeconds: 2,
};

const reencodes = new FairLane(REENCODE_LANE);

type UploadedFile = NonNullable<PayloadRequest["file"]>;

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
