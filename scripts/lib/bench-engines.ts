/**
 * `npm run bench -- engines`: the photo work (lib/photos) in Chromium,
 * WebKitGTK and Firefox ESR at 375 px, on the test build's /testbilder: two and
 * four phone-sized photos (4000×3000 JPEGs) chosen at once and made ready one
 * at a time, as the quote form does. Per engine and count: the longest gap
 * between the page's own timer ticks while they were made ready (the longest
 * main-thread block; goal ≤ 50 ms) beside the longest gap on the same page
 * left idle as long (what the loaded machine alone costs: a block no larger
 * than that is not the work's), each block over 50 ms with when it began
 * beside the steps' times (a block the work causes recurs at the same step
 * with the same size), the time from the choice until all were ready, and
 * where the work ran (worker or page). Figures only.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openChromium, waitFor, type EnginePage } from "../../lib/testing/engines/browsers";
import { ensureEngines } from "../../lib/testing/engines/install";
import { createPreviewServer } from "../../server/preview-server";
import { isBuildCurrent } from "../../lib/hosting/build-stamp";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";
import { PHOTO_WORK_ROUTE, TEST_BUILD_ENV } from "../../lib/hosting/test-build";

interface EngineFigures {
  engine: string;
  photos: number;
  longestBlockMs: number;
  /**
   * The longest gap on the same page doing nothing, for as long as the work
   * took: what the machine alone costs (other processes on the cores), to read
   * the block against
   */
  idleBlockMs: number;
  totalMs: number;
  paths: string;
  /** main-thread gaps over 50 ms, in order: when (ms since the choice) and how long */
  blocks: [number, number][];
  /** the steps' times (ms since the choice), to place each block */
  marks: [string, number][];
}

interface Probe {
  results: { path?: string; error?: string }[];
  totalMs: number;
  longestBlockMs: number;
  blocks: [number, number][];
  marks: [string, number][];
}

/** The longest gap between the page's timer ticks, measured as the probe does, over `ms` with no work. */
const IDLE_GAP = `
  const ms = arguments[0];
  return new Promise((resolve) => {
    const started = performance.now();
    let last = started;
    let longest = 0;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (now - started < ms) setTimeout(tick, 1);
      else resolve(Math.round(longest));
    };
    setTimeout(tick, 1);
  });
`;

/** The test build has /testbilder; build it when out/ is anything else. */
function ensureTestBuild() {
  Object.assign(process.env, TEST_BUILD_ENV);
  if (isBuildCurrent()) return;
  const build = spawnSync("npm", ["run", "build:test"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build:test failed");
}

async function measure(open: () => Promise<EnginePage>, url: string, files: string[]): Promise<EngineFigures> {
  const page = await open();
  try {
    await page.goto(url);
    await waitFor(
      "the probe's code",
      async () => !(await page.run<boolean>(`return document.querySelector("input[type=file]").disabled;`)),
    );
    await page.choose({ label: "Choose photos" }, files);
    await waitFor(
      "every photo ready",
      async () => (await page.run<string>(`return document.querySelector("[role=status]").textContent;`)) === "Ready",
      300_000,
    );
    const probe = await page.run<Probe>(`return window.__photoProbe;`);
    const failed = probe.results.filter((r) => r.error);
    if (failed.length) throw new Error(`${page.engine}: ${failed.map((r) => r.error).join(", ")}`);
    return {
      engine: page.engine,
      photos: files.length,
      longestBlockMs: probe.longestBlockMs,
      idleBlockMs: await page.run<number>(IDLE_GAP, Math.min(probe.totalMs, 10_000)),
      totalMs: Math.round(probe.totalMs),
      paths: [...new Set(probe.results.map((r) => r.path))].join("+"),
      blocks: probe.blocks.filter(([, ms]) => ms > 50),
      marks: probe.marks,
    };
  } finally {
    await page.close();
  }
}

export async function benchEngines(): Promise<EngineFigures[]> {
  ensureTestBuild();
  const engines = ensureEngines(["webkit", "firefox"]);
  const chromium = ensureChromium();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-engines-"));
  const photos: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const file = path.join(dir, `telefon-${i}.jpg`);
    await makeBenchPhoto(file, { grain: 18, quality: 90, disc: i % 2 === 0 });
    photos.push(file);
  }
  const server = createPreviewServer({
    log: () => {},
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "bench-engines-data-")),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PHOTO_WORK_ROUTE}`;
  const openers: (() => Promise<EnginePage>)[] = [
    () => openChromium(chromium, CHROMIUM_ARGS),
    engines.webkit,
    engines.firefox,
  ];
  const figures: EngineFigures[] = [];
  try {
    for (const open of openers) {
      for (const count of [2, 4]) figures.push(await measure(open, url, photos.slice(0, count)));
    }
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

export function printEngines(figures: EngineFigures[]) {
  console.log(
    "\nPhoto work (lib/photos) per engine, 375 px, 4000×3000 JPEGs chosen at once (goal: no block over 50 ms)\n",
  );
  for (const f of figures) {
    console.log(
      `  ${f.engine.padEnd(12)} ${f.photos} photos: longest main-thread block ${String(f.longestBlockMs).padStart(4)} ms ` +
        `(idle, as long: ${String(f.idleBlockMs).padStart(4)} ms), all ready after ${String(f.totalMs).padStart(5)} ms, in the ${f.paths}` +
        (f.blocks.length ? `  (blocks over 50 ms: ${f.blocks.map(([at, ms]) => `${ms} at ${at}`).join(", ")})` : ""),
    );
    if (f.blocks.length) console.log(`      steps: ${f.marks.map(([name, at]) => `${name} at ${at}`).join(", ")}`);
  }
}
