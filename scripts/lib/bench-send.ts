/**
 * For `npm run bench -- send`: how long a customer waits after pressing Send
 * on the quote form on a slow connection, beside what the connection allows at
 * best. In Chromium at 375 px, /pristilbud loads at full speed; then the
 * network is slowed to slow 4G and the CPU 4×, the fields are filled, four
 * 4000×3000 JPEGs of about 10 MB are chosen in Skade 1 and Send is tapped 5 s
 * later. The wait runs from that tap to the thank-you page's URL.
 *
 * Its floor is what the uplink cannot beat: the bytes of every request body
 * sent (each upload's by its Content-Length, since Chromium reports no body
 * size for a form with a file, and the server stores a re-encoded photo of
 * another size; the inquiry's JSON) at the uplink's rate, plus one round trip
 * per request. Everything is seen from outside the page, in the browser's
 * network events.
 */
import type { Browser, Request } from "@playwright/test";
import { INQUIRY_PATH, MEDIA_PATH } from "../../lib/api/schemas";
import { getStrings } from "../../lib/content";
import { QUOTE_PATH, THANKS_PATH } from "../../lib/routes";
import { SLOW_4G, phoneContext, tapBox, throttle } from "../../testing/slow-phone";
import { benchPhotos } from "./bench-photo";
import { medians, pair, type Site, withChromium } from "./bench-sites";

const CHOOSE_TO_SEND_MS = 5_000;
const GIVE_UP_MS = 300_000;

interface SendRun {
  waitMs: number;
  floorMs: number;
  /** thumbnails without their work overlay when Send was tapped */
  readyAtSend: number;
  /** the most uploads open at once */
  atOnce: number;
  /** from the tap: the first upload's start and the last one's end */
  firstUploadMs: number;
  lastUploadMs: number;
}

async function once(browser: Browser, origin: string, files: string[]): Promise<SendRun> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const bodies: Promise<number>[] = [];
    const seen = { open: 0, atOnce: 0, first: 0, last: 0 };
    const isPost = (request: Request, path: string) =>
      request.method() === "POST" && new URL(request.url()).pathname === path;
    page.on("request", (request) => {
      if (isPost(request, INQUIRY_PATH)) bodies.push(Promise.resolve(request.postDataBuffer()?.length ?? 0));
      if (!isPost(request, MEDIA_PATH)) return;
      seen.first ||= Date.now();
      seen.atOnce = Math.max(seen.atOnce, ++seen.open);
    });
    page.on("requestfinished", (request) => {
      if (!isPost(request, MEDIA_PATH)) return;
      seen.open--;
      seen.last = Date.now();
      bodies.push(request.headerValue("content-length").then((length) => Number(length ?? 0)));
    });
    await page.goto(`${origin}${QUOTE_PATH}`, { waitUntil: "networkidle" });
    await throttle(page);
    const form = page.getByRole("form", { name: "Få et pristilbud" });
    await form.getByLabel("Registreringsnummer").fill(`BS${Math.floor(Math.random() * 90_000) + 10_000}`);
    await form.getByLabel("E-post").fill("kari.nordmann@example.no");
    await form.getByLabel("Telefon").fill("+47 912 34 567");
    const damage = form.getByRole("region", { name: "Skade 1" });
    await damage.getByLabel("Last opp bilder").setInputFiles(files);
    await page.waitForTimeout(CHOOSE_TO_SEND_MS);
    const { waiting, compressing } = getStrings().quoteForm.progress;
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const busy = new RegExp(`^(${escape(waiting)}|${escape(compressing.split("{percent}")[0]!.trim())})`);
    const readyAtSend = (await damage.getByRole("img").count()) - (await damage.getByText(busy).count());
    const send = form.getByRole("button", { name: "Send forespørsel" });
    await send.scrollIntoViewIfNeeded();
    const box = (await send.boundingBox())!;
    const started = Date.now();
    await tapBox(page, box);
    await page.waitForURL(`**${THANKS_PATH}`, { waitUntil: "commit", timeout: GIVE_UP_MS });
    const waitMs = Date.now() - started;
    const sent = await Promise.all(bodies);
    const bits = sent.reduce((sum, bytes) => sum + bytes, 0) * 8;
    const floorMs = Math.round((bits * 1000) / SLOW_4G.uploadBitsPerSecond + sent.length * SLOW_4G.latencyMs);
    const since = (at: number) => (at ? at - started : NaN);
    const [firstUploadMs, lastUploadMs] = [since(seen.first), since(seen.last)];
    return { waitMs, floorMs, readyAtSend, atOnce: seen.atOnce, firstUploadMs, lastUploadMs };
  } finally {
    await context.close();
  }
}

export async function benchSend(sites: Site[], runs: number): Promise<void> {
  const files = await benchPhotos(4, "large");
  const m = await withChromium((browser) => medians(sites, runs, (site) => once(browser, site.origin, files)));
  const ratio = pair(m.waitMs.map((wait, i) => (wait / m.floorMs[i]!).toFixed(2)));
  console.log(
    `\nWait after Send, 375 px, slow 4G (${SLOW_4G.latencyMs} ms round trip, ${SLOW_4G.uploadBitsPerSecond / 1000} kbit/s up) and CPU 4× slower, ` +
      `4 photos of about 10 MB chosen ${CHOOSE_TO_SEND_MS / 1000} s before Send, median of ${runs}\n`,
  );
  console.log(`  ready at Send:      ${pair(m.readyAtSend)} of 4`);
  console.log(`  wait:               ${pair(m.waitMs)} ms (from the tap to the thank-you page)`);
  console.log(`  floor:              ${pair(m.floorMs)} ms (the bodies at the uplink's rate, a round trip each)`);
  console.log(`  wait ÷ floor:       ${ratio} (goal ≤ 1.10)`);
  console.log(`  uploads at once:    ${pair(m.atOnce)} at most`);
  console.log(
    `  after the tap:      first upload from ${pair(m.firstUploadMs)} ms, last done at ${pair(m.lastUploadMs)} ms`,
  );
}
