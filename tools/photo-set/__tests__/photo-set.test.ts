import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { CHECK_LONG_SIDE, measurePhoto } from "../../../lib/photos/photo-check";
import { chooseThresholds, meetsGoals } from "../choose";
import { darkenFactor, generatePhotoSet, type Label, type Source } from "../generate";

jest.setTimeout(180_000);

/** Seeded shapes: a small stand-in for photographs, drawn as SVG. */
function shapes(seed: number): string {
  let a = seed;
  const random = () => (a = (a * 16807) % 2147483647) / 2147483647;
  const parts = Array.from({ length: 40 }, () => {
    const [x, y, s] = [random() * 1600, random() * 1200, 40 + random() * 200];
    const fill = `hsl(${Math.round(random() * 360)} 60% ${Math.round(30 + random() * 50)}%)`;
    return random() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${fill}"/>`
      : `<rect x="${x}" y="${y}" width="${s}" height="${s / 2}" fill="${fill}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#eee"/>${parts.join("")}</svg>`;
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), "photo-set-"));
const sources: Source[] = [1, 2, 3, 4].map((seed) => ({ name: `shapes-${seed}`, svg: shapes(seed), width: 1200 }));
let labels: Label[];

beforeAll(async () => {
  labels = await generatePhotoSet({ out, sources });
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

async function meanLuminance(file: string) {
  const { channels } = await sharp(path.join(out, file)).stats();
  return 0.299 * channels[0]!.mean + 0.587 * channels[1]!.mean + 0.114 * channels[2]!.mean;
}

test("every label names a photo it made, at the size it says, and labels.json holds the same", async () => {
  expect(labels).toHaveLength(4 * 10);
  for (const label of labels) {
    const meta = await sharp(path.join(out, label.file)).metadata();
    expect([meta.width, meta.height]).toEqual([label.width, label.height]);
  }
  expect(JSON.parse(fs.readFileSync(path.join(out, "labels.json"), "utf8"))).toEqual(labels);
});

test("the labels follow the goals: σ ≥ 3 px blurred, 3 stops or more dark, border cases unlabelled", () => {
  const of = (file: string) => labels.find((l) => l.file === file)!.expected;
  expect(of("shapes-1-sharp.jpg")).toBe("ok");
  expect(of("shapes-1-gauss3.jpg")).toBe("blurred");
  expect(of("shapes-1-gauss1.5.jpg")).toBeUndefined();
  expect(of("shapes-1-gauss24.jpg")).toBe("blurred");
  expect(of("shapes-1-motion16-0.jpg")).toBe("blurred");
  expect(of("shapes-2-motion16-45.jpg")).toBe("blurred");
  expect(of("shapes-1-dark3.jpg")).toBe("dark");
  expect(of("shapes-1-dark1.jpg")).toBeUndefined();
});

test("a darkened photo has the light its label says", async () => {
  const sharpMean = await meanLuminance("shapes-1-sharp.jpg");
  expect((await meanLuminance("shapes-1-dark3.jpg")) / sharpMean).toBeCloseTo(darkenFactor(3), 1);
});

test("the chooser picks thresholds that meet the goals on the set", async () => {
  const samples = await Promise.all(
    labels.map(async (label) => {
      const { data, info } = await sharp(path.join(out, label.file))
        .resize(CHECK_LONG_SIDE, CHECK_LONG_SIDE, { fit: "inside" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const measure = measurePhoto({ data, width: info.width, height: info.height, channels: 3 });
      return { measure, expected: label.expected };
    }),
  );
  const { score } = chooseThresholds(samples);
  expect(meetsGoals(score)).toBe(true);
});
