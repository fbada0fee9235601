/**
 * For `npm run bench`: compresses a 4000×3000 JPEG in Chromium the way the
 * quote form does (the same library, copied to our origin, the same options,
 * in its web worker) and measures the time, the output size and the longest
 * main-thread task while it runs (the worker must keep that under 200 ms).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";

/** The library's copy on our origin (scripts/copy-vendor.ts) and the options it is measured with. */
const COMPRESSION_LIBRARY_PATH = "/vendor/browser-image-compression.js";
const COMPRESSION_OPTIONS = { maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: true } as const;

export interface CompressionFigures {
  inputBytes: number;
  outputBytes: number;
  outputSize: string;
  ms: number;
  longestTaskMs: number;
  longTasks: number;
}

/** Runs in the page: compress the chosen file, watching for long tasks on the main thread. */
const IN_PAGE = `async function ({ options, libPath }) {
  const photo = document.getElementById("bench-file").files[0];
  const tasks = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
  observer.observe({ type: "longtask" });
  const started = performance.now();
  const output = await window.imageCompression(photo, {
    ...options,
    libURL: new URL(libPath, location.href).href,
    onProgress: () => {},
  });
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the observer deliver
  observer.disconnect();
  const bitmap = await createImageBitmap(output);
  return {
    inputBytes: photo.size,
    outputBytes: output.size,
    outputSize: bitmap.width + "×" + bitmap.height,
    ms: Math.round(ms),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    longTasks: tasks.length,
  };
}`;

/** `useWebWorker: false` measures the same on the main thread, to show what the worker saves (and that the measure works). */
export async function benchCompression(origin: string, { useWebWorker = true } = {}): Promise<CompressionFigures> {
  const file = path.join(os.tmpdir(), "bench-4000x3000.jpg");
  if (!fs.existsSync(file)) await makeBenchPhoto(file, { grain: 18, quality: 90, disc: true });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/pristilbud`, { waitUntil: "networkidle" });
    await page.evaluate(async (src) => {
      const input = document.createElement("input");
      input.type = "file";
      input.id = "bench-file";
      document.body.append(input);
      await new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = src;
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
      });
    }, COMPRESSION_LIBRARY_PATH);
    await page.setInputFiles("#bench-file", file);
    // plain source text: tsx would add helpers (__name) to a function passed directly, which the page lacks
    const args = JSON.stringify({
      options: { ...COMPRESSION_OPTIONS, useWebWorker },
      libPath: COMPRESSION_LIBRARY_PATH,
    });
    return (await page.evaluate(`(${IN_PAGE})(${args})`)) as CompressionFigures;
  } finally {
    await browser.close();
  }
}
