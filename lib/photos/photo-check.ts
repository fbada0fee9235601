/**
 * Whether a photo is one the workshop can price a dent from: sharp enough and
 * light enough. Free of any framework and of the DOM, so the same code runs in
 * the browser's photo worker and in Node (the labelled set's tools and tests).
 *
 * The caller hands in a copy whose longest side is about CHECK_LONG_SIDE
 * pixels (RGBA or RGB bytes); the measures are taken on its luminance:
 * - sharpness: how fast the light changes across an edge, relative to how much
 *   it changes: the energy of the second difference over the energy of the
 *   first, in each of four directions (horizontal, vertical, both diagonals),
 *   summed over the tiles that hold an edge or texture. Blur widens edges, so
 *   the ratio falls whatever the photo's contrast or exposure; flat tiles (a
 *   plain panel's smooth areas) are left out, so they do not count as blur;
 *   the photo's sharpness is its least sharp direction, so a motion blur
 *   (blurred along one direction only) is seen too. Directions with too
 *   little edge energy to judge are left out.
 * - a photo with almost no detail: where no tile holds an edge of ordinary
 *   strength, the faint edges are judged instead, the tiles whose light
 *   changes several times faster than in the photo's typical tile. A heavy
 *   blur weakens a photo's edges but leaves them standing out from its smooth
 *   areas, so it is still called blurred; a smooth panel's gradients and soft
 *   reflections change evenly across the photo, so nothing stands out, and a
 *   photo with nothing that stands out is never called blurred.
 * - brightness: the 95th percentile of luminance, 0–255: in a photo taken in
 *   good light its lightest parts are light, whatever the car's colour; in an
 *   underexposed one even they are dim, and a few lamps in a night shot (less
 *   than a twentieth of the photo) do not lift it.
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

/**
 * Chosen on the labelled set (tools/photo-set): of the thresholds whose false
 * notes on sharp, well-lit photos stay within the goal, those with the best
 * recall on blurred and dark photos, mid-gap between the nearest photos.
 * Re-tune after changing a measure or the set:
 * `npx tsx tools/photo-set/generate.ts && npx tsx tools/photo-set/tune.ts --write`.
 */
export const PHOTO_THRESHOLDS = {
  /** below this sharpness a photo is called blurred */
  minSharpness: 0.823,
  /** below this brightness a photo is called dark */
  minBrightness: 89.5,
} as const;

export type PhotoThresholds = { minSharpness: number; minBrightness: number };

const TILE = 32;
/** a tile with less mean squared gradient than this is flat: no edge to judge blur by */
const MIN_TILE_ENERGY = 4;
/** in a photo with no edge tile, a faint edge's tile has this many times the typical (median) tile's energy … */
const FAINT_EDGE_STANDOUT = 4;
/** … and at least this much, above what 8-bit steps and JPEG noise give a smooth area */
const MIN_FAINT_ENERGY = 0.5;
/** a direction with less than this share of the strongest direction's edge energy is not judged */
const MIN_DIRECTION_SHARE = 0.1;
const BRIGHTNESS_PERCENTILE = 0.95;

function luminance({ data, width, height, channels = 4 }: Pixels): Float32Array {
  const luma = new Float32Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
    luma[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  }
  return luma;
}

interface Tile {
  /** mean squared first difference, horizontal and vertical: how much the light changes */
  energy: number;
  /** summed squared first and second differences in each direction (horizontal, vertical, both diagonals) */
  first: number[];
  second: number[];
}

function measureTile(luma: Float32Array, width: number, box: number[]): Tile {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const steps = [1, width, width + 1, width - 1];
  const first = [0, 0, 0, 0];
  const second = [0, 0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++, n++) {
      const i = y * width + x;
      const c = luma[i]!;
      for (let k = 0; k < 4; k++) {
        const a = luma[i - steps[k]!]!;
        const b = luma[i + steps[k]!]!;
        const d1 = (b - a) / 2;
        const d2 = a + b - 2 * c;
        first[k]! += d1 * d1;
        second[k]! += d2 * d2;
      }
    }
  }
  return { energy: n === 0 ? 0 : (first[0]! + first[1]!) / n, first, second };
}

/** The tiles blur is judged on: those with an edge, or where there is none, those with a faint edge. */
function edgeTiles(tiles: Tile[]): Tile[] {
  const edges = tiles.filter((tile) => tile.energy >= MIN_TILE_ENERGY);
  if (edges.length > 0 || tiles.length === 0) return edges;
  const energies = tiles.map((tile) => tile.energy).sort((a, b) => a - b);
  const typical = energies[Math.floor(energies.length / 2)]!;
  const faint = Math.max(MIN_FAINT_ENERGY, typical * FAINT_EDGE_STANDOUT);
  return tiles.filter((tile) => tile.energy >= faint);
}

function sharpnessOf(luma: Float32Array, width: number, height: number): number {
  const tiles: Tile[] = [];
  for (let y = 1; y < height - 1; y += TILE) {
    for (let x = 1; x < width - 1; x += TILE) {
      tiles.push(measureTile(luma, width, [x, y, Math.min(x + TILE, width - 1), Math.min(y + TILE, height - 1)]));
    }
  }
  const first = [0, 0, 0, 0];
  const second = [0, 0, 0, 0];
  for (const tile of edgeTiles(tiles)) {
    for (let k = 0; k < 4; k++) {
      first[k]! += tile.first[k]!;
      second[k]! += tile.second[k]!;
    }
  }
  // a diagonal step is √2 px long: its ratio is twice a straight one's for the same edge
  const stepSquared = [1, 1, 2, 2];
  const strongest = Math.max(...first);
  let sharpness = Infinity;
  for (let k = 0; k < 4; k++) {
    if (first[k]! > 0 && first[k]! >= strongest * MIN_DIRECTION_SHARE) {
      sharpness = Math.min(sharpness, second[k]! / first[k]! / stepSquared[k]!);
    }
  }
  // nothing stands out anywhere (a blank photo, a bare smooth panel): nothing shows blur, so none is claimed
  return Number.isFinite(sharpness) ? sharpness : Number.MAX_VALUE;
}

function brightnessOf(luma: Float32Array): number {
  const histogram = new Uint32Array(256);
  for (const value of luma) histogram[Math.round(value)]!++;
  const wanted = luma.length * BRIGHTNESS_PERCENTILE;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen >= wanted) return level;
  }
  return 255;
}

export function measurePhoto(pixels: Pixels): PhotoMeasure {
  const luma = luminance(pixels);
  return { sharpness: sharpnessOf(luma, pixels.width, pixels.height), brightness: brightnessOf(luma) };
}

export function judgePhoto(measure: PhotoMeasure, thresholds: PhotoThresholds = PHOTO_THRESHOLDS): PhotoVerdict {
  if (measure.brightness < thresholds.minBrightness) return "dark";
  if (measure.sharpness < thresholds.minSharpness) return "blurred";
  return "ok";
}
