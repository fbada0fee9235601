/**
 * The photo work on a decoded photo, the same in the worker and on the page:
 * the arithmetic of the copies (their sizes, the JPEG budget), then the steps.
 *
 * The steps: the check copy first (CHECK_LONG_SIDE, measured and judged, so
 * the visitor hears about a blurred photo at once), then the prepared copy
 * (at most MAX_PREPARED_SIDE, a JPEG within MAX_PREPARED_BYTES). Every copy is
 * drawn from the pixels and encoded afresh, so no metadata survives.
 *
 * Where the work runs is the caller's choice, given as a `Surface`: the
 * canvas to draw on, how to draw (at once, or in strips between pauses on the
 * page) and how to encode.
 */
import { CHECK_LONG_SIDE, judgePhoto, measurePhoto } from "../photo-check";
import { MAX_PREPARED_BYTES, MAX_PREPARED_SIDE, type PhotoCheck, type PreparedPhoto } from "./types";

// ------------------------------------------------------------ sizes and budget

// The arithmetic, free of the DOM so it is tested in Node: how large each copy
// is, and which JPEG quality keeps a copy within budget.

export interface Size {
  width: number;
  height: number;
}

/** The size with the same proportions whose longest side is at most `maxSide` (never enlarged, never 0). */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The check copy: its longest side is CHECK_LONG_SIDE (enlarged when the photo is smaller, as the measures expect). */
export function checkSize({ width, height }: Size): Size {
  const scale = CHECK_LONG_SIDE / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The qualities tried, best first; below the last, the copy is made smaller instead. */
export const JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;

/** Each smaller try keeps this share of the sides. */
export const SHRINK_STEP = 0.75;

/**
 * Encodes at decreasing quality until the bytes fit `maxBytes`; when even the
 * lowest quality does not fit, the sides shrink by SHRINK_STEP and the
 * qualities are tried again. `encode` draws and encodes the copy at a size.
 */
export async function encodeWithinBudget(
  size: Size,
  encode: (size: Size, quality: number) => Promise<Blob>,
  maxBytes = MAX_PREPARED_BYTES,
): Promise<{ blob: Blob } & Size> {
  let current = fitWithin(size, MAX_PREPARED_SIDE);
  for (;;) {
    let blob: Blob | undefined;
    for (const quality of JPEG_QUALITIES) {
      blob = await encode(current, quality);
      if (blob.size <= maxBytes) return { blob, ...current };
    }
    if (Math.max(current.width, current.height) <= 1) throw new Error("A photo of one pixel does not fit the budget");
    current = fitWithin(current, Math.floor(Math.max(current.width, current.height) * SHRINK_STEP));
  }
}

// ------------------------------------------------------------ the steps

export type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;
export type AnyContext = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
export type DecodedPhoto = ImageBitmap | HTMLImageElement;

export interface Surface {
  canvas(size: Size): { canvas: AnyCanvas; context: AnyContext };
  /** draws the whole photo onto the whole canvas */
  draw(context: AnyContext, photo: DecodedPhoto, from: Size, to: Size): Promise<void>;
  encode(canvas: AnyCanvas, quality: number): Promise<Blob>;
  /** between steps: lets the page answer the visitor; a no-op in a worker */
  pause(): Promise<void>;
}

export interface StepCallbacks {
  onPreview?: (url: string) => void;
  onCheck?: (check: PhotoCheck) => void;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function smoothed(context: AnyContext): AnyContext {
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  return context;
}

/** The thumbnail's JPEG quality: it is shown a few times smaller than the check copy. */
const PREVIEW_QUALITY = 0.7;

/** The blob as a data: URL, read asynchronously (in the worker, off the page's main thread). */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("The preview could not be read"));
    reader.readAsDataURL(blob);
  });
}

/** The check copy, measured and judged; it is also the photo's preview (`onPreview`), encoded before the measure. */
export async function checkCopy(
  surface: Surface,
  photo: DecodedPhoto,
  size: Size,
  onPreview?: (url: string) => void,
): Promise<PhotoCheck> {
  const small = checkSize(size);
  const { canvas, context } = surface.canvas(small);
  await surface.draw(smoothed(context), photo, size, small);
  if (onPreview) onPreview(await dataUrl(await surface.encode(canvas, PREVIEW_QUALITY)));
  const pixels = context.getImageData(0, 0, small.width, small.height);
  const measure = measurePhoto(pixels);
  return { ...measure, verdict: judgePhoto(measure) };
}

export async function runSteps(
  surface: Surface,
  photo: DecodedPhoto,
  size: Size,
  { onPreview, onCheck, onProgress, signal }: StepCallbacks,
): Promise<PreparedPhoto> {
  const step = async (percent: number) => {
    signal?.throwIfAborted();
    onProgress?.(percent);
    await surface.pause();
    signal?.throwIfAborted();
  };
  await step(10);
  onCheck?.(await checkCopy(surface, photo, size, onPreview));
  await step(30);
  let drawn: { canvas: AnyCanvas; size: Size } | undefined;
  let percent = 50;
  const prepared = await encodeWithinBudget(size, async (target, quality) => {
    if (drawn?.size.width !== target.width || drawn.size.height !== target.height) {
      const { canvas, context } = surface.canvas(target);
      await surface.draw(smoothed(context), photo, size, target);
      drawn = { canvas, size: target };
    }
    await step(percent);
    percent = Math.min(95, percent + 15);
    return surface.encode(drawn.canvas, quality);
  });
  onProgress?.(100);
  return prepared;
}

/** The photo's size as drawn (EXIF orientation applied by the decoder). */
export const sizeOf = (photo: DecodedPhoto): Size =>
  "naturalWidth" in photo
    ? { width: photo.naturalWidth, height: photo.naturalHeight }
    : { width: photo.width, height: photo.height };

/**
 * Whether this engine's ImageDecoder is the decoder to use: Gecko's
 * createImageBitmap(Blob) decodes on the page's main thread even when called in
 * a worker, its ImageDecoder does not, and its frames hold the photo with its
 * EXIF orientation applied. An engine whose frames carry the orientation aside
 * (a `rotation` on VideoFrame, as Chromium's) would lose it that way, so it
 * decodes with createImageBitmap, which applies it.
 */
function orientedImageDecoder(type: string): boolean {
  return (
    typeof ImageDecoder === "function" &&
    typeof VideoFrame === "function" &&
    !("rotation" in VideoFrame.prototype) &&
    type.startsWith("image/")
  );
}

async function decodeWithImageDecoder(file: Blob): Promise<ImageBitmap | undefined> {
  try {
    if (!(await ImageDecoder.isTypeSupported(file.type))) return undefined;
    const decoder = new ImageDecoder({ data: await file.arrayBuffer(), type: file.type });
    try {
      const { image } = await decoder.decode();
      try {
        return await createImageBitmap(image);
      } finally {
        image.close();
      }
    } finally {
      decoder.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Decodes with the EXIF orientation applied; an engine that does not know
 * createImageBitmap's option (a TypeError) decodes with its default, which
 * applies it too. Undefined when the photo cannot be decoded.
 */
export async function decodeBitmap(file: Blob): Promise<ImageBitmap | undefined> {
  if (orientedImageDecoder(file.type)) {
    const bitmap = await decodeWithImageDecoder(file);
    if (bitmap) return bitmap;
  }
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (error) {
    if (!(error instanceof TypeError)) return undefined;
  }
  try {
    return await createImageBitmap(file);
  } catch {
    return undefined;
  }
}
