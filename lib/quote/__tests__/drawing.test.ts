/**
 * docs/quote.md draws the quote's modules as they import each other, and the
 * way a photo goes through them: the drawing is checked against the code, so
 * it cannot drift from it.
 */
import fs from "node:fs";
import path from "node:path";
import { importsOf } from "@/testing/imports";
import { photoWay, QUOTE_DOC, quoteModules, readDrawing } from "@/testing/quote-modules";

const root = path.resolve(__dirname, "../../..");
const drawn = readDrawing(fs.readFileSync(path.join(root, QUOTE_DOC), "utf8"));
const imports = (file: string) => importsOf(root, file);
const linked = (a: string, b: string) => imports(a).has(b) || imports(b).has(a);

test("the drawing holds every module of the quote once, and nothing else", () => {
  expect(drawn.map((m) => m.file).sort()).toEqual(quoteModules(root));
});

test("each module is drawn under one that imports it", () => {
  const wrong = drawn.filter((m) => m.parent && !imports(m.parent).has(m.file));
  expect(wrong.map((m) => `${m.parent} does not import ${m.file}`)).toEqual([]);
  expect(drawn.filter((m) => !m.parent).map((m) => m.file)).toEqual(["components/quote/PageQuoteForm.tsx"]);
});

test("a photo crosses at most 8 modules, from the picker to the upload, each reached by an import", () => {
  const way = photoWay(drawn);
  expect(Array.from(way, Boolean)).not.toContain(false); // no number skipped
  expect(way.length).toBeLessThanOrEqual(8);
  const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
  expect(way[0]!.map(read).join()).toMatch(/<FileInput[^>]*\bmultiple\b/);
  expect(way.at(-1)!.map(read).join()).toMatch(/export async function uploadMedia\b/);
  for (const [i, step] of way.entries()) {
    for (const file of i === 0 ? [] : step) {
      const earlier = way.slice(0, i).flat();
      expect([file, earlier.some((before) => linked(file, before))]).toEqual([file, true]);
    }
  }
});
