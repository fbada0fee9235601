/**
 * The arithmetic of the photo work, free of the DOM so it is tested in Node:
 * how large each copy is, and which JPEG quality keeps a copy within budget.
 */
import { CHECK_LONG_SIDE } from "../photo-check";
import { MAX_PREPARED_BYTES, MAX_PREPARED_SIDE } from "./types";

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
