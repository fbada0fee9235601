/**
 * No module imports itself through others: a type lives with the module that
 * owns it. ESLint's `import/no-cycle` refuses circles of values; this test
 * refuses type-only circles too, which that rule cannot see.
 */
import path from "node:path";
import { codeFiles, importCircles } from "@/lib/testing/imports";

const root = path.resolve(__dirname, "../..");
const FOLDERS = ["app", "components", "lib", "server", "scripts", "payload", "tools"];

test("no import circle, type-only ones included", () => {
  const files = codeFiles(root, FOLDERS);
  expect(files.length).toBeGreaterThan(100); // the code was found where it is
  expect(importCircles(root, files).map((circle) => circle.join(" → "))).toEqual([]);
});
