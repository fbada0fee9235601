/**
 * Measures every photo of the labelled set the way the browser will
 * (measure.ts), chooses the thresholds (choose.ts), and reports precision and
 * recall per class, the border cases and the hard cases.
 *
 *   npx tsx tools/photo-set/tune.ts            measure in Chromium, report
 *   npx tsx tools/photo-set/tune.ts --write    … and write the thresholds into lib/photos/photo-check.ts
 *                                               and the measures into tools/photo-set/measures.json
 *   npx tsx tools/photo-set/tune.ts --cached   measure the small copies the last run kept, in Node
 *                                               (for trying a change to the measure quickly)
 */
import fs from "node:fs";
import path from "node:path";
import {
  judgePhoto,
  measurePhoto,
  PHOTO_THRESHOLDS,
  type PhotoThresholds,
  type PhotoVerdict,
} from "../../lib/photos/photo-check";
import { chooseThresholds, GOALS, meetsGoals, score, type Sample, type Score } from "./choose";
import { DEFAULT_OUT, type Label } from "./generate";
import { measureInChromium } from "./measure";

export interface MeasuredLabel extends Sample {
  label: Label;
  checkMs?: number;
}

export function readLabels(dir: string): Label[] {
  const file = path.join(dir, "labels.json");
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npx tsx tools/photo-set/generate.ts first`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Label[];
}

const cacheDir = (dir: string) => path.join(dir, "check-copies");

/** Measures the set in Chromium and keeps each small copy (raw RGBA) for --cached. */
export async function measureSet(dir: string, labels: Label[]): Promise<MeasuredLabel[]> {
  const measured = await measureInChromium(
    dir,
    labels.map((l) => l.file),
  );
  fs.mkdirSync(cacheDir(dir), { recursive: true });
  let largestDifference = 0;
  const out = measured.map((m, i) => {
    const { data, width, height } = m.pixels;
    fs.writeFileSync(path.join(cacheDir(dir), `${m.file}.${width}x${height}.rgba`), data);
    // the same pixels measured in Node: the figures must agree with the browser's
    const node = measurePhoto(m.pixels);
    largestDifference = Math.max(
      largestDifference,
      Math.abs(node.sharpness - m.measure.sharpness) / Math.max(1, m.measure.sharpness),
      Math.abs(node.brightness - m.measure.brightness) / Math.max(1, m.measure.brightness),
    );
    return { label: labels[i]!, measure: m.measure, expected: labels[i]!.expected, checkMs: m.checkMs };
  });
  if (largestDifference > 1e-9)
    throw new Error(`Node and Chromium measure the same pixels differently (${largestDifference})`);
  return out;
}

/** Measures the small copies a previous run kept, in Node. */
export function measureCached(dir: string, labels: Label[]): MeasuredLabel[] {
  const files = fs.readdirSync(cacheDir(dir));
  return labels.map((label) => {
    const name = files.find((f) => f.startsWith(`${label.file}.`));
    if (!name) throw new Error(`No kept copy of ${label.file}: run without --cached first`);
    const [width, height] = name
      .slice(label.file.length + 1, -".rgba".length)
      .split("x")
      .map(Number);
    const data = new Uint8ClampedArray(fs.readFileSync(path.join(cacheDir(dir), name)));
    return { label, measure: measurePhoto({ data, width: width!, height: height! }), expected: label.expected };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function formatScore(s: Score): string[] {
  return [
    `blurred (σ ≥ 3 px at 1920, motion ≥ the same): recall ${pct(s.recallBlurred)}, precision ${pct(s.precisionBlurred)} (${s.counts.blurred} photos)`,
    `dark (≥ 3 stops darker, night shots): recall ${pct(s.recallDark)}, precision ${pct(s.precisionDark)} (${s.counts.dark} photos)`,
    `false notes on sharp, well-lit photos: ${pct(s.falseNotes)} (${s.counts.ok} photos)`,
  ];
}

/** Whether a score meets the goals: the tool's verdict, not the bench's (the bench prints figures only). */
export const formatGoals = (s: Score) =>
  `goals (recall ≥ ${GOALS.minRecall}, false notes ≤ ${GOALS.maxFalseNotes}): ${meetsGoals(s) ? "met" : "NOT met"}`;

/** Per kind of labelled photo (a blur's size, stops darker, a night shot): how many get the verdict expected. */
export function byVariant(samples: MeasuredLabel[], thresholds: PhotoThresholds): string[] {
  const groups = new Map<string, MeasuredLabel[]>();
  for (const s of samples.filter((x) => x.expected)) {
    const l = s.label;
    const key = l.hard?.startsWith("night")
      ? "night shots (dark as taken)"
      : l.kind === "sharp"
        ? "sharp"
        : l.kind === "gaussian"
          ? `Gaussian σ ${l.sigma} px`
          : l.kind === "motion"
            ? `motion ${l.length} px`
            : `${l.stops} stops darker`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups].map(([key, group]) => {
    const right = group.filter((s) => judgePhoto(s.measure, thresholds) === s.expected).length;
    return `${key}: ${right} of ${group.length} called ${group[0]!.expected}`;
  });
}

/** What the border cases and the hard cases get, and every photo the check gets wrong. */
export function details(samples: MeasuredLabel[], thresholds: PhotoThresholds): string[] {
  const lines: string[] = [];
  const verdict = (s: MeasuredLabel) => judgePhoto(s.measure, thresholds);
  const groups = new Map<string, MeasuredLabel[]>();
  for (const s of samples.filter((x) => !x.expected)) {
    const key =
      s.label.kind === "dark"
        ? `${s.label.stops} stop darker`
        : `${s.label.kind} ${s.label.sigma ?? s.label.length} px`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const [key, group] of groups) {
    const noted = group.filter((s) => verdict(s) !== "ok").length;
    lines.push(`border case, ${key}: ${noted} of ${group.length} get a note`);
  }
  for (const s of samples.filter((x) => x.label.hard))
    lines.push(`hard case (${s.label.hard}): ${s.label.file} → ${verdict(s)}`);
  for (const s of samples.filter((x) => x.expected && verdict(x) !== x.expected)) {
    const m = s.measure;
    lines.push(
      `wrong: ${s.label.file} expected ${s.expected}, called ${verdict(s)} (sharpness ${m.sharpness.toFixed(1)}, brightness ${m.brightness.toFixed(1)})`,
    );
  }
  return lines;
}

/**
 * The set's measures, kept in git beside this file (the photos are not): the
 * data the shipped thresholds were chosen on, so npm test checks them against
 * it (__tests__/shipped.test.ts). Written with the thresholds by `--write`.
 */
export const MEASURES_FILE = path.join(__dirname, "measures.json");

export interface KeptMeasure {
  file: string;
  expected?: PhotoVerdict;
  sharpness: number;
  brightness: number;
}

export function writeMeasures(samples: MeasuredLabel[], file = MEASURES_FILE) {
  const kept: KeptMeasure[] = samples.map(({ label, expected, measure }) => ({
    file: label.file,
    ...(expected && { expected }),
    sharpness: measure.sharpness,
    brightness: measure.brightness,
  }));
  fs.writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
}

/** Writes the thresholds into lib/photos/photo-check.ts (3 significant digits). */
export function writeThresholds(
  thresholds: PhotoThresholds,
  file = path.join(__dirname, "../../lib/photos/photo-check.ts"),
) {
  let source = fs.readFileSync(file, "utf8");
  for (const key of ["minSharpness", "minBrightness"] as const) {
    const pattern = new RegExp(`(\\b${key}: )[0-9.e+-]+(,)`);
    if (!pattern.test(source)) throw new Error(`${file} has no "${key}: <number>,"`);
    source = source.replace(pattern, `$1${Number(thresholds[key].toPrecision(3))}$2`);
  }
  fs.writeFileSync(file, source);
}

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((a) => a.startsWith("--set="))?.slice(6) ?? DEFAULT_OUT;
  const labels = readLabels(dir);
  const samples = args.includes("--cached") ? measureCached(dir, labels) : await measureSet(dir, labels);
  console.log(`${samples.length} photos measured`);
  console.log("\nthe thresholds in lib/photos/photo-check:", JSON.stringify(PHOTO_THRESHOLDS));
  const current = score(samples, PHOTO_THRESHOLDS);
  for (const line of [...formatScore(current), formatGoals(current)]) console.log("  " + line);
  const chosen = chooseThresholds(samples);
  console.log("\nchosen on this set:", JSON.stringify(chosen.thresholds));
  const lines = [...formatScore(chosen.score), formatGoals(chosen.score), ...details(samples, chosen.thresholds)];
  for (const line of lines) console.log("  " + line);
  if (args.includes("--write")) {
    writeThresholds(chosen.thresholds);
    writeMeasures(samples);
    console.log("\nwritten into lib/photos/photo-check.ts, with the measures in tools/photo-set/measures.json");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
