/**
 * The failure screens: a render error (the test build's /testfeil, see
 * lib/hosting/test-build.ts) and a script chunk that cannot be loaded, each
 * showing `Unexpected Application Error!` with the message, a reload and a way
 * home, in the site's layout. Never a blank page.
 */
import fs from "node:fs";
import path from "node:path";
import { getStrings } from "../lib/content";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { firstLoadScripts, htmlFor } from "../lib/hosting/export-inspect";
import { RENDER_ERROR_MESSAGE, RENDER_ERROR_ROUTE } from "../lib/hosting/test-build";
import { type Page, expect, test } from "./fixtures";
import { expectTestBuild } from "./test-build";

const page404 = getStrings().errorPage;
const CHUNKS = "**/_next/static/chunks/**/*.js";

async function expectFailureScreen(page: Page, message: string | RegExp, text: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: page404.heading })).toBeVisible();
  await expect(main.getByText(message)).toBeVisible();
  await expect(main.getByText(text)).toBeVisible();
  await expect(main.getByRole("button", { name: page404.reload })).toBeVisible();
  await expect(main.getByRole("link", { name: page404.homeLink })).toHaveAttribute("href", "/");
  // in the site's layout: header, menu and footer are still there
  for (const landmark of ["banner", "navigation", "contentinfo"] as const) {
    await expect(page.getByRole(landmark).first()).toBeVisible();
  }
}

test.describe("a render error", () => {
  test.beforeAll(expectTestBuild);

  test("shows the failure screen with the message, a reload and a link home", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(RENDER_ERROR_ROUTE);
    await expectFailureScreen(page, RENDER_ERROR_MESSAGE, page404.errorText);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    // the reload button loads the page again (and it fails again, as it should)
    await Promise.all([
      page.waitForEvent("framenavigated"),
      page.getByRole("button", { name: page404.reload }).click(),
    ]);
    await expectFailureScreen(page, RENDER_ERROR_MESSAGE, page404.errorText);

    await page.getByRole("main").getByRole("link", { name: page404.homeLink }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(page404.heading);
  });

  test("the test route is not in the sitemap", async ({ request }) => {
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain(RENDER_ERROR_ROUTE);
  });
});

test.describe("a script chunk that cannot be loaded", () => {
  test("on a client navigation: the failure screen with a reload, which then loads the page", async ({ page }) => {
    // every script chunk the home page does not load first fails, as after a deploy that replaced them:
    // the link prefetches and the navigation to /kontakt then need chunks that cannot be had
    const homeScripts = new Set(firstLoadScripts(htmlFor("/")).map((script) => script.src));
    const blocked: string[] = [];
    await page.route(CHUNKS, (route) => {
      const { pathname } = new URL(route.request().url());
      if (homeScripts.has(pathname)) return route.continue();
      blocked.push(pathname);
      return route.abort("failed");
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("navigation").first().getByRole("link", { name: "Kontakt" }).click();
    await expect(page).toHaveURL("/kontakt");
    await expectFailureScreen(page, /^Failed to load chunk \/_next\/static\/chunks\//, page404.chunkText);
    expect(blocked.length).toBeGreaterThan(0);

    // the chunks are there again (the visitor's connection is back, or the new deploy is live): reload
    await page.unroute(CHUNKS);
    await page.getByRole("button", { name: page404.reload }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ønsker du å avtale en time?");
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  test("outside rendering (an unhandled rejection): the same screen in place of the page", async ({ page }) => {
    await page.goto("/om-oss");
    await page.waitForLoadState("networkidle");
    // the page listens once it has hydrated, which a slow machine may finish after the network is idle:
    // the rejection is raised again until the screen shows
    await expect(async () => {
      await page.evaluate(() => {
        const error = new Error("Loading chunk 4711 failed.\n(timeout: /_next/static/chunks/4711.js)");
        error.name = "ChunkLoadError";
        void Promise.reject(error);
      });
      await expect(page.getByRole("main").getByText(/Loading chunk 4711 failed/)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectFailureScreen(page, /Loading chunk 4711 failed/, page404.chunkText);
  });
});

test("the texts file (content/strings.json) is not in the first load of /, /pristilbud and /kontakt", () => {
  // every text in it but the error page's, which app/global-error.tsx must bring itself (no layout gives it props)
  const texts = { ...getStrings(), errorPage: undefined };
  const leaves = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : typeof value === "object" && value
        ? Object.values(value).flatMap(leaves)
        : [];
  // words and phrases, not a short word or an address that code may hold for its own reasons
  const long = leaves(texts).filter((text) => text.length >= 12 && text.includes(" "));
  expect(long.length).toBeGreaterThan(50);
  for (const route of ["/", "/pristilbud", "/kontakt"]) {
    for (const script of firstLoadScripts(htmlFor(route))) {
      const code = fs.readFileSync(path.join(OUT_DIR, script.src), "utf8");
      expect(
        long.filter((text) => code.includes(text)),
        `${route} ${script.src}`,
      ).toEqual([]);
    }
  }
});
