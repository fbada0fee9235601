/**
 * Metadata hides in more places than an image parser reports: text chunks, a
 * PNG's eXIf after its pixels, a GIF's XMP block, a JPEG's comment or a
 * second JPEG after its end, a WebP's chunks its header does not announce.
 * Every upload is made again from its pixels, so none of it is stored or
 * served: each case below is checked by reading the stored bytes.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { mediaResponseSchema } from "../../lib/api/schemas";
import { pngChunk } from "../../lib/testing/image-bytes";
import { shareableBase, startServer, type Harness } from "./helpers/harness";

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

/** What a leak would show: the owner's name, a position, an XMP packet, an EXIF block. */
const SECRETS = ["Kari Nordmann", "59.9139", "xmpmeta", "com.adobe.xmp", "Exif\0\0", "iPhone"];

const exif = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Apple", Model: "iPhone 15", Artist: "Kari Nordmann" } })
    .toBuffer()
    .then(async (jpeg) => (await sharp(jpeg).metadata()).exif!);

const xmp = Buffer.from(
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Kari Nordmann" ' +
    'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="59.9139N"/></rdf:RDF></x:xmpmeta>',
);

const image = (format: "png" | "jpeg" | "gif" | "webp") =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 180, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();

/** `png` with `chunks` put before its IEND (so after its image data). */
function pngWith(png: Buffer, chunks: Buffer[]): Buffer {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), ...chunks, png.subarray(iend)]);
}

/** The chunk types of a PNG, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    types.push(png.toString("latin1", at + 4, at + 8));
  }
  return types;
}

/** The marker bytes of a JPEG's segments up to the start of its scan, and what follows its end (EOI). */
function jpegShape(jpeg: Buffer): { markers: number[]; trailing: number } {
  const markers: number[] = [];
  let at = 2;
  while (at < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return { markers, trailing: jpeg.length - (jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2) };
}

function riff(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WebP whose EXIF and XMP chunks are there but not flagged in its VP8X header. */
async function webpWithUnflaggedChunks(): Promise<Buffer> {
  const simple = await image("webp");
  const vp8 = simple.subarray(12); // the VP8 chunk of a simple WebP
  const vp8x = Buffer.alloc(10); // no flags set; canvas 32 × 24
  vp8x.writeUIntLE(31, 4, 3);
  vp8x.writeUIntLE(23, 7, 3);
  const body = Buffer.concat([
    Buffer.from("WEBP"),
    riff("VP8X", vp8x),
    vp8,
    riff("EXIF", await exif()),
    riff("XMP ", xmp),
  ]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A GIF with an XMP application extension before its trailer. */
async function gifWithXmp(): Promise<Buffer> {
  const gif = await image("gif");
  const magic = Buffer.alloc(258);
  magic[0] = 1;
  for (let i = 1; i <= 256; i++) magic[i] = 256 - i;
  const extension = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from("XMP DataXMP"), xmp, magic]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), extension, gif.subarray(gif.length - 1)]);
}

async function upload(bytes: Buffer, ext: string): Promise<{ stored: Buffer; served: Buffer; filename: string }> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), `${shareableBase(`${ext}-${bytes.length}`)}.${ext}`);
  const answer = await fetch(`${h.origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
  expect(answer.status).toBe(201);
  const { doc } = mediaResponseSchema.parse(await answer.json());
  const stored = fs.readFileSync(path.join(h.dataDir, "media", doc.filename));
  const served = Buffer.from(await (await fetch(`${h.origin}${doc.url}`)).arrayBuffer());
  return { stored, served, filename: doc.filename };
}

const cases: [string, string, () => Promise<Buffer>][] = [
  [
    "a PNG with an eXIf chunk after its image data",
    "png",
    async () => pngWith(await image("png"), [pngChunk("eXIf", await exif())]),
  ],
  [
    "a PNG with XMP in a zTXt chunk",
    "png",
    async () =>
      pngWith(await image("png"), [
        pngChunk("zTXt", Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0"), zlib.deflateSync(xmp)])),
      ]),
  ],
  [
    "a PNG with text in tEXt chunks",
    "png",
    async () =>
      pngWith(await image("png"), [
        pngChunk("tEXt", Buffer.from("Author\0Kari Nordmann", "latin1")),
        pngChunk("tEXt", Buffer.from("Comment\0Tatt ved 59.9139 N", "latin1")),
      ]),
  ],
  ["a GIF with XMP", "gif", gifWithXmp],
  [
    "a JPEG with a COM segment",
    "jpg",
    async () => {
      const jpeg = await image("jpeg");
      const text = Buffer.from("Kari Nordmann, 59.9139 N 10.7522 E");
      const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
      return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
    },
  ],
  [
    "a JPEG with a second JPEG carrying EXIF appended after its end",
    "jpg",
    async () => {
      const second = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .jpeg()
        .withExif({ IFD0: { Model: "iPhone 15", Artist: "Kari Nordmann" } })
        .toBuffer();
      return Buffer.concat([await image("jpeg"), second]);
    },
  ],
  ["a WebP with EXIF and XMP chunks its header does not flag", "webp", webpWithUnflaggedChunks],
];

test.each(cases)("%s is stored and served without them", async (_, ext, make) => {
  const original = await make();
  // the file really carries what must go, and is an image sharp reads
  expect(SECRETS.some((secret) => original.includes(secret))).toBe(true);
  expect((await sharp(original).metadata()).width).toBe(32);

  const { stored, served } = await upload(original, ext);
  expect(served.equals(stored)).toBe(true);
  for (const secret of SECRETS) expect([secret, stored.includes(secret)]).toEqual([secret, false]);
  const meta = await sharp(stored).metadata();
  expect([meta.width, meta.height, meta.exif, meta.xmp, meta.iptc, meta.comments]).toEqual([
    32,
    24,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  if (meta.format === "png") {
    expect(pngChunks(stored).filter((type) => ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"].includes(type))).toEqual([]);
  }
  if (meta.format === "jpeg") {
    const shape = jpegShape(stored);
    expect(shape.markers).not.toContain(0xfe); // COM
    expect(shape.markers.filter((m) => m === 0xe1)).toEqual([]); // APP1: EXIF or XMP
    expect(shape.trailing).toBe(0);
  }
  if (meta.format === "webp") {
    for (const chunk of ["EXIF", "XMP "]) expect(stored.includes(chunk)).toBe(false);
  }
  if (meta.format === "gif") expect(stored.includes("XMP DataXMP")).toBe(false);
});
