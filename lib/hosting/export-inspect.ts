/**
 * Reading the static export in out/: which file a URL maps to, what a page
 * links to, and how much JavaScript a page loads first (gzip), for the e2e
 * checks and `npm run bench`.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { OUT_DIR } from "./build-stamp";

/** Whether a file of out/ is served: all but out/_headers, the host's rules, which a host reads and never serves. */
export const isPublished = (file: string, outDir = OUT_DIR): boolean =>
  path.resolve(file) !== path.join(outDir, "_headers");

/** The files of the export a clean, decoded path may be served from, in the order a static host tries them. */
export const cleanUrlFiles = (clean: string): string[] =>
  clean === "/" ? ["index.html"] : [clean, `${clean}.html`, path.join(clean, "index.html")];

/** The file in out/ a same-origin URL path is served from (clean URLs), or undefined. */
export function fileForPath(urlPath: string, outDir = OUT_DIR): string | undefined {
  let clean: string;
  try {
    clean = decodeURIComponent(urlPath.split(/[?#]/)[0]!);
  } catch {
    return undefined; // a broken %-escape names no file
  }
  return cleanUrlFiles(clean)
    .map((c) => path.join(outDir, c))
    .find((f) => isPublished(f, outDir) && fs.existsSync(f) && fs.statSync(f).isFile());
}

/** The out/ HTML file for a route. */
export function htmlFor(route: string, outDir = OUT_DIR): string {
  const file = fileForPath(route, outDir);
  if (!file) throw new Error(`No HTML in out/ for ${route}`);
  return fs.readFileSync(file, "utf8");
}

export function listHtmlFiles(outDir = OUT_DIR): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) found.push(full);
    }
  };
  walk(outDir);
  return found.sort();
}

/** Every URL an HTML page refers to: href, src, poster and each srcset candidate. */
export function referencedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src|poster)="([^"]+)"/g)) urls.push(match[1]!);
  for (const match of html.matchAll(/\s(?:srcset|srcSet)="([^"]+)"/g)) {
    for (const candidate of match[1]!.split(",")) urls.push(candidate.trim().split(/\s+/)[0]!);
  }
  return urls.map((u) => u.replace(/&amp;/g, "&"));
}

/** The scripts a page loads on first visit (its script tags), with their gzip size in bytes. */
export function firstLoadScripts(html: string, outDir = OUT_DIR): { src: string; gzip: number }[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) sources.add(match[1]!);
  return [...sources].map((src) => {
    const file = fileForPath(src, outDir);
    if (!file) throw new Error(`The script ${src} is not in out/`);
    return { src, gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
  });
}

export function firstLoadJsGzip(route: string, outDir = OUT_DIR): number {
  return firstLoadScripts(htmlFor(route, outDir), outDir).reduce((sum, s) => sum + s.gzip, 0);
}

/** Every script of out/_next/static, by the URL path a page names it with (`/_next/static/chunks/….js`). */
export function listScripts(outDir = OUT_DIR): string[] {
  const root = path.join(outDir, "_next", "static");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => `/_next/static/${file.split(path.sep).join("/")}`)
    .sort();
}

/** A first-load script that carries some of the marks, and which. */
export interface MarkedScript {
  route: string;
  src: string;
  marks: string[];
}

/**
 * Whether some code is kept out of the first load of `routes`, told by its
 * `marks`: strings only that code has (minified code keeps them). Each mark is
 * first found where the code goes, in a script of out/ none of the routes
 * loads first; a mark found there in none throws, so a release that renames it
 * fails the check instead of passing it unseen. Answers every first-load
 * script that carries a mark: none when the code stays out.
 */
export function marksInFirstLoad(
  routes: readonly string[],
  marks: readonly string[],
  outDir = OUT_DIR,
): MarkedScript[] {
  const firstLoad = routes.map((route) => ({ route, scripts: firstLoadScripts(htmlFor(route, outDir), outDir) }));
  const loadedFirst = new Set(firstLoad.flatMap(({ scripts }) => scripts.map((script) => script.src)));
  const read = (src: string) => fs.readFileSync(fileForPath(src, outDir)!, "utf8");
  const later = listScripts(outDir)
    .filter((src) => !loadedFirst.has(src))
    .map(read);
  for (const mark of marks) {
    if (!later.some((code) => code.includes(mark)))
      throw new Error(
        `"${mark}" is in no script of out/ outside the first load of ${routes.join(", ")}: a mark not found where its code goes proves nothing absent`,
      );
  }
  return firstLoad.flatMap(({ route, scripts }) =>
    scripts.flatMap(({ src }) => {
      const code = read(src);
      const found = marks.filter((mark) => code.includes(mark));
      return found.length ? [{ route, src, marks: found }] : [];
    }),
  );
}
