/**
 * For specs about the photo work (lib/photos/photo-work): which request loads its worker,
 * and photos that carry a location and a camera in their metadata, with a
 * reading of what metadata a JPEG still holds.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { OUT_DIR } from "../lib/hosting/build-stamp";

/** Turbopack's bootstrap for the photo worker (the site's only worker): block it and the worker cannot start. */
export const PHOTO_WORKER_SCRIPT = /\/_next\/static\/chunks\/turbopack-worker-[\w-]+\.js(#|\?|$)/;

/** The worker bootstraps in out/ (the specs expect exactly one). */
export function workerBootstraps(): string[] {
  const dir = path.join(OUT_DIR, "_next", "static", "chunks");
  return fs.readdirSync(dir).filter((name) => PHOTO_WORKER_SCRIPT.test(`/_next/static/chunks/${name}`));
}

export const CAMERA_MAKE = "Kamerafabrikken";
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="59,54.7614N" ' +
  'exif:GPSLongitude="10,44.2056E"/></rdf:RDF></x:xmpmeta>';

/** A phone-sized JPEG (over 1 MB) with GPS position, camera make and model in EXIF, and the position again in XMP. */
export async function photoWithLocation(file: string, width = 3000, height = 2250): Promise<string> {
  await sharp({
    create: { width, height, channels: 3, background: "#777", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: "Bulk 15 Pro" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "59/1 54/1 4568/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "10/1 44/1 1234/100",
      },
    })
    .withXmp(XMP)
    .toFile(file);
  return file;
}

const gpsPointer = (exif: Buffer | undefined) =>
  exif !== undefined && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export interface MetadataFound {
  exif: boolean;
  xmp: boolean;
  gps: boolean;
  camera: boolean;
}

/** What a JPEG (or any bytes holding one, such as an upload's body) tells about where and with what it was taken. */
export async function metadataIn(bytes: Buffer): Promise<MetadataFound> {
  const start = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const jpeg = start >= 0 ? bytes.subarray(start) : bytes;
  const meta: { exif?: Buffer; xmp?: Buffer } = start >= 0 ? await sharp(jpeg).metadata() : {};
  return {
    exif: meta.exif !== undefined || bytes.includes("Exif\0\0"),
    xmp: meta.xmp !== undefined || bytes.includes("ns.adobe.com/xap") || bytes.includes("adobe:ns:meta"),
    // the GPS IFD pointer (tag 0x8825, in either byte order) in EXIF, or a position in XMP
    gps: gpsPointer(meta.exif) || bytes.includes("GPSLatitude"),
    camera: bytes.includes(CAMERA_MAKE),
  };
}

export const NO_METADATA: MetadataFound = { exif: false, xmp: false, gps: false, camera: false };
