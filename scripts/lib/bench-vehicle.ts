/**
 * For `npm run bench -- vehicle`: the car behind the registration number on
 * the quote form, with `npm start` looking it up at a local stand-in for
 * Statens vegvesen (testing/vegvesen.ts). In Chromium at 1280 px:
 *
 *   - the time from the last typed character of a plate to the car on
 *     screen, with the stand-in answering at once and after 300 ms (each run
 *     a plate nobody asked for yet, so the server's cache does not answer);
 *   - the calls the stand-in gets while one visitor types a plate with a
 *     typo, sees the wrong car, corrects it and sends the quote with a photo.
 *
 * Both times are taken in the page: the input event of the last character,
 * and the moment the car's words are in the note under the field.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { QUOTE_PATH, THANKS_PATH } from "../../lib/routes";
import { startVegvesen, type Vegvesen } from "../../testing/vegvesen";
import { medians, type Site, startSites, withChromium } from "./bench-sites";

const TYPING_DELAY_MS = 120;

let next = 10_000;
/** A plate of the stand-in's Golf series nobody has asked for in this run. */
const newPlate = () => `VW${next++}`;

/** Types `plate` into the form's field as a visitor does; returns ms from the last input event to the car shown. */
async function typeAndWait(page: Page, plate: string): Promise<number> {
  const field = page.getByRole("form", { name: "Få et pristilbud" }).getByLabel("Registreringsnummer");
  await field.evaluate((input) => {
    const marks = ((window as unknown as { __vehicle: { input: number; shown: number } }).__vehicle = {
      input: 0,
      shown: 0,
    });
    input.addEventListener("input", () => (marks.input = performance.now()));
    const note = input.parentElement!.querySelector("[role=status]")!;
    new MutationObserver(() => {
      if (!marks.shown && /Volkswagen/.test(note.textContent ?? "")) marks.shown = performance.now();
    }).observe(note, { childList: true, subtree: true, characterData: true });
  });
  await field.pressSequentially(plate, { delay: TYPING_DELAY_MS });
  await page.getByText("Kilde: Statens vegvesen").waitFor();
  return page.evaluate(() => {
    const marks = (window as unknown as { __vehicle: { input: number; shown: number } }).__vehicle;
    return Math.round(marks.shown - marks.input);
  });
}

async function timeToCar(browser: Browser, site: Site, standIn: Vegvesen, delayMs: number): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    standIn.delayMs = delayMs;
    await page.goto(`${site.origin}${QUOTE_PATH}`, { waitUntil: "networkidle" });
    return await typeAndWait(page, newPlate());
  } finally {
    standIn.delayMs = 0;
    await page.close();
  }
}

/** One visitor: a plate with a typo, corrected, and the quote sent; returns the plates the stand-in was asked. */
async function visitorCalls(browser: Browser, site: Site, standIn: Vegvesen, photo: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${site.origin}${QUOTE_PATH}`, { waitUntil: "networkidle" });
    standIn.calls.length = 0;
    const form = page.getByRole("form", { name: "Få et pristilbud" });
    const field = form.getByLabel("Registreringsnummer");
    const wrong = newPlate();
    const right = newPlate();
    await typeAndWait(page, `${wrong.slice(0, 2)} ${wrong.slice(2)}`);
    for (let i = 0; i < 5; i++) await field.press("Backspace", { delay: TYPING_DELAY_MS });
    await field.pressSequentially(right.slice(2), { delay: TYPING_DELAY_MS });
    await page.getByText("Kilde: Statens vegvesen").waitFor();
    await form.getByLabel("E-post").fill("bench@example.no");
    await form.getByLabel("Telefon").fill("+47 912 34 567");
    await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(photo);
    await form.getByRole("button", { name: "Send forespørsel" }).click();
    await page.waitForURL(`**${THANKS_PATH}`, { timeout: 60_000 });
    return [...standIn.calls];
  } finally {
    await page.close();
  }
}

export async function benchVehicle(runs: number): Promise<void> {
  const standIn = await startVegvesen();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-vehicle-"));
  const photo = path.join(dir, "bulk.jpg");
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a9bb0" } })
    .jpeg()
    .toFile(photo);
  const [site] = await startSites(undefined, { SVV_API_KEY: standIn.key, SVV_API_URL: standIn.url });
  try {
    await withChromium(async (browser) => {
      const times = await medians([site!], runs, async () => ({
        atOnce: await timeToCar(browser, site!, standIn, 0),
        after300: await timeToCar(browser, site!, standIn, 300),
      }));
      const calls = await visitorCalls(browser, site!, standIn, photo);
      console.log("\nThe car from the registration number (Chromium, 1280 px, stand-in for Statens vegvesen)");
      console.log(`  last key → car on screen, stand-in answering at once:   ${times.atOnce[0]} ms`);
      console.log(`  last key → car on screen, stand-in answering in 300 ms: ${times.after300[0]} ms`);
      console.log(
        `  calls for one visitor typing a plate, correcting it, sending: ${calls.length} (${calls.join(", ")})`,
      );
    });
  } finally {
    site?.stop();
    await standIn.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
