/**
 * The photo work (lib/photos/photo-work) in Chromium: on its own on the test build's
 * /testbilder, and through the quote form. Whatever path a photo takes (the
 * worker, or the page when the worker's script is lost on the way), what comes
 * out and what the server stores carries no location and no camera.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PHOTO_WORK_ROUTE } from "../lib/hosting/test-build";
import { expect, test, type Page } from "./fixtures";
import { metadataIn, NO_METADATA, PHOTO_WORKER_SCRIPT, photoWithLocation, workerBootstraps } from "./photo-worker";
import { expectTestBuild } from "./test-build";
import { photoFile, storedQuotes } from "../testing/stored";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "photo-work-"));
const dataDir = process.env.E2E_DATA_DIR!;
let gpsPhoto: string;
const unreadable = path.join(dir, "odelagt.jpg");

test.beforeAll(async () => {
  expectTestBuild();
  gpsPhoto = await photoWithLocation(path.join(dir, "med-posisjon.jpg"));
  fs.writeFileSync(unreadable, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 7)]));
});

/** Makes the photo worker's script fail as a lost connection does; answers how often it was asked for. */
async function loseWorkerScript(page: Page): Promise<() => number> {
  let asked = 0;
  await page.route(PHOTO_WORKER_SCRIPT, (route) => {
    asked++;
    return route.abort("internetdisconnected");
  });
  return () => asked;
}

interface ProbeResult {
  name: string;
  width?: number;
  height?: number;
  bytes?: number;
  path?: string;
  error?: string;
}

/** Prepares the files on /testbilder; answers each result and the prepared JPEGs' bytes. */
async function prepare(page: Page, files: string[]): Promise<{ results: ProbeResult[]; jpegs: Buffer[] }> {
  await page.goto(PHOTO_WORK_ROUTE);
  const input = page.getByLabel("Choose photos");
  await expect(input).toBeEnabled(); // its code has run
  await input.setInputFiles(files);
  await expect(page.getByRole("status")).toHaveText("Ready", { timeout: 60_000 });
  const results = await page.evaluate(() => window.__photoProbe!.results);
  const encoded = await page.evaluate(() =>
    Promise.all(
      window.__photoProbeUploaded!.map(
        (blob) =>
          new Promise<string>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result).split(",")[1]!);
            reader.readAsDataURL(blob);
          }),
      ),
    ),
  );
  return { results, jpegs: encoded.map((base64) => Buffer.from(base64, "base64")) };
}

test("the build has one worker script, the photo worker's", () => {
  expect(workerBootstraps()).toHaveLength(1);
});

test("in the worker, from our own origin: made smaller, checked, and stripped of location and camera", async ({
  page,
  baseURL,
}) => {
  expect(await metadataIn(fs.readFileSync(gpsPhoto))).toEqual({ exif: true, xmp: true, gps: true, camera: true });
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  const { results, jpegs } = await prepare(page, [gpsPhoto]);
  expect(results).toEqual([
    expect.objectContaining({ name: "med-posisjon.jpg", width: 1920, height: 1440, path: "worker" }),
  ]);
  expect(results[0]!.bytes).toBeLessThanOrEqual(1024 * 1024);
  expect(await metadataIn(jpegs[0]!)).toEqual(NO_METADATA);
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(new RegExp(`^${baseURL}/_next/static/chunks/turbopack-worker-`));
});

test("with the worker's script lost on the way, the page does the work: still smaller, still no metadata", async ({
  page,
}) => {
  const asked = await loseWorkerScript(page);
  const { results, jpegs } = await prepare(page, [gpsPhoto, gpsPhoto]);
  expect(asked()).toBeGreaterThan(0);
  expect(results.map((r) => [r.path, r.width, r.height])).toEqual([
    ["page", 1920, 1440],
    ["page", 1920, 1440],
  ]);
  for (const jpeg of jpegs) {
    expect(jpeg.length).toBeLessThanOrEqual(1024 * 1024);
    expect(await metadataIn(jpeg)).toEqual(NO_METADATA);
  }
});

test("a photo that cannot be decoded is unreadable on either path, and nothing is made of it", async ({ page }) => {
  const { results, jpegs } = await prepare(page, [unreadable]);
  expect(results).toEqual([{ name: "odelagt.jpg", error: "UnreadablePhotoError" }]);
  expect(jpegs).toEqual([]);
  await loseWorkerScript(page);
  const onPage = await prepare(page, [unreadable]);
  expect(onPage.results).toEqual([{ name: "odelagt.jpg", error: "UnreadablePhotoError" }]);
});

/** The stored photo files of the quote the server's Payload stored for this registration number. */
async function storedPhotos(reg: string): Promise<Buffer[]> {
  const quote = (await storedQuotes(dataDir)).find((q) => q.regNumber === reg);
  expect(quote).toBeDefined();
  return quote!.damages.flat().map((name) => fs.readFileSync(photoFile(dataDir, name)));
}

for (const lost of [true, false]) {
  test(`a photo with GPS data goes through the quote form ${lost ? "with the photo worker's script lost" : "in the worker"}: neither the upload nor the stored file has location or camera`, async ({
    page,
  }) => {
    const asked = lost ? await loseWorkerScript(page) : () => 0;
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    const uploads: Buffer[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/media") uploads.push(request.postDataBuffer() ?? Buffer.alloc(0));
    });
    const reg = `GPS${lost ? "1" : "2"}${Date.now() % 10000}`;
    await page.goto("/pristilbud");
    const form = page.getByRole("form", { name: "Få et pristilbud" });
    await form.getByLabel("Registreringsnummer").fill(reg);
    await form.getByLabel("E-post").fill("kari@example.no");
    await form.getByLabel("Telefon").fill("91234567");
    await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(gpsPhoto);
    await form.getByRole("button", { name: "Send forespørsel" }).click();
    await expect(page).toHaveURL("/takk-for-henvendelsen", { timeout: 30_000 });

    // the form's photo went through lib/photos/photo-work: its worker was asked for (and lost, or started)
    if (lost) expect(asked()).toBeGreaterThan(0);
    else expect(workers.some((url) => PHOTO_WORKER_SCRIPT.test(new URL(url).pathname))).toBe(true);
    expect(uploads).toHaveLength(1);
    expect(await metadataIn(uploads[0]!)).toEqual(NO_METADATA);
    const stored = await storedPhotos(reg);
    expect(stored).toHaveLength(1);
    expect(await metadataIn(stored[0]!)).toEqual(NO_METADATA);
  });
}
