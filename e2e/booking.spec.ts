/** The booking flow: calculator → /kontakt → POST /api/contact → thank-you page. */
import fs from "node:fs/promises";
import { expect, test, type Locator, type Page } from "./fixtures";
import { getSite, getStrings } from "../lib/content";
import { momentParts } from "../lib/format";
import { addDays, osloToday } from "../lib/oslo-time";
import { linkIn } from "../testing/case-link";
import { waitForMail } from "../testing/mail-list";
import { storedBookings, storedBookingTimes, type StoredBooking } from "../testing/stored";

const strings = getStrings();
const nbsp = "\u00a0";
// What the preview server's Payload stored during this run (playwright.config.ts points it at a fresh folder).
const DATA_DIR = process.env.E2E_DATA_DIR!;
// Where the preview server sends its e-mails (testing/mailbox-serve.ts).
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT);

/** The booking the preview server's Payload stored with this e-mail (each test uses its own address). */
async function storedContact(email: string): Promise<StoredBooking | undefined> {
  return (await storedBookings(DATA_DIR)).find((booking) => booking.email === email);
}

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@eksempel.no`;
const storage = (page: Page) =>
  page.evaluate(() => ({ services: sessionStorage.getItem("services"), price: sessionStorage.getItem("price") }));

/** Builds an order through the calculator's buttons and books it: lands on /kontakt. */
async function bookOrder(page: Page) {
  await page.goto("/auto-detailing");
  await page.getByRole("button", { name: "Legg til To-trinns Polering" }).click();
  await page.getByRole("button", { name: "Legg til Lett Innvendig Bilvask" }).click();
  await page
    .getByRole("group", { name: strings.calculator.badge.label })
    .getByLabel("Bilstørrelse")
    .selectOption("Medium/SUV");
  await page.getByRole("button", { name: "Bestill time" }).click();
  await expect(page).toHaveURL(/\/kontakt$/);
}

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });
const send = (page: Page) => page.getByRole("button", { name: "Send", exact: true });

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("a valid booking reaches /kontakt with the summary and message, is stored, and clears the storage", async ({
    page,
  }) => {
    await bookOrder(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ønsker du å avtale en time?");
    const summary = page.getByRole("region", { name: strings.booking.summaryHeading });
    for (const service of ["Grundig Utvendig Bilvask", "To-trinns Polering", "Lett Innvendig Bilvask"]) {
      await expect(summary).toContainText(service);
    }
    // (1250 + 6500 + 2500) × 1.2
    await expect(summary).toContainText(`12${nbsp}300 kr`);
    await expect(summary).toContainText("Medium/SUV");

    const message = field(page, "Melding (Valgfri)");
    const expected = [
      "Hei!",
      "",
      "Jeg ønsker å bestille time for:",
      "- Grundig Utvendig Bilvask",
      "- Lett Innvendig Bilvask",
      "- To-trinns Polering",
      "",
      "Bilstørrelse: Medium/SUV",
      `Totalpris: 12${nbsp}300 kr`,
    ].join("\n");
    await expect(message).toHaveValue(expected);

    const email = uniqueEmail("booking");
    await field(page, "E-post").fill(email);
    await field(page, "Telefon").fill("+47 912 34 567");
    await send(page).click();

    await expect(page).toHaveURL(/\/takk-for-henvendelsen$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Takk for henvendelsen!");
    expect(await storage(page)).toEqual({ services: null, price: null });
    await expect.poll(() => storedContact(email)).toMatchObject({ email, phone: "+47 912 34 567", message: expected });

    // the calculator's choices were kept on the device until the booking was made; now they are gone
    expect(await storedDraftNames(page)).not.toContain("calculator");
  });
});

/** `Legg i kalenderen` downloads the booking's calendar file, a request for the drop-off at `at`. */
async function expectCalendarFile(page: Page, at: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: strings.booking.addToCalendar }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("time.ics");
  const file = await fs.readFile((await download.path())!, "utf8");
  expect(file).toContain("METHOD:REQUEST");
  // iCalendar's UTC form of the moment: 20261208T063000Z
  expect(file).toContain(`DTSTART:${new Date(at).toISOString().replace(/[-:]|\.\d+/g, "")}`);
}

const times = (page: Page) => page.getByRole("group", { name: strings.booking.timesLegend });
const earlyBox = (page: Page) => page.getByRole("checkbox", { name: strings.casePage.offer.earlyStart });

test.describe("booking a time", () => {
  // one after the other: each books the first free time, which the other would take meanwhile
  test.describe.configure({ mode: "default" });
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the first free time is booked with the early-start box; the page says when, the booking holds it", async ({
    page,
  }) => {
    await bookOrder(page);
    await expect(page.getByRole("heading", { name: strings.booking.timesHeading })).toBeVisible();
    const firstDay = times(page).getByRole("group").first();
    const day = await firstDay.locator("legend").textContent();
    const first = firstDay.getByRole("radio").first();
    const clock = await firstDay.locator("label").first().textContent();
    const at = await first.inputValue();
    await first.check();
    const email = uniqueEmail("time");
    await field(page, "E-post").fill(email);
    await field(page, "Telefon").fill("+47 912 34 567");
    // the first free day is within the withdrawal period: the box is asked for first
    await page.getByRole("button", { name: strings.booking.submitTime }).click();
    await expect(page.getByText(strings.casePage.offer.earlyStartRequired)).toBeVisible();
    await expect(earlyBox(page)).toBeFocused();
    await earlyBox(page).check();
    await page.getByRole("button", { name: strings.booking.submitTime }).click();

    await expect(page.getByRole("status").filter({ hasText: "Timen er bestilt" })).toHaveText(
      `Timen er bestilt: ${day} ${clock}.Vi har sendt en bekreftelse til ${email}.${strings.booking.addToCalendar}`,
    );
    await expect(page).toHaveURL(/\/kontakt$/);
    await expectCalendarFile(page, at);
    expect(await storage(page)).toEqual({ services: null, price: null });
    const stored = (await storedBookingTimes(DATA_DIR)).find((booking) => booking.email === email);
    expect(stored).toMatchObject({ dropOff: clock!.replace("kl. ", ""), earlyStart: true });
  });

  test("a time taken meanwhile: the page says so and books one of the nearest free times", async ({ page }) => {
    await bookOrder(page);
    const first = times(page).getByRole("radio").first();
    const at = await first.inputValue();
    await first.check();
    // other customers book the same job at that time before this one sends: the first gets it,
    // the second too when the day has the hours (the drop-off time takes two cars), or is refused
    const services = ["grundig-utvendig-bilvask", "lett-innvendig-bilvask", "to-trinns-polering"];
    const other = (name: string) =>
      page.request.post("/api/contact", {
        data: {
          email: uniqueEmail(name),
          phone: "+47 912 34 567",
          message: "",
          time: { services, size: "Medium/SUV", at, earlyStart: true },
        },
      });
    expect((await other("other-a")).status()).toBe(201);
    expect([201, 409]).toContain((await other("other-b")).status());
    await earlyBox(page).check();
    const email = uniqueEmail("taken");
    await field(page, "E-post").fill(email);
    await field(page, "Telefon").fill("+47 912 34 567");
    await page.getByRole("button", { name: strings.booking.submitTime }).click();

    await expect(page.getByRole("alert").filter({ hasText: strings.booking.timeTaken })).toBeVisible();
    const offered = times(page).getByRole("radio");
    await expect(offered).toHaveCount(3);
    await expect(offered.first()).toBeFocused();
    expect(await offered.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).not.toContain(at);
    await offered.first().check();
    // the nearest times are within the withdrawal period too, and the box stays ticked
    await expect(earlyBox(page)).toBeChecked();
    await page.getByRole("button", { name: strings.booking.submitTime }).click();
    await expect(page.getByText(/^Timen er bestilt: /)).toBeVisible();
    expect((await storedBookingTimes(DATA_DIR)).find((booking) => booking.email === email)?.dropOff).toMatch(
      /^\d\d:\d\d$/,
    );
  });

  test("the confirmation's link moves the time and then cancels it", ({ page }) => moveAndCancel(page));
});

/** The names of the next LINK_SAFE_DAYS days (`mandag 7. desember`): a time on them may be past the link's cut-off. */
const changeableFrom = () =>
  Array.from({ length: LINK_SAFE_DAYS }, (_, n) => momentParts(`${addDays(osloToday(), n)}T12:00:00Z`).date);
/** How many days ahead a booked time is always still changed through its link. */
const LINK_SAFE_DAYS = 4;

/** Books a free time some days ahead, then moves it and cancels it through the confirmation's link. */
async function moveAndCancel(page: Page) {
  await bookOrder(page);
  // a day far enough ahead that its link's cut-off (noon on the open day before) has not passed
  const later = times(page)
    .getByRole("group")
    .filter({ hasNotText: new RegExp(`^(${changeableFrom().join("|")})`) });
  await later.first().getByRole("radio").first().check();
  await earlyBox(page).check();
  const email = uniqueEmail("lenke");
  await field(page, "E-post").fill(email);
  await field(page, "Telefon").fill("+47 912 34 567");
  await page.getByRole("button", { name: strings.booking.submitTime }).click();
  await expect(page.getByText(/^Timen er bestilt: /)).toBeVisible();

  const link = linkIn(await waitForMail(MAIL_PORT, email, /^Timebekreftelse: /));
  await page.goto(link);
  const texts = strings.casePage.booking;
  await expect(page.getByRole("heading", { level: 1, name: /^Din time / })).toBeVisible();
  await page.getByRole("button", { name: texts.change }).click();
  // the first free time takes the keyboard; a later one is chosen
  const offered = times(page).getByRole("radio");
  await expect(offered.first()).toBeFocused();
  const next = offered.nth(1);
  const label = await page.locator(`label:has(input[value="${await next.inputValue()}"])`).textContent();
  await next.check();
  // the new time is within the withdrawal period too: the box is asked for again
  await earlyBox(page).check();
  await page.getByRole("button", { name: texts.confirmChange }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Timen er flyttet til / })).toBeFocused();
  await waitForMail(MAIL_PORT, email, /^Ny tid: /);
  expect((await storedBookingTimes(DATA_DIR)).find((booking) => booking.email === email)?.dropOff).toBe(
    label!.replace("kl. ", ""),
  );

  await page.getByRole("button", { name: texts.cancel }).click();
  await page.getByRole("button", { name: texts.confirmCancel }).click();
  await expect(page.getByRole("status").filter({ hasText: texts.cancelled })).toBeVisible();
  await waitForMail(MAIL_PORT, email, /^Timen er avbestilt$/);
  expect((await storedBookingTimes(DATA_DIR)).find((booking) => booking.email === email)?.cancelled).toBe(true);
}

/** The names of the drafts kept in the browser's IndexedDB (the database the site's draft store uses). */
function storedDraftNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("bulkeklinikken-utkast");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("utkast")) return resolve([]);
          const keys = db.transaction("utkast").objectStore("utkast").getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test("a forced 500 keeps everything, shows the error, and a retry sends it", async ({ page }) => {
  await bookOrder(page);
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "{}" }));

  const email = uniqueEmail("retry");
  await field(page, "E-post").fill(email);
  await field(page, "Telefon").fill("91234567");
  await field(page, "Melding (Valgfri)").fill("Kan jeg levere bilen tidlig?");
  await send(page).click();

  // (Next's route announcer is an empty role="alert" too)
  const alert = page.getByRole("alert").filter({ hasText: "Meldingen ble ikke sendt" });
  await expect(alert).toContainText("Meldingen ble ikke sendt");
  await expect(alert).toContainText(getSite().phone);
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(field(page, "E-post")).toHaveValue(email);
  await expect(field(page, "Telefon")).toHaveValue("91234567");
  await expect(field(page, "Melding (Valgfri)")).toHaveValue("Kan jeg levere bilen tidlig?");
  expect((await storage(page)).services).toContain("To-trinns Polering");
  expect(await storedContact(email)).toBeUndefined();

  await page.unroute("**/api/contact");
  await alert.getByRole("button", { name: strings.booking.retry }).click();
  await expect(page).toHaveURL(/\/takk-for-henvendelsen$/);
  expect(await storage(page)).toEqual({ services: null, price: null });
  await expect.poll(() => storedContact(email)).toMatchObject({ message: "Kan jeg levere bilen tidlig?" });
});

test("visiting /kontakt directly: nothing chosen, a link to the calculator, and the form still works", async ({
  page,
}) => {
  await page.goto("/kontakt");
  const summary = page.getByRole("region", { name: strings.booking.summaryHeading });
  await expect(summary).toContainText(strings.booking.nothingChosen);
  await expect(summary.getByRole("link", { name: strings.contactPage.calculatorLink })).toHaveAttribute(
    "href",
    "/auto-detailing#priskalkulator",
  );
  await expect(field(page, "Melding (Valgfri)")).toHaveValue("");

  const email = uniqueEmail("direct");
  await field(page, "E-post").fill(email);
  await field(page, "Telefon").fill("67 10 20 30");
  await send(page).click();
  await expect(page).toHaveURL(/\/takk-for-henvendelsen$/);
  await expect.poll(() => storedContact(email)).toMatchObject({ email, phone: "67 10 20 30", message: "" });
});

test("a first visit to /kontakt shows the nothing-chosen line before the page's scripts run; a stored choice keeps it unseen", async ({
  page,
}) => {
  await page.route("**/_next/static/chunks/*.js", (route) => route.abort()); // the framework never starts
  await page.goto("/kontakt");
  const summary = page.getByRole("region", { name: strings.booking.summaryHeading });
  await expect(summary.getByText(strings.booking.nothingChosen)).toBeVisible();

  await page.evaluate(() => sessionStorage.setItem("services", "{}"));
  await page.reload();
  await expect(summary.getByText(strings.booking.nothingChosen)).toBeHidden();
});

test("malformed storage reads as nothing chosen", async ({ page }) => {
  await page.goto("/kontakt");
  await page.evaluate(() => {
    sessionStorage.setItem("services", "{not json");
    sessionStorage.setItem("price", "<b>0</b>");
  });
  await page.reload();
  await expect(page.getByRole("region", { name: strings.booking.summaryHeading })).toContainText(
    strings.booking.nothingChosen,
  );
});

test("e-mail and phone are checked before anything is sent", async ({ page }) => {
  let requests = 0;
  await page.route("**/api/contact", (route) => {
    requests++;
    return route.fulfill({ status: 201, body: "{}" });
  });
  await page.goto("/kontakt");
  await send(page).click();
  await expect(page.getByText("Skriv inn e\u2011post addressen")).toBeVisible();
  await expect(page.getByText("Skriv telefon nummer")).toBeVisible();
  await expect(field(page, "E-post")).toBeFocused();
  await expect(field(page, "E-post")).toHaveAttribute("aria-invalid", "true");

  await field(page, "E-post").fill("ola@");
  await field(page, "Telefon").fill("123");
  await send(page).click();
  await expect(page.getByText("E\u2011postadressen ser ikke riktig ut")).toBeVisible();
  await expect(page.getByText("Telefonnummeret ser ikke riktig ut")).toBeVisible();
  expect(requests).toBe(0);
});

test("/kontakt: summary and form beside the contact block above 760 px, stacked at 760 px", async ({ page }) => {
  await page.goto("/kontakt");
  const summary = page.getByRole("region", { name: strings.booking.summaryHeading });
  const contact = page.getByRole("region", { name: strings.contactPage.contactHeading });
  await page.setViewportSize({ width: 761, height: 900 });
  let [a, b] = [await summary.boundingBox(), await contact.boundingBox()];
  expect(b!.x).toBeGreaterThanOrEqual(a!.x + a!.width);
  expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);

  await page.setViewportSize({ width: 760, height: 900 });
  [a, b] = [await summary.boundingBox(), await contact.boundingBox()];
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height);
  expect(Math.abs(b!.x - a!.x)).toBeLessThan(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/kontakt still has its full text and form in the HTML", async ({ page }) => {
    await page.goto("/kontakt");
    const main = page.getByRole("main");
    await expect(main).toContainText(strings.contactPage.lead);
    await expect(main).toContainText(strings.booking.formHeading);
    await expect(main).toContainText(getSite().address.streetAddress);
    for (const label of ["E-post", "Telefon", "Melding (Valgfri)"]) await expect(field(page, label)).toBeVisible();
    await expect(send(page)).toBeVisible();
  });

  test("/auto-detailing has the calculator's services and prices in the HTML", async ({ page }) => {
    await page.goto("/auto-detailing");
    await expect(page.getByRole("button", { name: "Legg til Lakkforsegling" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Totalpris" })).toHaveText("0 kr");
  });
});
