/**
 * For `npm run bench -- pages`: each route of each site through Lighthouse
 * (its Node API, mobile: simulated slow 4G and a CPU 4× slower) in Debian's
 * Chromium. The figures are Lighthouse's own: its category scores and the
 * audits' values, judged by its own scoring, printed beside the goals of a
 * small assertion table written as Lighthouse CI's assertions are (so the same
 * table can become a lighthouserc's). Beside them, from the export itself: the
 * gzip size of the scripts the page's HTML names and of the HTML.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { firstLoadScripts, htmlFor } from "../../lib/hosting/export-inspect";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { medians, pair, type Site } from "./bench-sites";

/** Lighthouse CI's assertion names and levels: `categories:<id>` is a score (0–1), any other an audit's value. */
const ASSERTIONS: Record<string, ["minScore" | "maxNumericValue", number]> = {
  "categories:performance": ["minScore", 0.95],
  "categories:accessibility": ["minScore", 0.95],
  "categories:best-practices": ["minScore", 0.95],
  "categories:seo": ["minScore", 0.95],
  "largest-contentful-paint": ["maxNumericValue", 2500],
  "total-blocking-time": ["maxNumericValue", 200],
  "cumulative-layout-shift": ["maxNumericValue", 0.1],
};
const LABELS = ["perf", "a11y", "best pr.", "SEO", "LCP ms", "TBT ms", "CLS"];

/**
 * Run by plain Node, not tsx: under tsx, the functions Lighthouse sends into the page get a helper
 * (`__name`) the page does not have. Prints each assertion's value and the script bytes loaded.
 */
const RUN_LIGHTHOUSE = `
import lighthouse from "lighthouse";
const [url, port, keys] = process.argv.slice(1);
const categories = keys.split(",").filter((k) => k.startsWith("categories:")).map((k) => k.slice(11));
const lhr = (await lighthouse(url, { port: Number(port), logLevel: "error", onlyCategories: categories, formFactor: "mobile" }))?.lhr;
if (!lhr || lhr.runtimeError) { console.log(JSON.stringify({ error: lhr?.runtimeError?.code ?? "no result" })); process.exit(0); }
const value = (k) => (k.startsWith("categories:") ? lhr.categories[k.slice(11)]?.score : lhr.audits[k]?.numericValue) ?? NaN;
const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
const values = Object.fromEntries(keys.split(",").map((k) => [k, value(k)]));
console.log(JSON.stringify({ ...values, scriptBytes: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) }));`;

/** Each assertion's value by its name, and `scriptBytes`. */
type Run = Record<string, number>;

async function lighthouse(url: string, port: number): Promise<Run> {
  const args = ["--input-type=module", "-e", RUN_LIGHTHOUSE, url, String(port), Object.keys(ASSERTIONS).join(",")];
  for (let attempt = 1; ; attempt++) {
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 24 });
    const run = JSON.parse(stdout, (_, value: unknown) => value ?? NaN) as Run | { error: string }; // JSON holds NaN as null
    if (!("error" in run)) return run;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url} in 3 attempts: ${run.error}`);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const show = (key: string, value: number) =>
  value.toFixed(key.startsWith("categories:") ? 2 : key === "cumulative-layout-shift" ? 3 : 0);
const gzip = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join("  ")}`.trimEnd());
}

export async function benchPages(sites: Site[], routes: string[], runs: number): Promise<void> {
  const chromeFlags = ["--headless=new", ...CHROMIUM_ARGS];
  const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags });
  const keys = Object.keys(ASSERTIONS);
  const goals = Object.values(ASSERTIONS).map(([kind, level]) => `${kind === "minScore" ? "≥" : "≤"} ${level}`);
  const rows = [
    ["route", ...LABELS, "JS loaded KB", "first-load JS gz KB", "HTML gz KB"],
    ["goal", ...goals, "", "", ""],
  ];
  try {
    for (const route of routes) {
      const m = await medians(sites, runs, (site) => lighthouse(`${site.origin}${route}`, chrome.port));
      const out = (site: Site) => path.join(site.dir, "out");
      const html = sites.map((site) => htmlFor(route, out(site)));
      rows.push([
        route,
        ...keys.map((k) => pair(m[k]!.map((value) => show(k, value)))),
        pair(m.scriptBytes!.map(kb)),
        pair(sites.map((site, i) => kb(firstLoadScripts(html[i]!, out(site)).reduce((sum, s) => sum + s.gzip, 0)))),
        pair(html.map((text) => kb(gzip(text)))),
      ]);
      console.error(`measured ${route}`);
    }
  } finally {
    chrome.kill();
  }
  console.log(`\nLighthouse mobile (slow 4G and CPU 4× simulated), ${runs === 1 ? "one run" : `median of ${runs}`}\n`);
  table(rows);
}
