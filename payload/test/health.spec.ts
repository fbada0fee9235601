/**
 * GET /api/health (../health.ts) on a real Payload with the plugin: 200 and
 * the database's kind when the database answers and no migration waits; 503
 * with Retry-After when a migration the app has has not run, or when the
 * database does not answer. The answer names nothing else and is never
 * cached.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { sqliteAdapter } from "@payloadcms/db-sqlite";
import { buildConfig, getPayload, handleEndpoints, type Payload } from "payload";
import { bulkeklinikken } from "../plugin";
import { LEVEL, SITE_ORIGIN, startAdminHost, type AdminHost } from "./harness";

// each fresh host in this process gets its tables (Payload's SQLite push skips a schema it pushed once in the process)
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = "true";

/** A harness host for one test, closed after it. */
async function hostFor(t: TestContext): Promise<AdminHost> {
  const host = await startAdminHost({});
  t.after(() => host.close());
  return host;
}

test("GET /api/health is 200 with the database's kind and nothing else, never cached", async (t) => {
  const host = await hostFor(t);
  const response = await fetch(`${host.origin}/api/health`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: "ok", database: "sqlite" });
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  assert.equal(response.headers.get("Retry-After"), null);
});

test("a database that does not answer is 503 with Retry-After, and the log says why", async (t) => {
  const host = await hostFor(t);
  (host.payload.db as unknown as { client: { close(): void } }).client.close();
  const response = await fetch(`${host.origin}/api/health`);
  assert.equal(response.status, 503);
  assert.deepEqual(await response.json(), { status: "unavailable", database: "sqlite", reason: "database" });
  assert.match(response.headers.get("Retry-After") ?? "", /^[1-9]\d*$/);
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  assert.ok(
    host.logs.some(
      (line) => line.level === LEVEL.error && /Health check: the database does not answer/.test(line.msg ?? ""),
    ),
  );
});

test("a migration the app has and the database has not run is 503 until it has run", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "health-"));
  const migration = { name: "20260101_000000_health", up: async () => {}, down: async () => {} };
  const config = await buildConfig({
    secret: "a-secret-only-these-tests-use-0123456789",
    serverURL: "http://127.0.0.1",
    telemetry: false,
    typescript: { autoGenerate: false },
    db: sqliteAdapter({
      client: { url: `file:${path.join(dir, "payload.db")}` },
      push: true,
      prodMigrations: [migration],
    }),
    collections: [{ slug: "users", auth: true, fields: [] }],
    logger: { options: { level: "silent" } },
    plugins: [bulkeklinikken({ siteOrigin: SITE_ORIGIN, mediaDir: path.join(dir, "media"), env: {} })],
  });
  const key = `health-${Date.now()}`;
  const payload: Payload = await getPayload({ config, key });
  t.after(async () => {
    await payload.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const health = () =>
    handleEndpoints({ config, request: new Request("http://127.0.0.1/api/health"), payloadInstanceCacheKey: key });

  const waiting = await health();
  assert.equal(waiting.status, 503);
  assert.deepEqual(await waiting.json(), {
    status: "unavailable",
    database: "sqlite",
    reason: "migrations",
    pending: 1,
  });
  assert.match(waiting.headers.get("Retry-After") ?? "", /^[1-9]\d*$/);

  // as Payload records a migration it has run
  await payload.create({
    collection: "payload-migrations",
    data: { name: migration.name, batch: 1 },
    overrideAccess: true,
  });
  const ran = await health();
  assert.equal(ran.status, 200);
  assert.deepEqual(await ran.json(), { status: "ok", database: "sqlite" });
});
