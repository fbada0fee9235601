/**
 * Checks on the exported files themselves: what a static host will serve. The
 * images as the browser reads them on each page are checked in ./routes.spec.ts.
 */
import { expect, test } from "./fixtures";
import fs from "node:fs";
import path from "node:path";
import { getSite } from "../lib/content";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { fileForPath, firstLoadJsGzip, htmlFor, listHtmlFiles, referencedUrls } from "../lib/hosting/export-inspect";
import { routes } from "../lib/hosting/route-table";

const site = getSite();
const JS_BUDGET = 200 * 1024;

test("every internal link and image in out/ resolves to a file", () => {
  const broken: string[] = [];
  for (const file of listHtmlFiles()) {
    for (const url of referencedUrls(fs.readFileSync(file, "utf8"))) {
      let urlPath: string | undefined;
      if (url.startsWith("/") && !url.startsWith("//")) urlPath = url;
      else if (url.startsWith(site.siteUrl)) urlPath = url.slice(site.siteUrl.length) || "/";
      if (!urlPath || urlPath.startsWith("/#")) continue;
      if (!fileForPath(urlPath)) broken.push(`${path.relative(OUT_DIR, file)} → ${url}`);
    }
  }
  expect(broken).toEqual([]);
});

test("content pages ship at most 200 KB of JavaScript (gzip) on first load", () => {
  const over = routes
    .filter((r) => r.contentPage)
    .map((r) => ({ path: r.path, kb: Math.round(firstLoadJsGzip(r.path) / 1024) }))
    .filter((r) => r.kb * 1024 > JS_BUDGET);
  expect(over).toEqual([]);
});

/** Next's own copy of each exported file: pages as it prerendered them, chunks as it bundled them. */
function nextsCopy(outFile: string): string {
  const relative = path.relative(OUT_DIR, outFile);
  if (relative.startsWith(`_next${path.sep}static${path.sep}`))
    return path.join(".next", relative.slice("_next".length + 1));
  return path.join(".next", "server", "app", relative === "404.html" ? "_not-found.html" : relative);
}

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test("every page and chunk in out/ is exactly what next build wrote", () => {
  const chunks = walk(path.join(OUT_DIR, "_next", "static"));
  const pages = listHtmlFiles();
  expect(chunks.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(0);
  const edited = [...pages, ...chunks].filter((file) => {
    const next = nextsCopy(file);
    return !fs.existsSync(next) || !fs.readFileSync(file).equals(fs.readFileSync(next));
  });
  expect(edited.map((f) => path.relative(OUT_DIR, f))).toEqual([]);
});

test("out/ holds only what a host should publish: no build bookkeeping, no hidden file", () => {
  const hidden = walk(OUT_DIR).filter((file) => path.basename(file).startsWith("."));
  expect(hidden.map((f) => path.relative(OUT_DIR, f))).toEqual([]);
});

test("the hero image and an article's lead image load first and are never lazy", () => {
  const hero = htmlFor("/");
  expect(hero).toMatch(/<img[^>]*hero-poster[^>]*>/);
  const heroImg = /<img[^>]*hero-poster[^>]*>/.exec(hero)![0];
  expect(heroImg).toContain('fetchPriority="high"');
  expect(heroImg).toContain('loading="eager"');

  const article = htmlFor("/lakkeringsfri-bulkoppretting");
  const lead = /<img[^>]*article-bulkoppretting[^>]*>/.exec(article)![0];
  expect(lead).toContain('fetchPriority="high"');
  expect(lead).not.toContain('loading="lazy"');
});

// Autoplay is switched on by script after the page has loaded, and not under reduced
// motion (e2e/hero-video.spec.ts); the HTML must not start it, nor download it early.
test("the hero video is muted, looping and inline, in both formats, waits in the HTML and fetches no poster", () => {
  const html = htmlFor("/");
  const video = /<video[^>]*>[\s\S]*?<\/video>/.exec(html)![0];
  for (const attr of ["muted", "loop", "playsInline", 'preload="none"']) {
    expect(video.toLowerCase()).toContain(attr.toLowerCase());
  }
  expect(video.toLowerCase()).not.toContain("autoplay");
  // invisible until it plays, the video shows the hero image under it: a poster would be a second download
  expect(video).not.toContain("poster=");
  expect(video).toContain('type="video/webm"');
  expect(video).toContain('type="video/mp4"');
  for (const file of ["hero.mp4", "hero.webm"]) {
    expect(fs.statSync(path.join(OUT_DIR, "video", file)).size).toBeLessThan(1024 * 1024);
  }
});
