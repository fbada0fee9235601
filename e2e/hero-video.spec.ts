/**
 * The home page's hero video. public/video/ may be empty in a working copy
 * without the media files, so these check what the page does, not playback.
 */
import { expect, test } from "./fixtures";
import { getStrings } from "../lib/content";
import { networkQuiet } from "./settled";

const { play } = getStrings().heroVideo;
const hero = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Vi tar vare på bilen din" });

test("muted, looping, inline, autoplaying once the page has loaded; the hero image is the largest paint and downloaded once", async ({
  page,
}) => {
  const heroImageRequests: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/img/hero-poster")) heroImageRequests.push(req.url());
  });
  await page.goto("/");
  const video = hero(page).locator("video");
  await expect(video).toHaveAttribute("muted", "");
  await expect(video).toHaveAttribute("loop", "");
  await expect(video).toHaveAttribute("playsinline", "");
  await expect(video).toHaveAttribute("autoplay", "");
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay])).toEqual([true, true, true]);

  // The largest paint is never the video: the hero image under it (or, with a plain placeholder image
  // that Chrome does not count, the heading). The video is requested only after the load event, and
  // the hero image in one size only: the video, invisible until it plays, fetches no picture of its own.
  await page.waitForLoadState("load");
  const timing = await page.evaluate(
    () =>
      new Promise<{ lcp: string; loadEnd: number; videoStarts: number[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as unknown as { element: Element | null; url: string };
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          resolve({
            lcp: `${last.element?.tagName} ${last.url}`,
            loadEnd: nav.loadEventStart,
            videoStarts: performance
              .getEntriesByType("resource")
              .filter((r) => r.name.includes("/video/"))
              .map((r) => r.startTime),
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(timing.lcp).toMatch(/^(IMG .*hero-poster|H1 )/);
  for (const start of timing.videoStarts) expect(start).toBeGreaterThanOrEqual(timing.loadEnd);
  expect(heroImageRequests).toHaveLength(1);
});

test.describe("with prefers-reduced-motion: reduce", () => {
  test.use({ reducedMotion: "reduce" });

  test("it does not autoplay or download; the hero image shows and a button offers to play it", async ({ page }) => {
    const videoRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/video/")) videoRequests.push(req.url());
    });
    await page.goto("/");
    await page.waitForLoadState("load");
    const button = hero(page).getByRole("button", { name: play });
    await expect(button).toBeVisible();
    const video = hero(page).locator("video");
    await expect(video).not.toHaveAttribute("autoplay");
    expect(await video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.paused])).toEqual([false, true]);
    await networkQuiet(page);
    expect(videoRequests).toEqual([]);
    // the image under it is what shows
    await expect(hero(page).getByRole("img")).toBeVisible();

    await button.click();
    await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  });
});
