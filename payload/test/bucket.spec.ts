/**
 * Photos in an S3 bucket (../bucket.ts), on a real Payload over HTTP against
 * an S3-compatible server the test starts (s3rver): an upload is cleaned as
 * on the disk and becomes an object in the bucket, with nothing of it on the
 * local disk; it is found only by its exact name and served through Payload
 * with the same headers as from the disk; the hourly deletion removes an
 * unused photo's object. The S3_* variables are checked as the app starts.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { MEDIA_FILE_PATH, MEDIA_PATH, mediaResponseSchema } from "../../lib/api/schemas";
import { bucketSettings } from "../bucket";
import { UNUSED_PHOTO_KEPT_MS } from "../cases";
import { deleteExpired } from "../jobs/cleanup";
import { PHOTO_HEADERS } from "../photos";
import { moveJobClock, startAdminHost, upload, type AdminHost } from "./harness";

const BUCKET = "verkstedbilder";
const KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let s3: S3rver;
let s3Dir: string;
let client: S3Client;
let host: AdminHost;

before(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: "eu-north-1", endpoint, forcePathStyle: true, credentials: KEY });
  host = await startAdminHost({
    S3_BUCKET: BUCKET,
    S3_REGION: "eu-north-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: KEY.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEY.secretAccessKey,
  });
});
after(async () => {
  moveJobClock(0);
  await host?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const siteName = () => `img_${randomBytes(16).toString("hex")}.png`;
const objects = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);
const filesOnDisk = () => (fs.existsSync(host.mediaDir) ? fs.readdirSync(host.mediaDir) : []);

test("an upload is cleaned, is an object in the bucket and nothing on the disk, and is served as from the disk", async () => {
  const png = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: "#a33" } })
    .png()
    .withExif({ IFD0: { Artist: "Kari Nordmann" } })
    .toBuffer();
  const answer = await upload(host, png, siteName());
  assert.equal(answer.status, 201, await answer.clone().text());
  const { doc } = mediaResponseSchema.parse(await answer.json());
  assert.match(doc.filename, /^img_[0-9a-f]{32}\.jpg$/, "made a JPEG, named so");
  assert.equal(
    new URL(doc.url, host.origin).href,
    `${host.origin}${MEDIA_FILE_PATH}/${doc.filename}`,
    "through Payload",
  );
  assert.deepEqual(await objects(), [doc.filename]);
  assert.deepEqual(filesOnDisk(), [], "nothing on the local disk");

  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: doc.filename }));
  const stored = Buffer.from(await object.Body!.transformToByteArray());
  const meta = await sharp(stored).metadata();
  assert.equal(meta.format, "jpeg");
  assert.ok(Math.max(meta.width!, meta.height!) <= 2560);
  assert.ok(!stored.includes("Kari Nordmann"), "no metadata");

  const served = await fetch(`${host.origin}${MEDIA_FILE_PATH}/${doc.filename}`);
  assert.equal(served.status, 200);
  assert.equal(served.headers.get("content-type"), "image/jpeg");
  for (const [name, value] of Object.entries(PHOTO_HEADERS)) assert.equal(served.headers.get(name), value, name);
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), stored);
});

test("found only by its exact name: no listing, no guess, no other name", async () => {
  const answer = await upload(
    host,
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a3" } })
      .png()
      .toBuffer(),
    siteName(),
  );
  const { doc } = mediaResponseSchema.parse(await answer.json());
  assert.equal((await fetch(`${host.origin}${MEDIA_PATH}`)).status, 403, "no listing");
  for (const guess of [
    siteName().replace(".png", ".jpg"),
    `..%2F${doc.filename}`,
    doc.filename.replace(".jpg", ".png"),
  ]) {
    const status = (await fetch(`${host.origin}${MEDIA_FILE_PATH}/${guess}`)).status;
    assert.ok(status === 403 || status === 404, `${guess}: ${status}`);
  }
  const byName = await fetch(`${host.origin}${MEDIA_PATH}?where[filename][equals]=${doc.filename}`);
  assert.equal(((await byName.json()) as { docs: unknown[] }).docs.length, 1);
});

test("the hourly deletion removes an unused photo's object from the bucket", async () => {
  const before = await objects();
  moveJobClock(UNUSED_PHOTO_KEPT_MS + 60_000);
  try {
    await deleteExpired(host.payload);
  } finally {
    moveJobClock(0);
  }
  assert.ok(before.length > 0);
  assert.deepEqual(await objects(), []);
});

test("S3_* are checked as the app starts, naming the variable", () => {
  assert.equal(bucketSettings({}), undefined);
  assert.throws(() => bucketSettings({ S3_REGION: "eu-north-1" }), /S3_BUCKET: is not set/);
  assert.throws(() => bucketSettings({ S3_BUCKET: "b", S3_ENDPOINT: "ftp://x" }), /S3_ENDPOINT/);
  assert.throws(() => bucketSettings({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }), /S3_SECRET_ACCESS_KEY: is missing/);
  assert.deepEqual(bucketSettings({ S3_BUCKET: "b" }), {
    bucket: "b",
    region: "us-east-1",
    endpoint: undefined,
    credentials: undefined,
  });
});
