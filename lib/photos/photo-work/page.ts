/**
 * The photo work on the page, for an engine that cannot do it in a worker (no
 * OffscreenCanvas 2D there) or when the worker's code could not be loaded.
 * The same steps as the worker (lib/photos/photo-work/steps.ts) on HTMLCanvasElement,
 * cut into tasks: a pause after each step, and the large draw made in strips
 * sized so that each takes about STRIP_BUDGET_MS.
 */
import { decodeBitmap, runSteps, sizeOf, type AnyContext, type DecodedPhoto, type Size, type Surface } from "./steps";
import { UnreadablePhotoError, type PrepareOptions, type PreparedPhoto } from "./types";

export const STRIP_BUDGET_MS = 20;

/** Gives the page's own tasks (a tap, a key) their turn. */
export function pause(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How many rows the next strip draws, from how long the last one took. */
export function nextStripRows(rows: number, tookMs: number, total: number): number {
  const scaled = Math.floor((rows * STRIP_BUDGET_MS) / Math.max(tookMs, 1));
  return Math.max(8, Math.min(total, scaled, rows * 4));
}

export async function drawInStrips(context: AnyContext, photo: DecodedPhoto, from: Size, to: Size): Promise<void> {
  let rows = Math.min(to.height, 32);
  for (let y = 0; y < to.height;) {
    const height = Math.min(rows, to.height - y);
    const started = performance.now();
    const sourceY = (y / to.height) * from.height;
    const sourceHeight = (height / to.height) * from.height;
    context.drawImage(photo, 0, sourceY, from.width, sourceHeight, 0, y, to.width, height);
    rows = nextStripRows(height, performance.now() - started, to.height);
    y += height;
    if (y < to.height) await pause();
  }
}

const pageSurface: Surface = {
  canvas({ width, height }) {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("No 2D context on a canvas");
    return { canvas, context };
  },
  draw: drawInStrips,
  encode: (canvas, quality) =>
    new Promise((resolve, reject) =>
      (canvas as HTMLCanvasElement).toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The canvas gave no JPEG"))),
        "image/jpeg",
        quality,
      ),
    ),
  pause,
};

/** An <img> decodes what createImageBitmap may not (an engine without it); its EXIF orientation is applied when drawn. */
async function decodeImage(file: Blob): Promise<HTMLImageElement | undefined> {
  const image = new Image();
  const url = URL.createObjectURL(file);
  try {
    image.src = url;
    await image.decode();
    return image;
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function preparePhotoOnPage(file: Blob, options: PrepareOptions = {}): Promise<PreparedPhoto> {
  options.signal?.throwIfAborted();
  const photo = (typeof createImageBitmap === "function" && (await decodeBitmap(file))) || (await decodeImage(file));
  if (!photo) throw new UnreadablePhotoError();
  try {
    return await runSteps(pageSurface, photo, sizeOf(photo), options);
  } finally {
    if ("close" in photo) photo.close();
  }
}
