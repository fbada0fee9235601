/**
 * A full disk and a read-only one, for real: the data folder is a small
 * tmpfs, filled up or remounted read-only. An upload and a record each get
 * a 5xx that names no path, leave no temporary file, and the server goes on;
 * once the disk takes writes again, the next upload is stored. Mounting needs root (CI is root); elsewhere the
 * test says why it is skipped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { isTempName } from "../api/store";
import { filesIn, startServer } from "./helpers/harness";

const isRoot = process.getuid?.() === 0;
const maybe = isRoot ? test : test.skip;
if (!isRoot) console.warn("full-disk.test.ts: skipped, mounting a tmpfs needs root");

/** A JPEG of noise (it does not compress) of some 300 KB: many chunks, more than the room left. */
const noise = () => {
  const side = 420;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
};

function post(origin: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${origin}/api/media`, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
}

/**
 * Runs `body` with a preview server whose data folder is a fresh 2 MB tmpfs,
 * then closes the server and unmounts the folder, whatever happened.
 */
async function onSmallDisk(
  prefix: string,
  body: (mount: string, h: Awaited<ReturnType<typeof startServer>>) => Promise<void>,
  /** none by default, so these tests fill the disk itself */
  mediaReserveBytes = 0,
) {
  const mount = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mount]);
  const h = await startServer({ dataDir: mount, mediaReserveBytes });
  try {
    await body(mount, h);
  } finally {
    await h.close().catch(() => {});
    execFileSync("umount", [mount]);
    fs.rmSync(mount, { recursive: true, force: true });
  }
}

maybe(
  "a read-only disk: 503 naming no path, no temporary file; writable again, 201",
  () =>
    onSmallDisk("read-only-disk-", async (mount, h) => {
      fs.mkdirSync(path.join(mount, "media"));
      execFileSync("mount", ["-o", "remount,ro", mount]);
      const photo = await noise();
      const refused = await post(h.origin, photo, "img_skrivebeskyttet.jpg");
      expect(refused.status).toBe(503);
      const { error } = (await refused.json()) as { error: string };
      expect(error).toMatch(/klarte ikke å lagre/);
      expect(error).not.toMatch(/\//);
      expect(refused.headers.get("retry-after")).toBeTruthy();
      execFileSync("mount", ["-o", "remount,rw", mount]);
      expect(filesIn(mount)).toEqual([]);
      expect((await post(h.origin, photo, "img_skrivebeskyttet.jpg")).status).toBe(201);
    }),
  30_000,
);

maybe(
  "a full disk: 507 naming no path, no temporary file, the server goes on; with room again, 201",
  () =>
    onSmallDisk("full-disk-", async (mount, h) => {
      fs.mkdirSync(path.join(mount, "media"));
      fs.mkdirSync(path.join(mount, "inquiry"));
      const filler = path.join(mount, "filler");
      const { bavail, bsize } = fs.statfsSync(mount);
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 64 * 1024)));
      const photo = await noise();
      expect(photo.length).toBeGreaterThan(200 * 1024);

      const full = await post(h.origin, photo, "img_fullt.jpg");
      expect(full.status).toBe(507);
      const { error } = (await full.json()) as { error: string };
      expect(error).toMatch(/ikke plass/);
      expect(error).not.toContain(mount);
      expect(error).not.toMatch(/\.tmp|\//);

      // the last bytes of room taken too, so even a small record finds none
      fs.writeFileSync(path.join(mount, "filler-2"), Buffer.alloc(fs.statfsSync(mount).bavail * bsize));
      const json = JSON.stringify({ email: "kari@example.no", phone: "+47 912 34 567", message: "Bestilling" });
      const contact = await fetch(`${h.origin}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: json,
      });
      expect(contact.status).toBe(507);
      expect(filesIn(mount).filter((f) => isTempName(path.basename(f)))).toEqual([]);
      expect((await fetch(`${h.origin}/`)).status).toBe(200);

      fs.rmSync(filler);
      fs.rmSync(path.join(mount, "filler-2"));
      const again = await post(h.origin, photo, "img_fullt.jpg");
      expect(again.status).toBe(201);
      expect(filesIn(path.join(mount, "media"))).toEqual(["img_fullt.jpg"]);
    }),
  30_000,
);

maybe(
  "photos never take the reserve: an upload that would is 507, and a quote's record is still stored",
  () =>
    onSmallDisk(
      "reserve-",
      async (mount, h) => {
        const photo = await noise();
        expect((await post(h.origin, photo, "img_forste.jpg")).status).toBe(201);
        // fill the disk until one more photo would leave less than the reserve
        const { bavail, bsize } = fs.statfsSync(mount);
        fs.writeFileSync(path.join(mount, "filler"), Buffer.alloc(Math.max(0, bavail * bsize - 1024 * 1024)));
        const refused = await post(h.origin, photo, "img_andre.jpg");
        expect(refused.status).toBe(507);
        expect(((await refused.json()) as { error: string }).error).toMatch(/ikke plass til flere bilder/);
        expect(refused.headers.get("retry-after")).toBeTruthy();

        const json = JSON.stringify({ email: "kari@example.no", phone: "+47 912 34 567", message: "Bestilling" });
        const contact = await fetch(`${h.origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: json,
        });
        expect(contact.ok).toBe(true);
        expect(filesIn(path.join(mount, "media"))).toEqual(["img_forste.jpg"]);
        expect(filesIn(path.join(mount, "contact"))).toHaveLength(1);
      },
      1024 * 1024,
    ),
  30_000,
);
