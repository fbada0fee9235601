/**
 * The `media` collection on a real Payload, over HTTP, as the site and a
 * stranger call it: the site's upload, its check after a lost answer and the
 * file by its name work; nobody but the workshop lists, reads by id or reads
 * a photo under a name that is not the site's; what is stored is a JPEG that
 * carries no metadata; too many bytes are 413 and too many pixels are refused.
 *
 * This host runs without SMTP settings, so it also shows what a booking does
 * then: stored, nothing sent, the log saying so once.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { after, before, test } from "node:test";
import zlib from "node:zlib";
import exifReader from "exif-reader";
import sharp from "sharp";
import {
  CONTACT_PATH,
  IDEMPOTENCY_HEADER,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  MEDIA_FILE_PATH,
  MEDIA_PATH,
  mediaFindSchema,
  mediaResponseSchema,
} from "../../lib/api/schemas";
import { GPS_LATITUDE, gpsPhoto, pngChunk } from "../../testing/image-bytes";
import { LEVEL, SITE_ORIGIN, startAdminHost, upload, type AdminHost } from "./harness";

let host: AdminHost;
before(async () => {
  host = await startAdminHost({});
});
after(() => host?.close());

/** A name the site gives an upload: img_ and 128 random bits. */
const siteName = (ext = "jpg") => `img_${randomBytes(16).toString("hex")}.${ext}`;

const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();

async function stored(bytes: Uint8Array, name: string) {
  const answer = await upload(host, bytes, name);
  assert.equal(answer.status, 201, await answer.clone().text());
  return mediaResponseSchema.parse(await answer.json()).doc;
}

const get = (path: string, headers: HeadersInit = {}) => fetch(`${host.origin}${path}`, { headers });
const mediaCount = async () => (await host.payload.count({ collection: "media" })).totalDocs;

test("the site's upload is 201 with doc.filename and doc.url, and the file is served by that name", async () => {
  const name = siteName();
  const answer = await upload(host, await jpeg(), name, { Origin: SITE_ORIGIN });
  assert.equal(answer.status, 201);
  assert.equal(answer.headers.get("access-control-allow-origin"), SITE_ORIGIN);
  const { doc } = mediaResponseSchema.parse(await answer.json());
  assert.equal(doc.filename, name);
  // absolute on Payload's serverURL (relative to the admin host when the app sets none)
  assert.equal(doc.url, `${host.origin}${MEDIA_FILE_PATH}/${name}`);

  const file = await fetch(new URL(doc.url, host.origin));
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("content-type"), "image/jpeg");
  assert.equal(file.headers.get("cache-control"), "private, no-store");
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ["jpeg", 64, 48]);
});

test("the check after a lost answer finds the photo by its exact name, and nothing under a name not stored", async () => {
  const name = siteName();
  await stored(await jpeg(), name);
  const find = (filename: string) =>
    get(`${MEDIA_PATH}?${new URLSearchParams({ "where[filename][equals]": filename, depth: "0", limit: "1" })}`);

  const found = await find(name);
  assert.equal(found.status, 200);
  const { docs } = mediaFindSchema.parse(await found.json());
  assert.deepEqual(
    docs.map((d) => d.filename),
    [name],
  );
  assert.equal(new URL(docs[0]!.url, host.origin).pathname, `${MEDIA_FILE_PATH}/${name}`);

  const missing = await find(siteName());
  assert.equal(missing.status, 200);
  assert.deepEqual(mediaFindSchema.parse(await missing.json()).docs, []);
});

test("a name stored twice is kept as <name>-1, which is still read by its name", async () => {
  const name = siteName();
  await stored(await jpeg(), name);
  const second = await stored(await jpeg(32, 32), name);
  assert.equal(second.filename, name.replace(/\.jpg$/, "-1.jpg"));
  assert.equal((await fetch(new URL(second.url, host.origin))).status, 200);
});

/** Every way of asking for more than one named photo, or a photo by anything but its name. */
function listings(name: string, id: number | string): string[] {
  const q = (query: string) => `${MEDIA_PATH}?${query}`;
  return [
    MEDIA_PATH,
    q("depth=0"),
    q("limit=100&page=1"),
    q("sort=-createdAt&page=2"),
    `${MEDIA_PATH}/${id}`,
    `${MEDIA_PATH}/${id}?depth=0`,
    `${MEDIA_PATH}/count`,
    `${MEDIA_PATH}/distinct?field=filename`,
    q("where[filename][like]=img_"),
    q("where[filename][contains]=img"),
    q(`where[filename][in]=${name}`),
    q("where[filename][exists]=true"),
    q(`where[filename][not_equals]=${name}`),
    q(`where[or][0][filename][equals]=${name}&where[or][1][id][exists]=true`),
    q(`where[and][0][filename][equals]=${name}`),
    q(`where[filename][equals]=${name}&where[id][exists]=true`),
    q(`where[filename][equals]=${name}&where[filename][like]=img`),
    q(`where[filename][equals]=${name}&where[filename][equals]=${siteName()}`),
    q(`where[filename][equals][0]=${name}`),
    q("where[filename][equals]=verkstedets-bilde.jpg"),
    q("where[mimeType][equals]=image/jpeg"),
    `${MEDIA_FILE_PATH}/verkstedets-bilde.jpg`,
    `${MEDIA_FILE_PATH}/${siteName()}`,
    `${MEDIA_FILE_PATH}/..%2Fpayload.db`,
  ];
}

test("no listing, ever: every other way to read photos is refused to a visitor and names no photo", async () => {
  const photo = await stored(await jpeg(), siteName());
  await stored(await jpeg(), "verkstedets-bilde.jpg");
  const { docs } = await host.payload.find({ collection: "media", where: { filename: { equals: photo.filename } } });
  for (const path of listings(photo.filename, docs[0]!.id)) {
    const answer = await get(path);
    const body = await answer.text();
    assert.ok([400, 403, 404].includes(answer.status), `${path} answered ${answer.status}: ${body.slice(0, 200)}`);
    assert.ok(!/"filename"|"docs"\s*:\s*\[\s*\{/.test(body), `${path} named a photo: ${body.slice(0, 200)}`);
  }
  // the same over POST with Payload's method override
  const override = await fetch(`${host.origin}${MEDIA_PATH}`, {
    method: "POST",
    headers: { "X-Payload-HTTP-Method-Override": "GET", "Content-Type": "application/x-www-form-urlencoded" },
    body: "limit=100",
  });
  assert.equal(override.status, 403);
  // asking for the one photo by name with a larger limit or a sort still answers that one only
  const one = await get(`${MEDIA_PATH}?where[filename][equals]=${photo.filename}&limit=100&sort=-createdAt`);
  assert.deepEqual(
    mediaFindSchema.parse(await one.json()).docs.map((d) => d.filename),
    [photo.filename],
  );
});

test("a visitor changes, deletes or copies no photo, and uploads only a file of their own", async () => {
  const photo = await stored(await jpeg(), siteName());
  const id = (await host.payload.find({ collection: "media", where: { filename: { equals: photo.filename } } }))
    .docs[0]!.id;
  const count = await mediaCount();
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${host.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  assert.equal((await call("PATCH", `${MEDIA_PATH}/${id}`, { filename: "x.jpg" })).status, 403);
  assert.equal((await call("DELETE", `${MEDIA_PATH}/${id}`)).status, 403);
  assert.equal((await call("DELETE", `${MEDIA_PATH}?where[id][equals]=${id}`)).status, 403);
  assert.ok((await call("POST", `${MEDIA_PATH}/${id}/duplicate`, {})).status >= 400);
  // no file, but a photo to fetch or copy: Payload would fetch it itself
  const byUrl = await call("POST", MEDIA_PATH, { filename: siteName(), url: `https://example.com/${siteName()}` });
  assert.equal(byUrl.status, 400);
  const byName = await call("POST", MEDIA_PATH, { filename: photo.filename, url: photo.url });
  assert.equal(byName.status, 400);
  assert.equal((await get(`${MEDIA_PATH}/paste-url?src=https://example.com/a.jpg`)).status, 403);
  assert.equal(await mediaCount(), count);
  const file = await fetch(new URL(photo.url, host.origin));
  assert.equal(file.status, 200);
});

test("a photo under a name that is not the site's is the workshop's only", async () => {
  const photo = await stored(await jpeg(), "bilde-fra-verkstedet.jpg");
  assert.equal((await get(`${MEDIA_FILE_PATH}/${photo.filename}`)).status, 403);
  assert.equal((await get(`${MEDIA_PATH}?where[filename][equals]=${photo.filename}`)).status, 403);
  const file = await get(`${MEDIA_FILE_PATH}/${photo.filename}`, host.staff);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("cache-control"), "private, no-store");
});

test("the logged-in workshop reads everything: the list, each photo by id, each file", async () => {
  const mine = await stored(await jpeg(), siteName());
  const list = await get(`${MEDIA_PATH}?limit=1000&depth=0`, host.staff);
  assert.equal(list.status, 200);
  const { docs } = (await list.json()) as { docs: { id: number; filename: string }[] };
  assert.equal(docs.length, await mediaCount());
  assert.ok(docs.some((d) => d.filename === "verkstedets-bilde.jpg"));
  const doc = docs.find((d) => d.filename === mine.filename)!;
  const byId = await get(`${MEDIA_PATH}/${doc.id}`, host.staff);
  assert.equal(byId.status, 200);
  assert.equal(((await byId.json()) as { filename: string }).filename, mine.filename);
  for (const { filename } of docs) assert.equal((await get(`${MEDIA_FILE_PATH}/${filename}`, host.staff)).status, 200);
  const count = await get(`${MEDIA_PATH}/count`, host.staff);
  assert.equal(((await count.json()) as { totalDocs: number }).totalDocs, docs.length);
});

test("a JPEG with GPS and camera data is stored and served without them, upright", async () => {
  const original = await gpsPhoto({ Make: "Kamerafabrikk", Model: "Telefon 15" });
  const before = exifReader((await sharp(original).metadata()).exif!);
  assert.deepEqual(before.GPSInfo?.GPSLatitude, GPS_LATITUDE);
  assert.equal(before.Image?.Make, "Kamerafabrikk");

  const photo = await stored(original, siteName());
  const served = Buffer.from(await (await fetch(new URL(photo.url, host.origin))).arrayBuffer());
  assert.ok(served.equals(fs.readFileSync(`${host.mediaDir}/${photo.filename}`)));
  const meta = await sharp(served).metadata();
  assert.deepEqual([meta.exif, meta.xmp, meta.iptc], [undefined, undefined, undefined]);
  assert.ok(!served.includes("Kamerafabrikk") && !served.includes("Telefon 15"));
  assert.deepEqual([meta.width, meta.height, meta.orientation ?? 1], [48, 64, 1]);
});

test("an upload over MAX_UPLOAD_BYTES is 413 and nothing is stored", async () => {
  const count = await mediaCount();
  const answer = await upload(host, randomBytes(MAX_UPLOAD_BYTES + 1), siteName());
  assert.equal(answer.status, 413);
  assert.equal(await mediaCount(), count);
});

/** A valid 1-bit grey PNG of `width` × `height`, all black: a few kilobytes whatever its pixels. */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a photo of more than MAX_IMAGE_PIXELS is refused before it is decoded, and nothing is stored", async () => {
  // the same kind of file, small, is taken, and stored as a JPEG
  const small = await stored(blackPng(400, 300), siteName("png"));
  assert.match(small.filename, /\.jpg$/);
  const file = await fetch(new URL(small.url, host.origin));
  assert.equal(file.headers.get("content-type"), "image/jpeg");
  assert.equal((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format, "jpeg");
  const count = await mediaCount();
  const [width, height] = [9000, 9000];
  assert.ok(width * height > MAX_IMAGE_PIXELS);
  const answer = await upload(host, blackPng(width, height), siteName("png"));
  assert.equal(answer.status, 413);
  const { errors } = (await answer.json()) as { errors: { message: string }[] };
  assert.match(errors[0]!.message, /for stort i piksler \(9000 × 9000\)/);
  assert.equal(await mediaCount(), count);
});

test("a file that is not an image of the taken types is refused", async () => {
  const count = await mediaCount();
  const text = await upload(host, Buffer.from("<script>alert(1)</script>"), siteName());
  assert.equal(text.status, 415);
  const tiff = await upload(
    host,
    await sharp(await jpeg())
      .tiff()
      .toBuffer(),
    siteName("tiff"),
  );
  assert.equal(tiff.status, 415);
  assert.equal(await mediaCount(), count);
});

test("CORS answers the site's preflight with Idempotency-Key allowed, and no other origin", async () => {
  const preflight = (origin: string, path: string) =>
    fetch(`${host.origin}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": `content-type, ${IDEMPOTENCY_HEADER.toLowerCase()}`,
      },
    });
  for (const path of [MEDIA_PATH, CONTACT_PATH]) {
    const ok = await preflight(SITE_ORIGIN, path);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("access-control-allow-origin"), SITE_ORIGIN);
    const allowed = (ok.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/,\s*/);
    assert.ok(allowed.includes("idempotency-key") && allowed.includes("content-type"), allowed.join());
    const other = await preflight("https://elsewhere.example", path);
    assert.equal(other.headers.get("access-control-allow-origin"), null);
  }
});

test("GraphQL is off for the three collections", () => {
  assert.equal(host.payload.collections.media?.config.graphQL, false);
  assert.equal(host.payload.collections.contact?.config.graphQL, false);
  assert.equal(host.payload.collections.inquiries?.config.graphQL, false);
});

test("without SMTP settings a booking is stored, nothing is sent, and the log says so once", async () => {
  const book = (email: string) =>
    fetch(`${host.origin}${CONTACT_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, phone: "+47 912 34 567", message: "Hei" }),
    });
  const first = await book("en@kunde.test");
  assert.equal(first.status, 201, await first.clone().text());
  const { doc } = (await first.json()) as { doc: { emails: unknown } };
  // the record says so too
  assert.deepEqual(doc.emails, { workshop: "off", receipt: "off" });
  assert.equal((await book("to@kunde.test")).status, 201);
  assert.equal((await host.payload.count({ collection: "contact" })).totalDocs, 2);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const off = host.logs.filter((line) => /e-mails are off/i.test(line.msg ?? ""));
  assert.equal(off.length, 1);
  assert.equal(off[0]!.level, LEVEL.warn);
  // neither our e-mails' own log lines nor Payload's console adapter ("Email attempted …")
  const sent = host.logs.filter((line) => /^Case e-mails?\b(?! are off)|Email attempted/i.test(line.msg ?? ""));
  assert.deepEqual(sent, []);
  assert.notEqual(host.payload.email.name, "nodemailer");
});
