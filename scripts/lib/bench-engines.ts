/**
 * For `npm run bench -- engines`: the photo work (lib/quote/photo-work) in Chromium,
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
import { openChromium, waitFor, type EnginePage } from "../../lib/testing/engines/browsers";
import { ENGINES, type Engine } from "../../lib/testing/engines/install";
import { PHOTO_WORK_ROUTE } from "../../lib/hosting/test-build";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { benchPhotos } from "./bench-photo";
import { median, pair, type Site } from "./bench-sites";

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

type Figures = Awaited<ReturnType<typeof measure>>;

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
  const installed = (["webkit", "firefox"] as Engine[]).filter((e) => ENGINES[e].files.every((f) => fs.existsSync(f)));
  const engines: [string, () => Promise<EnginePage>][] = [
    ["Chromium", () => openChromium(ensureChromium(), CHROMIUM_ARGS)],
    ...installed.map((e): [string, () => Promise<EnginePage>] => [ENGINES[e].label.split(" (")[0]!, ENGINES[e].open]),
  ];
  console.log(
    `\nPhoto work per engine, 375 px, 4000×3000 JPEGs chosen at once, median of ${runs} (goal: no block over 50 ms)\n`,
  );
  for (const e of (["webkit", "firefox"] as Engine[]).filter((e) => !installed.includes(e)))
    console.log(`  ${ENGINES[e].label}: not installed (apt-get install ${ENGINES[e].packages.join(" ")})`);
  for (const [name, open] of engines) {
    for (const count of [2, 4]) {
      const each: (Record<"block" | "idle" | "total" | "path", string> & { blocks: string[] })[] = [];
      for (const site of sites) {
        const all: Figures[] = [];
        for (let i = 0; i < runs; i++)
          all.push(await measure(open, `${site.origin}${PHOTO_WORK_ROUTE}`, photos.slice(0, count)));
        const m = (key: "blockMs" | "idleMs" | "totalMs") => String(median(all.map((r) => r[key])));
        each.push({
          block: m("blockMs"),
          idle: m("idleMs"),
          total: m("totalMs"),
          path: all[0]!.path,
          blocks: all.flatMap((r) => r.blocks),
        });
      }
      const f = (key: "block" | "idle" | "total" | "path") => pair(each.map((x) => x[key]));
      console.log(
        `  ${name.padEnd(10)} ${count} photos: longest block ${f("block")} ms (idle page: ${f("idle")} ms), ` +
          `all ready after ${f("total")} ms, in the ${f("path")}`,
      );
      const blocks = each.map((x) => x.blocks.join(", ") || "none");
      if (blocks.some((b) => b !== "none")) console.log(`      blocks over 50 ms (ms at ms): ${pair(blocks)}`);
    }
  }
}
