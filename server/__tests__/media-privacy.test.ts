/**
 * A customer's photos stay theirs: nobody lists the store, a photo is read
 * only by its unguessable name, what is stored carries no location or
 * camera, and it is served as the image it is, kept in no cache.
 */
import exifReader from "exif-reader";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS, mediaResponseSchema } from "../../lib/api/schemas";
import { GPS_LATITUDE, gpsPhoto, pngChunk } from "../../lib/testing/image-bytes";
import { MAX_HEIF_PIXELS } from "../api/image";
import { filesIn, jpeg, shareableBase, startServer, type Harness } from "./helpers/harness";

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

async function upload(bytes: Buffer, name: string): Promise<Response> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${h.origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
}

async function stored(bytes: Buffer, name: string) {
  const answer = await upload(bytes, name);
  expect(answer.status).toBe(201);
  return mediaResponseSchema.parse(await answer.json()).doc;
}

describe("no listing, ever", () => {
  test("every variant of a listing is 400 or 403 with a JSON error, and names no photo", async () => {
    const photo = await stored(await jpeg(), `${shareableBase("listing")}.jpg`);
    const name = photo.filename;
    const variants = [
      "",
      "?limit=100",
      "?limit=1",
      "?depth=0",
      "?page=1",
      "?page=2&limit=100",
      "?sort=-createdAt",
      `?WHERE[filename][equals]=${name}`,
      `?Where[filename][equals]=${name}`,
      `?%20where[filename][equals]=${name}`,
      `?where[filename][equals]=${name}&page=2`,
      `?where[filename][equals]=${name}&sort=filename`,
      "?where[filename][equals]=",
      `?where[filename][equals]=${name}&where[filename][equals]=x`,
      `?where[filename][equals][0]=${name}`,
      "?where[filename][like]=img",
      "?where[filename][contains]=img",
      "?where[filename][not_equals]=x",
      `?where[filename][in]=${name}`,
      "?where[filename][exists]=true",
      `?where[or][0][filename][equals]=${name}`,
      "?where[id][exists]=true",
      "?where%5Bfilename%5D%5Blike%5D=img",
      "?where[filename][equals]=bulk.jpg",
    ];
    for (const query of variants) {
      const answer = await fetch(`${h.origin}/api/media${query}`);
      const text = await answer.text();
      expect([query, [400, 403].includes(answer.status)]).toEqual([query, true]);
      expect(typeof (JSON.parse(text) as { error: unknown }).error).toBe("string");
      expect(text).not.toContain(name.slice(4, 20));
    }
  });

  test("the exact name finds its one photo, without reading the folder", async () => {
    const photo = await stored(await jpeg(), `${shareableBase("exact")}.jpg`);
    const readdir = jest.spyOn(fs, "readdirSync");
    const readdirAsync = jest.spyOn(fs.promises, "readdir");
    try {
      const query = new URLSearchParams({ "where[filename][equals]": photo.filename, depth: "0", limit: "1" });
      const answer = await fetch(`${h.origin}/api/media?${query}`);
      expect(answer.status).toBe(200);
      const found = (await answer.json()) as { docs: { filename: string }[]; totalDocs: number };
      expect(found.totalDocs).toBe(1);
      expect(found.docs.map((d) => d.filename)).toEqual([photo.filename]);
      expect(readdir).not.toHaveBeenCalled();
      expect(readdirAsync).not.toHaveBeenCalled();
    } finally {
      readdir.mockRestore();
      readdirAsync.mockRestore();
    }
  });

  test("a photo stored under a guessable name is the workshop's alone: 403 for its file and its find", async () => {
    const photo = await stored(await jpeg(), "bulk.jpg");
    expect(photo.filename).toBe("bulk.jpg");
    expect(fs.existsSync(path.join(h.dataDir, "media", "bulk.jpg"))).toBe(true);
    const file = await fetch(`${h.origin}${photo.url}`);
    expect(file.status).toBe(403);
    expect(file.headers.get("content-type")).toMatch(/json/);
    expect((await fetch(`${h.origin}/api/media?where[filename][equals]=bulk.jpg`)).status).toBe(403);
  });
});

describe("the server's log", () => {
  test("names no photo: not its upload, its find or its file; each request is still one line", async () => {
    h.logLines.length = 0;
    const photo = await stored(await jpeg(), `${shareableBase("logged")}.jpg`);
    const query = new URLSearchParams({ "where[filename][equals]": photo.filename, depth: "0", limit: "1" });
    expect((await fetch(`${h.origin}/api/media?${query}`)).status).toBe(200);
    expect((await fetch(`${h.origin}${photo.url}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the last answer's line
    const secret = photo.filename.replace(/^img_|\.jpg$/g, "");
    expect(h.logLines.filter((line) => line.includes(secret))).toEqual([]);
    expect(h.logLines).toEqual([
      expect.stringMatching(/^POST \/api\/media\?… 201 \d+ms$/),
      expect.stringMatching(/^GET \/api\/media\?… 200 \d+ms$/),
      expect.stringMatching(/^GET \/api\/media\/file\/… 200 \d+ms$/),
    ]);
  });
});

describe("who else on the machine can read what is stored", () => {
  test("nobody: the data folder and its folders are its owner's alone, every record and photo too", async () => {
    // a data folder that was left open, as an earlier run or a copy may have left it
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-data-open-"));
    fs.chmodSync(dataDir, 0o755);
    const server = await startServer({ dataDir });
    try {
      const form = new FormData();
      form.append("_payload", "{}");
      form.append("file", new Blob([new Uint8Array(await jpeg())]), `${shareableBase("modes")}.jpg`);
      expect((await fetch(`${server.origin}/api/media`, { method: "POST", body: form })).status).toBe(201);
      const contact = { email: "kari@example.no", phone: "91234567", message: "Bulk i døra" };
      const posted = await fetch(`${server.origin}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(contact),
      });
      expect(posted.ok).toBe(true);

      const mode = (file: string) => (fs.statSync(path.join(dataDir, file)).mode & 0o777).toString(8);
      const files = filesIn(dataDir);
      expect(files.length).toBe(2);
      const folders = [...new Set(files.map((f) => path.dirname(f)))];
      expect([".", ...folders].map(mode)).toEqual(Array(folders.length + 1).fill("700"));
      expect(files.map(mode)).toEqual(["600", "600"]);
    } finally {
      await server.close();
    }
  });
});

describe("what is stored and how it is served", () => {
  test("a JPEG with GPS and camera data is stored and served without them, upright", async () => {
    const original = await gpsPhoto({ Make: "Apple", Model: "iPhone 15" });
    // the photo really carries them
    const before = exifReader((await sharp(original).metadata()).exif!);
    expect(before.GPSInfo?.GPSLatitude).toEqual(GPS_LATITUDE);
    expect(before.Image?.Make).toBe("Apple");

    const photo = await stored(original, `${shareableBase("gps")}.jpg`);
    const served = Buffer.from(await (await fetch(`${h.origin}${photo.url}`)).arrayBuffer());
    const onDisk = fs.readFileSync(path.join(h.dataDir, "media", photo.filename));
    expect(served.equals(onDisk)).toBe(true);
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(served.includes("Apple")).toBe(false);
    expect(served.includes("iPhone")).toBe(false);
    // turned as the camera meant it, and the doc says so
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([48, 64, 1]);
    expect([photo.width, photo.height]).toEqual([48, 64]);
  });

  test("an AVIF carrying camera data is kept as a JPEG without it, under a .jpg name", async () => {
    const original = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#39c" } })
      .avif()
      .withExif({ IFD0: { Make: "Apple", Model: "iPhone 15" } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const photo = await stored(original, `${shareableBase("avif-exif")}.avif`);
    expect(photo.filename).toMatch(/\.jpg$/);
    expect(photo.mimeType).toBe("image/jpeg");
    const served = Buffer.from(await (await fetch(`${h.origin}${photo.url}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 40, 30, undefined]);
    expect(served.includes("iPhone")).toBe(false);
  });
});

describe("how stored photos are served", () => {
  test("uploaded photos are kept in no cache; an AVIF without camera data is kept as a JPEG too", async () => {
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#39c" } })
      .avif()
      .toBuffer();
    const photo = await stored(avif, `${shareableBase("avif")}.avif`);
    expect(photo.filename).toMatch(/\.jpg$/);
    const served = await fetch(`${h.origin}${photo.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
  });

  test("the site's own .avif, .heic and .heif files carry their Content-Type", async () => {
    const site = await startServer();
    try {
      const files: [string, string][] = [
        ["bilde.avif", "image/avif"],
        ["bilde.heic", "image/heic"],
        ["bilde.heif", "image/heif"],
      ];
      for (const [file, type] of files) {
        fs.writeFileSync(path.join(site.root, file), "x");
        const answer = await fetch(`${site.origin}/${file}`);
        expect([file, answer.status, answer.headers.get("content-type")]).toEqual([file, 200, type]);
      }
    } finally {
      await site.close();
    }
  });
});

/** A PNG whose header says `width` × `height` (one row of data follows: sharp reads the header only). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

test.each([
  [10_000, 9_999],
  [60_000, 60_000],
])("a %i × %i PNG is refused as too large in pixels, and nothing is stored", async (width, height) => {
  expect(width * height).toBeGreaterThan(MAX_IMAGE_PIXELS);
  const before = fs.readdirSync(path.join(h.dataDir, "media")).length;
  const answer = await upload(pngHeader(width, height), `${shareableBase(width)}.png`);
  expect(answer.status).toBe(413);
  const { error } = (await answer.json()) as { error: string };
  expect(error).toMatch(/for stort i piksler/);
  expect(error).toContain(`${width} × ${height}`);
  expect(fs.readdirSync(path.join(h.dataDir, "media"))).toHaveLength(before);
});

test("an 8000 × 6000 JPEG with camera data is kept, made again without it", async () => {
  const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#777" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Apple" } })
    .toBuffer();
  const answer = await upload(jpeg, `${shareableBase("big-exif")}.jpg`);
  expect(answer.status).toBe(201);
  const { doc } = mediaResponseSchema.parse(await answer.json());
  const meta = await sharp(path.join(h.dataDir, "media", doc.filename)).metadata();
  expect([meta.width, meta.height, meta.exif]).toEqual([8000, 6000, undefined]);
});

test("an AVIF over MAX_HEIF_PIXELS is refused as too large in pixels, and nothing is stored", async () => {
  const [width, height] = [6000, 4100];
  expect(width * height).toBeGreaterThan(MAX_HEIF_PIXELS);
  const avif = await sharp({ create: { width, height, channels: 3, background: "#777" } })
    .avif({ effort: 0, quality: 1 })
    .toBuffer();
  const before = fs.readdirSync(path.join(h.dataDir, "media")).length;
  const answer = await upload(avif, `${shareableBase("big-avif")}.avif`);
  expect(answer.status).toBe(413);
  const { error } = (await answer.json()) as { error: string };
  expect(error).toMatch(/for stort i piksler \(6000 × 4100\).*24 megapiksler for AVIF/);
  expect(fs.readdirSync(path.join(h.dataDir, "media"))).toHaveLength(before);
});
