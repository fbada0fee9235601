/**
 * For `npm run bench -- photo-check`, the quote page's part of the photo check:
 * - the page's main thread while photos are checked and compressed: on
 *   /pristilbud (375 px, CPU slowed 4×), 4 phone-sized photos are picked at once
 *   in the first damage's `Last opp bilder`, and a PerformanceObserver for
 *   `longtask`, registered before the pick, sees every task over 50 ms until all
 *   4 are ready; when there is one, a traced run names the code that ran in each;
 * - how long after the pick each note is shown (bench-photo-check-notes.ts);
 * - the JavaScript the page fetches until idle in the working tree and at the
 *   commit before the check's first code, built beside it (bench-baseline.ts),
 *   and which scripts hold the check's code: among the page's script tags, those
 *   fetched after them until idle, those the first pick fetches
 *   (bench-photo-check-js.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { getStrings } from "../../lib/content";
import { firstLoadScripts, htmlFor } from "../../lib/hosting/export-inspect";
import { fill } from "../../lib/format";
import { QUOTE_PATH } from "../../lib/routes";
import { phoneContext, throttle, CPU_SLOWDOWN } from "../../lib/testing/slow-phone";
import { startBaseline } from "./bench-baseline";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";
import { scriptsFetched, printScripts, withChromium } from "./bench-photo-check-js";
import { benchNotes, printNotes } from "./bench-photo-check-notes";

/** The commit before the photo check's first code (lib/photo-check): the quote page without it. */
export const BEFORE_PHOTO_CHECK = "007cab8^";
const PHOTOS = 4;
const RUNS = 3;
const LONG_TASK_MS = 50;
const GIVE_UP_MS = 120_000;

interface LongTask {
  startMs: number;
  durationMs: number;
}

export interface MainThreadRun {
  /** every task over 50 ms from the pick until all photos were ready */
  longTasks: LongTask[];
  /** from the pick until all photos were ready */
  readyMs: number;
}

/** Four different 4000×3000 JPEGs of a few MB each, as a phone's camera makes (kept in the temp folder). */
async function photos(): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(os.tmpdir(), `bench-photo-check-4000x3000-${i}.jpg`);
    if (!fs.existsSync(file)) await makeBenchPhoto(file, { grain: 16 + i, quality: 90, disc: i % 2 === 0 });
    files.push(file);
  }
  return files;
}

/** The first damage's photo area, once the form's code runs (its buttons are enabled then). */
export async function openForm(page: Page, origin: string) {
  const { labels } = getStrings().quoteForm;
  await page.goto(`${origin}${QUOTE_PATH}`);
  const damage = page.getByRole("region", { name: fill(labels.damage, { n: 1 }) });
  await damage.getByRole("button", { name: labels.removeDamage }).and(page.locator(":enabled")).waitFor();
  // let the load's own tasks end before the pick
  await page.waitForTimeout(1000);
  return damage;
}

/**
 * Resolves once the damage shows `count` photos and none is waiting or being
 * compressed. It watches from inside the page with one MutationObserver:
 * Playwright's locators would poll on the page's main thread (a role query
 * computes accessible names through the whole page), and under the slowed CPU
 * that polling is itself a task over 50 ms, which the observer would count.
 */
function whenReady(damage: Locator, count: number): Promise<void> {
  const { labels, progress } = getStrings().quoteForm;
  const working = [progress.waiting, progress.compressing.split("{percent}")[0]!];
  const watched = damage.evaluate(
    (region, { count, working, remove }) =>
      new Promise<void>((resolve) =>
        new MutationObserver(() => {
          const shown = region.querySelectorAll(`button[aria-label="${remove}"]`).length >= count;
          if (shown && !working.some((words) => region.textContent!.includes(words))) resolve();
        }).observe(region, { subtree: true, childList: true, characterData: true }),
      ),
    { count, working, remove: labels.removeImage },
  );
  const giveUp = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`the photos were not ready after ${GIVE_UP_MS} ms`)), GIVE_UP_MS).unref(),
  );
  return Promise.race([watched, giveUp]);
}

/** Picks the photos and waits until each has its thumbnail and none is waiting or being compressed. */
async function pickAndWait(page: Page, origin: string, files: string[]): Promise<{ readyMs: number }> {
  const { labels } = getStrings().quoteForm;
  const damage = await openForm(page, origin);
  // found before the long-task observer starts: finding it by its label runs on the page too
  const picker = await damage.getByLabel(labels.pickImages).elementHandle();
  const ready = whenReady(damage, PHOTOS);
  await page.evaluate((threshold) => {
    const seen: { startMs: number; durationMs: number }[] = [];
    (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.duration > threshold) seen.push({ startMs: entry.startTime, durationMs: entry.duration });
    }).observe({ type: "longtask" });
  }, LONG_TASK_MS);
  const started = Date.now();
  await picker!.setInputFiles(files);
  await ready;
  return { readyMs: Date.now() - started };
}

async function measureRun(browser: Browser, origin: string, files: string[]): Promise<MainThreadRun> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page, { network: false });
    const { readyMs } = await pickAndWait(page, origin, files);
    // the observer reports a task after it ends: give the last one its turn
    await page.waitForTimeout(200);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks);
    return { longTasks, readyMs };
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frames?: { url: string }[] } };
}

/** What ran in each main-thread task over 50 ms of a trace: the longest events inside it, with their script. */
export function namesInLongTasks(events: TraceEvent[]): string[] {
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur);
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur! > LONG_TASK_MS * 1000);
  return tasks.map((task) => {
    const inside = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!)
      .filter((e) => e.dur! > 5000)
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 6)
      .map((e) => {
        const data = e.args?.data;
        const where = [data?.functionName, data?.url ?? data?.frames?.[0]?.url].filter(Boolean).join(" ");
        return `${e.name} ${(e.dur! / 1000).toFixed(0)} ms${where ? ` (${where})` : ""}`;
      });
    return `${(task.dur! / 1000).toFixed(0)} ms: ${inside.join("; ") || "nothing named inside"}`;
  });
}

async function tracedRun(browser: Browser, origin: string, files: string[]): Promise<string[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page, { network: false });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute"],
    });
    await pickAndWait(page, origin, files);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    return namesInLongTasks(trace.traceEvents);
  } finally {
    await context.close();
  }
}

export async function benchMainThread(origin: string): Promise<{ runs: MainThreadRun[]; named: string[] }> {
  const files = await photos();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const runs: MainThreadRun[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measureRun(browser, origin, files));
    const named = runs.some((r) => r.longTasks.length) ? await tracedRun(browser, origin, files) : [];
    return { runs, named };
  } finally {
    await browser.close();
  }
}

function printMainThread({ runs, named }: Awaited<ReturnType<typeof benchMainThread>>) {
  const longest = (r: MainThreadRun) => Math.max(0, ...r.longTasks.map((t) => t.durationMs));
  const perRun = runs.map(
    (r) => `${longest(r).toFixed(0)} ms / ${r.longTasks.length} / ${(r.readyMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  longest main-thread task on ${QUOTE_PATH}, ${PHOTOS} photos of 4000×3000 picked at once, 375 px, CPU ${CPU_SLOWDOWN}× slower (goal: none over ${LONG_TASK_MS} ms):`,
  );
  console.log(
    `    worst of ${runs.length} runs ${Math.max(...runs.map(longest)).toFixed(0)} ms, tasks over ${LONG_TASK_MS} ms ${Math.max(...runs.map((r) => r.longTasks.length))}` +
      ` (per run: longest / count over ${LONG_TASK_MS} ms / until all ready: ${perRun.join(", ")})`,
  );
  for (const line of named) console.log(`    in a traced run, ${line}`);
}

/** Waits until the damage shows `count` photos, each with its thumbnail, and none is waiting or being compressed. */
export async function photosReady(damage: Locator, count: number) {
  const { labels, progress } = getStrings().quoteForm;
  const working = new RegExp(`^(${progress.waiting}|${progress.compressing.split("{percent}")[0]})`);
  await damage
    .getByRole("button", { name: labels.removeImage })
    .nth(count - 1)
    .waitFor({ timeout: GIVE_UP_MS });
  await damage.getByText(working).first().waitFor({ state: "detached", timeout: GIVE_UP_MS });
}

/**
 * The JavaScript the quote page fetches until idle, before the photo check (the
 * baseline, built beside the working tree) and in the working tree, and where
 * the check's code comes in (bench-photo-check-js.ts).
 */
async function printPageScripts(origin: string, outDir: string, baselinePort: number, photo: string) {
  const baseline = await startBaseline(process.cwd(), BEFORE_PHOTO_CHECK, baselinePort);
  try {
    await withChromium(async (browser) => {
      const before = await scriptsFetched(browser, baseline.origin, QUOTE_PATH);
      const now = await scriptsFetched(browser, origin, QUOTE_PATH, photo);
      const label = `${BEFORE_PHOTO_CHECK} (${baseline.commit.slice(0, 7)})`;
      const firstLoad = firstLoadScripts(htmlFor(QUOTE_PATH, outDir), outDir).map((s) => s.src);
      printScripts(QUOTE_PATH, { label, scripts: before }, now, firstLoad);
    });
  } finally {
    baseline.stop();
  }
}

/** The page's part of `npm run bench -- photo-check`, against the working tree served at `origin`. */
export async function benchPhotoCheckPage(origin: string, outDir: string, baselinePort: number) {
  console.log(`\nPhoto check on ${QUOTE_PATH}, the built site\n`);
  printMainThread(await benchMainThread(origin));
  const notes = await benchNotes(origin);
  printNotes(notes, QUOTE_PATH);
  const sharp = notes.labels.find((l) => l.kind === "sharp")!;
  await printPageScripts(origin, outDir, baselinePort, path.join(notes.dir, sharp.file));
}
