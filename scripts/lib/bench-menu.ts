/**
 * For `npm run bench`: the mobile menu's dead-tap window per route. In
 * Chromium at 375 px with the CPU slowed 4×, the page is loaded and `Meny` is
 * tapped in the first frame that shows it, then again after each second without
 * effect, until the menu opens. The window is the time from the button being visible to
 * the menu being open: near 0 ms when the first tap works at once.
 *
 * With `network`, the connection is slowed to slow 4G too: the phone of the
 * first-tap test, on which the page's scripts are often still on their way
 * when `Meny` is first painted.
 *
 * Beside it, the same measure on the same page with JavaScript disabled (the
 * browser's popover alone): the time the measuring itself takes (the round trips
 * to the browser, the frame that shows the menu): roughly the floor for any page.
 */
import { type Browser, chromium, type Page } from "@playwright/test";
import {
  type Box,
  type Painted,
  phoneContext,
  tapBox,
  throttle,
  untilStyled,
  whenPainted,
} from "../../lib/testing/slow-phone";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";

export interface MenuFigures {
  route: string;
  /** from the start of navigation to the button being seen on screen */
  visibleMs: number;
  /** from the start of navigation to the tap that opened the menu */
  opensMs: number;
  deadTapMs: number;
  /** the same window in the page's own frames: the first showing Meny to the first after it opened */
  framesMs?: number;
  /** in the page's own clock, from the tap (the first input's timestamp) to the first frame after it opened */
  answeredMs?: number;
  /** the dead-tap window with JavaScript disabled: the measure's own floor */
  noScriptMs: number;
  taps: number;
}

const GIVE_UP_MS = 20_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const MENU_BUTTON = "button[popovertarget]";

/**
 * When `Meny` is first on screen: from the page's own frames where it runs scripts, else (JavaScript
 * disabled, so no page script reports) by polling, which then waits behind no script of the page's.
 * Polling waits for the page's stylesheets too: until they have come, the button has a box in the
 * unstyled layout, which nothing paints, somewhere else on the page.
 */
async function menuPainted(page: Page, javaScriptEnabled: boolean): Promise<() => Promise<Box | Painted>> {
  if (javaScriptEnabled) return whenPainted(page, MENU_BUTTON);
  return async () => {
    const button = page.locator(MENU_BUTTON);
    await button.waitFor({ state: "visible", timeout: GIVE_UP_MS });
    await untilStyled(page, GIVE_UP_MS);
    const box = await button.boundingBox();
    if (!box) throw new Error(`${MENU_BUTTON} has no box on ${page.url()}`);
    return box;
  };
}

/**
 * The page's own record of the first frame after the menu opened (the popover's `toggle`), and of
 * when the first tap touched the screen (the first input's timestamp, which Event Timing reports
 * whatever the page was busy with when it came).
 */
const OPEN_FRAME = `document.addEventListener("toggle", (event) => {
  if (event.newState === "open" && window.__menuOpenFrame === undefined)
    requestAnimationFrame((time) => (window.__menuOpenFrame = time));
}, true);
new PerformanceObserver((list) => {
  window.__menuTapAt ??= list.getEntries()[0]?.startTime;
}).observe({ type: "first-input", buffered: true });`;

/**
 * Waits for the page's record of the open menu; the time of that frame after the frame that first
 * showed Meny, and after the tap.
 */
async function openFrameAfter(page: Page, shownFrame: number) {
  type Records = { __menuOpenFrame?: number; __menuTapAt?: number };
  const handle = await page.waitForFunction(() => {
    const { __menuOpenFrame: open, __menuTapAt: tap } = window as Records;
    return open !== undefined && tap !== undefined && { open, tap };
  });
  const { open, tap } = (await handle.jsonValue()) as { open: number; tap: number };
  return { framesMs: Math.round(open - shownFrame), answeredMs: Math.round(open - tap) };
}

async function once(page: Page, url: string, javaScriptEnabled: boolean) {
  const link = page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link").first();
  if (javaScriptEnabled) await page.addInitScript({ content: OPEN_FRAME });
  const painted = await menuPainted(page, javaScriptEnabled);
  const started = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  const box = await painted();
  const visibleAt = Date.now();
  let taps = 0;
  while (Date.now() - started < GIVE_UP_MS) {
    await tapBox(page, box);
    taps++;
    // A tap that lands during a long task opens the menu when the task ends: that wait counts.
    const opened = await link
      .waitFor({ state: "visible", timeout: 1000 })
      .then(() => true)
      .catch(() => false);
    if (opened) {
      const opensMs = Date.now() - started;
      const inPage = "frameTime" in box ? await openFrameAfter(page, box.frameTime) : undefined;
      return { visibleMs: visibleAt - started, opensMs, taps, ...inPage };
    }
  }
  throw new Error(`Meny did not open on ${url} within ${GIVE_UP_MS / 1000} s`);
}

interface Conditions {
  javaScriptEnabled: boolean;
  network: boolean;
}

async function measure(browser: Browser, url: string, { javaScriptEnabled, network }: Conditions, runCount: number) {
  const runs = [];
  for (let i = 0; i < runCount; i++) {
    // a fresh context each run: nothing cached, as on a first visit
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await throttle(page, { network });
    runs.push(await once(page, url, javaScriptEnabled));
    await context.close();
  }
  return runs;
}

/** Each route loaded `runCount` times with JavaScript and as often without; the medians. */
export async function benchMenu(
  origin: string,
  routes: string[],
  runCount: number,
  { network = false }: { network?: boolean } = {},
): Promise<MenuFigures[]> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const figures: MenuFigures[] = [];
  try {
    for (const route of routes) {
      const runs = await measure(browser, `${origin}${route}`, { javaScriptEnabled: true, network }, runCount);
      const noScript = await measure(browser, `${origin}${route}`, { javaScriptEnabled: false, network }, runCount);
      const dead = (r: { opensMs: number; visibleMs: number }) => r.opensMs - r.visibleMs;
      figures.push({
        route,
        visibleMs: median(runs.map((r) => r.visibleMs)),
        opensMs: median(runs.map((r) => r.opensMs)),
        deadTapMs: median(runs.map(dead)),
        framesMs: median(runs.map((r) => r.framesMs ?? NaN)),
        answeredMs: median(runs.map((r) => r.answeredMs ?? NaN)),
        noScriptMs: median(noScript.map(dead)),
        taps: median(runs.map((r) => r.taps)),
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
