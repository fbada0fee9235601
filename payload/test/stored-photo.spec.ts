/**
 * What a stored photo may cost, and who decides what is stored with it, on a
 * real Payload over HTTP (../photos/, ../collections/Media.ts):
 *
 * - an anonymous upload brings a file and nothing else: no key of its
 *   `_payload` is stored (its dates, name, url and id are the server's); the
 *   staff upload none (the photos are the customers');
 * - every photo is stored as a clean JPEG of at most MAX_STORED_SIDE px and
 *   MAX_STORED_BYTES, whatever came in: a PNG of 80 megapixels in a few
 *   hundred kilobytes (PNG's "Up" filter) too, PNG, WebP, GIF and AVIF alike;
 *   the lowest quality still too large makes the sides smaller;
 * - one address sending twenty 80-megapixel JPEGs at once holds up nobody
 *   else: a photo from another address a second later is stored within 15
 *   seconds, and what the crowd is refused is 503 with Retry-After, readable
 *   by the site's scripts.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, MEDIA_FILE_PATH, MEDIA_PATH, MEDIA_QUERY } from "../../lib/api/schemas";
import { flatJpeg, upFilterPng } from "../../testing/image-bytes";
import { MAX_STORED_BYTES, MAX_STORED_SIDE, storedJpeg } from "../photos";
import { startAdminHost, upload, type AdminHost } from "./harness";

let host: AdminHost;
before(async () => {
  host = await startAdminHost({});
});
after(() => host?.close());

const siteName = (ext: string) => `img_${randomBytes(16).toString("hex")}.${ext}`;

interface Doc {
  id: number | string;
  filename: string;
  url: string;
  mimeType: string;
  filesize: number;
  width: number;
  height: number;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/** Uploads `bytes` as `name`: the doc Payload answered and the bytes stored on disk. */
async function stored(bytes: Buffer, name: string, headers: HeadersInit = {}) {
  const answer = await upload(host, bytes, name, headers);
  assert.equal(answer.status, 201, await answer.clone().text());
  const { doc } = (await answer.json()) as { doc: Doc };
  return { doc, onDisk: fs.readFileSync(path.join(host.mediaDir, doc.filename)) };
}

/** Asserts `bytes` are a JPEG within the stored photo's bounds; its metadata. */
async function assertStoredJpeg(bytes: Buffer, what: string) {
  const meta = await sharp(bytes).metadata();
  assert.equal(meta.format, "jpeg", what);
  assert.ok(Math.max(meta.width, meta.height) <= MAX_STORED_SIDE, `${what}: ${meta.width} × ${meta.height}`);
  assert.ok(bytes.length <= MAX_STORED_BYTES, `${what}: ${bytes.length} bytes`);
  assert.deepEqual([meta.exif, meta.xmp, meta.iptc], [undefined, undefined, undefined], what);
  return meta;
}

test("the bounds: above what the site sends (1920 px, 1 MB), never above the upload cap", () => {
  assert.ok(MAX_STORED_SIDE >= 1920);
  assert.ok(MAX_STORED_BYTES >= 1024 * 1024 && MAX_STORED_BYTES <= MAX_UPLOAD_BYTES);
});

/** Every key an anonymous upload's `_payload` could try to choose. */
const CHOSEN = {
  createdAt: "2999-01-01T00:00:00.000Z",
  updatedAt: "2999-01-01T00:00:00.000Z",
  id: 999_999,
  filename: "valgt-navn.jpg",
  url: "https://elsewhere.example/bilde.jpg",
  thumbnailURL: "https://elsewhere.example/lite.jpg",
  mimeType: "text/html",
  filesize: 1,
  width: 1,
  height: 1,
  prefix: "../",
  alt: "<script>alert(1)</script>",
};

for (const sent of [{ createdAt: CHOSEN.createdAt }, CHOSEN]) {
  test(`an anonymous upload's _payload is dropped (${Object.keys(sent).join(", ")}): dates, name, url and id are the server's`, async () => {
    const name = siteName("jpg");
    const form = new FormData();
    form.append("_payload", JSON.stringify(sent));
    form.append("file", new Blob([new Uint8Array(await flatJpeg(64))]), name);
    const since = Date.now();
    const answer = await fetch(`${host.origin}${MEDIA_PATH}?${MEDIA_QUERY}`, { method: "POST", body: form });
    assert.equal(answer.status, 201, await answer.clone().text());
    const { doc: answered } = (await answer.json()) as { doc: Doc };
    const kept = (await host.payload.findByID({
      collection: "media",
      id: answered.id,
      overrideAccess: true,
    })) as unknown as Doc;
    const onDisk = fs.readFileSync(path.join(host.mediaDir, kept.filename));
    for (const doc of [answered, kept]) {
      for (const date of [doc.createdAt, doc.updatedAt]) {
        const at = Date.parse(date);
        assert.ok(at >= since - 1000 && at <= Date.now() + 1000, `stored as ${date}`);
      }
      assert.notEqual(doc.id, CHOSEN.id);
      assert.equal(doc.filename, name);
      assert.equal(doc.url, `${host.origin}${MEDIA_FILE_PATH}/${name}`);
      assert.deepEqual([doc.mimeType, doc.filesize, doc.width, doc.height], ["image/jpeg", onDisk.length, 64, 64]);
      for (const key of ["thumbnailURL", "prefix", "alt"]) assert.ok(!doc[key], `${key}: ${String(doc[key])}`);
    }
    // the newest first, as the admin lists them: this photo is not made to look older or younger
    const { docs } = await host.payload.find({
      collection: "media",
      sort: "-createdAt",
      limit: 1,
      overrideAccess: true,
    });
    assert.equal(docs[0]?.id, answered.id);
  });
}

test("an upload's query cannot have Payload crop (and encode again) what was cleaned", async () => {
  const jpeg = await sharp(pixels(1000, 800, true), { raw: { width: 1000, height: 800, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(jpeg)]), siteName("jpg"));
  const edits =
    "uploadEdits[crop][x]=0&uploadEdits[crop][y]=0&uploadEdits[crop][unit]=px&uploadEdits[crop][width]=999&uploadEdits[crop][height]=800&uploadEdits[widthInPixels]=999&uploadEdits[heightInPixels]=800";
  const answer = await fetch(`${host.origin}${MEDIA_PATH}?${MEDIA_QUERY}&${edits}`, { method: "POST", body: form });
  assert.equal(answer.status, 201, await answer.clone().text());
  const { doc } = (await answer.json()) as { doc: Doc };
  const meta = await assertStoredJpeg(
    fs.readFileSync(path.join(host.mediaDir, doc.filename)),
    "an upload with uploadEdits",
  );
  assert.deepEqual([meta.width, meta.height], [1000, 800], "not cropped");
});

test("the staff upload no photo: 403, and nothing is stored or written", async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#3c3a" } })
    .png()
    .toBuffer();
  const before = {
    count: (await host.payload.count({ collection: "media" })).totalDocs,
    files: fs.readdirSync(host.mediaDir),
  };
  const answer = await upload(host, png, "verkstedets-bilde.png", host.staff);
  assert.equal(answer.status, 403, await answer.clone().text());
  const after = {
    count: (await host.payload.count({ collection: "media" })).totalDocs,
    files: fs.readdirSync(host.mediaDir),
  };
  assert.deepEqual(after, before);
});

test("a PNG of 10000 × 8000 in some 300 KB (each row the row above plus one, 'Up' filter) is stored as a JPEG within the bounds", async () => {
  const png = await upFilterPng(10_000, 8_000);
  assert.ok(png.length < 512 * 1024, `${png.length} bytes`);
  const header = await sharp(png, { limitInputPixels: false }).metadata();
  assert.deepEqual([header.format, header.width, header.height, header.channels], ["png", 10_000, 8_000, 4]);
  assert.ok(header.width * header.height <= MAX_IMAGE_PIXELS);

  const { doc, onDisk } = await stored(png, siteName("png"));
  const meta = await assertStoredJpeg(onDisk, "the Up-filter PNG");
  assert.deepEqual([meta.width, meta.height], [MAX_STORED_SIDE, (MAX_STORED_SIDE * 8) / 10]);
  assert.equal(path.extname(doc.filename), ".jpg");
  assert.deepEqual([doc.mimeType, doc.filesize], ["image/jpeg", onDisk.length]);
});

/** Raw RGB pixels of `width` × `height`: a gradient, or noise (which does not compress). */
function pixels(width: number, height: number, noise = false): Buffer {
  const raw = noise ? randomBytes(width * height * 3) : Buffer.alloc(width * height * 3);
  if (!noise) {
    for (let i = 0; i < raw.length; i += 3) {
      const p = i / 3;
      raw[i] = (p % width) % 256;
      raw[i + 1] = Math.floor(p / width) % 256;
      raw[i + 2] = 128;
    }
  }
  return raw;
}

const made = (width: number, height: number, noise = false) =>
  sharp(pixels(width, height, noise), { raw: { width, height, channels: 3 } });

const formats: [string, string, () => Promise<Buffer>][] = [
  ["a PNG of 3000 × 2000", "png", () => made(3000, 2000).png().toBuffer()],
  ["a WebP of 3000 × 2000", "webp", () => made(3000, 2000).webp().toBuffer()],
  ["a GIF of 3000 × 2000", "gif", () => made(3000, 2000).gif().toBuffer()],
  ["an AVIF of 3000 × 1000", "avif", () => made(3000, 1000).avif({ effort: 0 }).toBuffer()],
  ["a JPEG of 4000 × 3000", "jpg", () => made(4000, 3000).jpeg().toBuffer()],
  ["a PNG of noise, 2400 × 1800, some 13 MB", "png", () => made(2400, 1800, true).png().toBuffer()],
];

for (const [what, ext, make] of formats) {
  test(`${what} is stored as a JPEG of at most ${MAX_STORED_SIDE} px and MAX_STORED_BYTES`, async () => {
    const bytes = await make();
    assert.ok(bytes.length <= MAX_UPLOAD_BYTES);
    const sent = await sharp(bytes).metadata();
    const { doc, onDisk } = await stored(bytes, siteName(ext));
    const meta = await assertStoredJpeg(onDisk, what);
    // the proportions kept, the long side brought to the bound
    assert.equal(Math.max(meta.width, meta.height), Math.min(MAX_STORED_SIDE, Math.max(sent.width, sent.height)));
    assert.ok(Math.abs(meta.width / meta.height - sent.width / sent.height) < 0.01);
    assert.equal(path.extname(doc.filename), ".jpg");
    assert.deepEqual([doc.mimeType, doc.filesize], ["image/jpeg", onDisk.length]);
  });
}

test("when the lowest quality is still over the bytes allowed, the sides are made smaller until it fits", async () => {
  const noise = await made(1200, 900, true).png().toBuffer();
  const bound = 60 * 1024;
  const jpeg = await storedJpeg(noise, "png", bound);
  assert.ok(jpeg.length <= bound, `${jpeg.length} bytes`);
  const meta = await sharp(jpeg).metadata();
  assert.equal(meta.format, "jpeg");
  assert.ok(meta.width < 1200 && Math.abs(meta.width / meta.height - 4 / 3) < 0.01, `${meta.width} × ${meta.height}`);
});

/** An ordinary photo, as a phone or the site sends one: some 0.7 MB. */
const ordinaryPhoto = () =>
  sharp(path.join("e2e", "test-photos", "coffee.jpg"))
    .resize(1920)
    .jpeg({ quality: 98 })
    .toBuffer();

interface Heard {
  status: number;
  retryAfter: string | null;
  exposed: string | null;
  body: string;
}
const heard = async (answer: Response): Promise<Heard> => ({
  status: answer.status,
  retryAfter: answer.headers.get("retry-after"),
  exposed: answer.headers.get("access-control-expose-headers"),
  body: await answer.text(),
});

test("while one address sends twenty 80-megapixel JPEGs at once, a photo from another is stored within 15 s", async () => {
  const large = await flatJpeg(8944);
  assert.ok(8944 * 8944 <= MAX_IMAGE_PIXELS && large.length < 1024 * 1024, `${large.length} bytes`);
  const crowd = Array.from({ length: 20 }, () =>
    upload(host, large, siteName("jpg"), { "X-Forwarded-For": "127.0.0.10" }).then(heard),
  );
  await sleep(1000);
  const photo = await ordinaryPhoto();
  const lone = upload(host, photo, siteName("jpg"), { "X-Forwarded-For": "127.0.0.20" }).then(heard);
  const late = sleep(15_000).then(() => "no answer");
  const first = await Promise.race([lone, late]);
  assert.notEqual(first, "no answer", "the lone photo had no answer within 15 s");
  assert.equal((first as Heard).status, 201, (first as Heard).body);

  // the crowd: each stored within the bounds, or refused for now, saying when to try again
  const answers = await Promise.all(crowd);
  const refused = answers.filter((a) => a.status !== 201);
  assert.ok(refused.length > 0, "one address had twenty re-encodes queued");
  assert.ok(refused.length < 20);
  for (const a of refused) {
    assert.equal(a.status, 503, a.body);
    assert.ok(Number(a.retryAfter) >= 1, `Retry-After: ${a.retryAfter}`);
    assert.match(a.exposed ?? "", /Retry-After/i);
    assert.match(a.body, /prøv igjen/);
  }
  for (const a of answers.filter((a) => a.status === 201)) {
    const { doc } = JSON.parse(a.body) as { doc: Doc };
    await assertStoredJpeg(fs.readFileSync(path.join(host.mediaDir, doc.filename)), "a large JPEG");
  }
  // tried again after its Retry-After, as the site does, a refused one is stored
  await sleep(Number(refused[0]!.retryAfter) * 1000);
  await stored(large, siteName("jpg"), { "X-Forwarded-For": "127.0.0.10" });
});
