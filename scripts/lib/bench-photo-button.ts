/**
 * For `npm run bench`: how soon `Last opp bilder` on /pristilbud works on a slow
 * phone (375 px, slow 4G, CPU 4× slower). The page is loaded fresh; as soon as the
 * picker is painted it is scrolled to (it sits below the fold) and tapped, again each
 * second until it opens the file chooser, and a photo chosen, as a visitor would; the
 * figure is the time from navigation to the photo's thumbnail (its `Fjern bilde`
 * button) on screen: the form's code has taken the photo.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type FileChooser, type Page } from "@playwright/test";
import { getStrings } from "../../lib/content";
import { QUOTE_PATH } from "../../lib/routes";
import { type Box, phoneContext, tapBox, throttle, whenPainted } from "../../lib/testing/slow-phone";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";

export interface PhotoButtonFigures {
  /** from navigation to the picker painted */
  paintedMs: number;
  /** from navigation to the chosen photo's thumbnail */
  worksMs: number;
}

const GIVE_UP_MS = 60_000;
const PICKER = "[data-picker] label";

async function photo(): Promise<string> {
  const file = path.join(os.tmpdir(), "bench-photo-button-4000x3000.jpg");
  if (!fs.existsSync(file)) await makeBenchPhoto(file, { grain: 18, quality: 90, disc: true });
  return file;
}

/**
 * Taps the picker where it was painted, and again after each second in which no file chooser
 * opened (a disabled picker opens none), where it is then (the page may have moved it).
 */
async function tapUntilChooser(page: Page, painted: Box, started: number): Promise<FileChooser> {
  let box: Box | null = painted;
  while (Date.now() - started < GIVE_UP_MS) {
    const chooser = page.waitForEvent("filechooser", { timeout: 1000 }).catch(() => undefined);
    if (box) await tapBox(page, box);
    const opened = await chooser;
    if (opened) return opened;
    box = await page.locator(PICKER).first().boundingBox();
  }
  throw new Error(`no file chooser opened on ${page.url()} within ${GIVE_UP_MS / 1000} s`);
}

export async function benchPhotoButton(origin: string, runs: number): Promise<PhotoButtonFigures[]> {
  const file = await photo();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const figures: PhotoButtonFigures[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await throttle(page);
      const painted = await whenPainted(page, PICKER, { scroll: true });
      const started = Date.now();
      await page.goto(`${origin}${QUOTE_PATH}`, { waitUntil: "commit" });
      const box = await painted();
      const paintedMs = Date.now() - started;
      await (await tapUntilChooser(page, box, started)).setFiles(file);
      const remove = page.getByRole("button", { name: getStrings().quoteForm.labels.removeImage });
      await remove.first().waitFor({ state: "visible", timeout: GIVE_UP_MS });
      figures.push({ paintedMs, worksMs: Date.now() - started });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
