/**
 * Chooses the photo check's thresholds on the labelled set's measures, and
 * scores any thresholds on it.
 *
 * The rule: among all pairs of thresholds (each between two neighbouring
 * measured values), keep those whose false notes on sharp, well-lit photos
 * stay within GOALS.maxFalseNotes; of those, take the pair with the best
 * worse recall (blurred, dark), then the fewest false notes, then the widest
 * margin to the nearest photo on either measure (relative, so a threshold sits
 * mid-gap rather than against one photo).
 */
import { judgePhoto, type PhotoMeasure, type PhotoThresholds, type PhotoVerdict } from "../../lib/photos/photo-check";

export const GOALS = { minRecall: 0.9, maxFalseNotes: 0.05 } as const;

export interface Sample {
  measure: PhotoMeasure;
  /** what the check should say; absent for a border case (scored for nothing) */
  expected?: PhotoVerdict;
}

export interface Score {
  /** photos expected blurred (dark) that are called so, of all expected blurred (dark) */
  recallBlurred: number;
  recallDark: number;
  /** photos called blurred (dark) that are expected so, of all called so (border cases left out) */
  precisionBlurred: number;
  precisionDark: number;
  /** sharp, well-lit photos that get a note, of all of them */
  falseNotes: number;
  counts: { ok: number; blurred: number; dark: number };
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function score(samples: Sample[], thresholds: PhotoThresholds): Score {
  const scored = samples.filter((s) => s.expected);
  const called = scored.map((s) => judgePhoto(s.measure, thresholds));
  const count = (test: (expected: PhotoVerdict, verdict: PhotoVerdict) => boolean) =>
    scored.filter((s, i) => test(s.expected!, called[i]!)).length;
  const total = (v: PhotoVerdict) => count((e) => e === v);
  const calledAs = (v: PhotoVerdict) => count((_, c) => c === v);
  const hits = (v: PhotoVerdict) => count((e, c) => e === v && c === v);
  return {
    recallBlurred: ratio(hits("blurred"), total("blurred")),
    recallDark: ratio(hits("dark"), total("dark")),
    precisionBlurred: ratio(hits("blurred"), calledAs("blurred")),
    precisionDark: ratio(hits("dark"), calledAs("dark")),
    falseNotes: ratio(
      count((e, c) => e === "ok" && c !== "ok"),
      total("ok"),
    ),
    counts: { ok: total("ok"), blurred: total("blurred"), dark: total("dark") },
  };
}

export const meetsGoals = (s: Score) =>
  s.recallBlurred >= GOALS.minRecall && s.recallDark >= GOALS.minRecall && s.falseNotes <= GOALS.maxFalseNotes;

/** Thresholds between each pair of neighbouring values (geometric mean: the measures are positive and spread wide). */
function candidates(values: number[]): number[] {
  const sorted = [...new Set(values.map((v) => Math.max(v, 1e-6)))].sort((a, b) => a - b);
  const out = [sorted[0]! / 2];
  for (let i = 1; i < sorted.length; i++) out.push(Math.sqrt(sorted[i - 1]! * sorted[i]!));
  out.push(sorted[sorted.length - 1]! * 2);
  return out;
}

/** How far, relatively, a threshold is from the nearest measured value. */
function margin(threshold: number, values: number[]): number {
  let nearest = Infinity;
  for (const v of values) nearest = Math.min(nearest, Math.abs(Math.log(threshold / Math.max(v, 1e-6))));
  return nearest;
}

/** Compares keys in order: the first that differs decides. */
function isBetter(key: number[], than: number[]): boolean {
  const i = key.findIndex((k, j) => k !== than[j]);
  return i >= 0 && key[i]! > than[i]!;
}

export function chooseThresholds(samples: Sample[]): { thresholds: PhotoThresholds; score: Score } {
  const scored = samples.filter((s) => s.expected);
  const brightness = scored.map((s) => s.measure.brightness);
  const sharpness = scored.map((s) => s.measure.sharpness);
  const brightnessMargins = new Map(candidates(brightness).map((t) => [t, margin(t, brightness)]));
  const sharpnessMargins = new Map(candidates(sharpness).map((t) => [t, margin(t, sharpness)]));
  let best: { thresholds: PhotoThresholds; score: Score; key: number[] } | undefined;
  for (const [minBrightness, brightnessMargin] of brightnessMargins) {
    for (const [minSharpness, sharpnessMargin] of sharpnessMargins) {
      const thresholds = { minBrightness, minSharpness };
      const s = score(scored, thresholds);
      if (s.falseNotes > GOALS.maxFalseNotes) continue;
      const key = [Math.min(s.recallBlurred, s.recallDark), -s.falseNotes, Math.min(brightnessMargin, sharpnessMargin)];
      if (!best || isBetter(key, best.key)) best = { thresholds, score: s, key };
    }
  }
  if (!best) throw new Error("No thresholds keep false notes within the goal on this set");
  return { thresholds: best.thresholds, score: best.score };
}
