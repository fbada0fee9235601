/**
 * The workshop's app as a host runs it in production, with the commands
 * docs/admin-host.md gives, on a fresh data folder: the release step
 * (`npm run admin:migrate`), then the built server (`npm run admin:start`,
 * built by `npm run admin:build`, which npm test runs before these tests).
 * Payload starts with the process: an e-mail queued before the start goes,
 * and /api/health answers, with no other request. `admin:start` with nothing
 * built refuses, saying how to build.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { getPayload } from "payload";
import { workshopConfig } from "../../admin/config";
import { readSettings } from "../../admin/settings";
import { ADMIN_SERVER_ENTRY } from "../../scripts/lib/admin-server";
import { waitFor } from "./harness";
import { startMailbox, type Mailbox } from "./mailbox";
import { freePort } from "./net";

const ROOT = process.cwd();
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const WORKSHOP = "verksted@bulkeklinikken.test";

let box: Mailbox;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;
let port: number;

before(async () => {
  box = await startMailbox();
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-production-"));
  env = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    SERVER_URL: `http://localhost:${port}`,
    PREVIEW_DATA_DIR: dataDir,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(box.port),
    SMTP_SECURE: "false",
    EMAIL_FROM: "nettside@bulkeklinikken.test",
    WORKSHOP_EMAIL: WORKSHOP,
  };
});

after(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // it has ended already
    }
  }
  await box?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run <script> -- …args` as a host runs it, to its end. */
const npmRun = (script: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    cwd: ROOT,
    env: { ...env, ...extra },
    encoding: "utf8",
    timeout: 120_000,
  });

test("admin:start with nothing built refuses and says how to build", () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "admin-unbuilt-"));
  try {
    const run = spawnSync(process.execPath, [TSX, path.join(ROOT, "scripts", "admin.ts"), "start"], {
      cwd: empty,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /npm run admin:build/);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test("migrate, then start: a queued e-mail goes and /api/health answers, with no request before", async () => {
  assert.ok(fs.existsSync(ADMIN_SERVER_ENTRY), "npm run admin:build has run (npm test runs it first)");
  const migrated = npmRun("admin:migrate");
  assert.equal(migrated.status, 0, `${migrated.stdout}\n${migrated.stderr}`);
  assert.match(migrated.stdout, /migrated/);

  // a booking stored while the server is down: its e-mails wait in the queue, in the database
  const settings = readSettings(env);
  const payload = await getPayload({
    config: await workshopConfig(settings, { env }),
    key: `production-${Date.now()}`,
  });
  await payload.create({
    collection: "contact",
    data: { email: "kari@eksempel.no", phone: "+47 912 34 567", message: "Før start" },
    overrideAccess: true,
  });
  await payload.destroy();
  assert.equal(box.mails.length, 0);

  server = spawn("npm", ["run", "--silent", "admin:start"], { cwd: ROOT, env, detached: true, stdio: "ignore" });
  const mail = await waitFor(
    "the queued booking's e-mail to the workshop",
    () => box.to(WORKSHOP).find((m) => (m.text ?? "").includes("kari@eksempel.no")),
    120_000,
  );
  assert.ok(mail);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  assert.equal(health.status, 200, await health.clone().text());
  assert.equal(((await health.json()) as { status?: string }).status, "ok");
});
