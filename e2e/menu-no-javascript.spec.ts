/**
 * The mobile menu works from the first paint: with JavaScript off (as before the
 * page's script has run), `Meny` opens and closes the menu by tap, click and
 * keyboard. That no visible button looks usable while it needs the script is
 * checked on every route, on the same phone without JavaScript, in ./routes.spec.ts.
 */
import { expect, test, type Page } from "./fixtures";

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

const menuParts = (page: Page) => ({
  toggle: page.getByRole("button", { name: "Meny" }),
  contact: page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Kontakt" }),
});

test("a tap on Meny opens the menu and another closes it", async ({ page }) => {
  await page.goto("/");
  const { toggle, contact } = menuParts(page);
  await expect(contact).toBeHidden();
  await toggle.tap();
  await expect(contact).toBeVisible();
  await expect(toggle).toHaveJSProperty("ariaExpanded", null); // the browser reports the state itself
  await toggle.tap();
  await expect(contact).toBeHidden();
});

test("a click opens the menu, a click outside closes it, a link in it leads on", async ({ page }) => {
  await page.goto("/om-oss");
  const { toggle, contact } = menuParts(page);
  await toggle.click();
  await expect(contact).toBeVisible();
  const panel = await page.getByRole("navigation", { name: "Hovedmeny" }).boundingBox();
  await page.mouse.click(4, panel!.y + panel!.height + 40);
  await expect(contact).toBeHidden();
  await toggle.click();
  await contact.click();
  await expect(page).toHaveURL("/kontakt");
  await expect(menuParts(page).contact).toBeHidden();
});

test("the keyboard opens the menu, tabs into it, and Escape closes it with focus back on Meny", async ({ page }) => {
  await page.goto("/auto-detailing");
  const { toggle, contact } = menuParts(page);
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(contact).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(contact).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(contact).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Space");
  await expect(contact).toBeVisible();
  await page.keyboard.press("Space");
  await expect(contact).toBeHidden();
});

test("the open menu lies under the header bar, over the page", async ({ page }) => {
  await page.goto("/");
  const { toggle, contact } = menuParts(page);
  await toggle.tap();
  await expect(contact).toBeVisible();
  const bar = await toggle.evaluate((el) => el.closest("header")!.getBoundingClientRect().bottom);
  const panel = await page.getByRole("navigation", { name: "Hovedmeny" }).boundingBox();
  expect(Math.abs(panel!.y - bar)).toBeLessThanOrEqual(2);
  expect(panel!.width).toBe(375);
});
