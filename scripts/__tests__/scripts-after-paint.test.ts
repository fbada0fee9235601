/** The build step that starts Next's scripts after a page's first paint. */
import { scriptsAfterFirstPaint, startScriptsAfterFirstPaint } from "../lib/scripts-after-paint";

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const tag = (src: string) => `<script src="${src}" async=""></script>`;
const polyfill = '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>';

describe("startScriptsAfterFirstPaint", () => {
  const html = page(
    tag("/_next/static/chunks/a.js") + tag("/_next/static/chunks/turbopack-b.js") + polyfill,
    '<main><h1>Hei</h1></main><script>self.__next_f.push([1,"x"])</script>' + tag("/_next/static/chunks/c.js"),
  );
  const moved = startScriptsAfterFirstPaint(html);

  test("takes Next's script tags out and lists them, in order, for the loader at the end of the body", () => {
    expect(moved).not.toContain('async=""');
    expect(scriptsAfterFirstPaint(moved)).toEqual([
      "/_next/static/chunks/a.js",
      "/_next/static/chunks/turbopack-b.js",
      "/_next/static/chunks/c.js",
    ]);
    expect(moved).toMatch(/<script data-after-paint="[^"]*">[^<]*requestAnimationFrame[^<]*<\/script><\/body>/);
  });

  test("leaves the page's own inline scripts and the legacy-browser polyfill where they were", () => {
    expect(moved).toContain(polyfill);
    expect(moved).toContain('<main><h1>Hei</h1></main><script>self.__next_f.push([1,"x"])</script>');
  });

  test("writes the same loader into every page, so one CSP hash covers it", () => {
    const other = startScriptsAfterFirstPaint(page(tag("/_next/static/chunks/z.js"), "<p>Annen side</p>"));
    const loader = (text: string) => /<script data-after-paint="[^"]*">([^<]*)<\/script>/.exec(text)![1];
    expect(loader(other)).toBe(loader(moved));
  });

  test("returns a page without Next's scripts as it was", () => {
    const plain = page("<title>Uten skript</title>", "<p>Hei</p>");
    expect(startScriptsAfterFirstPaint(plain)).toBe(plain);
    expect(scriptsAfterFirstPaint(plain)).toEqual([]);
  });

  test("refuses a Next script in a form it does not know, so a page never silently starts them before its paint", () => {
    const unknown = page('<script src="/_next/static/chunks/a.js" defer=""></script>', "<p>Hei</p>");
    expect(() => startScriptsAfterFirstPaint(unknown)).toThrow(/kjenner/);
  });
});
