/**
 * A photo made again from its pixels as a clean JPEG, whatever came in:
 * upright, on white where it was transparent, the first frame of an
 * animation, keeping only its colour profile: no EXIF, XMP or IPTC (GPS,
 * camera, author), no comment or text chunk, nothing after the image's end,
 * since metadata hides in more places than a parser reports. At most
 * MAX_STORED_SIDE pixels on its long side (never enlarged), decoded no larger
 * than that where the format allows (JPEG and WebP shrink on load), and at
 * most MAX_STORED_BYTES: the quality steps down (QUALITIES) until it fits,
 * and when the lowest quality does not, the sides shrink by SHRINK_STEP
 * until it does. A JPEG steps down, too, until it is no larger than it came
 * (or the lowest step is reached).
 */
import sharp from "sharp";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, imageTypeByFormat } from "../../lib/api/schemas";
import { refuse } from "./adapter";

/** The type every photo is stored as. */
export const STORED_TYPE = imageTypeByFormat("jpeg")!;

/**
 * The longest side of a stored photo, in pixels: above the site's own
 * (MAX_PREPARED_SIDE, lib/quote/photo-work/types.ts), so its photos keep every pixel.
 */
export const MAX_STORED_SIDE = 2560;

/**
 * The most bytes a stored photo takes: room above the site's own
 * (MAX_PREPARED_BYTES, lib/quote/photo-work/types.ts), and never above the upload cap.
 */
export const MAX_STORED_BYTES = Math.min(2 * 1024 * 1024, MAX_UPLOAD_BYTES);

/** The JPEG qualities tried, highest first. */
const QUALITIES = [82, 72, 62, 50, 40];

/** Each smaller try, once the lowest quality is still too large, keeps this share of the sides. */
const SHRINK_STEP = 0.75;

// sharp keeps nothing it decoded between calls: what the re-encodes hold is the lane's bound alone
sharp.cache(false);

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
