/**
 * The quote form end to end, against the preview server (whose Payload stores
 * what it receives in E2E_DATA_DIR), with real JPEG and PNG files made by sharp.
 */
import { expect, test, type Locator, type Page, type Request } from "./fixtures";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_ACCEPT } from "../lib/api/schemas";
import { getSite } from "../lib/content";
import { firstLoadScripts, htmlFor, marksInFirstLoad } from "../lib/hosting/export-inspect";
import { PHONE_VIEWPORT, throttle } from "../testing/slow-phone";
import { startPreviewProcess } from "../testing/preview";
import { photoFile, storedQuotes, type StoredQuote } from "../testing/stored";
import { PHOTO_WORKER_SCRIPT, workerBootstraps } from "./photo-worker";
import { makeCheckPhotos, makePhotos } from "./photos";

// Each test is a whole quote: photos prepared and uploaded, failures and retries waited out.
// The default budget is for one step; these get three times it, as a shared machine's load stretches each step.
test.describe.configure({ timeout: 90_000 });

const site = getSite();
const dataDir = process.env.E2E_DATA_DIR!;
let photo: (name: string) => string = () => "";

test.beforeAll(async () => {
  photo = await makePhotos("quote-fixtures");
});

const quoteForm = (page: Page) => page.getByRole("form", { name: "Få et pristilbud" });
const damage = (form: Locator, n: number) => form.getByRole("region", { name: `Skade ${n}` });
const send = (form: Locator) => form.getByRole("button", { name: "Send forespørsel" }).click();

interface Contact {
  reg: string;
  email: string;
  phone: string;
  message: string;
}
const contact = (): Contact => ({
  reg: `e2e${Math.random().toString(36).slice(2, 7)}`,
  email: "kari.nordmann@example.no",
  phone: "+47 912 34 567",
  message: "Bulk i bakdøra etter parkering.\nPasser best etter kl. 15.",
});

async function fillContact(form: Locator, c: Contact) {
  await form.getByLabel("Registreringsnummer").fill(c.reg);
  await form.getByLabel("E-post").fill(c.email);
  await form.getByLabel("Telefon").fill(c.phone);
  await form.getByLabel("Melding (valgfritt)").fill(c.message);
}

/** Two damages, three photos: Skade 1 gets the big JPEG and the PNG, Skade 2 the small JPEG. */
async function addPhotos(form: Locator) {
  await damage(form, 1)
    .getByLabel("Last opp bilder")
    .setInputFiles([photo("bakdor.jpg"), photo("panser.png")]);
  await form.getByRole("button", { name: "Legg til skade" }).click();
  await damage(form, 2).getByLabel("Last opp bilder").setInputFiles(photo("skjermen.jpg"));
  await expect(damage(form, 1).getByRole("img")).toHaveCount(2);
  await expect(damage(form, 2).getByRole("img")).toHaveCount(1);
}

/** The quote the server's Payload stored for the registration number `reg`, if any. */
async function storedInquiry(reg: string): Promise<StoredQuote | undefined> {
  return (await storedQuotes(dataDir)).find((quote) => quote.regNumber === reg.toUpperCase());
}

interface SentInquiry {
  Inquiry: { RegNumber: string };
  damageRequests: { Images: { filename: string; url: string }[] }[];
}

const isMediaUpload = (url: URL) => url.pathname === "/api/media";

/** On /pristilbud: contact details, two damages with three photos, and send. */
async function sendQuote(page: Page): Promise<{ form: Locator; c: Contact }> {
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const c = contact();
  await fillContact(form, c);
  await addPhotos(form);
  await send(form);
  return { form, c };
}

async function expectEverythingKept(form: Locator, c: Contact) {
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue(c.reg.toUpperCase());
  await expect(form.getByLabel("E-post")).toHaveValue(c.email);
  await expect(form.getByLabel("Telefon")).toHaveValue(c.phone);
  await expect(form.getByLabel("Melding (valgfritt)")).toHaveValue(c.message);
  await expect(damage(form, 1).getByRole("button", { name: "Fjern bilde" })).toHaveCount(2);
  await expect(damage(form, 2).getByRole("button", { name: "Fjern bilde" })).toHaveCount(1);
}

async function expectFailureAlert(page: Page, text: RegExp) {
  const alert = page.getByRole("alert").filter({ hasText: "Forespørselen ble ikke sendt" });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText(text);
  await expect(alert.getByRole("link", { name: site.phone })).toBeVisible();
  await expect(alert.getByRole("link", { name: site.email })).toBeVisible();
  await expect(alert.getByRole("button", { name: "Prøv igjen" })).toBeVisible();
  return alert;
}

test("the photo work is not in the first-load JavaScript of / and /pristilbud", () => {
  // what only lib/photos/photo-work has (minified code keeps these strings): its drawing setting, its encoder,
  // its error and its worker's bootstrap; each is first found in the script that does carry it
  const photoWork = ["imageSmoothingQuality", "convertToBlob", "UnreadablePhotoError", "turbopack-worker-"];
  expect(marksInFirstLoad(["/", "/pristilbud"], photoWork)).toEqual([]);
  expect(workerBootstraps()).toHaveLength(1);
});

test("the forms' code (react-hook-form, the checks) is not in the first load of /, /pristilbud and /kontakt", () => {
  // react-hook-form's and zod's own names, each first found in the script that does carry it
  expect(marksInFirstLoad(["/", "/pristilbud", "/kontakt"], ["shouldUnregister", "ZodError"])).toEqual([]);
});

test("the quote form works as plain HTML until its code arrives: what was typed stays, Send waits", async ({
  page,
}) => {
  // hold every script the page itself does not list (the form's code comes later, on demand)
  const firstLoad = new Set(firstLoadScripts(htmlFor("/pristilbud")).map((script) => script.src));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/chunks/") && url.pathname.endsWith(".js"),
    async (route) => {
      if (!firstLoad.has(new URL(route.request().url()).pathname)) await released;
      await route.continue();
    },
  );
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const c = contact();
  await fillContact(form, c);
  await expect(form.getByRole("button", { name: "Send forespørsel" })).toBeDisabled();

  release();
  await expect(form.getByRole("button", { name: "Send forespørsel" })).toBeEnabled();
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue(c.reg.toUpperCase());
  await expect(form.getByLabel("E-post")).toHaveValue(c.email);
  await expect(form.getByLabel("Telefon")).toHaveValue(c.phone);
  await expect(form.getByLabel("Melding (valgfritt)")).toHaveValue(c.message);
  await expect(form.getByLabel("Melding (valgfritt)")).toBeFocused();
  // and they are the form's values: sending checks the photos next, not the fields
  await send(form);
  await expect(form.getByText("Skade 1 mangler bilder")).toBeVisible();
});

test("the five checks fail in the form's order, each focusing its field and showing its message", async ({ page }) => {
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const errorsShown = form.getByText(/Skriv |ser ikke riktig ut|Du må legge til|mangler bilder/);

  // what a screen reader reads as the keyboard arrives: the field, already marked invalid, and its description
  await page.evaluate(() =>
    document.addEventListener("focusin", (event) => {
      const field = event.target as HTMLElement;
      const ids = (field.getAttribute("aria-describedby") ?? "").split(" ");
      const described = ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
      (window as unknown as { arrived: object }).arrived = { invalid: field.getAttribute("aria-invalid"), described };
    }),
  );
  const arrived = () => page.evaluate(() => (window as unknown as { arrived: object }).arrived);
  await send(form);
  await expect(form.getByText("Skriv registrerings nummer")).toBeVisible();
  await expect(form.getByLabel("Registreringsnummer")).toBeFocused();
  expect(await arrived()).toEqual({
    invalid: "true",
    described: expect.stringContaining("Skriv registrerings nummer"),
  });
  await expect(errorsShown).toHaveCount(1);

  await page.keyboard.type("ab 12345");
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue("AB 12345"); // upper case as typed
  await send(form);
  await expect(form.getByText("Skriv inn e\u2011post addressen")).toBeVisible();
  await expect(form.getByLabel("E-post")).toBeFocused();
  await expect(errorsShown).toHaveCount(1);

  await form.getByLabel("E-post").fill("kari.example.no");
  await send(form);
  await expect(form.getByText("E\u2011postadressen ser ikke riktig ut")).toBeVisible();
  await expect(form.getByLabel("E-post")).toBeFocused();

  await form.getByLabel("E-post").fill("kari@example.no");
  await send(form);
  await expect(form.getByText("Skriv telefon nummer")).toBeVisible();
  await expect(form.getByLabel("Telefon")).toBeFocused();

  await form.getByLabel("Telefon").fill("912 34");
  await send(form);
  await expect(form.getByText("Telefonnummeret ser ikke riktig ut")).toBeVisible();
  await expect(form.getByLabel("Telefon")).toBeFocused();

  await form.getByLabel("Telefon").fill("912 34 567");
  // the first damage, prerendered with the page: its picker takes the keyboard too
  await send(form);
  await expect(damage(form, 1).getByRole("alert")).toHaveText("Skade 1 mangler bilder. Legg til minst ett bilde.");
  await expect(damage(form, 1).getByLabel("Last opp bilder")).toBeFocused();
  await damage(form, 1).getByRole("button", { name: "Fjern skade" }).click();
  await send(form);
  await expect(form.getByText("Du må legge til minst én skade.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Legg til skade" })).toBeFocused();
  await expect(errorsShown).toHaveCount(1);

  await form.getByRole("button", { name: "Legg til skade" }).click();
  await damage(form, 1).getByLabel("Last opp bilder").setInputFiles(photo("skjermen.jpg"));
  await form.getByRole("button", { name: "Legg til skade" }).click();
  await damage(form, 2).getByRole("heading", { name: "Skade 2" }).getByRole("button").click(); // collapse it
  await send(form);
  const alert = damage(form, 2).getByRole("alert");
  await expect(alert).toHaveText("Skade 2 mangler bilder. Legg til minst ett bilde.");
  await expect(damage(form, 2).getByLabel("Last opp bilder")).toBeFocused(); // expanded again, picker focused
  await expect(errorsShown).toHaveCount(1);
  expect(await storedInquiry("AB 12345")).toBeUndefined();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a full quote from the home page: progress, thank-you page, the inquiry and three images stored", async ({
    page,
    baseURL,
  }) => {
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.goto("/");
    const form = quoteForm(page);
    const c = contact();
    await fillContact(form, c);
    const beforePhotos = requests.length;
    expect(requests.some((r) => PHOTO_WORKER_SCRIPT.test(r.url()))).toBe(false);
    await addPhotos(form);

    // the inquiry is held until the progress view has been looked at: the photos are ready before
    // Send, so without the hold the send can finish before the test sees it
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/inquiry", async (route) => {
      await held;
      await route.continue();
    });
    await send(form);
    const progress = page.getByRole("region", { name: "Sender forespørselen" });
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("listitem")).toHaveCount(3);
    await expect(progress.getByRole("status")).toBeVisible();
    release();
    await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Takk for henvendelsen!");

    // the photo worker came from our own origin, after the photos were chosen; nothing left the site
    const later = requests.slice(beforePhotos).map((r) => r.url());
    expect(later.some((u) => PHOTO_WORKER_SCRIPT.test(u) && u.startsWith(new URL(baseURL!).origin))).toBe(true);
    const origin = new URL(baseURL!).origin;
    const outside = requests.map((r) => r.url()).filter((u) => !u.startsWith(origin) && !/^(blob|data):/.test(u));
    expect(outside).toEqual([]);

    const stored = (await storedInquiry(c.reg))!;
    expect(stored).toBeDefined();
    expect(stored).toMatchObject({
      userId: site.inquiryUserId,
      regNumber: c.reg.toUpperCase(),
      phone: c.phone,
      email: c.email,
      message: c.message,
      status: "NEW",
    });
    expect(stored.damages.map((d) => d.length)).toEqual([2, 1]);
    const images = stored.damages.flat();
    // every photo goes as its prepared copy: a JPEG (the PNG too) without the original's metadata
    expect(images.map((name) => path.extname(name))).toEqual([".jpg", ".jpg", ".jpg"]);
    for (const name of images) {
      expect(name).toMatch(/^img_[0-9a-f]{32}\.jpg$/);
      const file = photoFile(dataDir, name);
      expect(fs.existsSync(file)).toBe(true);
      const served = await page.request.get(`${origin}/api/media/file/${name}`);
      expect(served.status()).toBe(200);
      expect(Buffer.from(await served.body()).equals(fs.readFileSync(file))).toBe(true);
    }
    // the big photo was made smaller: at most 1920 px and 1 MB
    const big = await sharp(photoFile(dataDir, images[0]!)).metadata();
    expect(big.format).toBe("jpeg");
    expect(Math.max(big.width!, big.height!)).toBeLessThanOrEqual(1920);
    expect(fs.statSync(photoFile(dataDir, images[0]!)).size).toBeLessThanOrEqual(1024 * 1024);
    expect(big.exif).toBeUndefined(); // bakdor.jpg carries a camera make and a GPS position
    expect((await sharp(photoFile(dataDir, images[1]!)).metadata()).format).toBe("jpeg");
  });
});

test("an /inquiry that keeps answering 500 shows the error, keeps everything, and Prøv igjen sends it without uploading again", async ({
  page,
}) => {
  const uploads: string[] = [];
  let inquiryCalls = 0;
  await page.route(
    (url) => url.pathname === "/inquiry",
    async (route) => {
      inquiryCalls++; // the first and its two retries fail
      if (inquiryCalls <= 3) await route.fulfill({ status: 500, json: { error: "nede" } });
      else await route.continue();
    },
  );
  page.on("request", (r) => {
    if (isMediaUpload(new URL(r.url())) && r.method() === "POST") uploads.push(r.url());
  });
  const { form, c } = await sendQuote(page);

  const alert = await expectFailureAlert(page, /Vi fikk ikke levert forespørselen/);
  await expect(alert).toBeFocused();
  await expectEverythingKept(form, c);
  expect(uploads).toHaveLength(3);
  expect(await storedInquiry(c.reg)).toBeUndefined();

  expect(inquiryCalls).toBe(3);
  await alert.getByRole("button", { name: "Prøv igjen" }).click();
  await page.waitForURL("**/takk-for-henvendelsen");
  expect(inquiryCalls).toBe(4);
  expect(uploads).toHaveLength(3); // nothing uploaded twice
  expect((await storedInquiry(c.reg))!.damages.map((d) => d.length)).toEqual([2, 1]);
});

test("an upload that keeps failing is retried, then named; nothing is lost and Prøv igjen finishes it", async ({
  page,
}) => {
  let failing = true;
  let pngAttempts = 0;
  let passed = 0;
  await page.route(
    (url) => isMediaUpload(url),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue(); // the look-up after a lost answer
      // the PNG fails like a stopped server until we stop failing; the JPEGs go through (two uploads
      // go at once, so which comes first is not fixed; every copy is a JPEG named img_…, so the photo
      // is told by its size: the PNG is one flat colour, its copy a few KB, the noisy photos' far more)
      const isPng = (route.request().postDataBuffer()?.length ?? Infinity) < 30_000;
      if (isPng) pngAttempts++;
      if (failing && isPng) await route.abort("connectionrefused");
      else {
        passed++;
        await route.continue();
      }
    },
  );
  const { form, c } = await sendQuote(page);

  await expectFailureAlert(page, /Bildet «panser\.png» i Skade 1 kunne ikke lastes opp/);
  expect(pngAttempts).toBe(3); // the first try and two retries
  await expect(damage(form, 1).getByText("Kunne ikke lastes opp")).toBeVisible();
  await expectEverythingKept(form, c);
  expect(await storedInquiry(c.reg)).toBeUndefined();

  failing = false;
  await page.getByRole("button", { name: "Prøv igjen" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  expect(passed).toBe(3); // the first photo was not uploaded again
  expect((await storedInquiry(c.reg))!.damages.flat()).toHaveLength(3);
});

test("an upload whose answer is lost is looked up by name, not sent again, and the quote goes through", async ({
  page,
}) => {
  const posts: string[] = [];
  const lookups: string[] = [];
  await page.route(
    (url) => isMediaUpload(url),
    async (route) => {
      if (route.request().method() !== "POST") {
        lookups.push(route.request().url());
        return route.continue();
      }
      posts.push(route.request().url());
      if (posts.length > 1) return route.continue();
      // the server stores the first photo, but its answer never reaches the browser
      await route.fetch();
      await route.abort("connectionreset");
    },
  );
  const { c } = await sendQuote(page);
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  expect(lookups).toHaveLength(1);
  expect(new URL(lookups[0]!).searchParams.get("where[filename][equals]")).toMatch(/^img_/);
  expect(posts).toHaveLength(3); // three photos, each sent once
  const images = (await storedInquiry(c.reg))!.damages.flat();
  expect(images).toHaveLength(3);
  for (const name of images) expect(fs.existsSync(photoFile(dataDir, name))).toBe(true);
});

/**
 * A quote with one photo, whose upload the admin host answers with the url `answer` gives (for the
 * upload's name and its count so far); the inquiry is caught and answered 201. Resolves, on the
 * thank-you page, with the names uploaded and the inquiry sent.
 */
async function quoteAnswered(page: Page, answer: (name: string, count: number) => string) {
  const names: string[] = [];
  await page.route(
    (url) => isMediaUpload(url),
    async (route) => {
      const name = /filename="([^"]+)"/.exec(route.request().postDataBuffer()?.toString("latin1") ?? "")![1]!;
      names.push(name);
      const doc = { id: names.length, filename: name, url: answer(name, names.length) };
      await route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ doc }) });
    },
  );
  let sent: SentInquiry | undefined;
  await page.route("**/inquiry", async (route) => {
    sent = route.request().postDataJSON() as SentInquiry;
    await route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
  });
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  await fillContact(form, contact());
  await damage(form, 1).getByLabel("Last opp bilder").setInputFiles(photo("bakdor.jpg"));
  await send(form);
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  return { names, sent: sent! };
}

test.describe("the inquiry names each photo as the admin host answered it", () => {
  const cdn = "https://cdn.bulkeklinikken.example";
  const shapes: [string, (origin: string, name: string) => string, (origin: string, name: string) => string][] = [
    ["Payload's default path", (_, name) => `/api/media/file/${name}`, (o, name) => `${o}/api/media/file/${name}`],
    ["another path on the admin host", (_, name) => `/media/${name}`, (o, name) => `${o}/media/${name}`],
    ["an absolute url on the admin host", (o, name) => `${o}/media/${name}`, (o, name) => `${o}/media/${name}`],
    ["an absolute url on another origin", (_, name) => `${cdn}/media/${name}`, (_, name) => `${cdn}/media/${name}`],
  ];
  for (const [shape, answered, expected] of shapes) {
    test(`${shape}: the quote reaches the thank-you page with those urls`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const { names, sent } = await quoteAnswered(page, (name) => answered(origin, name));
      expect(names).toHaveLength(1);
      expect(sent.damageRequests).toEqual([{ Images: [{ filename: names[0], url: expected(origin, names[0]!) }] }]);
    });
  }

  test("a url that is not http(s) is a failed upload, tried again; the next good answer sends the quote", async ({
    page,
    baseURL,
  }) => {
    const { names, sent } = await quoteAnswered(page, (name, count) =>
      count === 1 ? `javascript:alert(1)//${name}` : `/api/media/file/${name}`,
    );
    expect(names).toHaveLength(2);
    const [image] = sent.damageRequests[0]!.Images;
    expect(image!.url).toBe(`${new URL(baseURL!).origin}/api/media/file/${image!.filename}`);
  });
});

test("damages collapse, expand and remove by keyboard; images are removable", async ({ page }) => {
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const first = damage(form, 1);
  const toggle = first.getByRole("button", { name: "Skade 1" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(toggle).toBeEnabled(); // once the form's code has arrived (it is near the viewport)
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(first.getByLabel("Last opp bilder")).toBeHidden();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  // the picker is reached with Tab (from the toggle: Fjern skade, then the picker)
  await page.keyboard.press("Tab");
  await expect(first.getByRole("button", { name: "Fjern skade" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(first.getByLabel("Last opp bilder")).toBeFocused();
  // the contract's image types, no SVG
  await expect(first.getByLabel("Last opp bilder")).toHaveAttribute("accept", IMAGE_ACCEPT);
  expect(IMAGE_ACCEPT).toContain("image/heic");
  expect(IMAGE_ACCEPT).not.toContain("svg");
  await expect(first.getByLabel("Last opp bilder")).toHaveAttribute("multiple", "");

  await first.getByLabel("Last opp bilder").setInputFiles([photo("skjermen.jpg"), photo("panser.png")]);
  await expect(first.getByText("2 bilder")).toBeVisible();
  await first.getByRole("button", { name: "Fjern bilde" }).first().click();
  await expect(first.getByRole("img")).toHaveCount(1);
  await expect(first.getByRole("img")).toHaveAttribute("alt", "panser.png");
  await expect(first.getByRole("button", { name: "Fjern bilde" })).toBeFocused();

  await form.getByRole("button", { name: "Legg til skade" }).press("Enter");
  await expect(damage(form, 2).getByLabel("Last opp bilder")).toBeFocused();
  await damage(form, 1).getByRole("button", { name: "Fjern skade" }).click();
  await expect(damage(form, 2)).toHaveCount(0);
  await expect(damage(form, 1).getByText("Ingen bilder ennå")).toBeVisible(); // the second became the first
});

test("the server stopped mid-way: the form says so, keeps everything, and Prøv igjen sends it once it is back", async ({
  page,
}) => {
  // `npm start` in a process of its own, so the test can really stop and restart it.
  const ownData = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-stopped-"));
  let server = await startPreviewProcess({ dataDir: ownData });
  const { port } = server;
  try {
    await page.goto(`http://localhost:${port}/pristilbud`);
    const form = quoteForm(page);
    const c = contact();
    await fillContact(form, c);
    await addPhotos(form);

    await server.stop();
    await send(form);
    await expectFailureAlert(page, /Alt du har fylt inn er tatt vare på/);
    await expectEverythingKept(form, c);

    server = await startPreviewProcess({ dataDir: ownData, port });
    await page.getByRole("alert").getByRole("button", { name: "Prøv igjen" }).click();
    await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
    const quotes = await storedQuotes(ownData);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.regNumber).toBe(c.reg.toUpperCase());
    expect(quotes[0]!.damages.map((d) => d.length)).toEqual([2, 1]);
    expect(fs.readdirSync(path.join(ownData, "media")).filter((f) => !f.startsWith("."))).toHaveLength(3);
  } finally {
    await server.stop();
    fs.rmSync(ownData, { recursive: true, force: true });
  }
});

test.describe("the photo check, on a phone with its CPU slowed 4×", () => {
  test.use({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
  const BLURRED = "Bildet ser uskarpt ut. Ta det gjerne på nytt.";
  const DARK = "Bildet er mørkt. Ta det gjerne i dagslys.";
  let checkPhoto: (name: string) => string = () => "";
  test.beforeAll(async () => {
    checkPhoto = await makeCheckPhotos("check-fixtures");
  });

  /** The thumbnail of the photo named `name` in the first damage. */
  const thumb = (form: Locator, name: string) =>
    damage(form, 1)
      .getByRole("listitem")
      .filter({ has: form.page().getByRole("img", { name, exact: true }) });

  test("a blurred and a dark photo picked together each get their note, a sharp one none; Ta nytt bilde, Behold, and it sends", async ({
    page,
  }) => {
    await throttle(page, { network: false });
    await page.goto("/pristilbud");
    const form = quoteForm(page);
    const c = contact();
    await fillContact(form, c);
    const picker = damage(form, 1).getByLabel("Last opp bilder");
    // each guided shot is shown beside the picker, as advice
    for (const shot of [
      "Hele delen, for eksempel hele døra",
      "Nærbilde av skaden",
      "Skrått mot skaden, så lyset viser bulken",
    ]) {
      await expect(damage(form, 1).getByText(shot)).toBeVisible();
    }

    // the form's code runs (its buttons are enabled): from here a pick is the form's to answer
    await expect(damage(form, 1).getByRole("button", { name: "Fjern skade" })).toBeEnabled();
    // both chosen at once, as from a phone's gallery; how soon the notes come is not timed on a shared machine
    await picker.setInputFiles([checkPhoto("uskarp.jpg"), checkPhoto("mork.jpg")]);
    await expect(thumb(form, "uskarp.jpg").getByText(BLURRED)).toBeVisible({ timeout: 15_000 });
    await expect(thumb(form, "mork.jpg").getByText(DARK)).toBeVisible({ timeout: 15_000 });
    await picker.setInputFiles(checkPhoto("skarp.jpg"));
    await expect(thumb(form, "skarp.jpg").getByText(/^(Venter|Gjør bildet mindre)/)).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(thumb(form, "skarp.jpg").getByText(/Bildet/)).toHaveCount(0);
    // screen readers hear each note once, from one polite region (the thumbnails' notes are not live)
    await expect(page.locator("[aria-live], [role=status], [role=alert]").filter({ hasText: BLURRED })).toHaveCount(1);

    // Ta nytt bilde: the new photo takes the blurred one's place, and its note goes
    const chooser = page.waitForEvent("filechooser");
    await thumb(form, "uskarp.jpg").getByRole("button", { name: "Ta nytt bilde" }).click();
    await (await chooser).setFiles(checkPhoto("skarp-2.jpg"));
    const images = damage(form, 1).getByRole("img");
    await expect(images).toHaveCount(3);
    await expect(images.nth(0)).toHaveAttribute("alt", "skarp-2.jpg");
    await expect(form.getByText(BLURRED)).toHaveCount(0);

    // Behold: the dark photo stays, its note goes
    await thumb(form, "mork.jpg").getByRole("button", { name: "Behold" }).click();
    await expect(form.getByText(DARK)).toHaveCount(0);
    await expect(thumb(form, "mork.jpg").getByRole("img")).toBeVisible();

    await send(form);
    await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
    expect((await storedInquiry(c.reg))!.damages.map((d) => d.length)).toEqual([3]);
  });
});
