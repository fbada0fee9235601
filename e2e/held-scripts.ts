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

/**
 * Waits until the page has hydrated and run its effects: the menu button gets
 * `aria-expanded` from a render that follows hydration's effects. (A locator,
 * not a role: on a wide screen the button is not shown.)
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("button[popovertarget]")).toHaveAttribute("aria-expanded", /^(true|false)$/);
}
