/**
 * The labelled photo set the photo check's thresholds are chosen on (see
 * README.md here). Each source photo is scaled to a phone's resolution and
 * written as it is (sharp, well lit) and as variants with known labels:
 * Gaussian blur and motion blur of known size, darkened by a known number of
 * stops. Sizes of blur are stated for a photo 1920 px wide (the size the form
 * sends) and scaled to each photo's width.
 *
 * A variant's `expected` verdict is what the check should say; variants on the
 * border between classes (a little blur, one stop darker) have none: they are
 * measured and reported, never counted for or against the check.
 *
 * Run: `npx tsx tools/photo-set/generate.ts [--out=DIR]`
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { PhotoVerdict } from "../../lib/photos/photo-check";
import type { Source } from "./sources";

export type { Source };

type Sharp = ReturnType<typeof sharp>;

/** The width blur sizes are stated at. */
export const REFERENCE_WIDTH = 1920;
/** Gaussian blur at or above this σ (px at REFERENCE_WIDTH) must be called blurred. */
export const BLUR_SIGMA_GOAL = 3;
export const DEFAULT_OUT = path.join(process.cwd(), ".data/photo-set");

export type VariantKind = "sharp" | "gaussian" | "motion" | "dark";

export interface Variant {
  kind: VariantKind;
  /** Gaussian σ, px at REFERENCE_WIDTH */
  sigma?: number;
  /** motion blur's length, px at REFERENCE_WIDTH, and its direction in degrees */
  length?: number;
  angle?: number;
  /** stops darker (each halves the light) */
  stops?: number;
}

export interface Label extends Variant {
  file: string;
  source: string;
  width: number;
  height: number;
  /** what the check should say; absent for a border case */
  expected?: PhotoVerdict;
  hard?: string;
}

/** Blur sizes at or over the goal's, so the expected verdict is "blurred". */
export const VARIANTS: Variant[] = [
  { kind: "sharp" },
  { kind: "gaussian", sigma: 1.5 },
  { kind: "gaussian", sigma: 3 },
  { kind: "gaussian", sigma: 6 },
  // a badly blurred photo: only faint edges are left
  { kind: "gaussian", sigma: 24 },
  { kind: "motion", length: 6 },
  { kind: "motion", length: 16 },
  { kind: "dark", stops: 1 },
  { kind: "dark", stops: 3 },
  { kind: "dark", stops: 4 },
];

/** A box blur of this length has the goal's σ (a box of length L has σ = L / √12). */
const MOTION_GOAL = BLUR_SIGMA_GOAL * Math.sqrt(12);
/** Darkened by at least this many stops (an eighth of the light) is dark. */
export const DARK_STOPS_GOAL = 3;

export function expectedVerdict(source: Source, variant: Variant): PhotoVerdict | undefined {
  if (source.expected && source.expected !== "ok") return source.expected;
  switch (variant.kind) {
    case "sharp":
      return source.expected ?? "ok";
    case "gaussian":
      if (source.featureless) return "ok";
      return variant.sigma! >= BLUR_SIGMA_GOAL ? "blurred" : undefined;
    case "motion":
      if (source.featureless) return "ok";
      return variant.length! >= MOTION_GOAL ? "blurred" : undefined;
    case "dark":
      return variant.stops! >= DARK_STOPS_GOAL ? "dark" : undefined;
  }
}

export function variantName(variant: Variant): string {
  switch (variant.kind) {
    case "sharp":
      return "sharp";
    case "gaussian":
      return `gauss${variant.sigma}`;
    case "motion":
      return `motion${variant.length}-${variant.angle ?? 0}`;
    case "dark":
      return `dark${variant.stops}`;
  }
}

/** A normalised line kernel: motion blur of `length` px at `angle` degrees. */
export function motionKernel(length: number, angle: number) {
  const size = Math.max(3, Math.round(length) | 1);
  const kernel = new Array<number>(size * size).fill(0);
  const c = (size - 1) / 2;
  const rad = (angle * Math.PI) / 180;
  const steps = size * 4;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps - 0.5) * (length - 1);
    const x = Math.round(c + t * Math.cos(rad));
    const y = Math.round(c + t * Math.sin(rad));
    kernel[y * size + x]! += 1;
  }
  // only the rows and columns the line crosses, and their neighbours (sharp takes 3 × 3 at least)
  const used = (inLine: (i: number) => boolean) =>
    [...Array(size).keys()].filter((i) => inLine(i) || inLine(i - 1) || inLine(i + 1) || i === c);
  const rowHasLine = (y: number) => kernel.slice(y * size, (y + 1) * size).some((k) => k > 0);
  const colHasLine = (x: number) => [...Array(size).keys()].some((y) => kernel[y * size + x]! > 0);
  const rows = used((y) => y >= 0 && y < size && rowHasLine(y));
  const cols = used((x) => x >= 0 && x < size && colHasLine(x));
  const cropped = rows.flatMap((y) => cols.map((x) => kernel[y * size + x]!));
  const sum = cropped.reduce((a, b) => a + b, 0);
  return { width: cols.length, height: rows.length, kernel: cropped.map((k) => k / sum) };
}

/** An exposure `stops` darker, on sRGB values (2.2 gamma approximates the sRGB curve). */
export const darkenFactor = (stops: number) => Math.pow(2, -stops / 2.2);

/**
 * The sources hold no more detail than WORK_WIDTH px (the photos are smaller,
 * the drawings are drawn at about that size), so the variants are made at that
 * width (blur sizes scaled to it) and only then scaled to the phone's width:
 * the same photo as blurring at the phone's width, in a fraction of the time.
 */
const WORK_WIDTH = 1600;

async function workSized(source: Source): Promise<Sharp> {
  const input = source.svg ? Buffer.from(source.svg) : source.file!;
  const image = sharp(input)
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .resize({ width: WORK_WIDTH, kernel: "lanczos3" });
  return sharp(await image.png({ compressionLevel: 0 }).toBuffer());
}

function lampsSvg(width: number, height: number, lamps: [number, number][]): Buffer {
  const r = Math.round(width * 0.03);
  const glow = lamps
    .map(
      ([x, y]) =>
        `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${r}" fill="url(#g)"/>` +
        `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(r / 5)}" fill="#fff"/>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff8e0"/><stop offset="1" stop-color="#ffcc66" stop-opacity="0"/></radialGradient></defs>${glow}</svg>`,
  );
}

async function makeVariant(base: Sharp, source: Source, variant: Variant): Promise<Sharp> {
  const scale = WORK_WIDTH / REFERENCE_WIDTH;
  let image = base.clone();
  if (variant.kind === "gaussian") image = image.blur(variant.sigma! * scale);
  if (variant.kind === "motion") image = image.convolve(motionKernel(variant.length! * scale, variant.angle ?? 0));
  const stops = (variant.stops ?? 0) + (source.stops ?? 0);
  if (stops) image = image.linear(darkenFactor(stops), 0);
  if (source.lamps) {
    const { height } = await base.metadata();
    const buffer = await image.png({ compressionLevel: 0 }).toBuffer();
    image = sharp(buffer).composite([{ input: lampsSvg(WORK_WIDTH, height!, source.lamps), blend: "screen" }]);
  }
  const made = await image.png({ compressionLevel: 0 }).toBuffer();
  return sharp(made).resize({ width: source.width, kernel: "lanczos3" });
}

export interface GenerateOptions {
  out: string;
  sources: Source[];
  variants?: Variant[];
  /** phone JPEG quality */
  quality?: number;
  log?: (line: string) => void;
}

/** Writes every source × variant as a JPEG and `labels.json`; returns the labels. */
export async function generatePhotoSet({ out, sources, variants = VARIANTS, quality = 90, log }: GenerateOptions) {
  fs.mkdirSync(out, { recursive: true });
  const labels: Label[] = [];
  for (const [index, source] of sources.entries()) {
    const base = await workSized(source);
    const { width: workWidth, height: workHeight } = await base.metadata();
    const width = source.width;
    const height = Math.round((workHeight! * width) / workWidth!);
    for (const plain of variants) {
      // motion blur's direction alternates by source: horizontal, diagonal, vertical
      const variant: Variant = plain.kind === "motion" ? { ...plain, angle: [0, 45, 90][index % 3] } : plain;
      const file = `${source.name}-${variantName(variant)}.jpg`;
      const image = await makeVariant(base, source, variant);
      await image.jpeg({ quality }).toFile(path.join(out, file));
      const expected = expectedVerdict(source, variant);
      labels.push({
        file,
        source: source.name,
        width,
        height,
        ...variant,
        ...(expected && { expected }),
        ...(source.hard && { hard: source.hard }),
      });
      log?.(`${file}  ${expected ?? "border"}`);
    }
  }
  fs.writeFileSync(path.join(out, "labels.json"), JSON.stringify(labels, null, 2) + "\n");
  return labels;
}

async function main() {
  const args = process.argv.slice(2);
  const out = args.find((a) => a.startsWith("--out="))?.slice(6) ?? DEFAULT_OUT;
  const { defaultSources } = await import("./sources");
  const started = Date.now();
  fs.rmSync(out, { recursive: true, force: true });
  const labels = await generatePhotoSet({ out, sources: defaultSources(), log: (line) => console.log(line) });
  const counts = labels.reduce<Record<string, number>>(
    (c, l) => ({ ...c, [l.expected ?? "border"]: (c[l.expected ?? "border"] ?? 0) + 1 }),
    {},
  );
  console.log(
    `${labels.length} photos in ${out} (${JSON.stringify(counts)}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
