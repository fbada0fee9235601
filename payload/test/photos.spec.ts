/**
 * What the plugin keeps of a photo, on a real Payload over HTTP
 * (../photos/reencode.ts): metadata hides in more places than an image parser reports
 * (text chunks, a PNG's eXIf after its pixels, a GIF's XMP block, a JPEG's
 * comment or a second JPEG after its end, a WebP's chunks its header does not
 * announce, an AVIF's EXIF), and every upload is made again from its pixels,
 * as a clean JPEG, so none of it is stored or served; each case is checked
 * by reading the stored JPEG. A stored photo is named `.jpg` whatever it came
 * as, an animated GIF is stored as its first frame, a JPEG is never stored
 * larger than the site sent it, HEIC is refused with a message saying so, and
 * a look-up by name costs the same with 20,000 photos stored as with 10.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import zlib from "node:zlib";
import { createClient } from "@libsql/client";
import sharp from "sharp";
import { MEDIA_FILE_PATH, MEDIA_PATH, mediaResponseSchema } from "../../lib/api/schemas";
import { pngChunk } from "../../testing/image-bytes";
import { startAdminHost, upload, type AdminHost } from "./harness";

let host: AdminHost;
before(async () => {
  host = await startAdminHost({});
});
after(() => host?.close());

const siteName = (ext: string) => `img_${randomBytes(16).toString("hex")}.${ext}`;
const mediaCount = async () => (await host.payload.count({ collection: "media" })).totalDocs;

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

/** Uploads `bytes` as `name`: the doc, and the bytes stored on disk and served. */
async function stored(bytes: Buffer, name: string) {
  const answer = await upload(host, bytes, name);
  assert.equal(answer.status, 201, await answer.clone().text());
  const { doc } = mediaResponseSchema.parse(await answer.json());
  const onDisk = fs.readFileSync(path.join(host.mediaDir, doc.filename));
  const served = Buffer.from(await (await fetch(new URL(doc.url, host.origin))).arrayBuffer());
  return { doc, onDisk, served };
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
  [
    "an AVIF with EXIF",
    "avif",
    () =>
      sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 180, g: 60, b: 30 } } })
        .avif()
        .withExif({ IFD0: { Make: "Apple", Model: "iPhone 15", Artist: "Kari Nordmann" } })
        .toBuffer(),
  ],
];

for (const [name, ext, make] of cases) {
  test(`${name} is stored and served as a JPEG without them, named .jpg`, async () => {
    const original = await make();
    // the file really carries what must go, and is an image sharp reads
    assert.ok(
      SECRETS.some((secret) => original.includes(secret)),
      "the test file carries metadata",
    );
    assert.equal((await sharp(original).metadata()).width, 32);

    const { doc, onDisk, served } = await stored(original, siteName(ext));
    assert.ok(served.equals(onDisk));
    for (const secret of SECRETS) assert.ok(!onDisk.includes(secret), `"${secret}" was stored`);
    const meta = await sharp(onDisk).metadata();
    assert.deepEqual(
      [meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.iptc, meta.comments],
      ["jpeg", 32, 24, undefined, undefined, undefined, undefined],
    );
    assert.equal(path.extname(doc.filename), ".jpg");
    assert.equal((doc as { mimeType?: string }).mimeType, "image/jpeg");
    const shape = jpegShape(onDisk);
    assert.ok(!shape.markers.includes(0xfe), "no COM segment");
    assert.deepEqual(
      shape.markers.filter((m) => m === 0xe1),
      [],
      "no APP1 (EXIF or XMP)",
    );
    assert.equal(shape.trailing, 0);
    // nothing of a PNG's, WebP's or GIF's own containers is left
    for (const mark of ["eXIf", "tEXt", "zTXt", "iTXt", "EXIF", "XMP ", "XMP DataXMP"]) {
      assert.ok(!onDisk.includes(mark), `${mark} was stored`);
    }
  });
}

test("an animated GIF is stored as its first frame, a JPEG", async () => {
  const frame = (colour: string) =>
    sharp({ create: { width: 16, height: 16, channels: 4, background: colour } })
      .png()
      .toBuffer();
  const animated = await sharp([await frame("#c33"), await frame("#3c3"), await frame("#33c")], {
    join: { animated: true },
  })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer();
  assert.equal((await sharp(animated).metadata()).pages, 3);
  const { doc, onDisk } = await stored(animated, siteName("gif"));
  const meta = await sharp(onDisk).metadata();
  assert.deepEqual([meta.format, meta.pages ?? 1, meta.width, meta.height], ["jpeg", 1, 16, 16]);
  assert.equal(path.extname(doc.filename), ".jpg");
  // the first frame's red
  const [red, green, blue] = (await sharp(onDisk).stats()).channels.map((c) => c.mean);
  assert.ok(red! > 150 && green! < 100 && blue! < 100, `${red}, ${green}, ${blue}`);
});

test("a HEIC photo is refused with a message saying so, and nothing is stored", async () => {
  // an ISO base media file whose brand is HEIC's: what an iPhone writes
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1")]);
  const count = await mediaCount();
  for (const name of [siteName("heic"), siteName("jpg")]) {
    const answer = await upload(host, Buffer.concat([ftyp, randomBytes(2048)]), name);
    assert.equal(answer.status, 415);
    const { errors } = (await answer.json()) as { errors: { message: string }[] };
    assert.match(errors[0]!.message, /HEIC-bilder tas ikke imot/);
  }
  assert.equal(await mediaCount(), count);
});

test("a JPEG is stored no larger than the site sent it, and a noisy one at full quality is made smaller", async () => {
  const photo = fs.readFileSync(path.join("e2e", "test-photos", "coffee.jpg"));
  for (const quality of [85, 75, 100]) {
    const sent = await sharp(photo).jpeg({ quality }).toBuffer();
    const { onDisk } = await stored(sent, siteName("jpg"));
    assert.ok(onDisk.length <= sent.length, `quality ${quality}: ${onDisk.length} bytes stored of ${sent.length} sent`);
  }
});

test("a PNG named .png is stored as .jpg, and a text file named .jpg is refused", async () => {
  const { doc, onDisk } = await stored(await image("png"), siteName("png"));
  assert.equal(path.extname(doc.filename), ".jpg");
  assert.equal((await sharp(onDisk).metadata()).format, "jpeg");
  const count = await mediaCount();
  const text = await upload(host, Buffer.from("ikke et bilde"), siteName("jpg"));
  assert.equal(text.status, 415);
  assert.equal(await mediaCount(), count);
});

test("a crash's half-written photo is removed when the app starts", async () => {
  const left = path.join(host.mediaDir, ".0123456789abcdef.tmp");
  fs.writeFileSync(left, "halvskrevet");
  const { restartAdminHost } = await import("./harness");
  host = await restartAdminHost(host, {});
  assert.equal(fs.existsSync(left), false);
  assert.ok(host.logs.some((line) => /half-written photos/.test(line.msg ?? "")));
});

/** The median time of `runs` calls of `call`, in milliseconds. */
async function median(runs: number, call: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

test("a look-up by exact name costs the same with 20,000 photos stored as with 10", async () => {
  const { doc } = await stored(await image("jpeg"), siteName("jpg"));
  const lookUp = async () => {
    const found = await fetch(`${host.origin}${MEDIA_PATH}?where[filename][equals]=${doc.filename}&depth=0&limit=1`);
    assert.equal(((await found.json()) as { docs: unknown[] }).docs.length, 1);
    const file = await fetch(`${host.origin}${MEDIA_FILE_PATH}/${doc.filename}`);
    assert.equal(file.status, 200);
    await file.arrayBuffer();
  };
  await median(20, lookUp); // warm
  const few = await median(60, lookUp);

  const db = createClient({ url: `file:${path.join(path.dirname(host.mediaDir), "payload.db")}` });
  try {
    await db.execute(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
       INSERT INTO media (filename, mime_type, filesize) SELECT 'img_' || printf('%032x', i) || '.jpg', 'image/jpeg', 1 FROM n`,
    );
    // the look-up reads the index on filename, never the whole table
    const plan = await db.execute("EXPLAIN QUERY PLAN SELECT id FROM media WHERE filename = 'x'");
    assert.match(JSON.stringify(plan.rows), /USING (COVERING )?INDEX media_filename_idx/);
  } finally {
    db.close();
  }
  assert.ok((await mediaCount()) > 20_000);
  await median(20, lookUp);
  const many = await median(60, lookUp);
  assert.ok(many < few * 3, `${many.toFixed(1)} ms with 20,000 photos, ${few.toFixed(1)} ms with a few`);
});
