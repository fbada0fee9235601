/**
 * For `npm run bench -- photo-check`, the quote page's part of the photo check:
 * - the page's main thread while photos are checked and compressed: on
 *   /pristilbud (375 px, CPU slowed 4×), 4 phone-sized photos are picked at once
 *   in the first damage's `Last opp bilder`, and a PerformanceObserver for
 *   `longtask`, registered before the pick, sees every task over 50 ms until all
 *   4 are ready; when there is one, a traced run names the code that ran in each;
 * - /pristilbud's first-load JavaScript (the pages section's rule,
 *   lib/hosting/export-inspect.ts) in the working tree and at the commit before
 *   the check's first code, built beside it (bench-baseline.ts), and which
 *   first-load script, if any, holds the check's code.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { getStrings } from "../../lib/content";
import { fileForPath, firstLoadJsGzip, firstLoadScripts, htmlFor } from "../../lib/hosting/export-inspect";
import { fill } from "../../lib/format";
import { QUOTE_PATH } from "../../lib/routes";
import { phoneContext, throttle, CPU_SLOWDOWN } from "../../lib/testing/slow-phone";
import { startBaseline } from "./bench-baseline";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";

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
async function openForm(page: Page, origin: string) {
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

/** Names only the check's code holds (minified code keeps property names): its thresholds. */
const CHECK_CODE = ["minSharpness", "minBrightness"];

/**
 * /pristilbud's first-load JavaScript (its script tags, as the pages section
 * counts them) before the photo check and in the working tree, and which of the
 * working tree's first-load scripts hold the check's code.
 */
async function printFirstLoad(outDir: string, baselinePort: number) {
  const baseline = await startBaseline(process.cwd(), BEFORE_PHOTO_CHECK, baselinePort);
  try {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const before = firstLoadJsGzip(QUOTE_PATH, baseline.outDir);
    const now = firstLoadJsGzip(QUOTE_PATH, outDir);
    console.log(
      `  ${QUOTE_PATH}'s first-load JavaScript (gzip of its script tags; goal: +0 KB from the check): ${BEFORE_PHOTO_CHECK} (${baseline.commit.slice(0, 7)}) ${kb(before)} → working tree ${kb(now)}, ${now >= before ? "+" : "−"}${kb(Math.abs(now - before))}`,
    );
    const holding = firstLoadScripts(htmlFor(QUOTE_PATH, outDir), outDir).filter(({ src }) => {
      const code = fs.readFileSync(fileForPath(src, outDir)!, "utf8");
      return CHECK_CODE.some((name) => code.includes(name));
    });
    console.log(
      `  the check's code in the working tree's first-load scripts: ${holding.length ? holding.map((s) => `${s.src} ${kb(s.gzip)}`).join(", ") : "in none (+0 KB)"}`,
    );
  } finally {
    baseline.stop();
  }
}

/** The page's part of `npm run bench -- photo-check`, against the working tree served at `origin`. */
export async function benchPhotoCheckPage(origin: string, outDir: string, baselinePort: number) {
  console.log(`\nPhoto check on ${QUOTE_PATH}, the built site\n`);
  printMainThread(await benchMainThread(origin));
  await printFirstLoad(outDir, baselinePort);
}
