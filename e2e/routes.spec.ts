/**
 * Every route, loaded once in each state a visitor meets it in, with every check of that page on that one load,
 * each a step named after what it checks:
 *
 * - at 1280 px with the page's script: the answer, heading, metadata and landmarks (or, for an unknown path, the
 *   real 404 page); what some pages must hold (structured data, responsive images, …); no console error; the accent
 *   colour only on the calls to action; axe; and, scrolled to the end, no Content Security Policy violation;
 * - at 375 px: axe, then, narrowed to 360 px, no sideways scroll;
 * - with JavaScript off, on a phone: the heading, the footer and the body text in the HTML, and no visible button
 *   that looks usable while it needs the script.
 */
import AxeBuilder from "@axe-core/playwright";
import { getAboutPage, getArticle, getHomePage, getPrivacyPage, getSite, getStrings } from "../lib/content";
import { articlePaths, routes, type Route } from "../lib/hosting/route-table";
import { expect, test, type Page, type Response } from "./fixtures";
import { networkQuiet } from "./settled";

const site = getSite();
const strings = getStrings();
const NOT_FOUND = "/finnes-ikke";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/** The narrowest phone the layout is held to. */
const NARROWEST = { width: 360, height: 740 };
/** How far the wheel scrolls: past the end of the longest page. */
const SCROLL_TO_END_PX = 20_000;

/** A check some routes make on top of the rest, on the same load. */
interface PageCheck {
  name: string;
  run: (page: Page, path: string) => Promise<void>;
}

/** axe's serious and critical findings on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    // the violations in full; of what passed, axe need not describe every element
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const businessJsonLd: PageCheck = {
  name: "carries the business as JSON-LD, with the address shown on the page",
  run: async (page) => {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const business = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "AutoBodyShop");
    expect(business).toBeTruthy();
    expect(business.telephone).toBe(site.phone);
    expect(business.openingHoursSpecification[0]).toMatchObject({ opens: "07:00", closes: "17:00" });
    await expect(page.getByText(business.address.streetAddress, { exact: true }).first()).toBeVisible();
  },
};

/** The publishing date each article's JSON-LD carries, and the page shows, where the content fixes one. */
const ARTICLE_DATES: Record<string, [string, string]> = {
  "/lakkeringsfri-bulkoppretting": ["2023-10-13", "13. oktober 2023"],
  "/lakkrens": ["2024-08-17", "17. august 2024"],
  "/invendig-rens": ["2024-08-17", "17. august 2024"],
};

const articleJsonLd: PageCheck = {
  name: "carries Article JSON-LD with its publishing date, shown in Norwegian",
  run: async (page, path) => {
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "Article");
    expect(article, path).toBeTruthy();
    const want = ARTICLE_DATES[path];
    if (want) {
      expect(article.datePublished).toBe(want[0]);
      await expect(page.locator("main time").first()).toHaveText(want[1]);
    }
  },
};

const responsiveImages: PageCheck = {
  name: "raster images are responsive: AVIF and WebP srcsets, width and height, lazy below the fold",
  run: async (page, route) => {
    const images = await page.locator("main picture img").evaluateAll((imgs) =>
      imgs.map((img) => {
        const picture = img.parentElement!;
        return {
          src: img.getAttribute("src"),
          width: Number(img.getAttribute("width")),
          height: Number(img.getAttribute("height")),
          loading: img.getAttribute("loading"),
          fetchpriority: img.getAttribute("fetchpriority"),
          avif: picture.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? "",
          webp: picture.querySelector('source[type="image/webp"]')?.getAttribute("srcset") ?? "",
        };
      }),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect(img.width, `${route} ${img.src}`).toBeGreaterThan(0);
      expect(img.height, `${route} ${img.src}`).toBeGreaterThan(0);
      if (img.width > 300) {
        expect(img.avif.split(",").length, `${route} ${img.src} avif widths`).toBeGreaterThan(1);
        expect(img.webp).toMatch(/\.webp \d+w/);
      }
    }
    // exactly the largest paint is eager and high priority; the rest wait until scrolled near
    const eager = images.filter((i) => i.loading === "eager");
    expect(eager.every((i) => i.fetchpriority === "high")).toBe(true);
    if (images.length > 2) expect(images.filter((i) => i.loading === "lazy").length).toBeGreaterThan(0);
  },
};

const detailingPackages: PageCheck = {
  name: "the detailing article lists the three packages and their work",
  run: async (page) => {
    for (const name of ["Basic", "Premium", "Ultimate"]) {
      const pkg = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(pkg.getByRole("listitem").first()).toBeVisible();
    }
  },
};

const thanks: PageCheck = {
  name: "the thank-you page says we answer as soon as we can and is kept out of search",
  run: async (page) => {
    await expect(page.getByText("Vi svarer på forespørselet ditt så fort som mulig")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  },
};

const casePage: PageCheck = {
  name: "the customer's case page is kept out of search and tells no other site where the visitor came from",
  run: async (page) => {
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    await expect(page.getByText(/Lenken virker ikke lenger\./)).toBeVisible();
  },
};

/** What some pages must hold besides what every page does, at 1280 px with the script. */
const pageChecks = new Map<string, PageCheck[]>();
const addCheck = (paths: string[], check: PageCheck) => {
  for (const path of paths) pageChecks.set(path, [...(pageChecks.get(path) ?? []), check]);
};
addCheck(["/", "/kontakt", "/lakkrens"], businessJsonLd);
addCheck(articlePaths, articleJsonLd);
addCheck(["/", "/auto-detailing", "/prosjekter", "/lakkrens"], responsiveImages);
addCheck(["/detailing"], detailingPackages);
addCheck(["/takk-for-henvendelsen"], thanks);
addCheck(["/sak"], casePage);

/** Text each page's HTML must hold for a visitor without JavaScript (the body, not added by scripts). */
const bodyTexts = new Map<string, string[]>([
  ["/", [getHomePage().pdr.paragraphs[0]!, getHomePage().benefits.items[2]!.text]],
  ["/om-oss", [getAboutPage().body.split("\n\n")[0]!.replace(/\*\*/g, "")]],
  ["/personvern", ["30 dager"]],
  ["/lakkrens", [getArticle("lakkrens").lead]],
]);

const allPaths = [...routes.map((r) => r.path), NOT_FOUND];

/** Errors the page reports: console errors, uncaught exceptions, and answers of 400 and over. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    // a failed resource is reported with its URL by the response listener below
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function expectHeadingMetadataLandmarks(page: Page, route: Route, response: Response | null) {
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
  await expect(page.locator("h1:visible")).toHaveCount(1);

  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  expect(await page.title()).not.toBe("");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\.jpg$/);

  for (const landmark of ["banner", "navigation", "main", "contentinfo"] as const) {
    await expect(page.getByRole(landmark).first()).toBeVisible();
  }
}

async function expectAccentOnCallsToActionOnly(page: Page, path: string) {
  const callsToAction = [
    strings.cta.quote,
    strings.calculator.book,
    strings.booking.submit,
    strings.quoteForm.labels.submit,
  ];
  // the names of the visible elements painted in the accent colour
  const accented = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement("div"));
    probe.style.backgroundColor = "var(--color-accent)";
    const accent = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.checkVisibility() && getComputedStyle(el).backgroundColor === accent)
      .map((el) => (el.getAttribute("aria-label") ?? el.innerText).trim());
  });
  expect(
    accented.filter((name) => !callsToAction.includes(name)),
    path,
  ).toEqual([]);
}

test.describe("at 1280 px, with the page's script", () => {
  test.use({ viewport: DESKTOP });

  for (const path of allPaths) {
    const route = routes.find((r) => r.path === path);
    test(`${path} at 1280 px: answer, heading, metadata, content, console, accent colour, axe, policy`, async ({
      page,
      cspViolations,
    }) => {
      // axe checks every element's contrast and names: on the longest pages, on two shared cores, that
      // takes longer than an ordinary test's time
      test.slow();
      const errors = watchErrors(page);
      const response = await page.goto(path);
      if (route) {
        await test.step("answers with its heading, metadata and landmarks", () =>
          expectHeadingMetadataLandmarks(page, route, response));
        for (const check of pageChecks.get(path) ?? []) await test.step(check.name, () => check.run(page, path));
        await test.step("settles with no console error", async () => {
          await page.waitForLoadState("networkidle");
          expect(errors).toEqual([]);
        });
      } else {
        await test.step("unknown paths get the real 404 page", async () => {
          expect(response?.status()).toBe(404);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
          await expect(page.getByText("404 Not Found")).toBeVisible();
          await page.waitForLoadState("networkidle");
        });
      }
      await test.step("the accent colour marks the calls to action and nothing else", () =>
        expectAccentOnCallsToActionOnly(page, path));
      await test.step("has no serious or critical axe violation", async () => {
        expect(await axeFindings(page)).toEqual([]);
      });
      await test.step("scrolled to the end, it settles with no Content Security Policy violation", async () => {
        const settled = networkQuiet(page);
        await page.mouse.wheel(0, SCROLL_TO_END_PX);
        await settled;
        expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
        if (route) expect(errors, "console errors").toEqual([]);
      });
      if (!route) {
        await test.step("the 404 page's Til forsiden leads home", async () => {
          await page.getByRole("main").getByRole("link", { name: "Til forsiden" }).click();
          await expect(page).toHaveURL("/");
        });
      }
    });
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: PHONE });

  for (const path of allPaths) {
    test(`${path} at 375 px: axe, and no horizontal scroll at 360 px`, async ({ page }) => {
      test.slow(); // axe, as above
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await test.step("has no serious or critical axe violation", async () => {
        expect(await axeFindings(page)).toEqual([]);
      });
      await test.step("has no horizontal scroll at 360 px", async () => {
        await page.setViewportSize(NARROWEST);
        // two frames: whatever the page's script does on a resize has run
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    });
  }
});

test.describe("with JavaScript off, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE, hasTouch: true, isMobile: true });

  for (const route of routes) {
    test(`${route.path} without JavaScript: heading, footer, body text, no button that needs the script`, async ({
      page,
    }) => {
      await page.goto(route.path);
      await test.step("shows its heading and footer with JavaScript off", async () => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
        await expect(page.getByRole("contentinfo")).toContainText("Skade på bilen?");
      });
      const texts = bodyTexts.get(route.path);
      if (texts) {
        await test.step("the body text is in the HTML, not added by scripts", async () => {
          for (const text of texts) await expect(page.getByRole("main")).toContainText(text.slice(0, 80));
          if (route.path === "/personvern") expect(getPrivacyPage().body.length).toBeGreaterThan(500);
        });
      }
      // Buttons inside forms are the quote and booking forms' own (their submit needs the script by design).
      await test.step("every visible button outside the forms works without the script or shows it is not ready", async () => {
        const buttons = page.locator("button:visible, [role=slider]:visible");
        const idle: string[] = [];
        for (const button of await buttons.all()) {
          const state = await button.evaluate((el) => ({
            inForm: Boolean(el.closest("form")),
            works: el.hasAttribute("popovertarget"),
            off: (el as HTMLButtonElement).disabled || el.getAttribute("aria-disabled") === "true",
            name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "",
          }));
          if (!state.inForm && !state.works && !state.off) idle.push(state.name);
        }
        expect(idle, "buttons that look usable but need the script").toEqual([]);
      });
    });
  }
});
