import { expect, test } from "./fixtures";
import { holdScripts, hydrated } from "./held-scripts";

const menu = [
  ["Kontakt", "/kontakt"],
  ["Blog", "/lakkeringsfri-bulkoppretting"],
  ["Auto Detailing", "/auto-detailing"],
  ["Bulkoppretting", "/"],
] as const;

test("the desktop menu leads to its four pages", async ({ page }) => {
  await page.goto("/om-oss");
  const nav = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(page.getByRole("button", { name: "Meny" })).toBeHidden();
  for (const [label, path] of menu) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("the logo is a link home holding the logo image", async ({ page }) => {
  await page.goto("/kontakt");
  const logo = page.getByRole("banner").getByRole("link", { name: /til forsiden/ });
  await expect(logo.getByRole("img")).toBeVisible();
  await logo.click();
  await expect(page).toHaveURL("/");
});

test("the header strip shows address, a mail link and a call link", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(banner.getByRole("link", { name: /\+47/ })).toHaveAttribute("href", /^tel:\+47\d{8}$/);
  await expect(banner.getByText("Industriveien 12")).toBeVisible();
});

test("the footer links to about, privacy and projects, with hours and copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Skade på bilen?" })).toBeVisible();
  await expect(footer).toContainText("Mandag–fredag 07.00–17.00");
  await expect(footer).toContainText("© 2025");
  const links: [string, string][] = [
    ["Om oss", "/om-oss"],
    ["Personvern", "/personvern"],
    ["Prosjekter", "/prosjekter"],
  ];
  for (const [label, path] of links) {
    await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
});

test("the hero's Få et pristilbud leads to /pristilbud", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("region", { name: "Vi tar vare på bilen din" })
    .getByRole("link", { name: "Få et pristilbud" })
    .click();
  await expect(page).toHaveURL("/pristilbud");
});

test("every project tile links to its project page", async ({ page }) => {
  await page.goto("/prosjekter");
  const tiles = page.getByRole("main").getByRole("article");
  await expect(tiles).toHaveCount(4);
  const first = tiles.first().getByRole("link");
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/prosjekt\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Før", { exact: true })).toBeVisible();
  await expect(page.getByText("Etter", { exact: true })).toBeVisible();
});

test("a route change scrolls the window to the top", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await footer.getByRole("link", { name: "Om oss" }).click();
  await expect(page).toHaveURL("/om-oss");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

// `/` is far longer than `/om-oss`: the place on it lies below the end of the page being left.
for (const route of ["/prosjekter", "/"]) {
  test(`going back to ${route} returns to where the visitor was on it`, async ({ page }) => {
    await page.goto(route);
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await footer.getByRole("link", { name: "Om oss" }).click();
    await expect(page).toHaveURL("/om-oss");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(route);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
}

test("going forward again returns to where the visitor was on that page too", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Prosjekter" }).click();
  await expect(page).toHaveURL("/prosjekter");
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await page.goBack();
  await expect(page).toHaveURL("/");
  await page.goForward();
  await expect(page).toHaveURL("/prosjekter");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("the window stays where the visitor scrolled before the page's script ran", async ({ page }) => {
  const { release } = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" }); // the held scripts hold the load event
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  release();
  await hydrated(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.getByRole("contentinfo").getByRole("link", { name: "Om oss" }).click();
  await expect(page).toHaveURL("/om-oss");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the Meny button opens and closes the menu", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Meny" });
    const nav = page.getByRole("navigation", { name: "Hovedmeny" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Kontakt" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Kontakt" })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await nav.getByRole("link", { name: "Auto Detailing" }).click();
    await expect(page).toHaveURL("/auto-detailing");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Kontakt" })).toBeHidden();
  });

  test("a menu opened before the script ran is known to be open once it runs: aria-expanded, then Escape", async ({
    page,
  }) => {
    const { release } = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" }); // the held scripts hold the load event
    const toggle = page.getByRole("button", { name: "Meny" });
    await toggle.focus();
    await page.keyboard.press("Enter"); // the browser opens the popover by itself
    await expect(
      page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Kontakt" }),
    ).toBeVisible();
    release();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes the menu and gives focus back to the button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Meny" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Kontakt" }),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("the quote button stays within thumb reach at the bottom", async ({ page }) => {
    await page.goto("/lakkrens");
    await page.mouse.wheel(0, 2000);
    const quote = page.getByRole("link", { name: "Få et pristilbud" }).filter({ visible: true });
    const boxes = await Promise.all((await quote.all()).map((l) => l.boundingBox()));
    expect(boxes.some((b) => b && b.y + b.height <= 740 && b.y > 740 - 100)).toBe(true);
  });
});

test("keyboard: the skip link jumps to the main content", async ({ page }) => {
  await page.goto("/om-oss");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Hopp til hovedinnholdet" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});
