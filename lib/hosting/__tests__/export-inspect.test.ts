/**
 * A check that code stays out of a page's first load first finds its marks
 * where that code goes: a mark found nowhere (a release renamed it) fails the
 * check instead of passing it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listScripts, marksInFirstLoad } from "../export-inspect";

/** An export with one page, `/`, that loads `first.js`; `later.js` is fetched on demand. */
function exportWith(first: string, later: string): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "eksport-"));
  const chunks = path.join(out, "_next", "static", "chunks");
  fs.mkdirSync(chunks, { recursive: true });
  fs.writeFileSync(path.join(chunks, "first.js"), first);
  fs.writeFileSync(path.join(chunks, "later.js"), later);
  fs.writeFileSync(
    path.join(out, "index.html"),
    '<!doctype html><script src="/_next/static/chunks/first.js" async></script>',
  );
  return out;
}

test("every script of the export is listed by the path a page names it with", () => {
  const out = exportWith("a()", "b()");
  expect(listScripts(out)).toEqual(["/_next/static/chunks/first.js", "/_next/static/chunks/later.js"]);
});

test("code found where it goes and not in the first load: nothing to tell", () => {
  const out = exportWith("render()", 'throw new ZodError("x")');
  expect(marksInFirstLoad(["/"], ["ZodError"], out)).toEqual([]);
});

test("code in the first load is told by route, script and mark", () => {
  const out = exportWith('register({ shouldUnregister: true }); new ZodError("x")', "shouldUnregister; ZodError");
  expect(marksInFirstLoad(["/"], ["shouldUnregister", "ZodError"], out)).toEqual([
    { route: "/", src: "/_next/static/chunks/first.js", marks: ["shouldUnregister", "ZodError"] },
  ]);
});

test("a mark found nowhere outside the first load throws: a renamed one cannot pass unseen", () => {
  expect(() => marksInFirstLoad(["/"], ["ZodError"], exportWith("render()", "new SchemaError()"))).toThrow(/ZodError/);
  expect(() => marksInFirstLoad(["/"], ["ZodError"], exportWith("new ZodError()", "render()"))).toThrow(/ZodError/);
});
