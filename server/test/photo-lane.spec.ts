/**
 * What a photo costs `npm start` (payload/photos/, through the preview
 * server's gate): one address sending twenty 80-megapixel JPEGs at once
 * holds up nobody else, so a photo from another address a second later is
 * stored within 15 seconds, and what the crowd is refused is 503 with
 * Retry-After, readable by the site's scripts; and the free room on the disk
 * is held against the bytes written, not the bytes that came in (on a small
 * tmpfs as the data folder, which needs root).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from "../../lib/api/schemas";
import { flatJpeg } from "../../testing/image-bytes";
import { filesIn, multipartBody, records, shareableBase, startServer, upload, type Harness } from "./harness";

interface Heard {
  status: number;
  retryAfter?: string;
  exposed?: string;
  body: string;
}

/** The site's upload of `bytes` as `name`, sent from `localAddress` (a loopback address) to the server on `port`. */
function uploadFrom(port: number, localAddress: string, bytes: Buffer, name: string): Promise<Heard> {
  const boundary = "----bulkeklinikken";
  const body = multipartBody(bytes, name, boundary);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: "/api/media?depth=0&fallback-locale=null",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": body.length },
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
            exposed: [response.headers["access-control-expose-headers"] ?? ""].flat().join(),
            body: text,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("while 127.0.0.1 sends twenty 80-megapixel JPEGs at once, a photo from 127.0.0.2 is stored within 15 s", async () => {
  const h = await startServer();
  try {
    const large = await flatJpeg(8944);
    assert.ok(8944 * 8944 <= MAX_IMAGE_PIXELS && large.length < 1024 * 1024, `${large.length} bytes`);
    const crowd = Array.from({ length: 20 }, () => uploadFrom(h.port, "127.0.0.1", large, `${shareableBase()}.jpg`));
    await sleep(1000);
    const photo = await sharp(path.join("e2e", "test-photos", "coffee.jpg"))
      .resize(1920)
      .jpeg({ quality: 98 })
      .toBuffer();
    const name = `${shareableBase()}.jpg`;
    const lone = uploadFrom(h.port, "127.0.0.2", photo, name);
    const first = await Promise.race([lone, sleep(15_000).then(() => "no answer" as const)]);
    assert.notEqual(first, "no answer", "the lone photo had no answer within 15 s");
    assert.equal((first as Heard).status, 201, (first as Heard).body);
    assert.ok(filesIn(path.join(h.dataDir, "media")).includes(name));

    const answers = await Promise.all(crowd);
    const refused = answers.filter((a) => a.status !== 201);
    assert.ok(refused.length > 0, "one address had twenty re-encodes queued");
    for (const a of refused) {
      assert.equal(a.status, 503, a.body);
      assert.ok(Number(a.retryAfter) >= 1, `Retry-After: ${a.retryAfter}`);
      assert.match(a.exposed ?? "", /Retry-After/i);
    }
    // tried again after its Retry-After, as the site does, a refused one is stored
    await sleep(Number(refused[0]!.retryAfter) * 1000);
    const again = await uploadFrom(h.port, "127.0.0.1", large, `${shareableBase()}.jpg`);
    assert.equal(again.status, 201, again.body);
  } finally {
    await h.close();
  }
});

const isRoot = process.getuid?.() === 0;

/** Leaves `bytes` (rounded up to whole blocks) free on the disk of `dir`, in a file `name`. */
function leaveFree(dir: string, name: string, bytes: number) {
  const { bavail, bsize } = fs.statfsSync(dir);
  fs.writeFileSync(path.join(dir, name), Buffer.alloc(Math.max(0, bavail * bsize - Math.ceil(bytes / bsize) * bsize)));
}

test(
  "the disk's free room is held against the photo written, not the upload that came in",
  { skip: isRoot ? false : "mounting a tmpfs as the data folder needs root" },
  async () => {
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), "preview-room-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", mount]);
    let h: Harness | undefined;
    try {
      h = await startServer({ dataDir: mount, env: { ...process.env, PHOTO_DISK_RESERVE_MB: "0" } });
      // some 12 MB that came in, a few kilobytes once made a JPEG
      const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: "#c33" } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      assert.ok(png.length > 8 * 1024 * 1024 && png.length <= MAX_UPLOAD_BYTES, `${png.length} bytes`);
      leaveFree(mount, "filler", 4 * 1024 * 1024);
      const answer = await upload(h.origin, png, `${shareableBase()}.png`);
      assert.equal(answer.status, 201, await answer.text());

      // no room for what would be written: 507 with Retry-After, nothing stored or left half-written
      const noise = await sharp(crypto.randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      fs.rmSync(path.join(mount, "filler"));
      leaveFree(mount, "filler", 64 * 1024);
      const before = await records(h);
      const full = await upload(h.origin, noise, `${shareableBase()}.jpg`);
      const text = await full.text();
      assert.equal(full.status, 507, text);
      assert.match(text, /ikke plass til å lagre bildet/);
      assert.ok(Number(full.headers.get("retry-after")) >= 1, `Retry-After: ${full.headers.get("retry-after")}`);
      assert.match(full.headers.get("access-control-expose-headers") ?? "", /Retry-After/i);
      assert.deepEqual(await records(h), before);
    } finally {
      await h?.stop().catch(() => {});
      if (h) fs.rmSync(h.root, { recursive: true, force: true });
      execFileSync("umount", ["--lazy", mount]);
      fs.rmdirSync(mount);
    }
  },
);
