/**
 * Image bytes the servers' tests send: a photo carrying what a phone writes
 * into it, and PNG chunks to build files whose header says what a test needs.
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
