/**
 * For `npm run bench -- photo-check`: how long after the pick each photo
 * check note is shown on /pristilbud (375 px, CPU slowed 4×). A blurred, a dark
 * and a sharp photo of the labelled set's kind (tools/photo-set: one source at
 * a phone's width, made by its generator with its labels) are picked together
 * in the first damage once the form's code runs. In the page, the pick is the
 * `change` event (seen first, in the capture phase) and a note is shown in the
 * first animation frame after its text is in the photo's thumbnail (a frame's
 * callbacks run just before it is painted). The note texts come from
 * content/strings.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { getStrings } from "../../lib/content";
import type { PhotoVerdict } from "../../lib/photo-check";
import { phoneContext, throttle } from "../../lib/testing/slow-phone";
import { generatePhotoSet, type Label, type Variant } from "../../tools/photo-set/generate";
import { defaultSources } from "../../tools/photo-set/sources";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { openForm, photosReady } from "./bench-photo-check-page";

/** A photograph of a vehicle from the set's sources, made at a phone's width. */
const SOURCE = "motorcycle-left";
/** Clearly over the set's goals (σ ≥ 3 px at 1920, ≥ 3 stops darker), and the same photo as it is. */
const VARIANTS: Variant[] = [{ kind: "gaussian", sigma: 6 }, { kind: "dark", stops: 4 }, { kind: "sharp" }];
const RUNS = 3;
const GIVE_UP_MS = 60_000;

export interface NotesRun {
  /** ms from the pick to the frame that shows each photo's note; absent when it got none */
  shown: Record<string, { verdict: PhotoVerdict; ms: number } | undefined>;
}

/** The three photos with their labels, made once into the temp folder. */
export async function notePhotos(): Promise<{ dir: string; labels: Label[] }> {
  const dir = path.join(os.tmpdir(), `bench-photo-check-notes-${SOURCE}`);
  const labelsFile = path.join(dir, "labels.json");
  if (fs.existsSync(labelsFile)) return { dir, labels: JSON.parse(fs.readFileSync(labelsFile, "utf8")) as Label[] };
  const source = defaultSources().find((s) => s.name === SOURCE);
  if (!source) throw new Error(`the photo set has no source ${SOURCE}`);
  const labels = await generatePhotoSet({ out: dir, sources: [source], variants: VARIANTS });
  return { dir, labels };
}

/**
 * In the page, before the pick: records the pick and, per photo (its thumbnail's image's name), its note's
 * frame. Written without named inner functions: the page gets the function's source as it is.
 */
function recordNotes(notes: Record<string, string>) {
  const record = { pickedAt: -1, shown: {} as Record<string, { verdict: string; at: number }> };
  (window as unknown as { __notes: typeof record }).__notes = record;
  document.addEventListener("change", () => (record.pickedAt = performance.now()), { capture: true, once: true });
  new MutationObserver(() => {
    for (const item of document.querySelectorAll("li")) {
      const name = item.querySelector("img[alt]")?.getAttribute("alt");
      if (!name || record.shown[name]) continue;
      const verdict = Object.keys(notes).find((key) => item.textContent?.includes(notes[key]!));
      if (!verdict) continue;
      const shown = { verdict, at: -1 };
      record.shown[name] = shown;
      requestAnimationFrame(() => (shown.at = performance.now()));
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

async function notesRun(browser: Browser, origin: string, dir: string, labels: Label[]): Promise<NotesRun> {
  const { labels: formLabels, photoCheck } = getStrings().quoteForm;
  const notes = { blurred: photoCheck.blurred, dark: photoCheck.dark };
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page, { network: false });
    const damage = await openForm(page, origin);
    await page.evaluate(recordNotes, notes);
    const picker = await damage.getByLabel(formLabels.pickImages).elementHandle();
    await picker!.setInputFiles(labels.map((l) => path.join(dir, l.file)));
    // first the notes the photos should get, watched through the record alone (a locator's polling would
    // search the page on its main thread while the notes are timed), then every photo ready: the sharp one too
    const noted = labels.filter((l) => l.expected && l.expected !== "ok").map((l) => l.file);
    await page
      .waitForFunction(
        (files) => {
          const { shown } = (window as unknown as { __notes: { shown: Record<string, { at: number }> } }).__notes;
          return files.every((file) => (shown[file]?.at ?? -1) >= 0);
        },
        noted,
        { timeout: GIVE_UP_MS },
      )
      .catch(() => undefined);
    await photosReady(damage, labels.length);
    const record = await page.evaluate(
      () =>
        (window as unknown as { __notes: { pickedAt: number; shown: Record<string, { verdict: string; at: number }> } })
          .__notes,
    );
    const shown: NotesRun["shown"] = {};
    for (const { file } of labels) {
      const note = record.shown[file];
      shown[file] =
        note && note.at >= 0 ? { verdict: note.verdict as PhotoVerdict, ms: note.at - record.pickedAt } : undefined;
    }
    return { shown };
  } finally {
    await context.close();
  }
}

export async function benchNotes(origin: string): Promise<{ dir: string; labels: Label[]; runs: NotesRun[] }> {
  const { dir, labels } = await notePhotos();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const runs: NotesRun[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await notesRun(browser, origin, dir, labels));
    return { dir, labels, runs };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One line per photo: its note and the median time to it, or that it got none, in each run. */
export function printNotes({ labels, runs }: Awaited<ReturnType<typeof benchNotes>>, quotePath: string) {
  const { width, height } = labels[0]!;
  console.log(
    `  from the pick to each note on ${quotePath}, ${labels.length} photos of ${width}×${height} (the labelled set's ${SOURCE}) picked at once, 375 px, CPU 4× slower, median of ${runs.length} (goal: each note within 2 s, none on the sharp one):`,
  );
  for (const label of labels) {
    const got = runs.map((r) => r.shown[label.file]);
    const times = got.filter((g) => g !== undefined).map((g) => g.ms);
    const counts = new Map<string, number>();
    for (const g of got) counts.set(g?.verdict ?? "no note", (counts.get(g?.verdict ?? "no note") ?? 0) + 1);
    const verdicts = [...counts].map(([verdict, n]) => `${verdict} in ${n} of ${runs.length} runs`).join(", ");
    const time = times.length ? `, ${seconds(median(times))} (${times.map(seconds).join(", ")})` : "";
    console.log(`    ${label.file} (labelled ${label.expected ?? "border"}): ${verdicts}${time}`);
  }
}
