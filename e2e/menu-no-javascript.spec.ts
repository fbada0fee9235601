/**
 * The mobile menu works from the first paint: with JavaScript off (as before the
 * page's script has run), `Meny` opens and closes the menu by tap, click and
 * keyboard, and no visible button looks usable while it needs the script.
 */
import { expect, test, type Page } from "./fixtures";
import { routes } from "../lib/hosting/route-table";

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

// Buttons inside forms are the quote and booking forms' own (their submit needs the script by design).
for (const route of routes) {
  test(`${route.path}: every visible button outside the forms works without the script or shows it is not ready`, async ({
    page,
  }) => {
    await page.goto(route.path);
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
}
