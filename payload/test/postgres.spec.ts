/**
 * The tests' PostgreSQL (./postgres.ts): it starts wherever the clone is and
 * gives a database a client can use; one that cannot start is an error within
 * a minute that says why, with PostgreSQL's own log lines, and leaves no copy
 * of its binaries or its data behind.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import { test } from "node:test";
import pg from "pg";
import { startPostgres } from "./postgres";

/** This process's folders of the tests' PostgreSQL under the system's temporary folder. */
const ours = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`payload-test-pg-${process.pid}-`));

test("PostgreSQL starts and gives a database a client can write and read", async () => {
  const postgres = await startPostgres();
  try {
    const client = new pg.Client({ connectionString: await postgres.database("startup_check") });
    await client.connect();
    try {
      await client.query("CREATE TABLE t (v text)");
      await client.query("INSERT INTO t VALUES ('ok')");
      assert.deepEqual((await client.query("SELECT v FROM t")).rows, [{ v: "ok" }]);
    } finally {
      await client.end();
    }
  } finally {
    await postgres.stop();
  }
  assert.deepEqual(ours(), [], "its folders are deleted when it stops");
});

test("a PostgreSQL that cannot start is an error within a minute, with its reason and log lines", async () => {
  const started = Date.now();
  await assert.rejects(startPostgres({ postgresFlags: ["-c", "no_such_setting=1"] }), (error: Error) => {
    assert.match(error.message, /^PostgreSQL/);
    assert.match(error.message, /exited before it was ready/);
    assert.match(error.message, /unrecognized configuration parameter "no_such_setting"/);
    return true;
  });
  assert.ok(Date.now() - started < 60_000, "within a minute");
  assert.deepEqual(ours(), [], "nothing of it is left behind");
});
