/**
 * What an upload's bytes are, read with sharp (the name and the declared type
 * count for nothing), and the copy of them the preview server keeps:
 *   - only raster types the contract lists (IMAGE_TYPES);
 *   - at most MAX_IMAGE_PIXELS once decoded (MAX_HEIF_PIXELS for AVIF and
 *     HEIC, below), read from the header alone, so a huge image is refused as
 *     too large in pixels, never as "not an image";
 *   - made again from its pixels, whatever the file says it carries: the copy
 *     kept is upright and holds nothing but the image and its colour profile
 *     (no EXIF, XMP or IPTC, no text chunks or comments, nothing after the
 *     image's end), since metadata hides in more places than a parser reports.
 *     JPEG, PNG, WebP and GIF keep their format (animation too); AVIF and HEIC
 *     become JPEG (sharp cannot write HEIC, and an AVIF encode of a large image
 *     takes many times the time and memory of a JPEG one).
 *
 * A re-encode decodes the whole image, so one runs at a time in the process and
 * sharp keeps no decoded image once it is done: however many uploads arrive,
 * the server holds at most one large decoded photo.
 */
import fs from "node:fs";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_PIXELS, imageTypeByFormat } from "../../lib/api/schemas";
import { Gate } from "./gate";
import { HttpError } from "./http";
import { PRIVATE_FILE_MODE, tempPath } from "./store";

export interface DetectedImage {
  ext: string;
  mime: string;
  /** sharp's name for the format, and `avif`/`heic` for the two kinds of HEIF */
  format: string;
  width?: number;
  height?: number;
  /** EXIF orientation, 1 (upright) when absent */
  orientation: number;
  /** frames (an animated GIF or WebP has more than one) */
  pages: number;
}

/** The image in `file` (a path or bytes), or undefined when it is not an image we take. Reads the header only. */
export async function detectImage(file: string | Buffer): Promise<DetectedImage | undefined> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
  const format = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
  const type = format ? imageTypeByFormat(format) : undefined;
  if (!type) return undefined;
  return {
    ext: type.extensions[0],
    mime: type.mime,
    format: type.format,
    width: meta.width,
    height: meta.height,
    orientation: meta.orientation ?? 1,
    pages: meta.pages ?? 1,
  };
}

/**
 * The most pixels an AVIF or HEIC may have: every upload is decoded whole to
 * be made again, and their decoders hold many bytes per pixel, so this bounds
 * the memory one upload can take. The site's own uploads are far smaller.
 */
export const MAX_HEIF_PIXELS = 24_000_000;

/** 413 when the image has more pixels than its format may (above), saying so in pixels. */
export function checkPixels(image: DetectedImage): void {
  const width = image.width ?? 0;
  const height = image.height ?? 0;
  const heif = image.format === "avif" || image.format === "heic";
  const limit = heif ? MAX_HEIF_PIXELS : MAX_IMAGE_PIXELS;
  if (width * height <= limit) return;
  const which = heif ? ` for ${image.format.toUpperCase()}` : "";
  throw new HttpError(
    413,
    `Bildet er for stort i piksler (${width} × ${height}); største tillatte er ${limit / 1_000_000} megapiksler${which}`,
  );
}

/** The formats sharp writes here, by our name for them; anything else is written as JPEG. */
const WRITABLE: Record<string, "jpeg" | "png" | "webp" | "gif"> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
};

sharp.cache(false);
const reencodes = new Gate({ active: 1, queued: 64, maxWaitMs: 20_000, retryAfterSeconds: 2 });

/**
 * Rewrites `file` in place from its pixels, turned upright by its EXIF
 * orientation first, keeping only its colour profile; answers what the file
 * is afterwards. The new bytes are written to a temporary file of their own
 * and renamed over `file`; 415 when the image cannot be decoded.
 */
export async function withoutMetadata(file: string, image: DetectedImage): Promise<DetectedImage> {
  let pipeline = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, animated: image.pages > 1 }).keepIccProfile();
  if (image.orientation > 1) pipeline = pipeline.autoOrient();
  const format = WRITABLE[image.format] ?? "jpeg";
  const bytes = await reencodes.run(async () => {
    try {
      return await pipeline.toFormat(format, format === "jpeg" || format === "webp" ? { quality: 92 } : {}).toBuffer();
    } catch {
      throw new HttpError(415, "file: bildet kunne ikke leses");
    }
  });
  const clean = tempPath(path.dirname(file));
  try {
    await fs.promises.writeFile(clean, bytes, { flag: "wx", mode: PRIVATE_FILE_MODE });
    await fs.promises.rename(clean, file);
  } catch (error) {
    await fs.promises.rm(clean, { force: true });
    throw error;
  }
  const after = await detectImage(file);
  if (!after) throw new Error("A re-encoded upload could not be read back");
  return after;
}
