/**
 * The photo work on the page, to the interface in ./types.ts: decoded with
 * createImageBitmap, checked on a copy CHECK_LONG_SIDE px long, and drawn at
 * most MAX_PREPARED_SIDE px long into a canvas, encoded as JPEG at falling
 * quality until it is at most MAX_PREPARED_BYTES. Drawing and encoding keep the
 * pixels only, so no metadata is in the copy. A photo the browser cannot
 * decode is an UnreadablePhotoError.
 */
import { CHECK_LONG_SIDE, judgePhoto, measurePhoto } from "../photo-check";
import { MAX_PREPARED_BYTES, MAX_PREPARED_SIDE, UnreadablePhotoError, type PhotoWork } from "./types";

export * from "./types";

const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45];

function draw(bitmap: ImageBitmap, longSide: number) {
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d")!;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return { canvas, context };
}

const work: PhotoWork = {
  async prepare(file, { signal, onCheck, onProgress } = {}) {
    const bitmap = await createImageBitmap(file).catch(() => {
      throw new UnreadablePhotoError();
    });
    try {
      signal?.throwIfAborted();
      const small = draw(bitmap, CHECK_LONG_SIDE);
      const pixels = small.context.getImageData(0, 0, small.canvas.width, small.canvas.height);
      const measure = measurePhoto(pixels);
      onCheck?.({ ...measure, verdict: judgePhoto(measure) });
      onProgress?.(20);
      const { canvas } = draw(bitmap, MAX_PREPARED_SIDE);
      for (const [i, quality] of QUALITIES.entries()) {
        signal?.throwIfAborted();
        const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
        onProgress?.(20 + (80 * (i + 1)) / QUALITIES.length);
        if (blob.size <= MAX_PREPARED_BYTES || i === QUALITIES.length - 1) {
          return { blob, width: canvas.width, height: canvas.height };
        }
      }
      throw new UnreadablePhotoError();
    } finally {
      bitmap.close();
    }
  },
};

export const loadPhotoWork = (): Promise<PhotoWork> => Promise.resolve(work);
