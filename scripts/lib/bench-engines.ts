/**
 * For `npm run bench -- engines`: the photo work (lib/photos/photo-work) in Chromium,
 * WebKitGTK and Firefox ESR at 375 px, on the test build's /testbilder, which
 * makes chosen photos ready one at a time as the quote form does and reports
 * on `window.__photoProbe` the longest gap between its own timer ticks (the
 * longest main-thread block) and each photo's path, worker or page (seen by
 * watching the workers it starts). Two and four phone photos are chosen at
 * once; per engine: that block beside the longest gap on the same page left
 * idle as long (what the loaded machine alone costs), the blocks over 50 ms,
 * the time until all were ready, and the path. An engine that is not installed
 * is named, not installed.
 */
import fs from "node:fs";
import { openChromium, waitFor, type EnginePage } from "../../testing/engines/browsers";
import { ENGINES } from "../../testing/engines/install";
import { PHOTO_WORK_ROUTE } from "../../lib/hosting/test-build";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { benchPhotos } from "./bench-photo";
import { medians, pair, type Site } from "./bench-sites";

interface Probe {
  results: { path?: string; error?: string }[];
  totalMs: number;
  longestBlockMs: number;
  blocks: [number, number][];
}

/** The longest gap between the page's timer ticks, measured as the probe does, over `ms` with no work. */
const IDLE_GAP = `
  const ms = arguments[0];
  return new Promise((resolve) => {
    const started = performance.now();
    let last = started, longest = 0;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (now - started < ms) setTimeout(tick, 1);
      else resolve(Math.round(longest));
    };
    setTimeout(tick, 1);
  });`;

async function measure(open: () => Promise<EnginePage>, url: string, files: string[]) {
  const page = await open();
  try {
    await page.goto(url);
    const enabled = `return !document.querySelector("input[type=file]").disabled;`;
    await waitFor("the probe's code", () => page.run<boolean>(enabled));
    await page.choose({ label: "Choose photos" }, files);
    const status = `return document.querySelector("[role=status]").textContent;`;
    await waitFor("every photo ready", async () => (await page.run<string>(status)) === "Ready", 300_000);
    const probe = await page.run<Probe>(`return window.__photoProbe;`);
    const failed = probe.results.filter((r) => r.error);
    if (failed.length) throw new Error(`${page.engine}: ${failed.map((r) => r.error).join(", ")}`);
    return {
      blockMs: probe.longestBlockMs,
      idleMs: await page.run<number>(IDLE_GAP, Math.min(probe.totalMs, 10_000)),
      totalMs: Math.round(probe.totalMs),
      path: [...new Set(probe.results.map((r) => r.path))].join("+"),
      blocks: probe.blocks.filter(([, ms]) => ms > 50).map(([at, ms]) => `${ms} at ${at}`),
    };
  } finally {
    await page.close();
  }
}

export async function benchEngines(sites: Site[], runs: number): Promise<void> {
  const photos = await benchPhotos(4, "phone");
  console.log(
    `\nPhoto work per engine, 375 px, 4000×3000 JPEGs chosen at once, median of ${runs} (goal: no block over 50 ms)\n`,
  );
  const engines = new Map([["Chromium", () => openChromium(ensureChromium(), CHROMIUM_ARGS)]]);
  for (const { label, files, packages, open } of [ENGINES.webkit, ENGINES.firefox]) {
    if (files.every((f) => fs.existsSync(f))) engines.set(label.split(" (")[0]!, open);
    else console.log(`  ${label}: not installed (apt-get install ${packages.join(" ")})`);
  }
  const url = (site: Site) => `${site.origin}${PHOTO_WORK_ROUTE}`;
  for (const [name, open] of engines) {
    for (const count of [2, 4]) {
      const m = await medians(sites, runs, (site) => measure(open, url(site), photos.slice(0, count)));
      console.log(
        `  ${name.padEnd(10)} ${count} photos: longest block ${pair(m.blockMs)} ms (idle page: ${pair(m.idleMs)} ms), ` +
          `all ready after ${pair(m.totalMs)} ms, in the ${pair(m.path.map((paths) => paths[0]!))}`,
      );
      const blocks = m.blocks.map((each) => each.flat().join(", ") || "none");
      if (blocks.some((b) => b !== "none")) console.log(`      blocks over 50 ms (ms at ms): ${pair(blocks)}`);
    }
  }
}
