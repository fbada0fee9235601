/**
 * The workshop's admin as the workshop reads a case, at a phone's width and
 * a desktop's, against the built app (./admin-app.ts): a quote's page opens
 * on what the customer sent (the plate, the car, the contact as links, the
 * message, and the photos the width of the page, opened full size and turned
 * by a swipe or an arrow key); what the customer sent stays as sent while the
 * workshop sets the state and its note; no case is made and no photo added or
 * removed from the admin; the list and the dashboard show what waits; the workshop's logo and
 * name are on the login page and in the navigation; and the pages the
 * workshop works in are axe clean.
 */
import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import sharp from "sharp";
import { logIn, startAdmin, type StartedAdmin } from "./admin-app";
import { expect, test, type Page } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const CUSTOMER = {
  email: "kari.bulk@example.no",
  phone: "+47 912 34 567",
  message: "Bulk i bakdøra etter\nen handlevogn.",
};
/** A plate the stand-in for Statens vegvesen knows (testing/vegvesen.ts) */
const PLATE = "EK39085";
const CAR = "Volkswagen Golf, grå, 2017";

let admin: StartedAdmin;
let quoteId = 0;
let bookingId = 0;

/** Three real photographs' worth of JPEGs, each 1600 px wide, as a phone would send a damage. */
async function photos(): Promise<Buffer[]> {
  const real = path.join(__dirname, "test-photos", "coffee.jpg");
  const base = sharp(real).resize({ width: 1600 });
  return Promise.all([
    base.clone().jpeg().toBuffer(),
    base.clone().flop().jpeg().toBuffer(),
    base.clone().modulate({ brightness: 0.8, hue: 30 }).jpeg().toBuffer(),
  ]);
}

/** A case as the site sends it: three photos uploaded, then the quote naming them; and a booking. */
async function seed(siteOrigin: string) {
  const api = (pathname: string, init: RequestInit) =>
    fetch(`${admin.origin}${pathname}`, { ...init, headers: { Origin: siteOrigin, ...init.headers } });
  const images: { filename: string; url: string }[] = [];
  for (const [index, bytes] of (await photos()).entries()) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `bilde-${index}.jpg`);
    const answer = await api("/api/media", { method: "POST", body: form });
    expect(answer.status).toBe(201);
    const { doc } = (await answer.json()) as { doc: { filename: string; url: string } };
    images.push({ filename: doc.filename, url: new URL(doc.url, admin.origin).href });
  }
  const quote = {
    Inquiry: {
      UserId: "nettside",
      RegNumber: PLATE,
      PhoneNumber: CUSTOMER.phone,
      Email: CUSTOMER.email,
      Message: CUSTOMER.message,
      State: "NEW",
    },
    damageRequests: [{ Images: images }],
  };
  const json = { "Content-Type": "application/json" };
  expect((await api("/api/inquiry", { method: "POST", headers: json, body: JSON.stringify(quote) })).status).toBe(201);
  const booking = { email: "ola.time@example.no", phone: "+47 987 65 432", message: "Passer tirsdag?" };
  const booked = await api("/api/contact", { method: "POST", headers: json, body: JSON.stringify(booking) });
  expect(booked.status).toBe(201);
  bookingId = ((await booked.json()) as { doc: { id: number } }).doc.id;
  const found = await fetch(`${admin.origin}/api/inquiries?where[email][equals]=${CUSTOMER.email}`, {
    headers: { Authorization: admin.staff },
  });
  quoteId = ((await found.json()) as { docs: { id: number }[] }).docs[0]!.id;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const siteOrigin = new URL(baseURL!).origin;
  admin = await startAdmin({ SITE_ORIGIN: siteOrigin });
  await seed(siteOrigin);
});

test.afterAll(() => {
  admin?.child.stdin?.end();
});

const staffApi = (pathname: string, init: RequestInit = {}) =>
  fetch(`${admin.origin}${pathname}`, {
    ...init,
    headers: { Authorization: admin.staff, "Content-Type": "application/json", ...init.headers },
  });

/**
 * axe's serious and critical findings on the page as it is now. Payload's own menu button on a case's page (its one
 * item: delete the case) is left out: it has no accessible name in Payload itself (docs/admin-host.md).
 */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .exclude(".doc-controls__popup")
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const quotePage = () => `${admin.origin}/admin/collections/inquiries/${quoteId}`;

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a quote's page opens on the plate, the car, the contact, the message and three photos", async ({ page }) => {
      await logIn(page, admin.origin, admin.login);
      await page.goto(quotePage());
      await expect(page.getByRole("heading", { name: PLATE, level: 1 })).toBeVisible();
      await expect(page.getByText(CAR, { exact: true })).toBeVisible();
      await expect(page.getByText("Kilde: Statens vegvesen")).toBeVisible();
      await expect(page.getByRole("link", { name: CUSTOMER.phone })).toHaveAttribute("href", "tel:+4791234567");
      await expect(page.getByRole("link", { name: CUSTOMER.email })).toHaveAttribute(
        "href",
        `mailto:${CUSTOMER.email}`,
      );
      await expect(page.getByText("Bulk i bakdøra etter")).toBeVisible();
      // nothing the customer sent is an input
      for (const name of ["Registreringsnummer", "E-post", "Telefon", "Melding"]) {
        await expect(page.getByRole("textbox", { name: new RegExp(`^${name}`) })).toHaveCount(0);
      }
      await expect(page.getByRole("button", { name: /Legg til|Velg fra eksisterende|Opprett ny/ })).toHaveCount(0);

      const shown = page.getByRole("list", { name: "Bilder av skade 1" }).getByRole("img");
      await expect(shown).toHaveCount(3);
      for (let index = 0; index < 3; index++) {
        const photo = shown.nth(index);
        await photo.scrollIntoViewIfNeeded();
        await expect(photo).toHaveAccessibleName(`Skade 1, bilde ${index + 1} av 3`);
        await expect.poll(async () => (await photo.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(300);
        // nothing wider than the page
        expect((await photo.boundingBox())!.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test("the login page, the dashboard, the lists and a case's pages are axe clean", async ({ page }) => {
      test.slow();
      await page.goto(`${admin.origin}/admin/login`);
      await expect(page.getByRole("img", { name: "Bulkeklinikken" })).toBeVisible();
      expect(await axeFindings(page), "the login page").toEqual([]);
      await logIn(page, admin.origin, admin.login);
      for (const [name, url] of [
        ["the dashboard", `${admin.origin}/admin`],
        ["the quotes' list", `${admin.origin}/admin/collections/inquiries`],
        ["the bookings' list", `${admin.origin}/admin/collections/contact`],
        ["a quote", quotePage()],
        ["a booking", `${admin.origin}/admin/collections/contact/${bookingId}`],
      ] as const) {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        expect(await axeFindings(page), name).toEqual([]);
      }
    });
  });
}

test("a photo opens full size from the keyboard, and the next is an arrow key or a swipe away", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, admin.origin, admin.login);
  await page.goto(quotePage());
  const first = page.getByRole("link", { name: "Skade 1, bilde 1 av 3" });
  await first.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("Bilde 1 av 3")).toBeVisible();
  const full = viewer.getByRole("img", { name: "Skade 1, bilde 1 av 3" });
  await expect(full).toBeVisible();
  // full size: the photo as wide as the phone
  expect((await full.boundingBox())!.width).toBeGreaterThanOrEqual(PHONE.width - 1);

  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText("Bilde 2 av 3")).toBeVisible();
  await expect(viewer.getByRole("img", { name: "Skade 1, bilde 2 av 3" })).toBeVisible();

  // a swipe to the left: the next photo
  const box = (await viewer.getByRole("img").boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(viewer.getByText("Bilde 3 av 3")).toBeVisible();

  await page.keyboard.press("ArrowLeft");
  await expect(viewer.getByText("Bilde 2 av 3")).toBeVisible();
  await viewer.getByRole("button", { name: "Neste bilde" }).click();
  await expect(viewer.getByText("Bilde 3 av 3")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(page.getByRole("link", { name: "Skade 1, bilde 3 av 3" })).toBeFocused();
});

test("the workshop sets the state and its note; what the customer sent stays as sent", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, admin.origin, admin.login);
  await page.goto(quotePage());
  // the radio's label, as a finger taps it
  await page.getByText("Besvart", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Besvart" })).toBeChecked();
  await page.getByLabel("Verkstedets notat").fill("Ring før levering. Ca. 3 timer PDR.");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText(/lagret|oppdatert/i).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Verkstedets notat")).toHaveValue("Ring før levering. Ca. 3 timer PDR.");
  await expect(page.getByRole("radio", { name: "Besvart" })).toBeChecked();

  // through the API too: the state and the note change, what the customer sent does not
  const patch = {
    status: "ANSWERED",
    workshopNote: "Pris gitt på telefon",
    email: "endret@example.no",
    phone: "+47 400 00 000",
    message: "endret",
    regNumber: "AB12345",
    damages: [],
    createdAt: "2020-01-01T00:00:00.000Z",
  };
  const answer = await staffApi(`/api/inquiries/${quoteId}`, { method: "PATCH", body: JSON.stringify(patch) });
  expect(answer.status).toBe(200);
  const stored = (await (await staffApi(`/api/inquiries/${quoteId}?depth=0`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    status: "ANSWERED",
    workshopNote: "Pris gitt på telefon",
    email: CUSTOMER.email,
    phone: CUSTOMER.phone,
    message: CUSTOMER.message,
    regNumber: PLATE,
  });
  expect((stored.damages as { photos: unknown[] }[])[0]!.photos).toHaveLength(3);
  expect(stored.createdAt).not.toBe(patch.createdAt);
  await staffApi(`/api/inquiries/${quoteId}`, { method: "PATCH", body: JSON.stringify({ status: "NEW" }) });
});

test("the admin makes no case and adds or removes no photo: no such button, and the API refuses the staff", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, admin.origin, admin.login);
  for (const slug of ["inquiries", "contact"]) {
    await page.goto(`${admin.origin}/admin/collections/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Opprett ny" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Opprett ny" })).toHaveCount(0);
  }
  await page.goto(quotePage());
  await expect(page.getByRole("heading", { name: PLATE, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /Dupliser|Opprett ny|Legg til|Velg fra eksisterende/ })).toHaveCount(0);
  await page.goto(`${admin.origin}/admin/collections/inquiries/create`);
  await expect(page.getByRole("button", { name: "Lagre" })).toHaveCount(0);

  const booking = { email: "ny@example.no", phone: "+47 912 34 567", message: "" };
  const made = await staffApi("/api/contact", { method: "POST", body: JSON.stringify(booking) });
  expect(made.status).toBe(403);
  expect((await staffApi("/api/inquiries", { method: "POST", body: "{}" })).status).toBe(403);
  const photo = (await staffApi(`/api/inquiries/${quoteId}?depth=0`).then((r) => r.json())) as {
    damages: { photos: number[] }[];
  };
  expect((await staffApi(`/api/media/${photo.damages[0]!.photos[0]}`, { method: "DELETE" })).status).toBe(403);
});

test("the list shows plate, car, state, photos and when, and the dashboard puts the waiting cases first", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, admin.origin, admin.login);
  const waiting = page.getByRole("region", { name: /Venter på verkstedet/ });
  await expect(waiting.getByRole("link", { name: new RegExp(PLATE) })).toBeVisible();
  await expect(waiting.getByRole("link", { name: /ola\.time@example\.no/ })).toBeVisible();
  await expect(waiting.getByRole("link", { name: new RegExp(PLATE) })).toContainText("3 bilder");

  await page.goto(`${admin.origin}/admin/collections/inquiries`);
  const table = page.getByRole("table");
  for (const column of ["Registreringsnummer", "Bil", "Status", "Bilder", "Kom inn"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  const row = table.getByRole("row", { name: new RegExp(PLATE) });
  await expect(row.getByRole("cell")).toHaveText([CAR, "Ny", "3", /^\d+\. \S+ \d{4} kl\. \d\d:\d\d$/]);

  // the states to show are links; the search finds a quote by its plate
  await page.getByRole("link", { name: "Avsluttet", exact: true }).click();
  await expect(page.getByText("Ingen saker her.")).toBeVisible();
  await page.getByRole("link", { name: "Alle", exact: true }).click();
  await page.getByLabel("Søk etter registreringsnummer, telefon eller e-post").fill("ek39");
  await page.getByRole("button", { name: "Søk" }).click();
  await expect(table.getByRole("row", { name: new RegExp(PLATE) })).toBeVisible();

  // answered, it no longer waits for the workshop
  await staffApi(`/api/contact/${bookingId}`, { method: "PATCH", body: JSON.stringify({ status: "ANSWERED" }) });
  await page.goto(`${admin.origin}/admin`);
  await expect(waiting.getByRole("link", { name: new RegExp(PLATE) })).toBeVisible();
  await expect(waiting.getByRole("link", { name: /ola\.time@example\.no/ })).toHaveCount(0);
});

test("the workshop's name and logo are in the navigation and the title", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, admin.origin, admin.login);
  await expect(page.getByRole("heading", { name: "Bulkeklinikken", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Bulkeklinikken/);
  await page.getByRole("button", { name: /meny/i }).click();
  await expect(page.getByRole("navigation").getByRole("img", { name: "Bulkeklinikken" })).toBeVisible();
});
