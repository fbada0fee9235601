/**
 * Image bytes the servers' tests send: a photo carrying what a phone writes
 * into it, PNG chunks to build files whose header says what a test needs, and
 * images of many pixels in few bytes.
 */
import zlib from "node:zlib";
import sharp from "sharp";

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The position it carries, as exif-reader reads it back. */
export const GPS_LATITUDE = [59, 54, 45.69];

/**
 * A small JPEG with its camera's make and model, a GPS position in Oslo, and an
 * EXIF orientation that turns it a quarter (so a copy made upright is 48 × 64).
 */
export function gpsPhoto(camera: { Make: string; Model: string }): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: camera,
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "59/1 54/1 4569/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "10/1 44/1 1234/100",
      },
    })
    .toBuffer();
}

/** A PNG's signature, before its first chunk. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG of `width` × `height` RGBA pixels, each row the row above plus one
 * (the first all zero), written with PNG's "Up" filter: every filtered row is
 * the same bytes, so the file is a few hundred kilobytes however many pixels
 * it has, and decoded it is width × height × 4 bytes. Deflated a row at a
 * time, so making it holds no more than the file.
 */
export async function upFilterPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, not interlaced
  const UP = 2;
  const first = Buffer.alloc(1 + width * 4);
  first[0] = UP;
  const next = Buffer.alloc(1 + width * 4, 1);
  next[0] = UP;
  const deflate = zlib.createDeflate();
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  deflate.write(first);
  for (let y = 1; y < height; y++) {
    if (!deflate.write(next)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(parts)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG of `side` × `side` pixels of one colour: many pixels in few bytes (some 0.5 MB at 8944). */
export const flatJpeg = (side: number, colour = "#c33"): Promise<Buffer> =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
