/**
 * The thresholds the quote form ships (lib/photos/photo-check) against the labelled
 * set they were chosen on: its measures are kept in tools/photo-set/measures.json
 * (the photos are not). They must meet the goals there, and be what the chooser
 * picks from those measures, so a threshold changed by hand, or a chooser
 * changed without re-tuning, fails here.
 */
import fs from "node:fs";
import { PHOTO_THRESHOLDS } from "../../../lib/photos/photo-check";
import { chooseThresholds, meetsGoals, score, type Sample } from "../choose";
import { type KeptMeasure, MEASURES_FILE } from "../tune";

const kept = JSON.parse(fs.readFileSync(MEASURES_FILE, "utf8")) as KeptMeasure[];
const samples: Sample[] = kept.map(({ expected, sharpness, brightness }) => ({
  expected,
  measure: { sharpness, brightness },
}));

test("the set is large enough to choose from: at least 60 photos, and at least 20 labelled with each verdict", () => {
  expect(kept.length).toBeGreaterThanOrEqual(60);
  const count = (verdict: string) => kept.filter((m) => m.expected === verdict).length;
  expect([count("ok"), count("blurred"), count("dark")].every((n) => n >= 20)).toBe(true);
});

test("the shipped thresholds meet the goals on the set: recall ≥ 0.9 on blurred and dark, false notes ≤ 0.05", () => {
  const shipped = score(samples, PHOTO_THRESHOLDS);
  expect(meetsGoals(shipped)).toBe(true);
});

test("the shipped thresholds are the ones the chooser picks from the set (to three significant digits)", () => {
  const { thresholds } = chooseThresholds(samples);
  expect(Number(thresholds.minSharpness.toPrecision(3))).toBe(PHOTO_THRESHOLDS.minSharpness);
  expect(Number(thresholds.minBrightness.toPrecision(3))).toBe(PHOTO_THRESHOLDS.minBrightness);
});
