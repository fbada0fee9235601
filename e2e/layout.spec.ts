/** Layouts at their breakpoints; no sideways scroll at 360 px is checked on every route in ./routes.spec.ts. */
import { expect, test } from "./fixtures";

async function caseTops(page: import("@playwright/test").Page) {
  const section = page.getByRole("region", { name: "Før og etter" });
  const boxes = await Promise.all((await section.getByRole("article").all()).map((a) => a.boundingBox()));
  return boxes.map((b) => Math.round(b!.y));
}

test("case studies sit side by side above 1100 px and stack at 1100 px", async ({ page }) => {
  await page.setViewportSize({ width: 1101, height: 900 });
  await page.goto("/");
  const wide = await caseTops(page);
  expect(wide).toHaveLength(3);
  expect(new Set(wide).size).toBe(1);

  await page.setViewportSize({ width: 1100, height: 900 });
  const narrow = await caseTops(page);
  expect(narrow[0]).toBeLessThan(narrow[1]!);
  expect(narrow[1]).toBeLessThan(narrow[2]!);
});

test.describe("on a phone, with the keyboard", () => {
  test.use({ viewport: { width: 375, height: 740 }, reducedMotion: "reduce" });
  for (const path of ["/", "/auto-detailing"]) {
    test(`${path}: what Tab moves to is never under the action bar at the bottom`, async ({ page }) => {
      await page.goto(path);
      const call = page.getByRole("link", { name: "Ring oss" }).last();
      await expect(call).toBeVisible();
      const covered: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const focused = await call.evaluate((link) => {
          const bar = link.parentElement!;
          const barTop = bar.getBoundingClientRect().top;
          const element = document.activeElement as HTMLElement;
          const box = element.getBoundingClientRect();
          // the bar's own links, and what is taller than the space above the bar, cannot be cleared of it
          if (bar.contains(element) || box.height > barTop / 2) return "";
          return box.bottom > barTop
            ? element.textContent || element.getAttribute("aria-label") || element.tagName
            : "";
        });
        if (focused) covered.push(focused.trim());
      }
      expect(covered).toEqual([]);
    });
  }
});
