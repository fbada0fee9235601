/**
 * The photo worker: decodes a chosen photo with createImageBitmap (its EXIF
 * orientation applied), then runs the steps (lib/photos/photo-work/steps.ts) on
 * OffscreenCanvas, off the page's main thread. One job at a time; the page
 * ends a job it no longer wants by terminating the worker.
 */
import { decodeBitmap, runSteps, sizeOf, type Surface } from "./steps";
import type { JobMessage, WorkerMessage } from "./types";

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: "message", listener: (event: MessageEvent<JobMessage>) => void): void;
};

function capable(): boolean {
  try {
    return (
      typeof createImageBitmap === "function" &&
      typeof OffscreenCanvas === "function" &&
      typeof OffscreenCanvas.prototype.convertToBlob === "function" &&
      new OffscreenCanvas(1, 1).getContext("2d") !== null
    );
  } catch {
    return false;
  }
}

const offscreen: Surface = {
  canvas({ width, height }) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d", { willReadFrequently: false });
    if (!context) throw new Error("No 2D context on OffscreenCanvas");
    return { canvas, context };
  },
  async draw(context, photo, _from, to) {
    context.drawImage(photo, 0, 0, to.width, to.height);
  },
  encode: (canvas, quality) => (canvas as OffscreenCanvas).convertToBlob({ type: "image/jpeg", quality }),
  pause: async () => {},
};

async function work({ id, file }: JobMessage): Promise<WorkerMessage> {
  if (!capable()) return { id, type: "incapable" };
  const bitmap = await decodeBitmap(file);
  if (!bitmap) return { id, type: "unreadable" };
  try {
    const photo = await runSteps(offscreen, bitmap, sizeOf(bitmap), {
      onPreview: (url) => scope.postMessage({ id, type: "preview", url }),
      onCheck: (check) => scope.postMessage({ id, type: "check", check }),
      onProgress: (percent) => scope.postMessage({ id, type: "progress", percent }),
    });
    return { id, type: "done", photo };
  } catch (error) {
    return { id, type: "failed", message: error instanceof Error ? error.message : String(error) };
  } finally {
    bitmap.close();
  }
}

scope.addEventListener("message", (event) => {
  void work(event.data).then((message) => scope.postMessage(message));
});
