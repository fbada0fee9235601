/**
 * Drafts on the device and offline sends, as a visitor on a phone meets them:
 * what was typed and chosen comes back after a reload of the tab or a visit to
 * another page of the site, even a change made just before it (photos
 * included, one still being prepared too), a new tab is only asked (`Fortsett`, `Slett`) and shows nothing
 * of the draft before, `Start på nytt` empties the form, a quote sent without
 * a connection goes by itself, once, when the connection returns, and a quote
 * whose answer was lost is sent again after a reload with its own key and
 * stored once.
 */
import { expect, test, type Locator, type Page } from "./fixtures";
import fs from "node:fs";
import { makePhotos } from "./photos";
import { PHOTO_WORKER_SCRIPT } from "./photo-worker";
import { DRAFTS_DB, type DraftName } from "../lib/drafts/store";
import { photoFile, storedQuotes, type StoredQuote } from "../testing/stored";

const dataDir = process.env.E2E_DATA_DIR!;
let photo: (name: string) => string = () => "";
const OFFLINE = "Du er uten nett. Vi sender forespørselen når du er på nett igjen.";
const NOTICE = "Vi har tatt vare på utkastet ditt.";
/** the question a new visit asks, with the draft's date as the site writes dates (`24. november 2026`) */
const OFFER = /^Du har et påbegynt pristilbud fra \d{1,2}\. [a-zæøå]+ \d{4}\. Vil du fortsette\?/;
const BOOKING_OFFER = /^Du har en påbegynt timebestilling fra \d{1,2}\. [a-zæøå]+ \d{4}\. Vil du fortsette\?/;

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
// Each test is a whole visit: photos prepared, reloads, a connection lost, retries waited out.
// The default budget is for one step; these get three times it, as a shared machine's load stretches each step.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  photo = await makePhotos("draft-fixtures");
});

const quoteForm = (page: Page) => page.getByRole("form", { name: "Få et pristilbud" });
const damage = (form: Locator, n: number) => form.getByRole("region", { name: `Skade ${n}` });
const reg = () => `dr${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

async function fillQuote(form: Locator, regNumber: string) {
  await form.getByLabel("Registreringsnummer").fill(regNumber);
  await form.getByLabel("E-post").fill("kari.nordmann@example.no");
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form.getByLabel("Melding (valgfritt)").fill("Bulk i bakdøra.");
  await damage(form, 1)
    .getByLabel("Last opp bilder")
    .setInputFiles([photo("bakdor.jpg"), photo("skjermen.jpg"), photo("panser.png")]);
  await expect(damage(form, 1).getByRole("img")).toHaveCount(3);
}

async function expectQuoteBack(form: Locator, regNumber: string) {
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue(regNumber);
  await expect(form.getByLabel("E-post")).toHaveValue("kari.nordmann@example.no");
  await expect(form.getByLabel("Telefon")).toHaveValue("+47 912 34 567");
  await expect(form.getByLabel("Melding (valgfritt)")).toHaveValue("Bulk i bakdøra.");
  const images = damage(form, 1).getByRole("img");
  await expect(images).toHaveCount(3);
  await expect(images.nth(0)).toHaveAttribute("alt", "bakdor.jpg");
  // the thumbnails show the stored photos: each has loaded, none is broken
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

/** What the device holds of a form's draft: its text, and how many photos' bytes it refers to. */
function storedDraft(page: Page, name: DraftName) {
  return page.evaluate(
    async ({ name, db }) => {
      // never open a database that is not there: that would create it without the drafts' store
      if (!(await indexedDB.databases()).some((d) => d.name === db.name)) return { text: "", parts: 0 };
      return new Promise<{ text: string; parts: number }>((resolve) => {
        const open = indexedDB.open(db.name);
        open.onerror = () => resolve({ text: "", parts: 0 });
        open.onsuccess = () => {
          const read = open.result.transaction(db.store).objectStore(db.store).get(name);
          read.onerror = () => resolve({ text: "", parts: 0 });
          read.onsuccess = () => {
            const stored = read.result as { value?: unknown; parts?: string[] } | undefined;
            resolve({ text: JSON.stringify(stored?.value ?? ""), parts: stored?.parts?.length ?? 0 });
            open.result.close();
          };
        };
      });
    },
    { name, db: DRAFTS_DB },
  );
}

/**
 * The drafts are saved a moment after the last change; a photo is kept as chosen
 * until its prepared copy is made, then as the copy. Waits until every photo is
 * prepared and the device holds the draft with `text` and at least `photos` photos.
 */
async function settle(page: Page, name: DraftName, text: string, photos = 0) {
  await expect(page.getByText(/^(Venter|Gjør bildet mindre)/)).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const draft = await storedDraft(page, name);
        return draft.text.includes(text) && draft.parts >= photos;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The quotes the server's Payload stored for the registration number `regNumber`, oldest first. */
async function inquiriesFor(regNumber: string): Promise<StoredQuote[]> {
  return (await storedQuotes(dataDir)).filter((quote) => quote.regNumber === regNumber);
}

/**
 * On /pristilbud: a whole quote sent, and every answer of /inquiry lost (the
 * server stores the first try; its two retries get no answer either) until the
 * failure alert shows; later sends go through. Answers each try's key.
 */
async function sendWithAnswersLost(page: Page) {
  const keys: (string | null)[] = [];
  await page.route("**/inquiry", async (route) => {
    keys.push(await route.request().headerValue("Idempotency-Key"));
    if (keys.length > 3) return route.continue();
    if (keys.length === 1) await route.fetch();
    await route.abort("connectionreset");
  });
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const regNumber = reg();
  await fillQuote(form, regNumber);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Forespørselen ble ikke sendt" });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  return { keys, form, regNumber, failure };
}

test("a quote survives a reload, photos included; Start på nytt empties it for good", async ({ page }) => {
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  await expect(form.getByRole("status").filter({ hasText: NOTICE })).toHaveCount(0); // a first visit: no notice
  const regNumber = reg();
  await fillQuote(form, regNumber);
  await settle(page, "quote", "Bulk i bakdøra.", 3);

  await page.reload();
  await expect(form.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
  await expectQuoteBack(form, regNumber);

  await form.getByRole("button", { name: "Start på nytt" }).click();
  await expect(form.getByText(NOTICE)).toHaveCount(0);
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue("");
  await expect(form.getByLabel("Registreringsnummer")).toBeFocused();
  await expect(damage(form, 1).getByRole("img")).toHaveCount(0);

  await page.reload();
  await expect(form.getByLabel("E-post")).toHaveValue("");
  await expect(form.getByText(NOTICE)).toHaveCount(0);
});

test("a photo still being prepared when the tab goes is kept as chosen, and comes back prepared", async ({ page }) => {
  // the photo work's worker never arrives: the photo stays in preparation
  await page.route(PHOTO_WORKER_SCRIPT, () => {});
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const regNumber = reg();
  await form.getByLabel("Registreringsnummer").fill(regNumber);
  await damage(form, 1)
    .getByLabel("Last opp bilder")
    .setInputFiles([photo("bakdor.jpg")]);
  await expect(damage(form, 1).getByText(/^(Venter|Gjør bildet mindre)/)).toBeVisible();
  await expect.poll(async () => (await storedDraft(page, "quote")).parts, { timeout: 15_000 }).toBe(1);

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.reload();
  await expect(form.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue(regNumber);
  const image = damage(form, 1).getByRole("img", { name: "bakdor.jpg" });
  await expect(image).toBeVisible();
  await expect(page.getByText(/^(Venter|Gjør bildet mindre)/)).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("a change made just before a link within the site is kept: back on the form, it is there", async ({ page }) => {
  await page.goto("/pristilbud");
  const form = quoteForm(page);
  const regNumber = reg();
  await fillQuote(form, regNumber);
  await settle(page, "quote", "Bulk i bakdøra.", 3);

  // the last change and the link at once: the form leaves before its save would have been due
  await form.getByLabel("Melding (valgfritt)").fill("Bulk i bakdøra og skjermen.");
  await page.getByRole("contentinfo").getByRole("link", { name: "Om oss" }).click();
  await expect(page).toHaveURL(/\/om-oss\/?$/);

  await page.goBack();
  await expect(form.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
  await expect(form.getByLabel("Melding (valgfritt)")).toHaveValue("Bulk i bakdøra og skjermen.");
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue(regNumber);
  await expect(damage(form, 1).getByRole("img")).toHaveCount(3);
});

test("a new tab shows none of the draft before Fortsett, which brings it all back; Slett deletes it", async ({
  page,
  context,
}) => {
  await page.goto("/pristilbud");
  const regNumber = reg();
  await fillQuote(quoteForm(page), regNumber);
  await settle(page, "quote", "Bulk i bakdøra.", 3);

  const other = await context.newPage();
  await other.goto("/pristilbud");
  const form = quoteForm(other);
  const offer = form.getByRole("status").filter({ hasText: OFFER });
  await expect(offer).toBeVisible();
  const shown = await other.locator("body").innerText();
  for (const personal of [regNumber, "kari.nordmann@example.no", "912 34 567", "Bulk i bakdøra."]) {
    expect(shown).not.toContain(personal);
  }
  await expect(form.getByLabel("Registreringsnummer")).toHaveValue("");
  await expect(form.getByLabel("E-post")).toHaveValue("");
  await expect(form.getByRole("img")).toHaveCount(0);

  await offer.getByRole("button", { name: "Fortsett" }).press("Enter");
  await expect(offer).toHaveCount(0);
  await expect(form.getByLabel("Registreringsnummer")).toBeFocused(); // the keyboard goes on in the form
  await expectQuoteBack(form, regNumber);
  await other.close();

  const third = await context.newPage();
  await third.goto("/pristilbud");
  await quoteForm(third).getByRole("button", { name: "Slett" }).click();
  await expect(third.getByText(OFFER)).toHaveCount(0);
  await expect(quoteForm(third).getByLabel("Registreringsnummer")).toBeFocused();
  await third.reload();
  await expect(quoteForm(third).getByLabel("Registreringsnummer")).toBeEnabled();
  await third.waitForTimeout(1000);
  await expect(third.getByText(OFFER)).toHaveCount(0);
  await expect(quoteForm(third).getByLabel("Registreringsnummer")).toHaveValue("");
});

test("offline at Send: the form says so, keeps everything, and sends once by itself when back online", async ({
  page,
  context,
}) => {
  const uploads: string[] = [];
  const inquiries: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "POST" && url.pathname === "/api/media") uploads.push(r.url());
    if (r.method() === "POST" && url.pathname === "/inquiry") inquiries.push(r.url());
  });
  await page.goto("/");
  const form = quoteForm(page);
  const regNumber = reg();
  await fillQuote(form, regNumber);
  await settle(page, "quote", "Bulk i bakdøra.", 3);
  await page.reload();
  await expectQuoteBack(form, regNumber);

  await context.setOffline(true);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeFocused(); // the keyboard is told too
  await expectQuoteBack(form, regNumber);

  await context.setOffline(false);
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Takk for henvendelsen!");
  const stored = await inquiriesFor(regNumber);
  expect(stored).toHaveLength(1);
  const images = stored[0]!.damages.flat();
  expect(images).toHaveLength(3);
  for (const name of images) expect(fs.existsSync(photoFile(dataDir, name))).toBe(true);
  expect(uploads).toHaveLength(3);
  expect(inquiries).toHaveLength(1);

  // sent: the draft is gone
  await page.goto("/pristilbud");
  await expect(quoteForm(page).getByLabel("Registreringsnummer")).toHaveValue("");
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test("an inquiry whose answer is lost is stored once: after a reload it goes again with the same Idempotency-Key", async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/media") uploads.push(r.url());
  });
  const { keys, form, regNumber } = await sendWithAnswersLost(page);
  expect(await inquiriesFor(regNumber)).toHaveLength(1);

  await page.reload();
  await expectQuoteBack(form, regNumber);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  expect(keys).toHaveLength(4); // the first try and its two retries, then the send after the reload
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(keys)).toEqual(new Set([keys[0]]));
  expect(await inquiriesFor(regNumber)).toHaveLength(1);
  expect(uploads).toHaveLength(3); // the photos stored before the reload were not uploaded again
});

test("an inquiry whose answer is lost and then corrected: Prøv igjen stores the quote as the visitor now sees it", async ({
  page,
}) => {
  const { keys, form, regNumber, failure } = await sendWithAnswersLost(page);
  expect((await inquiriesFor(regNumber)).map((i) => i.phone)).toEqual(["+47 912 34 567"]);

  await form.getByLabel("Telefon").fill("+47 987 65 432");
  await failure.getByRole("button", { name: "Prøv igjen" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  expect(keys[3]).not.toBe(keys[0]); // a changed quote, a new key
  expect((await inquiriesFor(regNumber)).map((i) => i.phone)).toContain("+47 987 65 432");
});

test("the booking form's draft survives a reload, and Start på nytt empties it", async ({ page }) => {
  await page.goto("/kontakt");
  const email = page.getByLabel("E-post", { exact: true });
  await email.fill("ola@example.no");
  await page.getByLabel("Telefon", { exact: true }).fill("912 34 567");
  await page.getByLabel("Melding (Valgfri)").fill("Passer det på fredag?");
  await settle(page, "booking", "Passer det på fredag?");

  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
  await expect(email).toHaveValue("ola@example.no");
  await expect(page.getByLabel("Telefon", { exact: true })).toHaveValue("912 34 567");
  await expect(page.getByLabel("Melding (Valgfri)")).toHaveValue("Passer det på fredag?");

  await page.getByRole("button", { name: "Start på nytt" }).click();
  await expect(email).toHaveValue("");
  await expect(email).toBeFocused();
  await page.reload();
  await expect(email).toHaveValue("");
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test("the booking form in a new tab asks first, showing nothing of the draft; Fortsett brings it back", async ({
  page,
  context,
}) => {
  await page.goto("/kontakt");
  await page.getByLabel("E-post", { exact: true }).fill("ola@example.no");
  await page.getByLabel("Telefon", { exact: true }).fill("912 34 567");
  await settle(page, "booking", "912 34 567");

  const other = await context.newPage();
  await other.goto("/kontakt");
  const offer = other.getByRole("status").filter({ hasText: BOOKING_OFFER });
  await expect(offer).toBeVisible();
  expect(await other.locator("body").innerText()).not.toContain("ola@example.no");
  await expect(other.getByLabel("E-post", { exact: true })).toHaveValue("");
  await offer.getByRole("button", { name: "Fortsett" }).click();
  await expect(other.getByLabel("E-post", { exact: true })).toHaveValue("ola@example.no");
  await expect(other.getByLabel("Telefon", { exact: true })).toHaveValue("912 34 567");
});
