/**
 * Measures photos the way the quote form's photo worker does: in Chromium, in
 * a web worker, the file decoded with `createImageBitmap` (orientation from
 * the file), drawn onto an OffscreenCanvas whose longest side is
 * CHECK_LONG_SIDE with `imageSmoothingQuality = "high"`, read with
 * `getImageData` and measured by lib/photos/photo-check's own code (bundled for the
 * page). Answers each photo's measure, the time the check took in the worker,
 * and the small copy's pixels (so the measure can be recomputed in Node
 * without the browser: the same pixels and the same code give the same figures).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { transformSync } from "esbuild";
import type { PhotoMeasure, PhotoVerdict } from "../../lib/photos/photo-check";
import { CHROMIUM_ARGS, ensureChromium } from "../../scripts/lib/chromium";

const ORIGIN = "http://photo-set.invalid";

export interface Measured {
  file: string;
  measure: PhotoMeasure;
  verdict: PhotoVerdict;
  /** decode, ms */
  decodeMs: number;
  /** downscale to CHECK_LONG_SIDE + measure, ms, in the worker */
  checkMs: number;
  /** of which the measure and verdict, ms */
  measureMs: number;
  pixels: { data: Uint8ClampedArray; width: number; height: number };
}

/** lib/photos/photo-check compiled for the browser, as a global `photoCheck`. */
export function photoCheckScript(): string {
  const source = fs.readFileSync(path.join(__dirname, "../../lib/photos/photo-check.ts"), "utf8");
  return transformSync(source, { loader: "ts", format: "iife", globalName: "photoCheck", target: "es2022" }).code;
}

/** The worker: one photo per message, as the form's worker checks it. */
const WORKER = `
self.onmessage = async (event) => {
  const { url } = event.data;
  try {
    const blob = await (await fetch(url)).blob();
    const t0 = performance.now();
    const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
    const t1 = performance.now();
    const scale = Math.min(1, photoCheck.CHECK_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    const tDrawn = performance.now();
    const measure = photoCheck.measurePhoto({ data: image.data, width, height });
    const verdict = photoCheck.judgePhoto(measure);
    const t2 = performance.now();
    bitmap.close();
    self.postMessage({ measure, verdict, decodeMs: t1 - t0, checkMs: t2 - t1, measureMs: t2 - tDrawn, width, height, data: image.data }, [image.data.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};`;

/** In the page: runs one photo through the worker and hands back the pixels as base64. */
const IN_PAGE = `async (url) => {
  const worker = (window.__checkWorker ??= new Worker(URL.createObjectURL(new Blob([window.__photoCheck + ${JSON.stringify(WORKER)}], { type: "text/javascript" }))));
  const answer = await new Promise((resolve) => { worker.onmessage = (event) => resolve(event.data); worker.postMessage({ url }); });
  if (answer.error) throw new Error(answer.error);
  let binary = "";
  const bytes = new Uint8Array(answer.data.buffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { ...answer, data: btoa(binary) };
}`;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}

/** Measures each file of `dir` in a worker in Chromium, one at a time. */
export async function measureInChromium(dir: string, files: string[], browser?: Browser): Promise<Measured[]> {
  const own = browser ? undefined : await launchChromium();
  const page = await (browser ?? own!).newPage();
  try {
    await page.route(`${ORIGIN}/**`, (route) => {
      const name = decodeURIComponent(new URL(route.request().url()).pathname.slice(1));
      if (!name) return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>photo check</title>" });
      return route.fulfill({ path: path.join(dir, name), contentType: "image/jpeg" });
    });
    await page.goto(`${ORIGIN}/`);
    await page.evaluate((script) => Object.assign(window, { __photoCheck: script }), photoCheckScript());
    const results: Measured[] = [];
    for (const file of files) {
      const answer = await page.evaluate(`(${IN_PAGE})(${JSON.stringify(`${ORIGIN}/${encodeURIComponent(file)}`)})`);
      const { measure, verdict, decodeMs, checkMs, measureMs, width, height, data } = answer as Omit<
        Measured,
        "pixels"
      > & {
        width: number;
        height: number;
        data: string;
      };
      const pixels = { data: new Uint8ClampedArray(Buffer.from(data, "base64")), width, height };
      results.push({ file, measure, verdict, decodeMs, checkMs, measureMs, pixels });
    }
    return results;
  } finally {
    await page.close();
    await own?.close();
  }
}
