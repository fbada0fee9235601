/**
 * Consent, as a new visitor meets it. This build has neither a GTM id nor a maps
 * key: nothing to consent to, so no banner, and the privacy page says so. A build
 * with either: the banner on the first visit, nothing sent to anyone else before
 * (or after `Avslå`), the tag manager and web vitals only after `Godta` with a GTM
 * id, and the choice changed on /personvern.
 *
 * The GTM id and the maps key are written into the served page as a build with
 * NEXT_PUBLIC_GTM_ID or NEXT_PUBLIC_GOOGLE_MAPS_API_KEY would have them
 * (e2e/built-with.ts), and the tag manager's host answers with a stand-in
 * script: no request leaves the test machine.
 */
import { getStrings } from "../lib/content";
import { WEB_VITALS_EVENT, type WebVitalsEvent } from "../lib/analytics";
import { serveAsBuiltWith } from "./built-with";
import { holdScripts, hydrated } from "./held-scripts";
import { networkQuiet } from "./settled";
import { type BrowserContext, type Page, expect, test } from "./fixtures";

const strings = getStrings().consent;
const FAKE_GTM_ID = "GTM-E2E0001";
const FAKE_MAPS_KEY = "e2e-fake-key";
const GTM_HOST = /^https:\/\/www\.googletagmanager\.com\//;

const banner = (page: Page) => page.getByRole("region", { name: strings.bannerHeading });
const settings = (page: Page) => page.getByRole("region", { name: strings.settingsHeading });

test.describe("a build with neither a GTM id nor a maps key (this build)", () => {
  test("no banner on any page, nothing stored, nothing sent elsewhere", async ({ page, context }) => {
    const requests = recordRequests(page);
    for (const path of ["/", "/kontakt", "/auto-detailing", "/om-oss"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(banner(page)).toHaveCount(0);
      await expect(page.getByRole("button", { name: strings.accept })).toHaveCount(0);
    }
    expect(requests.thirdParty()).toEqual([]);
    expect(await cookies(context)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("samtykke"))).toBeNull();
  });

  test("the privacy page's consent control says no cookies and no third-party services are in use", async ({
    page,
  }) => {
    await page.goto("/personvern");
    await expect(settings(page).getByRole("status")).toHaveText(strings.settingsNone);
    expect(strings.settingsNone).toMatch(/ingen informasjonskapsler/);
    expect(strings.settingsNone).toMatch(/ingen tjenester fra andre/);
    await expect(settings(page).getByRole("button")).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
  });

  test("the privacy page's consent control says so before the page's script runs, and does not move when it does", async ({
    page,
  }) => {
    const { release } = await holdScripts(page);
    await page.goto("/personvern", { waitUntil: "domcontentloaded" });
    await expect(settings(page).getByRole("status")).toHaveText(strings.settingsNone);
    await expect(page.getByRole("button", { name: strings.accept })).toHaveCount(0);
    const before = (await settings(page).boundingBox())!;

    release();
    await hydrated(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect((await settings(page).boundingBox())!.height).toBe(before.height);
    await expect(settings(page).getByRole("status")).toHaveText(strings.settingsNone);
    await expect(settings(page).getByRole("button")).toHaveCount(0);
  });
});

/** Every request the page makes, and every one that leaves our origin. */
function recordRequests(page: Page) {
  const all: string[] = [];
  page.on("request", (request) => all.push(request.url()));
  return {
    all,
    thirdParty: () => all.filter((url) => !/^(https?:\/\/localhost(:\d+)?\/|blob:|data:)/.test(url)),
  };
}

/** The tag manager's host answers with a stand-in that marks itself loaded. */
async function stubTagManager(page: Page) {
  const loads: string[] = [];
  await page.route(GTM_HOST, (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__gtmStub = (window.__gtmStub || 0) + 1;" });
  });
  return loads;
}

async function cookies(context: BrowserContext) {
  return (await context.cookies()).map((c) => c.name);
}

function vitalsEvents(page: Page): Promise<WebVitalsEvent[]> {
  return page.evaluate(
    (event) => (window.dataLayer ?? []).filter((e): e is WebVitalsEvent => (e as { event?: string }).event === event),
    WEB_VITALS_EVENT,
  ) as Promise<WebVitalsEvent[]>;
}

/** The browser reports CLS and INP (and settles LCP) when the page is hidden: as when the visitor leaves. */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test("first visit: the banner, with Godta and Avslå alike and nothing ticked; no third-party request, no cookie", async ({
  page,
  context,
}) => {
  const requests = recordRequests(page);
  for (const path of ["/", "/kontakt", "/auto-detailing"]) {
    await serveAsBuiltWith(page, path, { gtmId: FAKE_GTM_ID, googleMapsApiKey: FAKE_MAPS_KEY });
  }
  for (const path of ["/", "/kontakt", "/auto-detailing"]) {
    await page.goto(path);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("link", { name: strings.privacyLink })).toHaveAttribute("href", "/personvern");
    await expect(banner(page).getByRole("checkbox")).toHaveCount(0);
    const accept = banner(page).getByRole("button", { name: strings.accept, exact: true });
    const decline = banner(page).getByRole("button", { name: strings.decline, exact: true });
    const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
    expect(Math.abs(a!.width - d!.width)).toBeLessThan(1);
    expect(a!.height).toBe(d!.height);
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.borderColor, s.fontWeight, s.fontSize].join();
    };
    expect(await accept.evaluate(look)).toBe(await decline.evaluate(look));
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
  }
  await networkQuiet(page);
  expect(requests.all.length).toBeGreaterThan(10);
  expect(requests.thirdParty()).toEqual([]);
  expect(await cookies(context)).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});

test("with a GTM id: the banner is reachable by keyboard right after the skip link, and the choice is remembered", async ({
  page,
}) => {
  await serveAsBuiltWith(page, "/om-oss", { gtmId: FAKE_GTM_ID });
  await serveAsBuiltWith(page, "/", { gtmId: FAKE_GTM_ID });
  await page.goto("/om-oss");
  await expect(banner(page)).toBeVisible(); // it comes with the page's script, which starts after the first paint
  await page.keyboard.press("Tab"); // the skip link
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("link", { name: strings.privacyLink })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: strings.accept })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: strings.decline })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("samtykke"))).toBe("denied");
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px, with the keyboard`, () => {
    test.use({ viewport, reducedMotion: "reduce" });

    test("what Tab moves to is never hidden under the banner", async ({ page }) => {
      await serveAsBuiltWith(page, "/", { gtmId: FAKE_GTM_ID });
      await page.goto("/");
      await expect(banner(page)).toBeVisible();
      const covered: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const focused = await banner(page).evaluate((section) => {
          const over = section.getBoundingClientRect();
          const element = document.activeElement as HTMLElement;
          const box = element.getBoundingClientRect();
          // the banner's own controls, and what is taller than the space above it (less the page's
          // scroll padding at the top), cannot be cleared of it
          if (section.contains(element) || box.height > over.top - 48) return "";
          const under =
            box.bottom > over.top && box.top < over.bottom && box.right > over.left && box.left < over.right;
          return under ? element.textContent || element.getAttribute("aria-label") || element.tagName : "";
        });
        if (focused) covered.push(focused.trim());
      }
      expect(covered).toEqual([]);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test("with only a maps key the banner asks too; it sits above the action bar, and the quote and call buttons stay visible and work", async ({
    page,
  }) => {
    await serveAsBuiltWith(page, "/", { googleMapsApiKey: FAKE_MAPS_KEY });
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    const quote = page.getByRole("link", { name: "Få et pristilbud" }).last();
    const call = page.getByRole("link", { name: "Ring oss" });
    const bannerBox = (await banner(page).boundingBox())!;
    for (const control of [quote, call]) {
      await expect(control).toBeInViewport();
      const box = (await control.boundingBox())!;
      expect(bannerBox.y + bannerBox.height, "the banner ends above the action bar").toBeLessThanOrEqual(box.y);
    }
    await expect(banner(page).getByRole("button", { name: strings.accept })).toBeInViewport();
    await quote.tap();
    await expect(page).toHaveURL("/pristilbud");
  });
});

test("after Avslå nothing leaves the site, even on a page with a GTM id and a map key", async ({ page, context }) => {
  const requests = recordRequests(page);
  const gtmLoads = await stubTagManager(page);
  await serveAsBuiltWith(page, "/kontakt", { gtmId: FAKE_GTM_ID, googleMapsApiKey: FAKE_MAPS_KEY });
  await page.goto("/kontakt");
  await banner(page).getByRole("button", { name: strings.decline }).press("Enter");
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused(); // the keyboard goes on from the content, not from the top
  await page.getByRole("group", { name: /^Kart over/ }).scrollIntoViewIfNeeded();
  await page.getByRole("textbox", { name: "E-post" }).click();
  const settled = networkQuiet(page);
  await hidePage(page);
  await settled;
  expect(gtmLoads).toEqual([]);
  expect(requests.thirdParty()).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  expect(await cookies(context)).toEqual([]);
});

test("after Godta with a GTM id: the tag manager loads after the page is interactive, and web vitals reach the data layer", async ({
  page,
}) => {
  const gtmLoads = await stubTagManager(page);
  await serveAsBuiltWith(page, "/", { gtmId: FAKE_GTM_ID });
  const response = await page.goto("/");
  // not in the HTML: added by the site's script, only after consent
  expect(await response!.text()).not.toContain("googletagmanager.com");
  await page.waitForLoadState("networkidle");
  expect(gtmLoads).toEqual([]);

  await banner(page).getByRole("button", { name: strings.accept }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => gtmLoads).toEqual([`https://www.googletagmanager.com/gtm.js?id=${FAKE_GTM_ID}`]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmStub?: number }).__gtmStub)).toBe(1);
  const script = page.locator('script[src^="https://www.googletagmanager.com/gtm.js"]');
  await expect(script).toHaveAttribute("async", "");
  expect(await page.evaluate(() => (window.dataLayer?.[0] as { event?: string }).event)).toBe("gtm.js");

  // FCP and TTFB at once; LCP (settled by the first input), INP and CLS when the page is hidden
  await expect
    .poll(async () => (await vitalsEvents(page)).map((e) => e.metric_name))
    .toEqual(expect.arrayContaining(["FCP", "TTFB"]));
  // the quote form far down the page gets its code when the visitor comes near it
  await page.getByRole("button", { name: "Legg til skade" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Legg til skade" }).click();
  await page.waitForTimeout(300);
  await hidePage(page);
  await expect
    .poll(async () => new Set((await vitalsEvents(page)).map((e) => e.metric_name)))
    .toEqual(new Set(["CLS", "FCP", "INP", "LCP", "TTFB"]));
  for (const event of await vitalsEvents(page)) {
    expect(event).toMatchObject({ event: "web_vitals", page_path: "/" });
    expect(typeof event.metric_value).toBe("number");
    expect(["good", "needs-improvement", "poor"]).toContain(event.metric_rating);
  }
});

test("with a GTM id but no choice, the tag manager never loads and web vitals go nowhere", async ({ page }) => {
  const gtmLoads = await stubTagManager(page);
  await serveAsBuiltWith(page, "/om-oss", { gtmId: FAKE_GTM_ID });
  await page.goto("/om-oss");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: strings.privacyLink }).hover();
  const settled = networkQuiet(page);
  await hidePage(page);
  await settled;
  expect(gtmLoads).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});

test.describe("the privacy page, in a build with a GTM id", () => {
  test("shows the choice and changes it; the banner goes when the choice is made there", async ({ page }) => {
    await serveAsBuiltWith(page, "/personvern", { gtmId: FAKE_GTM_ID });
    await page.goto("/personvern");
    await expect(banner(page)).toBeVisible();
    const accept = settings(page).getByRole("button", { name: strings.accept });
    const decline = settings(page).getByRole("button", { name: strings.decline });
    await expect(settings(page).getByRole("status")).toHaveText(strings.statusUnset);
    await expect(accept).toHaveAttribute("aria-pressed", "false");
    await expect(decline).toHaveAttribute("aria-pressed", "false");

    await accept.click();
    await expect(banner(page)).toHaveCount(0);
    await expect(settings(page).getByRole("status")).toHaveText(strings.statusGranted);
    await expect(accept).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => localStorage.getItem("samtykke"))).toBe("granted");

    await page.reload();
    await expect(settings(page).getByRole("status")).toHaveText(strings.statusGranted);
    await decline.click();
    // Declining once the tag manager has loaded reloads the page (Analytics), at a moment the test
    // cannot know, and while the new page's styles load both variants of the control show: each check
    // below waits through that, the status found by its exact text as a visitor reads it.
    const denied = new RegExp(`^${strings.statusDenied.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    await expect(settings(page).getByRole("status").filter({ hasText: denied })).toBeVisible();
    await expect(decline).toHaveAttribute("aria-pressed", "true");
    await expect(accept).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("samtykke"))).toBe("denied");
  });

  test("the privacy text links to the control", async ({ page }) => {
    await serveAsBuiltWith(page, "/personvern", { gtmId: FAKE_GTM_ID });
    await page.goto("/personvern");
    await page.getByRole("link", { name: "øverst på denne siden" }).click();
    await expect(page).toHaveURL(/#samtykke$/);
    await expect(settings(page)).toBeInViewport();
  });

  test("withdrawing consent on a page that loaded the tag manager: its cookies go, the page reloads without it", async ({
    page,
    context,
  }) => {
    const gtmLoads = await stubTagManager(page);
    await serveAsBuiltWith(page, "/personvern", { gtmId: FAKE_GTM_ID });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("e2e-first")) {
        sessionStorage.setItem("e2e-first", "1");
        localStorage.setItem("samtykke", "granted");
      }
    });
    await page.goto("/personvern");
    await expect.poll(() => gtmLoads.length).toBe(1);
    // what Analytics would have set (the browser stores a script's cookie a moment after the script ran)
    await page.evaluate(() => {
      document.cookie = "_ga=GA1.1.123.456; path=/";
      document.cookie = "_ga_E2E=GS1.1.789; path=/";
    });
    await expect.poll(() => cookies(context)).toEqual(expect.arrayContaining(["_ga", "_ga_E2E"]));

    await Promise.all([
      page.waitForEvent("framenavigated"),
      settings(page).getByRole("button", { name: strings.decline }).click(),
    ]);
    await page.waitForLoadState(); // the reloaded page with its styles: one status shown, not both variants
    await expect(settings(page).getByRole("status")).toHaveText(strings.statusDenied);
    await page.waitForLoadState("networkidle");
    expect(gtmLoads).toHaveLength(1);
    await expect.poll(() => cookies(context)).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  });
});
