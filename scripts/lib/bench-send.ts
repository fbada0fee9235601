/**
 * For `npm run bench -- send`: how long a customer waits after pressing Send on
 * the quote form, on a phone with a slow connection, and how close that wait is
 * to what the connection allows at best.
 *
 * The form compresses each photo as soon as it is chosen, so Send should only
 * have to upload. This section plays that out in Chromium at 375 px: /pristilbud
 * loads at full speed, then the network is slowed to slow 4G (150 ms round trip,
 * 750 kbit/s up, 1.6 Mbit/s down) and the CPU 4×; the text fields are filled, four
 * 4000×3000 JPEGs of about 10 MB each are chosen in Skade 1, and Send is pressed
 * 5 s later. The wait runs from that tap to the thank-you page's URL.
 *
 * Its floor is what the uplink cannot beat: the bytes of every request body the
 * server received (the uploads and the inquiry) at 750 kbit/s, plus one round trip
 * per request. A wait near the floor means the uplink was busy from the tap to
 * the end (compression still running at Send is then hidden behind the uploads);
 * far above it, something else adds to the wait: photos not ready when an upload
 * could start, an idle uplink between uploads, work before the first upload or
 * after the last. Figures only, nothing judged.
 */
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page, type Request as BrowserRequest } from "@playwright/test";
import { INQUIRY_PATH, MEDIA_PATH } from "../../lib/api/schemas";
import { getStrings } from "../../lib/content";
import { THANKS_PATH } from "../../lib/routes";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium";
import { makeBenchPhoto } from "./bench-photo";
import { CPU_SLOWDOWN, SLOW_4G, phoneContext, throttle } from "../../lib/testing/slow-phone";

/** Slow 4G as the bench models it; CDP takes bytes per second. */
const PHOTOS = 4;
const CHOOSE_TO_SEND_MS = 5_000;
const GIVE_UP_MS = 300_000;

export interface SendRun {
  /** from the tap on Send to the thank-you page's URL */
  waitMs: number;
  /** body bytes at the uplink's rate, plus one round trip per request */
  floorMs: number;
  /** the upload request bodies as the server received them (multipart, with boundaries) */
  uploadBodyBytes: number[];
  inquiryBodyBytes: number;
  /** each stored photo, as the server kept it (the compressed copy) */
  photoBytes: number[];
  /** the most POST /api/media requests the browser had open at once */
  maxUploadsAtOnce: number;
  /** from the tap on Send: the first upload's start, the last upload's end, the inquiry's answer */
  timeline: { firstUploadMs?: number; lastUploadMs?: number; inquiryMs?: number };
  /** thumbnails no longer showing their work when Send was tapped */
  readyAtSend: number;
  /** from choosing the photos to every thumbnail being ready; undefined when not within the 5 s */
  allReadyAfterMs?: number;
}

export interface SendFigures {
  runs: SendRun[];
  inputBytes: number[];
  loadBefore: number;
  loadAfter: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The four photos, made once and kept in the temporary folder between benches. */
async function photos(): Promise<string[]> {
  const files = Array.from({ length: PHOTOS }, (_, i) => path.join(os.tmpdir(), `bench-send-4000x3000-${i + 1}.jpg`));
  for (const file of files)
    if (!fs.existsSync(file)) await makeBenchPhoto(file, { grain: 30, quality: 98, disc: false });
  return files;
}

interface Received {
  path: string;
  bytes: number;
}

/** Notes each upload and inquiry the server receives, with its body's size (its Content-Length). */
function watchServer(server: http.Server) {
  const received: Received[] = [];
  const listener = (req: http.IncomingMessage) => {
    const pathname = (req.url ?? "").split("?")[0];
    if (req.method !== "POST" || (pathname !== MEDIA_PATH && pathname !== INQUIRY_PATH)) return;
    // NaN when the body came chunked, without a length: the run then stops (see `once`)
    received.push({ path: pathname, bytes: Number(req.headers["content-length"] ?? NaN) });
  };
  server.on("request", listener);
  return { received, stop: () => server.off("request", listener) };
}

/**
 * What the browser does: how many uploads it has open at once, when the first
 * upload starts and the last ends, when the inquiry is answered (Date.now()),
 * and each stored photo's size, from the upload's answer.
 */
function watchPage(page: Page) {
  const seen = { open: 0, maxOpen: 0, photoBytes: [] as number[], firstUploadAt: 0, lastUploadAt: 0, inquiryAt: 0 };
  const pathOf = (request: BrowserRequest) => (request.method() === "POST" ? new URL(request.url()).pathname : "");
  page.on("request", (request) => {
    if (pathOf(request) !== MEDIA_PATH) return;
    seen.firstUploadAt ||= Date.now();
    seen.open++;
    seen.maxOpen = Math.max(seen.maxOpen, seen.open);
  });
  const close = (request: BrowserRequest) => {
    if (pathOf(request) !== MEDIA_PATH) return;
    seen.open--;
    seen.lastUploadAt = Date.now();
  };
  page.on("requestfinished", close);
  page.on("requestfailed", close);
  page.on("response", async (response) => {
    // the inquiry's answer, as its headers arrive (the thank-you page may come before its request "finishes")
    if (pathOf(response.request()) === INQUIRY_PATH) seen.inquiryAt = Date.now();
    if (pathOf(response.request()) !== MEDIA_PATH || !response.ok()) return;
    const answer = (await response.json().catch(() => undefined)) as { doc?: { filesize?: number } } | undefined;
    if (typeof answer?.doc?.filesize === "number") seen.photoBytes.push(answer.doc.filesize);
  });
  return seen;
}

/** The thumbnails' work overlays ("Venter", "Gjør bildet mindre – n %"), found by their words. */
function workOverlays(damage: Locator): Locator {
  const { waiting, compressing } = getStrings().quoteForm.progress;
  const busy = compressing.split("{percent}")[0]!.trim();
  return damage.getByText(new RegExp(`^(${escapeRegExp(waiting)}|${escapeRegExp(busy)})`));
}

/** Chooses the photos, then watches the thumbnails for 5 s: when were they all ready, and how many are at the end. */
async function choosePhotos(page: Page, files: string[]) {
  const damage = page.getByRole("region", { name: "Skade 1" });
  await damage.getByLabel("Last opp bilder").setInputFiles(files);
  const chosen = Date.now();
  const overlays = workOverlays(damage);
  const thumbnails = damage.getByRole("img");
  let allReadyAfterMs: number | undefined;
  while (Date.now() - chosen < CHOOSE_TO_SEND_MS) {
    const busy = await overlays.count();
    if (allReadyAfterMs === undefined && busy === 0 && (await thumbnails.count()) === files.length) {
      allReadyAfterMs = Date.now() - chosen;
    }
    await page.waitForTimeout(100);
  }
  const readyAtSend = (await thumbnails.count()) - (await overlays.count());
  return { allReadyAfterMs, readyAtSend };
}

/** Taps Send and waits for the thank-you page; fails with the form's alert when the send fails. */
async function tapSend(page: Page): Promise<{ started: number; waitMs: number }> {
  const send = page.getByRole("button", { name: "Send forespørsel" });
  await send.scrollIntoViewIfNeeded();
  const box = await send.boundingBox();
  if (!box) throw new Error("Send forespørsel not found");
  const started = Date.now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const failed = page.getByRole("alert").filter({ hasText: "Forespørselen ble ikke sendt" });
  const outcome = await Promise.race([
    page.waitForURL(`**${THANKS_PATH}`, { waitUntil: "commit", timeout: GIVE_UP_MS }).then(() => "sent"),
    failed.waitFor({ state: "visible", timeout: GIVE_UP_MS }).then(() => "failed"),
  ]);
  if (outcome === "failed") throw new Error(`the quote was not sent: ${await failed.innerText()}`);
  return { started, waitMs: Date.now() - started };
}

/** One run in a fresh context (nothing cached, no draft): fill, choose, wait 5 s, send. */
async function once(browser: Browser, origin: string, files: string[], server: http.Server): Promise<SendRun> {
  const context = await phoneContext(browser);
  const serverSide = watchServer(server);
  try {
    const page = await context.newPage();
    const pageSide = watchPage(page);
    await page.goto(`${origin}/pristilbud`, { waitUntil: "networkidle" });
    await throttle(page);
    const form = page.getByRole("form", { name: "Få et pristilbud" });
    await form.getByLabel("Registreringsnummer").fill(`BS${Math.floor(Math.random() * 90_000) + 10_000}`);
    await form.getByLabel("E-post").fill("kari.nordmann@example.no");
    await form.getByLabel("Telefon").fill("+47 912 34 567");
    const ready = await choosePhotos(page, files);
    const { started, waitMs } = await tapSend(page);
    const since = (at: number) => (at ? at - started : undefined);
    if (serverSide.received.some((r) => !Number.isFinite(r.bytes)))
      throw new Error("A request came without Content-Length");
    const uploads = serverSide.received.filter((r) => r.path === MEDIA_PATH).map((r) => r.bytes);
    const inquiryBodyBytes = serverSide.received.find((r) => r.path === INQUIRY_PATH)?.bytes ?? 0;
    const requests = serverSide.received.length;
    const bytes = uploads.reduce((sum, b) => sum + b, 0) + inquiryBodyBytes;
    const floorMs = (bytes * 8 * 1000) / SLOW_4G.uploadBitsPerSecond + requests * SLOW_4G.latencyMs;
    return {
      waitMs,
      floorMs: Math.round(floorMs),
      uploadBodyBytes: uploads,
      inquiryBodyBytes,
      photoBytes: pageSide.photoBytes,
      maxUploadsAtOnce: pageSide.maxOpen,
      timeline: {
        firstUploadMs: since(pageSide.firstUploadAt),
        lastUploadMs: since(pageSide.lastUploadAt),
        inquiryMs: since(pageSide.inquiryAt),
      },
      ...ready,
    };
  } finally {
    serverSide.stop();
    await context.close();
  }
}

/** `runs` sends, one after the other, against the server at `origin` (whose requests `server` shows). */
export async function benchSend(origin: string, server: http.Server, runs = 1): Promise<SendFigures> {
  const files = await photos();
  const loadBefore = os.loadavg()[0]!;
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const results: SendRun[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await once(browser, origin, files, server));
  } finally {
    await browser.close();
  }
  return {
    runs: results,
    inputBytes: files.map((file) => fs.statSync(file).size),
    loadBefore,
    loadAfter: os.loadavg()[0]!,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (value: number) => `${value} ms`.padStart(9);
const s = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The figures of the run with the median wait (of one run: that run), and every run's wait when there are more. */
export function printSend({ runs, inputBytes, loadBefore, loadAfter }: SendFigures): void {
  const mid = runs.find((r) => r.waitMs === median(runs.map((x) => x.waitMs)))!;
  const ratio = (r: SendRun) => (r.waitMs / r.floorMs).toFixed(2);
  const photoTotal = mid.photoBytes.reduce((sum, b) => sum + b, 0);
  const requests = mid.uploadBodyBytes.length + 1;
  const bodyTotal = mid.uploadBodyBytes.reduce((sum, b) => sum + b, 0) + mid.inquiryBodyBytes;
  console.log(
    `\nWait after Send, 375 px: ${PHOTOS} photos chosen in Skade 1 ${CHOOSE_TO_SEND_MS / 1000} s before Send; slow 4G (${SLOW_4G.latencyMs} ms round trip, 750 kbit/s up, 1.6 Mbit/s down) and CPU ${CPU_SLOWDOWN}× slower, switched on after /pristilbud had loaded, before the fields were filled and the photos chosen${runs.length > 1 ? `; the run with the median wait of ${runs.length}` : ""}\n`,
  );
  console.log(`  in:                     ${PHOTOS} × 4000×3000 JPEG: ${inputBytes.map(mb).join(", ")}`);
  console.log(`  compressed (stored):    ${mid.photoBytes.map(mb).join(", ")}; in all ${mb(photoTotal)}`);
  console.log(`  ready before Send:      ${mid.readyAtSend} of ${PHOTOS}${readyText(mid)}`);
  console.log(`  wait:                 ${ms(mid.waitMs)}  (from the tap on Send to the thank-you page's URL)`);
  console.log(
    `  floor:                ${ms(mid.floorMs)}  (${bodyTotal} bytes in ${requests} requests at 750 kbit/s + ${requests} × ${SLOW_4G.latencyMs} ms)`,
  );
  console.log(`  wait ÷ floor:           ${ratio(mid)}  (goal ≤ 1.10)`);
  console.log(`  uploads at once:        at most ${mid.maxUploadsAtOnce}`);
  const at = (value?: number) => (value === undefined ? "–" : `${value} ms`);
  const { firstUploadMs, lastUploadMs, inquiryMs } = mid.timeline;
  console.log(
    `  after Send:             first upload started ${at(firstUploadMs)}, last done ${at(lastUploadMs)}, inquiry answered ${at(inquiryMs)}, thank-you page ${mid.waitMs} ms`,
  );
  if (runs.length > 1) {
    console.log(`  all runs:               ${runs.map((r) => `${r.waitMs} ms (÷ floor ${ratio(r)})`).join(", ")}`);
  }
  console.log(
    `  load average (1 min):   ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (${os.cpus().length} cores)`,
  );
}

function readyText(run: SendRun): string {
  return run.allReadyAfterMs === undefined
    ? ` (not all ready within ${CHOOSE_TO_SEND_MS / 1000} s)`
    : ` (all ready ${s(run.allReadyAfterMs)} after they were chosen)`;
}
