/**
 * For `npm run bench -- menu`: how long the mobile menu ignores a visitor's
 * taps. Each route is loaded fresh in Chromium at 375 px with touch and the CPU
 * slowed 4× (then on slow 4G too); `Meny` is tapped in the first animation
 * frame that shows it (the page's own frames, seen through an init script, not
 * by polling), then again after each second in which its menu did not open.
 * The dead-tap window runs from the button painted to the tap that opened the
 * menu: near zero when the first tap works.
 */
import type { Browser } from "@playwright/test";
import { phoneContext, tapBox, throttle, whenPainted } from "../../testing/slow-phone";
import { medians, pair, type Site, withChromium } from "./bench-sites";

const GIVE_UP_MS = 20_000;

/** One fresh load (nothing cached): from navigation to `Meny` painted and to the tap that opened it. */
async function once(browser: Browser, url: string, network: boolean) {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(page, { network });
    const painted = await whenPainted(page, "button[popovertarget]");
    const link = page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link").first();
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    const box = await painted();
    const paintedMs = Date.now() - started;
    for (let taps = 1; Date.now() - started < GIVE_UP_MS; taps++) {
      await tapBox(page, box);
      // a tap that lands during a long task opens the menu when the task ends: that wait counts
      const open = await link.waitFor({ state: "visible", timeout: 1000 }).then(
        () => true,
        () => false,
      );
      if (open) return { paintedMs, deadMs: Date.now() - started - paintedMs, taps };
    }
    throw new Error(`Meny did not open on ${url} within ${GIVE_UP_MS / 1000} s`);
  } finally {
    await context.close();
  }
}

export async function benchMenu(sites: Site[], routes: string[], runs: number): Promise<void> {
  await withChromium(async (browser) => {
    for (const network of [false, true]) {
      const phone = network ? "CPU 4× slower and slow 4G" : "CPU 4× slower (goal: dead tap ≤ 250 ms)";
      console.log(`\nMeny, 375 px, ${phone}, median of ${runs}: painted after, dead-tap window, taps\n`);
      for (const route of routes) {
        const m = await medians(sites, runs, (site) => once(browser, `${site.origin}${route}`, network));
        const figures = `painted ${pair(m.paintedMs)} ms  dead tap ${pair(m.deadMs)} ms  taps ${pair(m.taps)}`;
        console.log(`  ${route.padEnd(36)} ${figures}`);
      }
    }
  });
}
