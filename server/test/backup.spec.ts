/**
 * `npm run admin:backup` and `npm run admin:restore` (admin/backup.ts) on the
 * data `npm start` writes: a backup taken while bookings arrive holds every
 * booking acknowledged before it began and the photos on disk; restored
 * into an empty data folder, the app starts on it and finds them all, and
 * no photo without a record comes back; a restore into data that is there
 * is refused.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { jpeg, postJson, shareableBase, startServer, upload, type Harness } from "./harness";

const ROOT = process.cwd();
const made: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
const servers: Harness[] = [];
after(async () => {
  for (const server of servers) await server.close().catch(() => {});
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run <script> -- <folder>` on the data folder `dataDir`, to its end. */
function npmRun(script: string, folder: string, dataDir: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", folder], {
      cwd: ROOT,
      env: { ...process.env, PREVIEW_DATA_DIR: dataDir },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.on("exit", (status) => resolve({ status, output }));
  });
}

test("a backup taken while bookings arrive restores every booking acknowledged before it began, and the photos", async () => {
  const first = await startServer({ dataDir: tmp("backup-data-") });
  servers.push(first);
  const origin = `http://127.0.0.1:${first.port}`;
  const photos: string[] = [];
  for (let i = 0; i < 3; i++) {
    const answer = await upload(origin, await jpeg(40 + i * 50), `${shareableBase()}.jpg`);
    assert.equal(answer.status, 201);
    photos.push(((await answer.json()) as { doc: { filename: string } }).doc.filename);
  }

  const acknowledged: { message: string; at: number }[] = [];
  let streaming = true;
  const stream = (async () => {
    for (let n = 0; streaming; n++) {
      const message = `Bestilling nr. ${n}`;
      const answer = await postJson(origin, CONTACT_PATH, { email: "kari@eksempel.no", phone: "91234567", message });
      if (answer.status === 201) acknowledged.push({ message, at: Date.now() });
    }
  })();
  while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

  const folder = path.join(tmp("backup-"), "kopi");
  const began = Date.now();
  const backedUp = await npmRun("admin:backup", folder, first.dataDir);
  const during = acknowledged.filter((a) => a.at > began).length;
  streaming = false;
  await stream;
  assert.equal(backedUp.status, 0, backedUp.output);
  assert.ok(during > 0, "bookings kept arriving while the backup ran");
  await first.stop();

  // a photo uploaded while the backup ran, so copied with no record in the copied database
  const orphan = `${shareableBase()}.jpg`;
  fs.writeFileSync(path.join(folder, "media", orphan), await jpeg());

  const restoredDir = tmp("restored-data-");
  const restored = await npmRun("admin:restore", folder, restoredDir);
  assert.equal(restored.status, 0, restored.output);
  const again = await npmRun("admin:restore", folder, restoredDir);
  assert.equal(again.status, 1, "a restore into data that is there is refused");
  assert.match(again.output, /exists|not empty/);

  const second = await startServer({ dataDir: restoredDir });
  servers.push(second);
  const { docs } = await second.backend.payload.find({
    collection: "contact",
    pagination: false,
    overrideAccess: true,
  });
  const stored = new Set(docs.map((doc) => doc.message));
  const before = acknowledged.filter((a) => a.at < began);
  assert.ok(before.length >= 20);
  assert.deepEqual(
    before.filter((a) => !stored.has(a.message)).map((a) => a.message),
    [],
    "every booking acknowledged before the backup began is there",
  );
  assert.ok(!fs.existsSync(path.join(restoredDir, "media", orphan)), "a photo with no record is not put back");
  for (const name of photos) {
    const file = await fetch(`http://127.0.0.1:${second.port}/api/media/file/${name}`);
    assert.equal(file.status, 200, name);
    assert.equal(file.headers.get("content-type"), "image/jpeg");
  }
});

test("a restore from a folder that holds no backup is refused, and says so", () => {
  const run = spawnSync("npm", ["run", "--silent", "admin:restore", "--", tmp("no-backup-")], {
    cwd: ROOT,
    env: { ...process.env, PREVIEW_DATA_DIR: tmp("empty-data-") },
    encoding: "utf8",
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /holds no backup/);
});
