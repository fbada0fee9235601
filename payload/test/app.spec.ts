/**
 * The workshop's app (admin/): its settings from the environment, each
 * checked at start with a message naming the variable; its generated types
 * current with the plugin (Payload's command line writes them again, and
 * they must be what is committed); its migrations holding every change
 * of the schema (a new one would be empty); and `npm run admin:user`, which
 * makes a staff user on the server.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { getPayload } from "payload";
import { workshopConfig } from "../../admin/config";
import { readSettings } from "../../admin/settings";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "admin-settings-"));

test("with nothing set: port 3001, the preview's site, SQLite and the photos in the data folder, a kept local secret", () => {
  const dataDir = tmp();
  const settings = readSettings({ PREVIEW_DATA_DIR: dataDir });
  assert.equal(settings.port, 3001);
  assert.equal(settings.serverURL, "http://localhost:3001");
  assert.deepEqual(settings.siteOrigins, ["http://localhost:3000"]);
  assert.deepEqual(settings.database, { kind: "sqlite", url: `file:${path.join(dataDir, "payload.db")}` });
  assert.equal(settings.mediaDir, path.join(dataDir, "media"));
  assert.equal(settings.diskReserveBytes, 256 * 1024 * 1024);
  assert.match(settings.secret, /^[0-9a-f]{64}$/);
  // the next start keeps the same secret, so the staff stay logged in
  assert.equal(readSettings({ PREVIEW_DATA_DIR: dataDir }).secret, settings.secret);
  assert.equal(fs.statSync(path.join(dataDir, "payload-secret")).mode & 0o777, 0o600);
});

test("the variables are taken as set: origins, PostgreSQL, a secret", () => {
  const settings = readSettings({
    PORT: "4000",
    SERVER_URL: "https://admin.bulkeklinikken.no",
    SITE_ORIGIN: "https://www.bulkeklinikken.no, https://forhandsvisning.bulkeklinikken.no",
    DATABASE_URI: "postgres://verksted:hemmelig@db.internal:5432/payload",
    PAYLOAD_SECRET: "en-lang-hemmelighet-for-produksjon-0123",
    PHOTO_DISK_RESERVE_MB: "1024",
  });
  assert.equal(settings.port, 4000);
  assert.equal(settings.diskReserveBytes, 1024 * 1024 * 1024);
  assert.equal(settings.serverURL, "https://admin.bulkeklinikken.no");
  assert.deepEqual(settings.siteOrigins, [
    "https://www.bulkeklinikken.no",
    "https://forhandsvisning.bulkeklinikken.no",
  ]);
  assert.equal(settings.database.kind, "postgres");
  assert.equal(settings.secret, "en-lang-hemmelighet-for-produksjon-0123");
});

test("a wrong or missing value stops the start, naming its variable", () => {
  const wrong: [Record<string, string>, RegExp][] = [
    [{ PORT: "admin" }, /^Error: PORT:/],
    [{ SERVER_URL: "admin.bulkeklinikken.no" }, /^Error: SERVER_URL:/],
    [{ SERVER_URL: "https://admin.bulkeklinikken.no/admin" }, /^Error: SERVER_URL:/],
    [{ SITE_ORIGIN: "https://www.bulkeklinikken.no,ftp://x" }, /^Error: SITE_ORIGIN:/],
    [{ DATABASE_URI: "mysql://db/payload" }, /^Error: DATABASE_URI:/],
    [{ PAYLOAD_SECRET: "for-kort" }, /^Error: PAYLOAD_SECRET:/],
    [{ PHOTO_DISK_RESERVE_MB: "mye" }, /^Error: PHOTO_DISK_RESERVE_MB:/],
  ];
  const secret = "a".repeat(32);
  for (const [env, message] of wrong) {
    assert.throws(
      () => readSettings({ PREVIEW_DATA_DIR: tmp(), PAYLOAD_SECRET: secret, ...env }),
      message,
      JSON.stringify(env),
    );
  }
  // a public admin without its own secret, or without the site's origin
  const site = { SITE_ORIGIN: "https://www.bulkeklinikken.no" };
  const publicAdmin = { PREVIEW_DATA_DIR: tmp(), SERVER_URL: "https://admin.bulkeklinikken.no" };
  assert.throws(() => readSettings({ ...publicAdmin, ...site }), /^Error: PAYLOAD_SECRET:/);
  assert.throws(() => readSettings({ ...publicAdmin, PAYLOAD_SECRET: secret }), /^Error: SITE_ORIGIN:/);
});

test("a SERVER_URL that is not this machine must be https://; http:// is taken on this machine only", () => {
  const base = {
    PREVIEW_DATA_DIR: tmp(),
    PAYLOAD_SECRET: "a".repeat(32),
    SITE_ORIGIN: "https://www.bulkeklinikken.no",
  };
  for (const url of ["http://admin.bulkeklinikken.no", "http://192.168.1.20:3001"]) {
    assert.throws(() => readSettings({ ...base, SERVER_URL: url }), /^Error: SERVER_URL: .*https:\/\//, url);
  }
  for (const url of [
    "http://localhost:3001",
    "http://127.0.0.1:3001",
    "http://[::1]:3001",
    "https://admin.bulkeklinikken.no",
  ]) {
    assert.equal(readSettings({ ...base, SERVER_URL: url }).serverURL, url);
  }
});

/** `npm run admin:user -- <email>` with `ADMIN_PASSWORD`, no terminal, on `dataDir`: its exit code and output. */
function adminUser(dataDir: string, email: string, password: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, PREVIEW_DATA_DIR: dataDir, ADMIN_PASSWORD: password };
  for (const name of ["PORT", "SERVER_URL", "SITE_ORIGIN", "DATABASE_URI", "PAYLOAD_SECRET", "SMTP_HOST"])
    delete env[name];
  const child = spawn("npm", ["run", "--silent", "admin:user", "--", email], { env, stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.end();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

test("npm run admin:user makes a staff user on a fresh data folder who logs in, sets a new password, refuses a short one", async () => {
  const dataDir = tmp();
  const short = await adminUser(dataDir, "a@b.test", "elleve-tegn");
  assert.equal(short.code, 2, short.stderr);
  assert.match(short.stderr, /Passordet må ha minst 12 tegn/);

  const made = await adminUser(dataDir, "a@b.test", "tolv-tegn-ok");
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stdout, /a@b\.test er laget/);
  const changed = await adminUser(dataDir, "a@b.test", "et-nytt-langt-passord");
  assert.equal(changed.code, 0, changed.stderr);
  assert.match(changed.stdout, /a@b\.test fantes fra før: passordet er byttet/);

  const settings = readSettings({ PREVIEW_DATA_DIR: dataDir });
  const config = await workshopConfig(settings, { logLevel: "error", env: {} });
  const payload = await getPayload({ config, key: `admin-user-test-${Date.now()}` });
  try {
    const users = await payload.find({ collection: "users", overrideAccess: true });
    assert.deepEqual(
      users.docs.map((user) => user.email),
      ["a@b.test"],
    );
    await assert.rejects(payload.login({ collection: "users", data: { email: "a@b.test", password: "tolv-tegn-ok" } }));
    const { token } = await payload.login({
      collection: "users",
      data: { email: "a@b.test", password: "et-nytt-langt-passord" },
    });
    assert.ok(token);
  } finally {
    await payload.destroy();
  }
});

test("admin/payload-types.ts is what Payload generates from the app and the plugin today", () => {
  const out = path.join(tmp(), "payload-types.ts");
  execFileSync("npx", ["payload", "generate:types"], {
    cwd: "admin",
    env: { ...process.env, PAYLOAD_TS_OUTPUT_PATH: out, PREVIEW_DATA_DIR: tmp() },
    stdio: "ignore",
  });
  const committed = fs.readFileSync(path.join("admin", "payload-types.ts"), "utf8");
  assert.ok(
    fs.readFileSync(out, "utf8") === committed,
    "admin/payload-types.ts is stale: in admin/, run npx payload generate:types (and make a migration for each database)",
  );
});

test("admin/migrations holds every change of the schema: a new SQLite migration would be empty", () => {
  const dir = path.join("admin", "migrations", "sqlite");
  const before = new Set(fs.readdirSync(dir));
  const index = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  // --skip-empty writes nothing when the schema has no change the migrations lack
  execFileSync("npx", ["payload", "migrate:create", "schema-check", "--skip-empty"], {
    cwd: "admin",
    env: { ...process.env, PREVIEW_DATA_DIR: tmp() },
    stdio: "ignore",
  });
  const written = fs.readdirSync(dir).filter((name) => !before.has(name));
  // what the check wrote is undone before it fails
  for (const name of written) fs.rmSync(path.join(dir, name));
  fs.writeFileSync(path.join(dir, "index.ts"), index);
  assert.deepEqual(
    written,
    [],
    "the schema changed without a migration: in admin/, run npx payload migrate:create <name> (and again with DATABASE_URI=postgres://… for PostgreSQL)",
  );
});
