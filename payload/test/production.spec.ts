/**
 * The workshop's app as a host runs it in production, with the commands
 * docs/admin-host.md gives, in its order, with its own secret and a data
 * folder that does not exist yet: the
 * release step (`npm run admin:migrate`), the first staff user
 * (`npm run admin:user`), the built server (`npm run admin:start`, built by
 * `npm run admin:build`, which npm test runs before these tests), and a
 * backup while it runs (`npm run admin:backup`).
 * Payload starts with the process: an e-mail queued before the start goes,
 * and /api/health answers, with no other request. It logs one JSON object a
 * line, each request with its path and status, and no line holds a
 * customer's words or address. `admin:start` with nothing built refuses,
 * saying how to build; the built server started by hand beyond this machine
 * with a local SERVER_URL stops, and with a database that does not answer
 * its health check is a 503 from the first request on.
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
import { HEALTH_RETRY_AFTER_S } from "../health";
import { waitFor } from "./harness";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";
import { freePort } from "./net";

const ROOT = process.cwd();
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const WORKSHOP = "verksted@bulkeklinikken.test";
const STAFF = { email: "sjef@bulkeklinikken.test", password: "et-langt-passord-for-sjefen" };

let box: Mailbox;
/** a fresh folder; the data folder inside it is made by the app */
let parent: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;
let port: number;
/** what the started server printed */
let output = "";

before(async () => {
  box = await startMailbox();
  port = await freePort();
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "admin-production-"));
  dataDir = path.join(parent, "data");
  env = {
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    SERVER_URL: `http://localhost:${port}`,
    PREVIEW_DATA_DIR: dataDir,
    // a secret of its own, as a host gives it: without one the app makes a local secret, and the data folder with it
    PAYLOAD_SECRET: "production-test-secret-0123456789abcdef",
    ...mailEnv(box, WORKSHOP),
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
  fs.rmSync(parent, { recursive: true, force: true });
});

/** `npm run <script> -- …args` as a host runs it, to its end. */
const npmRun = (script: string, args: string[] = [], extra: Record<string, string> = {}) =>
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

test("the built server started by hand on every interface, with SERVER_URL this machine's, stops and says why", () => {
  const rest = { ...env };
  delete rest.HOSTNAME;
  delete rest.SERVER_URL;
  const run = spawnSync(process.execPath, [ADMIN_SERVER_ENTRY], {
    cwd: path.dirname(ADMIN_SERVER_ENTRY),
    env: { ...rest, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.notEqual(run.status, 0, run.stdout);
  assert.equal(run.signal, null, "it stopped by itself");
  assert.match(`${run.stdout}${run.stderr}`, /HOSTNAME: the server would listen on every interface/);
  assert.match(`${run.stdout}${run.stderr}`, /set HOSTNAME=127\.0\.0\.1/);
});

test("with a database that does not answer, /api/health is a 503 with its reason from the first request on", async () => {
  const appPort = await freePort();
  const closed = await freePort();
  const app = spawn(process.execPath, [ADMIN_SERVER_ENTRY], {
    cwd: path.dirname(ADMIN_SERVER_ENTRY),
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(appPort),
      SERVER_URL: `http://localhost:${appPort}`,
      DATABASE_URI: `postgres://payload@127.0.0.1:${closed}/payload`,
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  try {
    const answer = await waitFor(
      "the app's first answer",
      () => fetch(`http://127.0.0.1:${appPort}/api/health`).catch(() => undefined),
      60_000,
    );
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get("retry-after"), String(HEALTH_RETRY_AFTER_S));
    assert.deepEqual(await answer.json(), { status: "unavailable", database: "postgres", reason: "database" });
  } finally {
    app.kill("SIGTERM");
  }
});

test("migrate, then start: a queued e-mail goes and /api/health answers, with no request before", async () => {
  assert.ok(fs.existsSync(ADMIN_SERVER_ENTRY), "npm run admin:build has run (npm test runs it first)");
  const migrated = npmRun("admin:migrate");
  assert.equal(migrated.status, 0, `${migrated.stdout}\n${migrated.stderr}`);
  assert.match(migrated.stdout, /migrated/);
  assert.equal(fs.statSync(dataDir).mode & 0o777, 0o700, "the data folder it made is its owner's alone");
  const user = npmRun("admin:user", [STAFF.email], { ADMIN_PASSWORD: STAFF.password });
  assert.equal(user.status, 0, `${user.stdout}\n${user.stderr}`);

  // a booking stored while the server is down: its e-mails wait in the queue, in the database
  const settings = readSettings(env);
  const payload = await getPayload({
    config: await workshopConfig(settings, { env }),
    key: `production-${Date.now()}`,
  });
  await payload.create({
    collection: "contact",
    data: { email: "kari@eksempel.no", phone: "+47 912 34 567", message: "Før start", status: "NEW" },
    overrideAccess: true,
  });
  await payload.destroy();
  assert.equal(box.mails.length, 0);

  server = spawn("npm", ["run", "--silent", "admin:start"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += String(chunk)));
  server.stderr!.on("data", (chunk: Buffer) => (output += String(chunk)));
  const mail = await waitFor(
    "the queued booking's e-mail to the workshop",
    () => box.to(WORKSHOP).find((m) => (m.text ?? "").includes("kari@eksempel.no")),
    120_000,
  );
  assert.ok(mail);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  assert.equal(health.status, 200, await health.clone().text());
  assert.equal(((await health.json()) as { status?: string }).status, "ok");

  // the first staff user, made on the server, logs in
  const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  assert.equal(login.status, 200);

  // and a backup while it runs
  const folder = path.join(parent, "backup");
  const backedUp = npmRun("admin:backup", [folder]);
  try {
    assert.equal(backedUp.status, 0, backedUp.stderr);
    assert.ok(fs.existsSync(path.join(folder, "backup.json")));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("its log: one JSON object a line, each request's path and status, no customer's words or address", async () => {
  const customer = "hemmelig.kunde@eksempel.no";
  const words = "Hemmelig melding 4711";
  // the mail server refuses every recipient, so the failures, which name them, are logged
  box.refuse = true;
  const booked = await fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: customer, phone: "+47 912 34 567", message: words }),
  });
  assert.equal(booked.status, 201);
  const lines = () => output.split("\n").filter((line) => line.startsWith("{"));
  const entries = () => lines().map((line) => JSON.parse(line) as Record<string, unknown>);
  await waitFor(
    "the failed e-mail in the log",
    () => entries().some((e) => /could not be sent/.test(String(e.msg))),
    60_000,
  );
  box.refuse = false;
  const parses = (line: string) => {
    try {
      return typeof JSON.parse(line) === "object";
    } catch {
      return false;
    }
  };
  assert.deepEqual(
    output.split("\n").filter((line) => line.trim() && !parses(line)),
    [],
    "every line is a JSON object, Next's start-up lines and the start's own among them",
  );
  assert.ok(entries().some((e) => /The workshop's admin runs at/.test(String(e.msg))));
  const requests = entries().filter((e) => e.msg === "request");
  assert.ok(requests.some((e) => e.method === "GET" && e.path === "/api/health" && e.status === 200));
  assert.ok(requests.some((e) => e.method === "POST" && e.path === "/api/contact" && e.status === 201));
  assert.doesNotMatch(output, /\u001b\[/, "no colours: nothing pretty-printed");
  for (const secret of [customer, words, "912 34 567"]) assert.ok(!output.includes(secret), secret);
});
