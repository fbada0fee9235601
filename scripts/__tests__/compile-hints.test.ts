/** The build step that has the scripts a page starts at load compiled in the background. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addCompileHints, COMPILE_HINT, withCompileHint } from "../lib/compile-hints";

describe("withCompileHint", () => {
  test("puts V8's compile hint on the script's first line and keeps the script as it was after it", () => {
    expect(withCompileHint("(()=>{})();")).toBe("//# allFunctionsCalledOnLoad\n(()=>{})();");
  });

  test("adds it once, so running the build step twice changes nothing", () => {
    const once = withCompileHint("a();");
    expect(withCompileHint(once)).toBe(once);
  });
});

describe("addCompileHints", () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  const chunks = path.join(outDir, "_next", "static", "chunks");
  fs.mkdirSync(chunks, { recursive: true });
  fs.writeFileSync(path.join(chunks, "first.js"), "first();");
  fs.writeFileSync(path.join(chunks, "later.js"), "later();");
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  test("hints the listed scripts (each once, however often listed) and leaves the others alone", () => {
    addCompileHints(outDir, ["/_next/static/chunks/first.js", "/_next/static/chunks/first.js"]);
    expect(fs.readFileSync(path.join(chunks, "first.js"), "utf8")).toBe(`${COMPILE_HINT}first();`);
    expect(fs.readFileSync(path.join(chunks, "later.js"), "utf8")).toBe("later();");
  });

  test("refuses a script with a source map, which the hint's extra line would put off by one", () => {
    fs.writeFileSync(path.join(chunks, "mapped.js"), "mapped();");
    fs.writeFileSync(path.join(chunks, "mapped.js.map"), "{}");
    expect(() => addCompileHints(outDir, ["/_next/static/chunks/mapped.js"])).toThrow(/kildekart/);
  });

  test("refuses a script the export does not have", () => {
    expect(() => addCompileHints(outDir, ["/_next/static/chunks/missing.js"])).toThrow(/missing\.js finnes ikke/);
  });
});
