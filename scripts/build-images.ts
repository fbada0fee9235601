/**
 * Turns every image in content/images (SVG artwork or photos: .svg .jpg .png
 * .webp .avif) into responsive AVIF and WebP variants in public/img, plus one
 * 1200×630 JPEG for Open Graph, and writes public/img/manifest.json, which
 * lib/images.ts reads at build time. Unchanged images are skipped (by hash), so
 * reruns are fast. Run by `npm run build` and `npm run dev`; alone: `npm run images`.
 *
 * A marketer drops a photo into content/images, names it in a content file,
 * and rebuilds: it is served exactly like the placeholder artwork.
 *
 * Speed: sharp runs each operation on one libvips thread here (its default on
 * glibc Linux without jemalloc), so the images and their encodes are run side by
 * side, as many at once as the machine has cores (`IMAGE_JOBS` overrides).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SOURCE_DIR, sourceImages } from "../lib/content";
import {
  IMAGE_FORMATS,
  IMAGE_OUTPUT_DIR,
  IMAGE_WIDTHS,
  type Manifest,
  type ManifestEntry,
} from "../lib/image-manifest";

const PIPELINE_VERSION = "5"; // bump to force every image to be redone
const outDir = path.join(process.cwd(), IMAGE_OUTPUT_DIR);
const manifestFile = path.join(outDir, "manifest.json");
const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
const JOBS = Math.max(1, Number(process.env.IMAGE_JOBS) || os.availableParallelism());

/** Runs the tasks given to it at most `n` at a time, in the order given. */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
/** Every sharp operation of the run goes through this, so the cores stay busy and never oversubscribed. */
const run = limiter(JOBS);

function readPreviousManifest(): Manifest {
  try {
    return JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  } catch {
    return {};
  }
}

async function processImage(name: string, file: string, hash: string): Promise<ManifestEntry> {
  const isSvg = file.endsWith(".svg");
  const meta = await sharp(file).metadata();
  if (!meta.width || !meta.height) throw new Error("kan ikke lese bildets størrelse");
  const largest = Math.max(...IMAGE_WIDTHS);
  const width = Math.min(meta.width, largest);
  const height = Math.round((meta.height * width) / meta.width);
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  widths.push(width);

  // SVGs are rasterised at a density that gives the largest width crisply.
  const density = isSvg ? Math.min(72 * (width / meta.width) * 1.0001, 2400) : undefined;
  // Rasterise an SVG once (one with soft blurs can take seconds in librsvg) into raw
  // pixels, and resize every variant from those: no decoding per variant. A photo is
  // read from its file each time, so its colour profile and orientation are applied.
  const raster = isSvg
    ? await run(() => sharp(file, { density }).raw().toBuffer({ resolveWithObject: true }))
    : undefined;
  const source = () =>
    raster
      ? sharp(raster.data, {
          raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels },
        })
      : sharp(file).rotate();

  // The largest encodes first, so that the last ones to finish are short.
  const encodes = [...widths].reverse().flatMap((w) => [
    run(() =>
      source()
        .resize({ width: w })
        // effort 2 with 4:2:0 chroma, as WebP and JPEG photos have: a quicker encode than higher
        // efforts with sharp's default 4:4:4, for files about as small
        .avif({ quality: 55, effort: 2, chromaSubsampling: "4:2:0" })
        .toFile(path.join(outDir, `${name}-${w}.avif`)),
    ),
    run(() =>
      source()
        .resize({ width: w })
        .webp({ quality: 78 })
        .toFile(path.join(outDir, `${name}-${w}.webp`)),
    ),
  ]);
  encodes.push(
    run(() =>
      source()
        .resize({ width: 1200, height: 630, fit: "cover" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80, mozjpeg: true })
        .toFile(path.join(outDir, `${name}-og.jpg`)),
    ),
  );
  const [{ dominant, isOpaque }] = await Promise.all([run(() => source().stats()), ...encodes]);
  // The placeholder colour stays behind the image once it has loaded: an image with see-through
  // parts gets none, or it would show through them.
  const color = isOpaque
    ? `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`
    : "transparent";
  return { width, height, widths, color, hash };
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const previous = readPreviousManifest();
  const next: Manifest = {};
  if (!fs.existsSync(IMAGE_SOURCE_DIR)) {
    console.error(
      `The folder ${path.relative(process.cwd(), IMAGE_SOURCE_DIR)} does not exist; the site's images are read from it.`,
    );
    process.exit(1);
  }
  const sources = sourceImages().sort();
  const problems: string[] = [];
  let remade = 0;
  const seen = new Set<string>();
  // Each image's entry, in the sources' order (the manifest keeps that order whatever finishes first).
  const entries: [string, Promise<ManifestEntry | undefined>][] = [];

  for (const fileName of sources) {
    const name = path.basename(fileName, path.extname(fileName));
    const file = path.join(IMAGE_SOURCE_DIR, fileName);
    const where = path.relative(process.cwd(), file);
    if (!/^[a-z0-9-]+$/.test(name)) {
      problems.push(`${where}: filnavnet kan bare ha a–z, 0–9 og bindestrek`);
      continue;
    }
    if (seen.has(name)) {
      problems.push(`${where}: to bilder heter «${name}» (bare filendelsen skiller dem)`);
      continue;
    }
    seen.add(name);
    const bytes = fs.readFileSync(file);
    if (bytes.length > MAX_SOURCE_BYTES) {
      problems.push(`${where}: bildet er over 40 MB`);
      continue;
    }
    const hash = crypto.createHash("sha256").update(PIPELINE_VERSION).update(bytes).digest("hex").slice(0, 16);
    const old = previous[name];
    const complete =
      old?.hash === hash &&
      old.widths.every((w) => IMAGE_FORMATS.every((f) => fs.existsSync(path.join(outDir, `${name}-${w}.${f}`))));
    if (complete) {
      entries.push([name, Promise.resolve(old)]);
      continue;
    }
    const made = processImage(name, file, hash).then(
      (entry) => {
        remade++;
        return entry;
      },
      (error: Error) => {
        problems.push(`${where}: kunne ikke behandles (${error.message})`);
        return undefined;
      },
    );
    entries.push([name, made]);
  }
  for (const [name, entry] of entries) {
    const value = await entry;
    if (value) next[name] = value;
  }

  // Variants of images that were removed from content/images go too.
  const keep = new Set(["manifest.json"]);
  for (const [name, entry] of Object.entries(next)) {
    entry.widths.forEach((w) => IMAGE_FORMATS.forEach((f) => keep.add(`${name}-${w}.${f}`)));
    keep.add(`${name}-og.jpg`);
  }
  for (const file of fs.readdirSync(outDir)) if (!keep.has(file)) fs.rmSync(path.join(outDir, file));

  fs.writeFileSync(manifestFile, `${JSON.stringify(next, null, 2)}\n`);
  if (problems.length) {
    console.error(`Bildene i content/images har feil:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`images: ${sources.length} images, ${remade} made again → ${IMAGE_OUTPUT_DIR}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
