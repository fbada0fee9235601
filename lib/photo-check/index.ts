/**
 * Whether a photo is one the workshop can price a dent from: sharp enough and
 * light enough. Free of any framework and of the DOM, so the same code runs in
 * the browser's photo worker and in Node (the labelled set's tools and tests).
 *
 * The caller hands in a copy whose longest side is about CHECK_LONG_SIDE
 * pixels (RGBA or RGB bytes); the measures are taken on its luminance:
 * - sharpness: the variance of a 4-neighbour Laplacian, per tile, and the
 *   tiles' high percentile, so a photo of a plain panel with one sharp edge in
 *   it is not called blurred for its large smooth areas;
 * - brightness: the mean luminance, 0–255.
 * `judgePhoto` turns the measures into a verdict with PHOTO_THRESHOLDS; a dark
 * photo is called dark, not blurred (darkness hides the detail the sharpness
 * measure needs).
 */

/** The longest side, in pixels, of the copy the measures are taken on. */
export const CHECK_LONG_SIDE = 512;

export interface Pixels {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
  /** bytes per pixel: 4 (RGBA, as canvas ImageData) unless said otherwise */
  channels?: 3 | 4;
}

export interface PhotoMeasure {
  sharpness: number;
  brightness: number;
}

export type PhotoVerdict = "ok" | "blurred" | "dark";

export const PHOTO_THRESHOLDS = {
  /** below this sharpness a photo is called blurred */
  minSharpness: 40,
  /** below this mean luminance a photo is called dark */
  minBrightness: 45,
} as const;

export type PhotoThresholds = { minSharpness: number; minBrightness: number };

const TILE = 64;
const TILE_PERCENTILE = 0.9;

function luminance({ data, width, height, channels = 4 }: Pixels): Float32Array {
  const luma = new Float32Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
    luma[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  }
  return luma;
}

/** The variance of the Laplacian over one tile (interior pixels only). */
function tileVariance(luma: Float32Array, width: number, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = Math.max(1, y0); y < y1; y++) {
    for (let x = Math.max(1, x0); x < x1; x++) {
      const i = y * width + x;
      const lap = luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export function measurePhoto(pixels: Pixels): PhotoMeasure {
  const { width, height } = pixels;
  const luma = luminance(pixels);
  let total = 0;
  for (const value of luma) total += value;
  const variances: number[] = [];
  for (let y = 0; y < height; y += TILE) {
    for (let x = 0; x < width; x += TILE) {
      variances.push(tileVariance(luma, width, x, y, Math.min(x + TILE, width - 1), Math.min(y + TILE, height - 1)));
    }
  }
  variances.sort((a, b) => a - b);
  const sharpness = variances[Math.floor((variances.length - 1) * TILE_PERCENTILE)] ?? 0;
  return { sharpness, brightness: luma.length ? total / luma.length : 0 };
}

export function judgePhoto(measure: PhotoMeasure, thresholds: PhotoThresholds = PHOTO_THRESHOLDS): PhotoVerdict {
  if (measure.brightness < thresholds.minBrightness) return "dark";
  if (measure.sharpness < thresholds.minSharpness) return "blurred";
  return "ok";
}
