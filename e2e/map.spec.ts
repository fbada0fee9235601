/**
 * The map on /kontakt and /auto-detailing: only with a key, consent and when
 * scrolled near; otherwise, and when loading fails, the fallback.
 *
 * The fake-key tests run the real exported bundle with a key: the key is a
 * prop the server passes to the page's consent provider, so the test writes it into the
 * prerendered HTML (where the build would have put it), with the Content
 * Security Policy such a build writes, instead of running a second, slow build
 * (e2e/built-with.ts). Nothing for tests ships in the site.
 *
 * The loader's waits between tries pass on the page's clock, stopped at the
 * start (`page.clock`): the test moves it on through each wait once the try
 * before has failed, and reads when each try started and failed on that clock.
 */
import fs from "node:fs";
import { type Page, expect, test } from "./fixtures";
import { hydrated } from "./held-scripts";
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
/** The loader's waits before its second, third and fourth try (lib/maps/retry.ts). */
const RETRY_WAITS_MS = [1000, 2000, 4000];
/** Far longer than every wait: a try that was to come would have come. */
const LONG_AFTER_MS = 60_000;
/** Where the page's clock starts, and where it stops before the page loads (ahead of it by far more than the time between). */
const CLOCK_START = new Date("2025-03-03T09:00:00+01:00");
const CLOCK_STOP = new Date("2025-03-03T10:00:00+01:00");

declare global {
  interface Window {
    /** on the page's clock: when each maps script was added, and when each failed to load */
    __e2eMapScripts?: { added: number[]; failed: number[] };
  }
}

/**
 * Stops the page's clock (timers fire only as the test moves it on) and records, on it, when each maps script is
 * added and when it fails: the page's own timing of the loader's tries.
 */
async function stopClockAndRecordTries(page: Page) {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_STOP);
  await page.addInitScript((pattern) => {
    const maps = new RegExp(pattern);
    const log = { added: [] as number[], failed: [] as number[] };
    window.__e2eMapScripts = log;
    const isMaps = (node: unknown) => node instanceof HTMLScriptElement && maps.test(node.src);
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (isMaps(node)) log.added.push(Date.now());
    }).observe(document, { childList: true, subtree: true });
    // a script's load error does not bubble: caught on the way down, before the loader hears it
    document.addEventListener("error", (event) => isMaps(event.target) && log.failed.push(Date.now()), true);
  }, MAPS_HOST.source);
}

const recordedTries = (page: Page) => page.evaluate(() => window.__e2eMapScripts!);

/** Moves the page's clock through the loader's three waits, each once the try before it has failed. */
async function throughTheWaits(page: Page) {
  for (const [index, wait] of RETRY_WAITS_MS.entries()) {
    await expect.poll(async () => (await recordedTries(page)).failed.length).toBe(index + 1);
    await page.clock.runFor(wait);
  }
}

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
    await stopClockAndRecordTries(page);
    await grantConsent(page);
    await withFakeKey(page, "/kontakt");
    const tries = await blockMapsHost(page);
    const errors = watchConsole(page);
    await page.goto("/kontakt");
    const block = page.getByRole("region", { name: strings.contactPage.contactHeading });
    // the fallback shows while the map loads, not an empty box
    await expect(block.getByRole("group", { name: mapName }).getByText(addressLine)).toBeVisible();
    await throughTheWaits(page);
    await expect.poll(() => tries.length).toBe(4);
    await expect.poll(async () => (await recordedTries(page)).failed.length).toBe(4);
    // growing delay: 1 s before the second try, 2 s before the third, 4 s before the fourth
    const { added, failed } = await recordedTries(page);
    expect(added.slice(1).map((at, index) => at - failed[index]!)).toEqual(RETRY_WAITS_MS);
    expect(tries.every((url) => url.includes(`key=${FAKE_KEY}`))).toBe(true);
    // and no fifth, however long the page stays open
    await page.clock.runFor(LONG_AFTER_MS);
    await expectFallback(page, block, { hours: false });
    expect(tries).toHaveLength(4);
    expect((await recordedTries(page)).added).toHaveLength(4);
    expect(errors).toEqual([]);
  });

  test("without consent nothing is loaded", async ({ page }) => {
    await stopClockAndRecordTries(page);
    await withFakeKey(page, "/kontakt");
    const tries = await blockMapsHost(page);
    await page.goto("/kontakt");
    // whatever the page would do later, it has done
    await page.clock.runFor(LONG_AFTER_MS);
    await hydrated(page, { stoppedClock: true });
    await page.waitForLoadState("networkidle");
    await expectFallback(page, page.getByRole("region", { name: strings.contactPage.contactHeading }), {
      hours: false,
    });
    expect(tries).toEqual([]);
    expect((await recordedTries(page)).added).toEqual([]);
  });

  test("the load starts only when the map is scrolled near, and starts when consent is given", async ({ page }) => {
    await stopClockAndRecordTries(page);
    await withFakeKey(page, "/auto-detailing");
    const tries = await blockMapsHost(page);
    await page.goto("/auto-detailing");
    await page.clock.runFor(LONG_AFTER_MS);
    await hydrated(page, { stoppedClock: true });
    await page.waitForLoadState("networkidle");
    const premises = page.getByRole("region", { name: "Lokalene våre" });
    // consent given on this page (as the banner will): the banner goes, and the load still waits until scrolled near
    await expect(page.getByRole("region", { name: strings.consent.bannerHeading })).toBeVisible();
    await page.evaluate(() => {
      window.localStorage.setItem("samtykke", "granted");
      window.dispatchEvent(new CustomEvent("samtykke-endret", { detail: "granted" }));
    });
    await expect(page.getByRole("region", { name: strings.consent.bannerHeading })).toHaveCount(0);
    await page.clock.runFor(LONG_AFTER_MS);
    await page.waitForLoadState("networkidle");
    expect(tries).toEqual([]);
    expect((await recordedTries(page)).added).toEqual([]);
    await premises.getByRole("link", { name: new RegExp(`^${strings.map.link}`) }).scrollIntoViewIfNeeded();
    await throughTheWaits(page);
    await expect.poll(() => tries.length).toBe(4);
    await expectFallback(page, premises, { hours: true });
  });
});

test("with a fake key, a maps host that fails three times and then answers: the map is drawn on the fourth try", async ({
  page,
}) => {
  await stopClockAndRecordTries(page);
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
  await throughTheWaits(page);
  await expect(area.getByText("Kartet er tegnet")).toBeVisible();
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
