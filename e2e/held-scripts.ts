/**
 * Holds back the page's scripts (every Next chunk) until the test lets them go:
 * the page as a visitor sees it before the framework has started, and then the
 * moment it starts. Call before `page.goto`, and go to the page with
 * `waitUntil: "domcontentloaded"`: the page's load event waits for its scripts.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const TOGGLE = "button[popovertarget]";
const HYDRATED = /^(true|false)$/;
/** How far a stopped page clock moves on each look while waiting for the page to hydrate. */
const CLOCK_STEP_MS = 1000;

/**
 * Waits until the page has hydrated and run its effects: the menu button gets
 * `aria-expanded` from a render that follows hydration's effects. (A locator,
 * not a role: on a wide screen the button is not shown.) With `stoppedClock`,
 * on a page whose clock the test has stopped, the clock moves on while waiting,
 * so a script that arrives late still gets the timers it starts run (a part
 * hydrated when the browser is idle waits on one).
 */
export async function hydrated(page: Page, { stoppedClock = false } = {}): Promise<void> {
  const toggle = page.locator(TOGGLE);
  if (!stoppedClock) return expect(toggle).toHaveAttribute("aria-expanded", HYDRATED);
  await expect
    .poll(async () => {
      await page.clock.runFor(CLOCK_STEP_MS);
      return toggle.getAttribute("aria-expanded");
    })
    .toMatch(HYDRATED);
}
