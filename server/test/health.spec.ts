/**
 * `npm start` hands GET /api/health to the workshop's Payload: 200 once its
 * database is migrated, with the database's kind and nothing else, never
 * cached; another method is 405.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startServer, type Harness } from "./harness";

let h: Harness;
before(async () => {
  h = await startServer();
});
after(() => h?.close());

test("GET /api/health reaches Payload: 200 on the migrated database, never cached", async () => {
  const response = await fetch(`http://127.0.0.1:${h.port}/api/health`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: "ok", database: "sqlite" });
  assert.match(response.headers.get("Cache-Control") ?? "", /no-store/);
  const post = await fetch(`http://127.0.0.1:${h.port}/api/health`, { method: "POST" });
  assert.equal(post.status, 405);
});
