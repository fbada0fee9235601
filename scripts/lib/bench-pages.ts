/**
 * For `npm run bench`: each route beside two references, measured in one run on
 * one server, so that ratios cancel most of the machine's noise:
 *   - the same page with every `<script>` (and every script preload) cut out of
 *     its HTML: the floor a prerendered page can reach;
 *   - a bare one-page Next.js export, built here from the installed `next`
 *     (no network): what any Next page pays.
 * Both are served under /__bench/ next to the site (same origin, same CSS,
 * images and fonts). Per page: Lighthouse mobile perf, LCP and its ratio to the
 * script-free copy, TBT and its difference to the bare page, CLS, first-load
 * JS gzip, HTML gzip with and without its inline scripts (Next's payload).
 */
import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import serveHandler from "serve-handler";
import { firstLoadScripts, htmlFor } from "../../lib/hosting/export-inspect";

export const BENCH_PREFIX = "/__bench";
export const BARE_PATH = `${BENCH_PREFIX}/bare`;
const lighthouseScript = path.join(__dirname, "lighthouse-scores.mjs");

export interface LighthouseFigures {
  performance: number;
  /** the JavaScript the page loaded while measured, compressed as sent */
  scriptBytes: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  lcpPhases: Record<string, number>;
}

export interface PageFigures {
  route: string;
  page: LighthouseFigures;
  noScripts: LighthouseFigures;
  jsGzip: number;
  htmlGzip: number;
  htmlGzipWithoutInline: number;
}

export interface PagesReport {
  bare: Awaited<ReturnType<typeof benchBare>>;
  pages: PageFigures[];
}

const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
const withoutInlineScripts = (html: string) => html.replace(/<script(?![^>]*\ssrc=)[^>]*>[\s\S]*?<\/script>/g, "");
const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\bas="script"[^>]*>/g, "");
const fileName = (route: string) => (route === "/" ? "forside" : route.slice(1).replace(/\//g, "__"));

/**
 * The bare Next.js page's files: one heading and one paragraph, under a header with the site's
 * kind of menu (a `Meny` button that opens a native popover of links, no script of its own), so
 * that the menu's first tap can be measured on a page that carries nothing but Next.js itself.
 */
const BARE_FILES: Record<string, string> = {
  "next.config.mjs": `export default { output: "export", basePath: "${BARE_PATH}" };\n`,
  "app/layout.jsx": `export const metadata = { title: "Bare" };
export default function Layout({ children }) {
  return (
    <html lang="nb">
      <body>
        <header>
          <button type="button" popoverTarget="meny">Meny</button>
          <nav id="meny" popover="auto" aria-label="Hovedmeny">
            <a href="${BARE_PATH}/">Forsiden</a>
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}
`,
  "app/page.jsx": `export default function Page() {
  return <main><h1>En bar Next.js-side</h1><p>Referansen: det enhver Next-side betaler.</p></main>;
}
`,
};

/**
 * The bare Next.js page exported with the installed `next`, under BARE_PATH: the
 * reference for what any Next page pays. Kept in bench-results/ (not committed) per Next
 * version and content of its files; inside the project, so `next` and `react` resolve from
 * its node_modules.
 */
export function bareExport(root: string): string {
  const version = (
    JSON.parse(fs.readFileSync(path.join(root, "node_modules/next/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const files = crypto.createHash("sha256").update(JSON.stringify(BARE_FILES)).digest("hex").slice(0, 8);
  const dir = path.join(root, "bench-results", `bare-next-${version}-${files}`);
  const out = path.join(dir, "out");
  if (fs.existsSync(path.join(out, "index.html"))) return out;
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(BARE_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return out;
}

/** The HTTP handler for /__bench/: script-free copies from `copies`, the bare export from `bare`. */
export function benchHandler(copies: string, bare: string) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = request.url ?? "/";
    if (url.startsWith(BARE_PATH)) {
      request.url = url.slice(BARE_PATH.length) || "/";
      return serveHandler(request, response, { public: bare, cleanUrls: true });
    }
    request.url = url.slice(BENCH_PREFIX.length) || "/";
    return serveHandler(request, response, { public: copies, cleanUrls: true });
  };
}

/** Writes the script-free copy of every route of the export `outDir` into `copies` (served at /__bench/nojs/<name>). */
export function writeNoScriptCopies(outDir: string, copies: string, routes: string[]): void {
  fs.mkdirSync(path.join(copies, "nojs"), { recursive: true });
  for (const route of routes) {
    fs.writeFileSync(path.join(copies, "nojs", `${fileName(route)}.html`), withoutScripts(htmlFor(route, outDir)));
  }
}

/** The script-free copies of the working tree's pages, and the bare Next.js export. */
export function prepareReferences(root: string, copies: string, routes: string[]) {
  writeNoScriptCopies(path.join(root, "out"), copies, routes);
  return { bare: bareExport(root) };
}

const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`. A run that could not measure the page is tried again, up to
 * LIGHTHOUSE_ATTEMPTS in all; then the bench stops, naming the page and Lighthouse's error.
 */
async function lighthouse(url: string, chromePort: number): Promise<LighthouseFigures> {
  let error = "";
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    // Asynchronously: the server answering Lighthouse runs in this same process.
    const { stdout } = await promisify(execFile)(process.execPath, [
      lighthouseScript,
      url,
      String(chromePort),
      "performance",
    ]);
    const figures = JSON.parse(stdout) as LighthouseFigures | { error: string };
    if (!("error" in figures)) return figures;
    error = figures.error;
    console.log(`Lighthouse could not measure ${url} (${error}), attempt ${attempt} of ${LIGHTHOUSE_ATTEMPTS}`);
  }
  throw new Error(`Lighthouse could not measure ${url} in ${LIGHTHOUSE_ATTEMPTS} attempts: ${error}`);
}

async function medianOf(runs: number, measure: () => Promise<LighthouseFigures>): Promise<LighthouseFigures> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure());
  all.sort((a, b) => a.lcpMs - b.lcpMs);
  return all[Math.floor(all.length / 2)]!;
}

/** The bare Next.js page's figures (the reference every route is compared with). */
export async function benchBare(origin: string, chromePort: number, runs: number, bareOut: string) {
  const bareHtml = fs.readFileSync(path.join(bareOut, "index.html"), "utf8");
  const jsGzip = firstLoadScripts(bareHtml.replaceAll(`${BARE_PATH}/`, "/"), bareOut).reduce((s, x) => s + x.gzip, 0);
  const figures = await medianOf(runs, () => lighthouse(`${origin}${BARE_PATH}/`, chromePort));
  console.error(`measured ${BARE_PATH}/`);
  return { ...figures, jsGzip, htmlGzip: gzip(bareHtml) };
}

/** Each route of the site served at `origin` (its export in `outDir`) beside its script-free copy. */
export async function benchPages(
  origin: string,
  chromePort: number,
  routes: string[],
  { runs = 1, outDir }: { runs?: number; outDir: string },
): Promise<PageFigures[]> {
  const pages: PageFigures[] = [];
  for (const route of routes) {
    const html = htmlFor(route, outDir);
    const page = await medianOf(runs, () => lighthouse(`${origin}${route}`, chromePort));
    const noScripts = await medianOf(runs, () =>
      lighthouse(`${origin}${BENCH_PREFIX}/nojs/${fileName(route)}`, chromePort),
    );
    pages.push({
      route,
      page,
      noScripts,
      jsGzip: firstLoadScripts(html, outDir).reduce((s, x) => s + x.gzip, 0),
      htmlGzip: gzip(html),
      htmlGzipWithoutInline: gzip(withoutInlineScripts(html)),
    });
    console.error(`measured ${origin}${route}`);
  }
  return pages;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** One figure for the baseline and the working tree: `base → now`, or `now` alone. */
const pair = (now: string, base?: string) => (base === undefined ? now : `${base} → ${now}`);

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  rows.forEach((r) => console.log(line(r)));
}

/** Prints each route's figures, the baseline's beside the working tree's when there is one. */
export function printPages(
  report: PagesReport,
  runs: number,
  baseline?: { label: string; pages: PageFigures[] },
): void {
  const { bare, pages } = report;
  const before = (route: string) => baseline?.pages.find((p) => p.route === route);
  const figures = (p: PageFigures) => ({
    perf: (p.page.performance / 100).toFixed(2),
    lcp: s(p.page.lcpMs),
    ratio: (p.page.lcpMs / p.noScripts.lcpMs).toFixed(2),
    tbt: `${p.page.tbtMs} ms`,
    cls: p.page.cls.toFixed(3),
    js: kb(p.page.scriptBytes),
  });
  const header = [
    "route",
    "perf",
    "LCP",
    "LCP ÷ no scripts",
    "TBT",
    "CLS",
    "JS loaded",
    "LCP no scripts",
    "LCP element",
  ];
  const rows = pages.map((p) => {
    const now = figures(p);
    const b = before(p.route);
    const base = b && figures(b);
    return [
      p.route,
      pair(now.perf, base?.perf),
      pair(now.lcp, base?.lcp),
      pair(now.ratio, base?.ratio),
      pair(now.tbt, base?.tbt),
      pair(now.cls, base?.cls),
      pair(now.js, base?.js),
      pair(s(p.noScripts.lcpMs), b && s(b.noScripts.lcpMs)),
      p.page.lcpElement.replace(/\s+/g, " ").slice(0, 40),
    ];
  });
  console.log(
    `\nLighthouse mobile (simulated slow 4G, CPU 4×), ${runs === 1 ? "one run" : `median of ${runs}`} per page` +
      (baseline ? `; each figure ${baseline.label} → working tree` : ""),
  );
  console.log(
    `bare Next.js page: perf ${(bare.performance / 100).toFixed(2)}, LCP ${s(bare.lcpMs)}, TBT ${bare.tbtMs} ms, JS ${kb(bare.jsGzip)}, HTML ${kb(bare.htmlGzip)}\n`,
  );
  table(header, rows);
  console.log(
    "\nFirst-load JS gzip (the page's script tags) and HTML gzip (with / without inline scripts), working tree:",
  );
  for (const p of pages)
    console.log(`  ${p.route}: JS ${kb(p.jsGzip)}, HTML ${kb(p.htmlGzip)} / ${kb(p.htmlGzipWithoutInline)}`);
  console.log("\nLCP phases (ms) before the largest paint, page / its script-free copy, working tree:");
  for (const p of pages) {
    const phases = Object.entries(p.page.lcpPhases)
      .map(([k, v]) => `${k} ${v}/${p.noScripts.lcpPhases[k] ?? "–"}`)
      .join(", ");
    console.log(`  ${p.route}: ${phases || "–"}`);
  }
}
