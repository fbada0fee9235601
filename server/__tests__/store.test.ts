/** The store's write-once record: one name, many writers at once, exactly one record. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeRecordOnce } from "../api/store";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-once-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("of 10 writers racing for one name exactly one stores, and the file holds what that one wrote", async () => {
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, n) => writeRecordOnce("inquiry", "key-x", { n }, dataDir)),
  );
  expect(results.filter(Boolean)).toHaveLength(1);
  const stored = JSON.parse(fs.readFileSync(path.join(dataDir, "inquiry", "key-x.json"), "utf8")) as { n: number };
  expect(stored.n).toBe(results.indexOf(true));
  expect(fs.readdirSync(path.join(dataDir, "inquiry"))).toEqual(["key-x.json"]); // no temporary file left
});

test("a later writer stores nothing and leaves the first record as it was", async () => {
  expect(await writeRecordOnce("inquiry", "key-y", { n: 1 }, dataDir)).toBe(true);
  const file = path.join(dataDir, "inquiry", "key-y.json");
  const first = fs.readFileSync(file, "utf8");
  expect(await writeRecordOnce("inquiry", "key-y", { n: 2 }, dataDir)).toBe(false);
  expect(fs.readFileSync(file, "utf8")).toBe(first);
});
