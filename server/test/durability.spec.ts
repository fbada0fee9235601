/**
 * Stored before acknowledged, and a full disk harms nothing already stored.
 *
 * Each booking, quote and photo is in the database (read over a connection of
 * its own) and on disk at the moment its 201 arrives, so the answer never
 * runs ahead of the commit. And `npm start` killed with SIGKILL in the middle
 * of a stream of bookings, quotes and photos has every booking and quote it
 * answered 201 for stored, whole, and every photo it answered 201 for on
 * disk, whole; once started again no temporary file is left among the photos.
 *
 * On a disk that really fills up (a small tmpfs as the data folder, which
 * needs root), uploads go on until one is refused with a 5xx that names no
 * path; nothing is left half-written, every stored photo still decodes, the
 * server still answers, and with room made again the next upload is stored.
 * With the default reserve, an upload that would eat into it is refused (507)
 * while a booking is still stored.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import sharp from "sharp";
import { mediaResponseSchema } from "../../lib/api/schemas";
import { startPreviewProcess, type PreviewProcess } from "../../testing/preview";
import { photoFile, storedBookings, storedPhotoNames, storedQuotes } from "../../testing/stored";
import {
  booking,
  filesIn,
  inquiry,
  jpeg,
  CHILD,
  postJson,
  records,
  shareableBase,
  startServer,
  upload,
  type Harness,
} from "./harness";

type Photo = { filename: string; url: string; filesize: number };

/** Uploads a photo; its doc when stored, undefined when refused. */
async function stored(origin: string, bytes: Buffer): Promise<Photo | undefined> {
  const answer = await upload(origin, bytes, `${shareableBase()}.jpg`, AbortSignal.timeout(20_000));
  if (answer.status !== 201) return undefined;
  return mediaResponseSchema.parse(await answer.json()).doc as unknown as Photo;
}

/** Whether the file decodes as a whole image of `width` × `height`. */
async function whole(file: string, width?: number, height?: number): Promise<boolean> {
  const decoded = await sharp(file, { failOn: "truncated" })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => undefined);
  if (!decoded) return false;
  return width === undefined || (decoded.info.width === width && decoded.info.height === height);
}

/** What the clients had acknowledged when the server died under them. */
interface Acknowledged {
  bookings: ReturnType<typeof booking>[];
  quotes: ReturnType<typeof inquiry>[];
  photos: Photo[];
  /** requests that got no answer: the server was gone */
  lost: number;
  /** answers that were neither 201 nor a lost connection */
  refused: string[];
}

/**
 * Four clients sending bookings, quotes and photos one after another until `server` is killed: at
 * once when the `killAfter`th answer 201 arrives, so what was just acknowledged has had no time
 * to be stored after its answer.
 */
async function stream(server: PreviewProcess, photo: Photo, killAfter: number): Promise<Acknowledged> {
  const ack: Acknowledged = { bookings: [], quotes: [], photos: [], lost: 0, refused: [] };
  let n = 0;
  const killed = () => server.process.signalCode !== null || server.process.exitCode !== null;
  const acknowledged = <T>(list: T[], item: T) => {
    list.push(item);
    if (ack.bookings.length + ack.quotes.length + ack.photos.length >= killAfter) server.process.kill("SIGKILL");
  };
  const send = async (kind: number) => {
    const k = ++n;
    if (kind === 0) {
      const body = booking(`kill ${k} ${"bulk i døra ".repeat(100)}`);
      const answer = await postJson(server.origin, "/api/contact", body);
      return answer.status === 201 ? acknowledged(ack.bookings, body) : ack.refused.push(`${answer.status}`);
    }
    if (kind === 1) {
      const body = inquiry(photo, `KILL${k}`);
      const answer = await postJson(server.origin, "/inquiry", body);
      return answer.status === 201 ? acknowledged(ack.quotes, body) : ack.refused.push(`${answer.status}`);
    }
    const doc = await stored(server.origin, await jpeg(k % 250));
    return doc ? acknowledged(ack.photos, doc) : ack.refused.push("photo");
  };
  const client = async (first: number) => {
    for (let kind = first; !killed(); kind = (kind + 1) % 3) {
      await send(kind).catch(() => ack.lost++);
    }
  };
  const timer = setTimeout(() => server.process.kill("SIGKILL"), 60_000);
  await Promise.all([0, 1, 2, 0].map(client));
  clearTimeout(timer);
  await server.stop("SIGKILL");
  return ack;
}

test("each 201 arrives after its booking, quote or photo is committed, seen from another connection", async () => {
  const h = await startServer();
  // every insert is slowed, so an answer that ran ahead of its commit would be read before it
  const db = h.backend.payload.db;
  const insert = db.create.bind(db);
  db.create = async (args) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return insert(args);
  };
  try {
    for (let n = 0; n < 20; n++) {
      const photo = await stored(h.origin, await jpeg(n));
      assert.ok(photo);
      // read at once, by another connection to the database, before anything else is sent
      assert.ok((await storedPhotoNames(h.dataDir)).includes(photo.filename), `photo ${n}`);
      assert.ok(await whole(photoFile(h.dataDir, photo.filename)), `photo ${n} on disk`);

      const sent = booking(`commit-${n}`);
      assert.equal((await postJson(h.origin, "/api/contact", sent)).status, 201);
      assert.ok(
        (await storedBookings(h.dataDir)).some((b) => b.message === sent.message),
        `booking ${n}`,
      );

      const quote = inquiry(photo, `C${n}`);
      assert.equal((await postJson(h.origin, "/inquiry", quote)).status, 201);
      assert.ok(
        (await storedQuotes(h.dataDir)).some((q) => q.regNumber === quote.Inquiry.RegNumber),
        `quote ${n}`,
      );
    }
  } finally {
    await h.close();
  }
});

test("kill -9 during a stream of bookings, quotes and photos loses nothing acknowledged", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-kill-"));
  let server: PreviewProcess | undefined;
  try {
    server = await startPreviewProcess({ dataDir, entry: CHILD });
    const photo = await stored(server.origin, await jpeg());
    assert.ok(photo);
    const ack = await stream(server, photo, 60);
    assert.deepEqual(ack.refused, []);
    assert.ok(ack.lost > 0, "the server died under its clients");
    assert.ok(ack.bookings.length >= 5 && ack.quotes.length >= 5 && ack.photos.length >= 5, JSON.stringify(ack));
    // what a crash in the middle of writing a photo leaves
    fs.writeFileSync(path.join(dataDir, "media", ".0123456789abcdef.tmp"), "halv");

    server = await startPreviewProcess({ dataDir, entry: CHILD });
    assert.deepEqual(
      filesIn(path.join(dataDir, "media")).filter((f) => f.endsWith(".tmp")),
      [],
    );
    const bookings = (await storedBookings(dataDir)).map((b) => JSON.stringify([b.email, b.phone, b.message]));
    for (const b of ack.bookings) assert.ok(bookings.includes(JSON.stringify([b.email, b.phone, b.message])));
    const quotes = await storedQuotes(dataDir);
    for (const q of ack.quotes) {
      const found = quotes.find((s) => s.regNumber === q.Inquiry.RegNumber);
      assert.ok(found, `${q.Inquiry.RegNumber} is stored`);
      assert.deepEqual(
        [found.email, found.phone, found.message, found.damages],
        [q.Inquiry.Email, q.Inquiry.PhoneNumber, q.Inquiry.Message, [[photo.filename]]],
      );
    }
    const names = await storedPhotoNames(dataDir);
    for (const p of ack.photos) {
      assert.ok(names.includes(p.filename), `${p.filename} is stored`);
      assert.equal(fs.statSync(photoFile(dataDir, p.filename)).size, p.filesize);
      assert.ok(await whole(photoFile(dataDir, p.filename), 64, 48), `${p.filename} decodes whole`);
    }
    // and the server started again takes the next booking
    assert.equal((await postJson(server.origin, "/api/contact", booking("etter"))).status, 201);
  } finally {
    await server?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const isRoot = process.getuid?.() === 0;
const NOT_ROOT = "mounting a tmpfs as the data folder needs root";
/** No reserve: these tests fill the disk themselves. */
const NO_RESERVE = { ...process.env, PHOTO_DISK_RESERVE_MB: "0" };

/** Runs `body` with a server whose data folder is a fresh tmpfs mounted with `options`, unmounted after. */
async function onSmallDisk(options: string, env: NodeJS.ProcessEnv, body: (h: Harness) => Promise<void>) {
  const mount = fs.mkdtempSync(path.join(os.tmpdir(), "preview-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", mount]);
  let h: Harness | undefined;
  try {
    h = await startServer({ dataDir: mount, env });
    await body(h);
  } finally {
    await h?.stop().catch(() => {});
    if (h) fs.rmSync(h.root, { recursive: true, force: true });
    // lazily: the database's file stays open in this process until it is collected
    execFileSync("umount", ["--lazy", mount]);
    fs.rmdirSync(mount);
  }
}

/** A JPEG of noise, which does not compress: some 100 KB. */
const noise = (seed: number) => {
  const side = 200;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
};

/** Uploads photos of noise until one is refused: the photos stored and the refusal. */
async function fill(h: Harness) {
  const photos: Photo[] = [];
  for (let n = 0; n < 60; n++) {
    const answer = await upload(h.origin, await noise(n), `${shareableBase()}.jpg`);
    if (answer.status !== 201) return { photos, refused: answer, text: await answer.text() };
    photos.push(mediaResponseSchema.parse(await answer.json()).doc as unknown as Photo);
  }
  throw new Error("the disk never filled up");
}

/** Nothing half-written: no temporary file, a record for each photo on disk, each decoding whole. */
async function assertNothingHalf(h: Harness, photos: Photo[]) {
  const media = path.join(h.dataDir, "media");
  assert.deepEqual(
    filesIn(media).filter((f) => f.startsWith(".")),
    [],
  );
  const kept = (await h.backend.payload.find({ collection: "media", pagination: false, overrideAccess: true })).docs;
  const names = photos.map((p) => p.filename).sort();
  assert.deepEqual(kept.map((d) => d.filename).sort(), names);
  assert.deepEqual(filesIn(media), names);
  for (const p of photos) assert.ok(await whole(path.join(media, p.filename), 200, 200), p.filename);
}

/** Asserts a refusal for want of room: a 5xx whose body names no path or temporary file. */
function assertNoRoom(status: number, text: string, expected = 507) {
  assert.equal(status, expected, text);
  assert.ok(!text.includes("/") && !text.includes(".tmp") && !text.includes("ENOSPC"), text);
}

/**
 * A PNG of black and white noise in two colours, which is kept as a full-colour PNG: the photo
 * written is larger than the upload, so a disk with room for the upload can fill while it is written.
 */
async function growingPng(): Promise<{ bytes: Buffer; written: number }> {
  const side = 600;
  const bits = crypto.randomBytes(side * side);
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = bits[Math.floor(i / 3)]! & 1 ? 255 : 0;
  const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
  return { bytes, written: (await sharp(bytes).png().toBuffer()).length };
}

/** Leaves `bytes` (rounded up to whole blocks) free on the disk of `dir`, in a file `name`. */
function leaveFree(dir: string, name: string, bytes: number) {
  const { bavail, bsize } = fs.statfsSync(dir);
  fs.writeFileSync(path.join(dir, name), Buffer.alloc(Math.max(0, bavail * bsize - Math.ceil(bytes / bsize) * bsize)));
}

test(
  "a full disk: a 5xx naming no path, nothing half-written, the server goes on; with room again, 201",
  {
    skip: isRoot ? false : NOT_ROOT,
  },
  async () => {
    await onSmallDisk("size=4m", NO_RESERVE, async (h) => {
      // room a filler holds, to give back once the disk is full
      fs.writeFileSync(path.join(h.dataDir, "filler"), Buffer.alloc(512 * 1024, 1));
      const { photos, refused, text } = await fill(h);
      assert.ok(photos.length > 0);
      assertNoRoom(refused.status, text);
      await assertNothingHalf(h, photos);

      // room for the upload, not for the photo it becomes: the disk fills while the photo is written
      fs.rmSync(path.join(h.dataDir, "filler"));
      const png = await growingPng();
      assert.ok(png.written > png.bytes.length + 2 * 4096);
      leaveFree(h.dataDir, "filler", png.bytes.length + 4096);
      const midWrite = await upload(h.origin, png.bytes, `${shareableBase()}.png`);
      const midText = await midWrite.text();
      assertNoRoom(midWrite.status, midText);
      assert.match(midText, /ikke plass til å lagre bildet/);
      await assertNothingHalf(h, photos);

      // not a byte left: a booking is refused too, naming no path, and stores nothing
      leaveFree(h.dataDir, "filler-2", 0);
      const booked = await postJson(h.origin, "/api/contact", booking("full"));
      const bookedText = await booked.text();
      assert.ok(booked.status >= 500, `${booked.status}: ${bookedText}`);
      assert.ok(!bookedText.includes("/") && !bookedText.includes("payload.db"), bookedText);
      assert.equal((await fetch(`${h.origin}/`)).status, 200);
      assert.equal((await fetch(photos[0]!.url)).status, 200);

      fs.rmSync(path.join(h.dataDir, "filler"));
      fs.rmSync(path.join(h.dataDir, "filler-2"));
      const again = await upload(h.origin, png.bytes, `${shareableBase()}.png`);
      assert.equal(again.status, 201, await again.clone().text());
      assert.equal((await postJson(h.origin, "/api/contact", booking("igjen"))).status, 201);
      assert.equal((await records(h)).contact, 1);
    });
  },
);

test(
  "with the default reserve, an upload that would eat into it is 507 while a booking is still stored",
  {
    skip: isRoot ? false : NOT_ROOT,
  },
  async () => {
    const defaults = { ...process.env };
    delete defaults.PHOTO_DISK_RESERVE_MB;
    await onSmallDisk("size=3m", defaults, async (h) => {
      const answer = await upload(h.origin, await jpeg(), `${shareableBase()}.jpg`);
      const text = await answer.text();
      assertNoRoom(answer.status, text);
      assert.match(text, /ikke plass/);
      assert.deepEqual(await records(h), { media: 0, contact: 0, inquiries: 0, files: [] });
      assert.equal((await postJson(h.origin, "/api/contact", booking())).status, 201);
      assert.equal((await records(h)).contact, 1);
    });
  },
);
