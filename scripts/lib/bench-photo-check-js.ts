/**
 * For `npm run bench -- photo-check`: the JavaScript /pristilbud fetches, as
 * the browser fetches it (whatever writes the script tags: Next's own or a
 * loader), so two builds are compared like with like. A fresh phone context
 * (375 px, CPU slowed 4×, nothing cached) opens the page and is left untouched
 * until it is idle (an idle callback has run, and no request has started for
 * QUIET_MS): every script fetched until then (by the page and its workers) is
 * its load. In the working tree, one photo is then picked in the first damage,
 * and what is fetched until the next idle is the pick's. The working tree's
 * load is split into its first-load scripts (the page's script tags, as the
 * pages section counts them) and what comes after them until idle (the
 * deferred islands' code). Each script counts as its gzip size (level 9, as
 * the pages section counts a page's first-load JavaScript); a script holds the
 * photo check's code when it holds names only that code has.
 */
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { getStrings } from "../../lib/content";
import { fill } from "../../lib/format";
import { phoneContext, throttle } from "../../lib/testing/slow-phone";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { photosReady } from "./bench-photo-check-page";

/** No request started for this long: the page is idle. */
const QUIET_MS = 5000;
const GIVE_UP_MS = 90_000;
/** Names only the check's code holds (minified code keeps property names): its thresholds. */
const CHECK_CODE = ["minSharpness", "minBrightness"];

export interface FetchedScript {
  path: string;
  gzip: number;
  phase: "load" | "pick";
  holdsCheck: boolean;
}

/** Records every script of `origin` the context fetches, in the phase current when its answer came. */
function recordScripts(context: BrowserContext, origin: string) {
  const scripts: FetchedScript[] = [];
  const pending: Promise<void>[] = [];
  const state = { phase: "load" as FetchedScript["phase"], lastRequestAt: Date.now() };
  context.on("request", () => (state.lastRequestAt = Date.now()));
  context.on("response", (response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === "script" || url.pathname.endsWith(".js");
    if (url.origin !== origin || !isScript || response.status() !== 200) return;
    const phase = state.phase;
    pending.push(
      response.body().then(
        (body) => {
          const code = body.toString("utf8");
          const gzip = zlib.gzipSync(body, { level: 9 }).length;
          scripts.push({ path: url.pathname, gzip, phase, holdsCheck: CHECK_CODE.some((n) => code.includes(n)) });
        },
        () => undefined,
      ),
    );
  });
  // idle: the page's main thread has had an idle period (its own idle-time loads, such as the deferred
  // islands', were asked for before ours) and no request has started for QUIET_MS since
  const quiet = async (page: Page) => {
    const started = Date.now();
    for (;;) {
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      const waited = Date.now() - state.lastRequestAt;
      if (waited >= QUIET_MS || Date.now() - started > GIVE_UP_MS) break;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - waited));
    }
    await Promise.all(pending);
  };
  return { scripts, state, quiet };
}

/** Picks `photo` in the first damage once the form's code runs, and waits until it is ready. */
async function pickOne(page: Page, photo: string) {
  const { labels } = getStrings().quoteForm;
  const damage = page.getByRole("region", { name: fill(labels.damage, { n: 1 }) });
  await damage.getByRole("button", { name: labels.removeDamage }).and(page.locator(":enabled")).waitFor();
  await damage.getByLabel(labels.pickImages).setInputFiles(photo);
  await photosReady(damage, 1);
}

/** The scripts `origin`'s `route` fetches until idle, and with `photo` those its first pick fetches. */
export async function scriptsFetched(
  browser: Browser,
  origin: string,
  route: string,
  photo?: string,
): Promise<FetchedScript[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page, { network: false });
    const { scripts, state, quiet } = recordScripts(context, origin);
    await page.goto(`${origin}${route}`);
    await quiet(page);
    if (photo) {
      state.phase = "pick";
      await pickOne(page, photo);
      await quiet(page);
    }
    return scripts;
  } finally {
    await context.close();
  }
}

export async function withChromium<T>(run: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    return await run(browser);
  } finally {
    await browser.close();
  }
}

const QUIET = `${QUIET_MS / 1000} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (scripts: FetchedScript[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);

const list = (scripts: FetchedScript[]) =>
  scripts.length ? scripts.map((s) => `${s.path} ${kb(s.gzip)}`).join(", ") : "none (+0 KB)";

/**
 * The page's load beside the baseline's; the working tree's split into its
 * first-load scripts (`firstLoad`: the paths of its script tags) and what comes
 * after them until idle; and which scripts hold the check's code, in each part
 * and at the first pick.
 */
export function printScripts(
  route: string,
  baseline: { label: string; scripts: FetchedScript[] },
  now: FetchedScript[],
  firstLoad: string[],
) {
  const load = now.filter((s) => s.phase === "load");
  const tags = load.filter((s) => firstLoad.includes(s.path));
  const later = load.filter((s) => !firstLoad.includes(s.path));
  const pick = now.filter((s) => s.phase === "pick");
  const [before, after] = [total(baseline.scripts), total(load)];
  const change = `${after >= before ? "+" : "−"}${kb(Math.abs(after - before))}`;
  const check = (scripts: FetchedScript[]) => list(scripts.filter((s) => s.holdsCheck));
  console.log(
    `  JavaScript ${route} fetches, as the browser fetches it (page and workers, gzip of each script; 375 px, CPU 4× slower), untouched until idle (an idle callback, then ${QUIET} without a request):`,
  );
  console.log(
    `    ${baseline.label} ${baseline.scripts.length} scripts ${kb(before)} → working tree ${load.length} scripts ${kb(after)}, ${change} (the whole page's change between the two commits, not the check's alone)`,
  );
  console.log(
    `    working tree: its script tags (first load) ${tags.length} scripts ${kb(total(tags))}, then until idle ${later.length} scripts ${kb(total(later))}; at the first photo's pick ${pick.length} scripts ${kb(total(pick))}`,
  );
  console.log(
    `    the check's code (lib/photo-check) in the first load: ${check(tags)}; until idle: ${check(later)}; at the pick: ${check(pick)}`,
  );
}
