/**
 * For `npm run bench -- photo`: how soon `Last opp bilder` on the quote form
 * takes a photo on a slow phone (Chromium at 375 px, slow 4G, CPU 4× slower).
 * The page is loaded fresh; in the first frame that paints the picker it is
 * scrolled to (it sits below the fold) and tapped, again each second until a
 * file chooser opens, and a photo is chosen, as a visitor would. The figure
 * runs from navigation to the photo's thumbnail (its `Fjern bilde` button) on
 * screen: the form's code has taken the photo.
 *
 * Also the bench's photos: 4000×3000 JPEGs made with sharp (a gradient under
 * gaussian grain, a pale disc in every other one), as a phone's camera makes
 * them ("phone", a few MB) or at their largest ("large", about 10 MB), kept in
 * the temp directory between runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FileChooser, Page } from "@playwright/test";
import sharp from "sharp";
import { getStrings } from "../../lib/content";
import { QUOTE_PATH } from "../../lib/routes";
import { type Box, phoneContext, tapBox, throttle, whenPainted } from "../../testing/slow-phone";
import { medians, pair, type Site, withChromium } from "./bench-sites";

export async function benchPhotos(count: number, kind: "phone" | "large"): Promise<string[]> {
  const [grain, quality] = kind === "phone" ? [18, 90] : [30, 98];
  const files = Array.from({ length: count }, (_, i) => path.join(os.tmpdir(), `bench-${kind}-${i + 1}.jpg`));
  for (const [i, file] of files.entries()) {
    if (fs.existsSync(file)) continue;
    const disc = i % 2 ? `<circle cx="2000" cy="1500" r="900" fill="#e8e2d0" opacity="0.6"/>` : "";
    const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b4a6f"/>
        <stop offset="0.5" stop-color="#c9d3dc"/><stop offset="1" stop-color="#7a4b2a"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${disc}</svg>`;
    const noise = { type: "gaussian" as const, mean: 128, sigma: grain };
    const create = { width: 4000, height: 3000, channels: 3 as const, background: "#808080", noise };
    const grainPng = await sharp({ create }).png({ compressionLevel: 1 }).toBuffer();
    await sharp(Buffer.from(picture))
      .composite([{ input: grainPng, blend: "overlay" }])
      .jpeg({ quality })
      .toFile(file);
  }
  return files;
}

const GIVE_UP_MS = 60_000;
/** the picker as it is painted: the label of the damage's file input (`Last opp bilder`) */
const PICKER = "input[type=file][multiple] + label";

/** Taps the picker, again after each second in which no file chooser opened, where it is then. */
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

export async function benchPhoto(sites: Site[], runs: number): Promise<void> {
  const [file] = await benchPhotos(1, "phone");
  const { paintedMs, takenMs } = await withChromium((browser) =>
    medians(sites, runs, async (site) => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await throttle(page);
      const painted = await whenPainted(page, PICKER, { scroll: true });
      const started = Date.now();
      await page.goto(`${site.origin}${QUOTE_PATH}`, { waitUntil: "commit" });
      const box = await painted();
      const paintedMs = Date.now() - started;
      await (await tapUntilChooser(page, box, started)).setFiles(file!);
      const remove = page.getByRole("button", { name: getStrings().quoteForm.labels.removeImage });
      await remove.first().waitFor({ state: "visible", timeout: GIVE_UP_MS });
      const takenMs = Date.now() - started;
      await context.close();
      return { paintedMs, takenMs };
    }),
  );
  console.log(`\n'Last opp bilder' on ${QUOTE_PATH}, 375 px, slow 4G, CPU 4× slower, median of ${runs}\n`);
  console.log(`  picker painted after:            ${pair(paintedMs)} ms`);
  console.log(`  photo taken (thumbnail) after:   ${pair(takenMs)} ms`);
}
