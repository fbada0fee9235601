/**
 * The map on /kontakt and /auto-detailing: only with a key, consent and when
 * scrolled near; otherwise, and when loading fails, the fallback.
 *
 * The fake-key tests run the real exported bundle with a key: the key is a
 * prop the server passes to the page's consent provider, so the test writes it into the
 * prerendered HTML (where the build would have put it), with the Content
 * Security Policy such a build writes, instead of running a second, slow build
 * (e2e/built-with.ts). Nothing for tests ships in the site.
 */
import fs from "node:fs";
import { type Page, expect, test } from "./fixtures";
import { getSite, getStrings } from "../lib/content";
import { OUT_DIR } from "../lib/hosting/build-stamp";
import { fileForPath, firstLoadScripts, htmlFor, listHtmlFiles } from "../lib/hosting/export-inspect";
import { serveAsBuiltWith } from "./built-with";

const site = getSite();
const strings = getStrings();
const MAPS_HOST = /^https:\/\/maps\.(googleapis|gstatic)\.com\//;
const FAKE_KEY = "e2e-fake-key";
const addressLine = `${site.address.streetAddress}, ${site.address.postalCode} ${site.address.addressLocality}`;
const mapName = `Kart over ${site.name}`;

function grantConsent(page: Page) {
  return page.addInitScript(() => window.localStorage.setItem("samtykke", "granted"));
}

/** Serves `path` with the maps key filled in, as a build with NEXT_PUBLIC_GOOGLE_MAPS_API_KEY would (with its CSP). */
function withFakeKey(page: Page, path: string) {
  return serveAsBuiltWith(page, path, { googleMapsApiKey: FAKE_KEY });
}

/** Blocks the maps host and records each try. */
async function blockMapsHost(page: Page) {
  const tries: string[] = [];
  await page.route(MAPS_HOST, (route) => {
    tries.push(route.request().url());
    return route.abort("connectionrefused");
  });
  return tries;
}

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    // the blocked script itself is reported by the browser; anything else would be ours
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

function watchMapsRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (MAPS_HOST.test(req.url())) seen.push(req.url());
  });
  return seen;
}

/** The map area (a group named after the map) shows its fallback: address, hours if asked, and the maps link. */
async function expectFallback(page: Page, section: ReturnType<Page["getByRole"]>, { hours }: { hours: boolean }) {
  const area = section.getByRole("group", { name: mapName });
  await expect(area).toBeVisible();
  await expect(area.getByText(addressLine)).toBeVisible();
  if (hours) await expect(area.getByText("Mandag–fredag 07.00–17.00")).toBeVisible();
  else await expect(section.getByText("Mandag–fredag 07.00–17.00")).toBeVisible();
  const link = area.getByRole("link", { name: new RegExp(`^${strings.map.link}`) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", site.mapsUrl);
  await expect(link).toHaveAttribute("target", "_blank");
  expect(((await link.getAttribute("rel")) ?? "").split(/\s+/)).toEqual(
    expect.arrayContaining(["noopener", "noreferrer"]),
  );
  // no map drawn: Google's map would be a region inside the area
  await expect(area.getByRole("region")).toHaveCount(0);
}

test.describe("with no key (this build)", () => {
  test("/kontakt shows the address, hours and maps link, and nothing goes to a maps host, even with consent", async ({
    page,
  }) => {
    await grantConsent(page);
    const requests = watchMapsRequests(page);
    const errors = watchConsole(page);
    await page.goto("/kontakt");
    const block = page.getByRole("region", { name: strings.contactPage.contactHeading });
    await expectFallback(page, block, { hours: false });
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("/auto-detailing's premises section shows the fallback, and nothing goes to a maps host", async ({ page }) => {
    await grantConsent(page);
    const requests = watchMapsRequests(page);
    await page.goto("/auto-detailing");
    const premises = page.getByRole("region", { name: "Lokalene våre" });
    await premises.scrollIntoViewIfNeeded();
    await expectFallback(page, premises, { hours: true });
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
  });
});

test.describe("with a fake key and the maps host blocked", () => {
  test("the load is tried four times (three retries), then the fallback stays, with no console error", async ({
    page,
  }) => {
    await grantConsent(page);
    await withFakeKey(page, "/kontakt");
    const tries = await blockMapsHost(page);
    const errors = watchConsole(page);
    const started = Date.now();
    await page.goto("/kontakt");
    const block = page.getByRole("region", { name: strings.contactPage.contactHeading });
    // the fallback shows while the map loads, not an empty box
    await expect(block.getByRole("group", { name: mapName }).getByText(addressLine)).toBeVisible();
    await expect.poll(() => tries.length, { timeout: 15_000 }).toBe(4);
    // growing delay: 1 s before the second try, 2 s before the third, 4 s before the fourth
    expect(Date.now() - started).toBeGreaterThan(6900);
    expect(tries.every((url) => url.includes(`key=${FAKE_KEY}`))).toBe(true);
    await page.waitForTimeout(1500);
    expect(tries).toHaveLength(4);
    await expectFallback(page, block, { hours: false });
    expect(errors).toEqual([]);
  });

  test("without consent nothing is loaded", async ({ page }) => {
    await withFakeKey(page, "/kontakt");
    const tries = await blockMapsHost(page);
    await page.goto("/kontakt");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(tries).toEqual([]);
    await expectFallback(page, page.getByRole("region", { name: strings.contactPage.contactHeading }), {
      hours: false,
    });
  });

  test("the load starts only when the map is scrolled near, and starts when consent is given", async ({ page }) => {
    await withFakeKey(page, "/auto-detailing");
    const tries = await blockMapsHost(page);
    await page.goto("/auto-detailing");
    await page.waitForLoadState("networkidle");
    const premises = page.getByRole("region", { name: "Lokalene våre" });
    // consent given on this page (as the banner will): still waits until scrolled near
    await page.evaluate(() => {
      window.localStorage.setItem("samtykke", "granted");
      window.dispatchEvent(new CustomEvent("samtykke-endret", { detail: "granted" }));
    });
    await page.waitForTimeout(500);
    expect(tries).toEqual([]);
    await premises.getByRole("link", { name: new RegExp(`^${strings.map.link}`) }).scrollIntoViewIfNeeded();
    await expect.poll(() => tries.length, { timeout: 15_000 }).toBe(4);
    await expectFallback(page, premises, { hours: true });
  });
});

test("with a fake key, a maps host that fails three times and then answers: the map is drawn on the fourth try", async ({
  page,
}) => {
  await grantConsent(page);
  await withFakeKey(page, "/kontakt");
  let tries = 0;
  await page.route(MAPS_HOST, (route) => {
    tries += 1;
    if (tries < 4) return route.abort("connectionrefused");
    // a stand-in for the Maps API: installs importLibrary, then calls the loader's callback
    return route.fulfill({
      contentType: "text/javascript",
      body: `
        google.maps.importLibrary = async (name) => name === "maps"
          ? { Map: class { constructor(el, options) { el.textContent = "Kartet er tegnet"; window.mapOptions = options; } } }
          : { Marker: class { constructor(options) { window.markerTitle = options.title; } } };
        google.maps.__ib__();`,
    });
  });
  const errors = watchConsole(page);
  await page.goto("/kontakt");
  const area = page.getByRole("group", { name: mapName });
  await expect(area.getByText("Kartet er tegnet")).toBeVisible({ timeout: 15_000 });
  expect(tries).toBe(4);
  expect(await page.evaluate(() => (window as unknown as { markerTitle: string }).markerTitle)).toContain(
    site.address.streetAddress,
  );
  // close on the workshop, and never zoomed out further than a continent
  expect(await page.evaluate(() => (window as unknown as { mapOptions: object }).mapOptions)).toMatchObject({
    zoom: 15,
    minZoom: 3,
  });
  // the maps link stays below the map
  await expect(area.getByRole("link", { name: new RegExp(`^${strings.map.link}`) })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the maps loader is in no page's first-load JavaScript", () => {
  const loaderChunks = fs
    .readdirSync(`${OUT_DIR}/_next/static/chunks`)
    .filter((f) => f.endsWith(".js"))
    .filter((f) => fs.readFileSync(`${OUT_DIR}/_next/static/chunks/${f}`, "utf8").includes("maps.googleapis.com"));
  expect(loaderChunks.length, "the loader is built into a chunk of its own").toBeGreaterThan(0);
  for (const file of listHtmlFiles()) {
    const route = "/" + file.slice(OUT_DIR.length + 1).replace(/(index)?\.html$/, "");
    for (const script of firstLoadScripts(htmlFor(route))) {
      expect(fs.readFileSync(fileForPath(script.src)!, "utf8"), `${route} ${script.src}`).not.toContain(
        "maps.googleapis.com",
      );
    }
  }
});
