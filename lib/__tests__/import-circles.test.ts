/**
 * No module imports itself through others: a type lives with the module that
 * owns it. Every import counts: of values, of types only, `import()`, and
 * an import for its effect alone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { codeFiles, importCircles } from "@/testing/imports";

const root = path.resolve(__dirname, "../..");
const FOLDERS = ["app", "components", "lib", "server", "scripts", "payload", "tools"];

test("no import circle, type-only ones included", () => {
  const files = codeFiles(root, FOLDERS);
  expect(files.length).toBeGreaterThan(100); // the code was found where it is
  expect(importCircles(root, files).map((circle) => circle.join(" → "))).toEqual([]);
});

test("a circle through a type-only import is found", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circles-"));
  fs.mkdirSync(path.join(dir, "lib"));
  fs.writeFileSync(path.join(dir, "lib/a.ts"), 'import { b } from "./b";\nexport const a = b;\n');
  fs.writeFileSync(path.join(dir, "lib/b.ts"), 'import type { A } from "@/lib/c";\nexport const b: A = 1;\n');
  fs.writeFileSync(path.join(dir, "lib/c.ts"), 'export type { A } from "./a";\n');
  fs.appendFileSync(path.join(dir, "lib/a.ts"), "export type A = number;\n");
  expect(importCircles(dir, codeFiles(dir, ["lib"]))).toEqual([["lib/a.ts", "lib/b.ts", "lib/c.ts", "lib/a.ts"]]);
  fs.rmSync(dir, { recursive: true });
});

test("a circle through an import for its effect alone is found", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circles-"));
  fs.mkdirSync(path.join(dir, "lib"));
  fs.writeFileSync(path.join(dir, "lib/a.ts"), 'import "./b";\nexport const a = 1;\n');
  fs.writeFileSync(path.join(dir, "lib/b.ts"), 'import { a } from "@/lib/a";\nexport const b = a;\n');
  expect(importCircles(dir, codeFiles(dir, ["lib"]))).toEqual([["lib/a.ts", "lib/b.ts", "lib/a.ts"]]);
  fs.rmSync(dir, { recursive: true });
});
