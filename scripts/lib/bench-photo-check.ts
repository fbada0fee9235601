/**
 * For `npm run bench -- photo-check`: the photo check on the labelled set
 * (tools/photo-set: recall on blurred and dark photos, false notes on sharp,
 * well-lit ones, with the thresholds in lib/photo-check, and per kind of
 * labelled photo how many get their verdict), measured in a worker
 * in Chromium as the quote form does; and the check's time per photo there
 * (downscale to CHECK_LONG_SIDE + measure, after decoding a 4000×3000 JPEG).
 * The quote page's part (its main thread, the notes' time, the JavaScript it fetches) needs the
 * built site: bench-photo-check-page.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PHOTO_THRESHOLDS } from "../../lib/photo-check";
import { score } from "../../tools/photo-set/choose";
import { DEFAULT_OUT } from "../../tools/photo-set/generate";
import { launchChromium, measureInChromium } from "../../tools/photo-set/measure";
import { byVariant, formatScore, measureSet, readLabels } from "../../tools/photo-set/tune";
import { makeBenchPhoto } from "./bench-photo";

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function printSet() {
  if (!fs.existsSync(path.join(DEFAULT_OUT, "labels.json"))) {
    console.log("  not measured: no labelled set in .data/photo-set (npx tsx tools/photo-set/generate.ts)");
    return;
  }
  const samples = await measureSet(DEFAULT_OUT, readLabels(DEFAULT_OUT));
  console.log(`  ${samples.length} photos, thresholds ${JSON.stringify(PHOTO_THRESHOLDS)}`);
  for (const line of formatScore(score(samples, PHOTO_THRESHOLDS))) console.log(`  ${line}`);
  console.log(`  by kind: ${byVariant(samples, PHOTO_THRESHOLDS).join("; ")}`);
}

async function printTime() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-photo-check-"));
  try {
    await makeBenchPhoto(path.join(dir, "photo.jpg"), { grain: 18, quality: 90, disc: true });
    const browser = await launchChromium();
    try {
      const runs = await measureInChromium(dir, Array<string>(RUNS).fill("photo.jpg"), browser);
      // the first photo also pays for compiling the measure; the rest show the steady cost
      const [first, ...rest] = runs;
      const check = median(rest.map((r) => r.checkMs));
      const measure = median(rest.map((r) => r.measureMs));
      const decode = median(runs.map((r) => r.decodeMs));
      console.log(
        `  check in the worker, 4000×3000 JPEG: ${check.toFixed(1)} ms (downscale to 512 + measure, median of photos 2–${RUNS}; goal ≤ 30 ms), of which the measure ${measure.toFixed(1)} ms; the first photo ${first!.checkMs.toFixed(1)} ms; decode before it ${decode.toFixed(0)} ms`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPhotoCheck() {
  console.log("\nPhoto check (lib/photo-check) in Chromium, as the quote form's worker runs it\n");
  await printSet();
  await printTime();
}
