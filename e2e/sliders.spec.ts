/** The before/after sliders, the home page's review slider, and the Google-reviews block on /auto-detailing. */
import { type Page, expect, test } from "./fixtures";
import { getCases, getProjects, getReviews, getSite, getStrings } from "../lib/content";
import { formatDate } from "../lib/format";
import { untilStyled } from "../testing/slow-phone";

const strings = getStrings();
const site = getSite();
const reviews = getReviews().reviews;
const [project] = getProjects();

/** Drags with touch (Chrome turns these into pointer events), as a finger would. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
  for (let step = 1; step <= 8; step++) {
    const x = from.x + ((to.x - from.x) * step) / 8;
    const y = from.y + ((to.y - from.y) * step) / 8;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("before/after slider", () => {
  test("three on the home page, each starting at 75 % and named after its case", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Før og etter" });
    const sliders = section.getByRole("slider");
    await expect(sliders).toHaveCount(3);
    for (const [i, item] of getCases().entries()) {
      const slider = sliders.nth(i);
      await expect(slider).toHaveAttribute("aria-valuenow", "75");
      await expect(slider).toHaveAttribute("aria-valuemin", "0");
      await expect(slider).toHaveAttribute("aria-valuemax", "100");
      await expect(slider).toHaveAccessibleName(new RegExp(item.title));
    }
    await expect(section.getByText("Før", { exact: true })).toHaveCount(3);
    await expect(section.getByText("Etter", { exact: true })).toHaveCount(3);
  });

  test("the arrow keys, PageUp/PageDown, Home and End move it, and the handle follows", async ({ page }) => {
    await page.goto(`/prosjekt/${project!.slug}`);
    const slider = page.getByRole("slider");
    const photo = page.getByRole("img", { name: project!.after.alt });
    await expect(slider).toHaveAttribute("aria-valuenow", "75");
    await slider.focus();
    const expectations: [string, number][] = [
      ["ArrowLeft", 70],
      ["ArrowLeft", 65],
      ["ArrowRight", 70],
      ["PageDown", 50],
      ["Home", 0],
      ["ArrowLeft", 0],
      ["End", 100],
      ["PageDown", 80],
      ["ArrowUp", 85],
      ["ArrowDown", 80],
    ];
    for (const [key, value] of expectations) {
      await page.keyboard.press(key);
      await expect(slider).toHaveAttribute("aria-valuenow", String(value));
    }
    // the handle sits where the value says, over the photos
    const frame = (await photo.boundingBox())!;
    const handle = (await slider.boundingBox())!;
    expect(Math.abs(handle.x + handle.width / 2 - (frame.x + frame.width * 0.8))).toBeLessThan(3);
    await expect(slider).toHaveAttribute("aria-valuetext", "80 % før, 20 % etter");
  });

  test("dragging with the mouse moves it and aria-valuenow follows", async ({ page }) => {
    await page.goto(`/prosjekt/${project!.slug}`);
    const slider = page.getByRole("slider");
    const frame = (await page.getByRole("img", { name: project!.after.alt }).boundingBox())!;
    const handle = (await slider.boundingBox())!;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.3, y, { steps: 6 });
    await expect(slider).toHaveAttribute("aria-valuenow", "30");
    await page.mouse.move(frame.x - 50, y, { steps: 3 });
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await page.mouse.up();
    // a click anywhere on the photos moves the split there
    await page.mouse.click(frame.x + frame.width * 0.6, frame.y + 20);
    await expect(slider).toHaveAttribute("aria-valuenow", "60");
  });
});

test.describe("before/after slider: size and touch", () => {
  test("the photo box has its size before the images load: no layout shift", async ({ page }) => {
    await page.route("**/img/**", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto(`/prosjekt/${project!.slug}`, { waitUntil: "commit" });
    const slider = page.getByRole("slider");
    await expect(slider).toBeVisible();
    // measured as first painted: the browser paints only once the stylesheets are in (the images are still on their way)
    await untilStyled(page);
    const before = (await page.getByRole("img", { name: project!.after.alt }).boundingBox())!;
    await page.waitForLoadState("load");
    const after = (await page.getByRole("img", { name: project!.after.alt }).boundingBox())!;
    expect(after).toEqual(before);
    expect(before.height).toBeGreaterThan(100);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test.describe("on a touch screen", () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("a finger drags the split sideways without scrolling the page", async ({ page }) => {
      await page.goto(`/prosjekt/${project!.slug}`);
      const slider = page.getByRole("slider");
      // to the middle of the screen: on a first visit the consent banner covers the bottom of a phone's screen
      await slider.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
      const frame = (await page.getByRole("img", { name: project!.after.alt }).boundingBox())!;
      const scrollBefore = await page.evaluate(() => [window.scrollX, window.scrollY]);
      const y = frame.y + frame.height / 2;
      await touchDrag(page, { x: frame.x + frame.width * 0.75, y }, { x: frame.x + frame.width * 0.25, y });
      await expect(slider).toHaveAttribute("aria-valuenow", "25");
      expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual(scrollBefore);
    });
  });
});

const slider = (page: Page) => page.getByRole("region", { name: strings.reviews.sliderLabel });
const slide = (page: Page, n: number) => slider(page).getByRole("group", { name: `${n} av ${reviews.length}` });

test.describe("review slider on the home page", () => {
  test("starts at the first review with only one slide visible, and every review is in the HTML", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await expect(slider(page).getByRole("group", { includeHidden: true })).toHaveCount(8);
    await expect(slider(page).getByRole("group")).toHaveCount(1);
    await expect(slide(page, 1)).toBeVisible();
    await expect(slide(page, 1)).toContainText(reviews[0]!.name);
    await expect(slider(page).locator('[aria-live="polite"]')).toHaveCount(1);

    const html = await (await request.get("/")).text();
    for (const review of reviews) {
      expect(html).toContain(review.name);
      if (review.text) expect(html).toContain(review.text);
    }
  });

  test("Forrige anmeldelse wraps from the first to the last, Neste anmeldelse from the last to the first", async ({
    page,
  }) => {
    await page.goto("/");
    const previous = page.getByRole("button", { name: "Forrige anmeldelse" });
    const next = page.getByRole("button", { name: "Neste anmeldelse" });
    await previous.click();
    await expect(slide(page, 8)).toBeVisible();
    await expect(slider(page).getByRole("group")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Vis anmeldelse 8" })).toHaveAttribute("aria-current", "true");
    await next.click();
    await expect(slide(page, 1)).toBeVisible();
    await next.click();
    await expect(slide(page, 2)).toBeVisible();
    await previous.click();
    await previous.click();
    await expect(slide(page, 8)).toBeVisible();
    await next.click();
    await expect(slide(page, 1)).toBeVisible();
    await expect(slider(page).getByRole("group")).toHaveCount(1);
  });

  test("one dot per review jumps to it and marks it current", async ({ page }) => {
    await page.goto("/");
    const dots = slider(page).getByRole("button", { name: /^Vis anmeldelse \d$/ });
    await expect(dots).toHaveCount(8);
    await page.getByRole("button", { name: "Vis anmeldelse 5" }).click();
    await expect(slide(page, 5)).toBeVisible();
    await expect(slide(page, 5)).toContainText(reviews[4]!.name);
    for (let n = 1; n <= 8; n++) {
      const dot = page.getByRole("button", { name: `Vis anmeldelse ${n}` });
      if (n === 5) await expect(dot).toHaveAttribute("aria-current", "true");
      else await expect(dot).not.toHaveAttribute("aria-current");
    }
  });
});

test.describe("review slider on the home page: content, keyboard and touch", () => {
  test("a review without text still shows its name, date and stars", async ({ page }) => {
    const index = reviews.findIndex((r) => !r.text);
    const review = reviews[index]!;
    await page.goto("/");
    await page.getByRole("button", { name: `Vis anmeldelse ${index + 1}` }).click();
    const current = slide(page, index + 1);
    await expect(current).toContainText(review.name);
    await expect(current).toContainText(formatDate(review.date));
    await expect(current.getByRole("img", { name: "5 av 5 stjerner" })).toBeVisible();
  });

  test("keyboard only: the buttons are reachable and work with Enter and Space", async ({ page }) => {
    await page.goto("/");
    const next = page.getByRole("button", { name: "Neste anmeldelse" });
    await expect(next).toBeEnabled(); // the buttons need the script: disabled until it has run
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(slide(page, 2)).toBeVisible();
    await page.keyboard.press("Shift+Tab"); // the last dot
    await expect(page.getByRole("button", { name: "Vis anmeldelse 8" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(slide(page, 8)).toBeVisible();
  });

  test.describe("on a touch screen", () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("a swipe left shows the next review, a swipe right the previous", async ({ page }) => {
      await page.goto("/");
      await slide(page, 1).scrollIntoViewIfNeeded();
      // the slider answers a swipe once its script runs, when its buttons are enabled
      await expect(page.getByRole("button", { name: "Neste anmeldelse" })).toBeEnabled();
      const box = (await slide(page, 1).boundingBox())!;
      const y = box.y + box.height / 2;
      await touchDrag(page, { x: box.x + box.width * 0.8, y }, { x: box.x + box.width * 0.2, y });
      await expect(slide(page, 2)).toBeVisible();
      await touchDrag(page, { x: box.x + box.width * 0.2, y }, { x: box.x + box.width * 0.8, y });
      await touchDrag(page, { x: box.x + box.width * 0.2, y }, { x: box.x + box.width * 0.8, y });
      await expect(slide(page, 8)).toBeVisible();
    });
  });
});

test("the Google-reviews block on /auto-detailing: 5.0, 14 reviews, three cards, safe external links, no widget", async ({
  page,
}) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!new URL(req.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/)) foreign.push(req.url());
  });
  await page.goto("/auto-detailing");
  const block = page.getByRole("region", { name: "Hva kundene sier" });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByText("5.0", { exact: true })).toBeVisible();
  await expect(block).toContainText("5,0 av 5 basert på 14 anmeldelser");
  const cards = block.getByRole("list").getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const ids = getReviews().summary.detailingCards;
  for (const [i, id] of ids.entries()) {
    const review = reviews.find((r) => r.id === id)!;
    const card = cards.nth(i);
    await expect(card.getByRole("img", { name: "5 av 5 stjerner" })).toBeVisible();
    await expect(card).toContainText(review.text!);
    await expect(card).toContainText(review.name);
    await expect(card).toContainText(formatDate(review.date));
    await expect(card.getByText(review.name.charAt(0), { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Les mer/ })).toHaveCount(1);
  }
  const links = block.getByRole("link", { name: /^Les mer/ });
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("href", site.googleReviewsUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    const rel = ((await link.getAttribute("rel")) ?? "").split(/\s+/);
    expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
  }
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});
