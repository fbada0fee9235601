/** The price calculator on /auto-detailing, used through its buttons, labels and the keyboard. */
import { expect, test, type Locator, type Page } from "./fixtures";
import { getServices, getStrings } from "../lib/content";
import { fill } from "../lib/format";

const strings = getStrings().calculator;
const nbsp = "\u00a0";
const kr = (text: string) => text.replace(" ", nbsp);

const EXTERIOR = "Grundig Utvendig Bilvask";
const INTERIOR = "Lett Innvendig Bilvask";
const CLEANING = "Grunnleggende Rens";
const ONE_STEP = "Enkel En-trinns Polering";
const TWO_STEP = "To-trinns Polering";
const SEALING = "Lakkforsegling";

const add = (page: Page, service: string) => page.getByRole("button", { name: `Legg til ${service}`, exact: true });
const remove = (page: Page, service: string) => page.getByRole("button", { name: `Fjern ${service}`, exact: true });
const factor = new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 2 });
/** A size button, named by everything it shows: the size and its price factor (`Liten Pris × 1`). */
const size = (page: Page, name: string) => {
  const option = getServices().sizes.find((s) => s.type === name)!;
  const shown = `${name} ${fill(strings.sizeFactor, { factor: factor.format(option.multiplier) })}`;
  return page.getByRole("button", { name: shown, exact: true });
};
const total = (page: Page) => page.getByRole("status", { name: "Totalpris" });
// (Next's route announcer is an empty role="alert" too)
const toast = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Lukk" }) });
const badge = (page: Page) => page.getByRole("group", { name: strings.badge.label });

/** Which services are chosen, read from the buttons' names. */
async function chosen(page: Page): Promise<string[]> {
  const names = await page.getByRole("button", { name: /^Fjern / }).allTextContents();
  return names.map((n) => n.replace(/^Fjern\s*/, "").trim()).sort();
}

test.beforeEach(async ({ page }) => {
  await page.goto("/auto-detailing");
  await expect(add(page, EXTERIOR)).toBeEnabled();
});

test("the total for each size, through the real buttons", async ({ page }) => {
  await expect(total(page)).toHaveText("0 kr");
  await expect(size(page, "Liten")).toHaveAttribute("aria-pressed", "true");
  await add(page, EXTERIOR).click();
  await add(page, CLEANING).click();
  await expect(total(page)).toHaveText(kr("5 750 kr"));

  await size(page, "Medium/SUV").click();
  await expect(total(page)).toHaveText(kr("6 900 kr"));
  await expect(size(page, "Medium/SUV")).toHaveAttribute("aria-pressed", "true");
  await expect(size(page, "Liten")).toHaveAttribute("aria-pressed", "false");

  await size(page, "Stor").click();
  await expect(total(page)).toHaveText(kr("7 475 kr"));

  // clicking the chosen size deselects all: factor 1
  await size(page, "Stor").click();
  for (const name of ["Liten", "Medium/SUV", "Stor"]) {
    await expect(size(page, name)).toHaveAttribute("aria-pressed", "false");
  }
  await expect(total(page)).toHaveText(kr("5 750 kr"));

  // 1250 × 1.3 is 1625, no floating-point tail
  await remove(page, CLEANING).click();
  await size(page, "Stor").click();
  await expect(total(page)).toHaveText(kr("1 625 kr"));
});

test("each exclusion and auto-selection", async ({ page }) => {
  // any polish selects the exterior wash
  await add(page, TWO_STEP).click();
  expect(await chosen(page)).toEqual([EXTERIOR, TWO_STEP].sort());
  // one-step and two-step exclude each other
  await add(page, ONE_STEP).click();
  expect(await chosen(page)).toEqual([EXTERIOR, ONE_STEP].sort());
  await add(page, TWO_STEP).click();
  expect(await chosen(page)).toEqual([EXTERIOR, TWO_STEP].sort());
  // interior wash and basic cleaning exclude each other
  await add(page, INTERIOR).click();
  await add(page, CLEANING).click();
  expect(await chosen(page)).toEqual([CLEANING, EXTERIOR, TWO_STEP].sort());
  await add(page, INTERIOR).click();
  expect(await chosen(page)).toEqual([EXTERIOR, INTERIOR, TWO_STEP].sort());
  // deselecting the exterior wash clears every polishing service
  await add(page, SEALING).click();
  await remove(page, EXTERIOR).click();
  expect(await chosen(page)).toEqual([INTERIOR]);
  await expect(page.getByRole("status").filter({ hasText: "Fjernet automatisk" })).toContainText(TWO_STEP);
  // sealing without a polish step also selects one-step polish and the exterior wash
  await add(page, SEALING).click();
  expect(await chosen(page)).toEqual([ONE_STEP, EXTERIOR, INTERIOR, SEALING].sort());
  await expect(page.getByRole("status").filter({ hasText: "Lagt til automatisk" })).toContainText(ONE_STEP);
});

test("sealing, then removing one-step: Bestill time shows the sealing message until Lukk", async ({ page }) => {
  await add(page, SEALING).click();
  await remove(page, ONE_STEP).click();
  await page.getByRole("button", { name: "Bestill time" }).click();
  await expect(toast(page)).toContainText(
    'Polering er obligatorisk for Lakkforsegling tjenesten. Legg til "Standard Polering" eller "Premium Polering" for å bestille timen.',
  );
  await expect(page).toHaveURL(/\/auto-detailing$/);
  // it stays while the visitor keeps working
  await add(page, INTERIOR).click();
  await expect(toast(page)).toBeVisible();
  await toast(page).getByRole("button", { name: "Lukk" }).click();
  await expect(toast(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("services"))).toBeNull();
});

test("the badge appears after a service is added, its size drop-down changes the total, and it closes", async ({
  page,
}) => {
  await expect(badge(page)).toHaveCount(0);
  await add(page, INTERIOR).click();
  await expect(badge(page)).toBeVisible();
  await expect(badge(page)).toContainText(kr("2 500 kr"));

  const select = badge(page).getByLabel("Bilstørrelse");
  await expect(select).toHaveValue("Liten");
  await select.selectOption("Stor");
  await expect(total(page)).toHaveText(kr("3 250 kr"));
  await expect(badge(page)).toContainText(kr("3 250 kr"));
  await expect(size(page, "Stor")).toHaveAttribute("aria-pressed", "true");
  // and the size buttons drive the drop-down
  await size(page, "Medium/SUV").click();
  await expect(select).toHaveValue("Medium/SUV");

  await badge(page).getByRole("button", { name: strings.badge.close }).click();
  await expect(badge(page)).toHaveCount(0);
  // a total of zero hides it too
  await add(page, CLEANING).click();
  await expect(badge(page)).toBeVisible();
  await remove(page, CLEANING).click();
  await expect(badge(page)).toHaveCount(0);
});

test("accordion panels open and close", async ({ page }) => {
  const toggle = page.getByRole("button", { name: "Polering og forsegling" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(add(page, SEALING)).toBeHidden();
  await toggle.click();
  await expect(add(page, SEALING)).toBeVisible();
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not visible");
  return b;
}

test("side by side above 760 px, stacked at 760 px", async ({ page }) => {
  const services = page.getByRole("region", { name: "Utvendig vask" });
  const summary = page.getByRole("heading", { name: strings.summaryHeading });
  await page.setViewportSize({ width: 761, height: 900 });
  expect((await box(summary)).x).toBeGreaterThan((await box(services)).x + (await box(services)).width - 1);

  await page.setViewportSize({ width: 760, height: 900 });
  const lastPanel = page.getByRole("region", { name: "Polering og forsegling" });
  expect((await box(summary)).y).toBeGreaterThan((await box(lastPanel)).y + (await box(lastPanel)).height);
  expect(Math.round((await box(summary)).x)).toBeLessThanOrEqual(Math.round((await box(services)).x) + 40);
});

/** Presses Tab (or Shift+Tab) until `target` has focus (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test("the whole calculator works with the keyboard alone", async ({ page }) => {
  await tabTo(page, size(page, "Medium/SUV"));
  await page.keyboard.press("Space");
  await expect(size(page, "Medium/SUV")).toHaveAttribute("aria-pressed", "true");

  // collapse and reopen a panel
  const panel = page.getByRole("button", { name: "Utvendig vask" });
  await tabTo(page, panel);
  await page.keyboard.press("Enter");
  await expect(panel).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(panel).toHaveAttribute("aria-expanded", "true");

  await tabTo(page, add(page, TWO_STEP));
  await page.keyboard.press("Enter");
  await expect(remove(page, TWO_STEP)).toBeFocused();
  await expect(total(page)).toHaveText(kr("9 300 kr"));

  // the badge's drop-down by keyboard
  const select = badge(page).getByLabel("Bilstørrelse");
  await tabTo(page, select);
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("Stor");
  await expect(total(page)).toHaveText(kr("10 075 kr"));

  // the error toast: reached right after Bestill time, closed with Lukk, focus back on Bestill time
  await tabTo(page, add(page, SEALING), "Shift+Tab");
  await page.keyboard.press("Enter");
  await tabTo(page, remove(page, TWO_STEP), "Shift+Tab");
  await page.keyboard.press("Enter");
  const book = page.getByRole("button", { name: "Bestill time" });
  await tabTo(page, book);
  await page.keyboard.press("Enter");
  await expect(toast(page)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Lukk", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toHaveCount(0);
  await expect(book).toBeFocused();

  await tabTo(page, add(page, ONE_STEP), "Shift+Tab");
  await page.keyboard.press("Enter");
  await tabTo(page, book);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(page.getByRole("region", { name: "Din bestilling" })).toContainText(SEALING);
});

test("the choices come back when the visitor goes back from /kontakt", async ({ page }) => {
  await add(page, EXTERIOR).click();
  await add(page, TWO_STEP).click();
  await size(page, "Stor").click();
  const shown = await total(page).textContent();
  expect(shown).not.toBe("0 kr");

  await page.getByRole("button", { name: "Bestill time" }).click();
  await expect(page).toHaveURL(/\/kontakt$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/auto-detailing$/);

  await expect(total(page)).toHaveText(shown!);
  expect(await chosen(page)).toEqual([EXTERIOR, TWO_STEP].sort());
  await expect(size(page, "Stor")).toHaveAttribute("aria-pressed", "true");
  await expect(size(page, "Liten")).toHaveAttribute("aria-pressed", "false");
});

test("back from /kontakt, a new choice, then Forward: /kontakt shows the new choice, or none that cannot be booked", async ({
  page,
}) => {
  await add(page, EXTERIOR).click();
  await page.getByRole("button", { name: "Bestill time" }).click();
  const summary = page.getByRole("region", { name: "Din bestilling" });
  await expect(summary).toContainText(EXTERIOR);
  await page.goBack();

  await add(page, INTERIOR).click();
  await page.goForward();
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(summary).toContainText(INTERIOR);
  await expect(page.getByLabel("Melding (Valgfri)")).toHaveValue(new RegExp(INTERIOR));
  await page.goBack();

  await add(page, SEALING).click(); // brings the one-step polish, which sealing needs
  await remove(page, ONE_STEP).click(); // sealing without a polish cannot be booked
  await page.goForward();
  await expect(summary).not.toContainText(INTERIOR);
  await expect(summary).not.toContainText(SEALING);
});

test("the choices are kept on the device for a later visit", async ({ page }) => {
  await add(page, INTERIOR).click();
  await size(page, "Medium/SUV").click();
  const shown = await total(page).textContent();
  // the draft is written after the change: wait until a fresh load finds it
  await expect(async () => {
    await page.reload();
    await expect(remove(page, INTERIOR)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(total(page)).toHaveText(shown!);
  await expect(size(page, "Medium/SUV")).toHaveAttribute("aria-pressed", "true");
});
