/**
 * `npm run bench`: prints figures, judges nothing (budgets that fail live in
 * the tests). Builds if needed, serves out/ on a spare port, then for every
 * route prints the first-load JavaScript (gzip) and the Lighthouse mobile
 * scores in Debian's Chromium. Lighthouse is slow (about 10 s a page): pass
 * route paths to measure only those, e.g. `npm run bench -- / /lakkrens`.
 * Then the quote form's image compression: a 4000×3000 JPEG in Chromium, its
 * time, output size and the longest main-thread task (scripts/lib/bench-compression.ts).
 * `npm run bench -- compression` measures only that.
 * Then the preview server under a crowd (scripts/lib/bench-server.ts);
 * `npm run bench -- server` measures only that.
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { isBuildCurrent } from "./lib/build-stamp";
import { CHROMIUM_ARGS, ensureChromium } from "./lib/chromium";
import { benchCompression } from "./lib/bench-compression";
import { benchServer } from "./lib/bench-server";
import { firstLoadJsGzip } from "./lib/export-inspect";
import { createPreviewServer } from "../server/preview-server";
import { routes } from "../e2e/routes";

const lighthouseScript = path.join(__dirname, "lib", "lighthouse-scores.mjs");

async function main() {
  if (!isBuildCurrent()) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const args = process.argv.slice(2);
  if (args.length === 1 && args[0] === "server") return benchServer();
  const wanted = args.filter((a) => a.startsWith("/"));
  const onlyCompression = args.includes("compression") && wanted.length === 0;
  const selected = onlyCompression ? [] : wanted.length ? routes.filter((r) => wanted.includes(r.path)) : routes;

  const server = createPreviewServer({ log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });

  const rows: string[][] = [];
  let compression: Awaited<ReturnType<typeof benchCompression>> | undefined;
  let mainThread: Awaited<ReturnType<typeof benchCompression>> | undefined;
  try {
    for (const route of selected) {
      const js = (firstLoadJsGzip(route.path) / 1024).toFixed(1);
      // Asynchronously: the preview server answering Lighthouse runs in this same process.
      const { stdout } = await promisify(execFile)(process.execPath, [
        lighthouseScript,
        `${origin}${route.path}`,
        String(chrome.port),
      ]);
      const s = JSON.parse(stdout) as Record<string, number>;
      rows.push([
        route.path,
        `${js} KB`,
        ...[s.performance, s.accessibility, s.bestPractices, s.seo].map(String),
        `${s.lcpMs} ms`,
        `${s.tbtMs} ms`,
        String(s.cls),
      ]);
      console.error(`målt ${route.path}`);
    }
    if (!wanted.length || args.includes("compression")) {
      compression = await benchCompression(origin);
      mainThread = await benchCompression(origin, { useWebWorker: false });
    }
  } finally {
    chrome.kill();
    server.close();
  }

  if (rows.length) printLighthouse(rows);
  if (!wanted.length && !onlyCompression) await benchServer();
  if (compression) {
    const c = compression;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    console.log("\nBildekomprimering i Chromium (browser-image-compression i web worker, maks 1 MB og 1920 px)\n");
    console.log(`  inn:                     4000×3000 JPEG, ${mb(c.inputBytes)}`);
    console.log(`  ut:                      ${c.outputSize}, ${mb(c.outputBytes)}`);
    console.log(`  tid:                     ${c.ms} ms`);
    console.log(
      `  lengste hovedtråd-task:  ${c.longestTaskMs} ms (${c.longTasks} over 50 ms) – ${c.longestTaskMs < 200 ? "under" : "OVER"} grensen på 200 ms`,
    );
    if (mainThread) {
      console.log(
        `  til sammenligning uten worker: ${mainThread.ms} ms, lengste hovedtråd-task ${mainThread.longestTaskMs} ms`,
      );
    }
  }
}

function printLighthouse(rows: string[][]) {
  const header = ["route", "first-load JS (gzip)", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log("\nLighthouse: mobile (simulated slow 4G, 4× CPU slowdown), this machine\n");
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  rows.forEach((r) => console.log(line(r)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
