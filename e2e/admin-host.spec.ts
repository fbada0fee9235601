/**
 * The built site's two forms against the workshop's Payload app (admin/, with
 * the site's plugin, in a process of its own with a local mailbox:
 * payload/test/serve.ts), the admin and API host: every call of the forms
 * goes to that Payload, both forms reach the thank-you page, the quote is
 * stored there with its photos and shown in the admin to the logged-in
 * workshop, and the workshop and the customer each get an e-mail. And what
 * `npm start` stored (the suite's own preview server) opens in the same app on
 * its data folder, as `npm run admin` opens it.
 */
import type { ChildProcess } from "node:child_process";
import { logIn, startAdmin } from "./admin-app";
import { expect, test, type Page } from "./fixtures";
import { makePhotos } from "./photos";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let admin: ChildProcess;
let origin = "";
let staff = "";
let login = { email: "", password: "" };
/** What the admin host printed so far; each `MAIL <to>` line is one e-mail. */
let printed = "";
const mailsTo = (address: string) => [...printed.matchAll(/^MAIL (\S+)$/gm)].filter((m) => m[1] === address).length;
let photo: (name: string) => string = () => "";

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  photo = await makePhotos("admin-host");
  const started = await startAdmin({ SITE_ORIGIN: new URL(baseURL!).origin }, (text) => (printed = text));
  admin = started.child;
  origin = started.origin;
  login = started.login;
  staff = started.staff;
});

test.afterAll(() => {
  admin?.stdin?.end();
});

/** The page's calls (/api/media, /api/contact, and /inquiry as `<admin>/api/inquiry`) go to the Payload. */
async function toPayload(page: Page) {
  await page.route(
    (url) => ["/api/media", "/api/contact", "/inquiry"].includes(url.pathname),
    async (route) => {
      const url = new URL(route.request().url());
      const pathname = url.pathname === "/inquiry" ? "/api/inquiry" : url.pathname;
      const response = await route.fetch({ url: `${origin}${pathname}${url.search}` });
      await route.fulfill({ response });
    },
  );
}

test("a quote with two photos reaches the thank-you page, is stored in Payload with both, and e-mails go", async ({
  page,
}) => {
  await toPayload(page);
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill("EL12345");
  await form.getByLabel("E-post").fill("kari.nordmann@example.no");
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form
    .getByRole("region", { name: "Skade 1" })
    .getByLabel("Last opp bilder")
    .setInputFiles([photo("bakdor.jpg"), photo("skjermen.jpg")]);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 60_000 });

  const found = await fetch(`${origin}/api/inquiries?where[email][equals]=kari.nordmann@example.no&depth=1`, {
    headers: { Authorization: staff },
  });
  const { docs } = (await found.json()) as {
    docs: { regNumber: string; damages: { photos: { filename: string; url: string }[] }[] }[];
  };
  expect(docs).toHaveLength(1);
  expect(docs[0]!.regNumber).toBe("EL12345");
  const photos = docs[0]!.damages[0]!.photos;
  expect(photos).toHaveLength(2);
  for (const stored of photos) {
    expect(stored.filename).toMatch(/^img_[0-9a-f]{32}\.jpg$/);
    // anyone holding the exact name reads the photo, as the workshop's e-mail links it
    const served = await fetch(`${origin}/api/media/file/${stored.filename}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  }
  // nobody lists the photos or the quotes
  expect((await fetch(`${origin}/api/media`)).status).toBe(403);
  expect((await fetch(`${origin}/api/inquiries`)).status).toBe(403);
  await expect.poll(() => mailsTo("kari.nordmann@example.no"), { timeout: 20_000 }).toBe(1);

  // the workshop logs in to its admin and finds the quote, newest first, with both photos
  await logIn(page, origin, login);
  await page.goto(`${origin}/admin/collections/inquiries`);
  await expect(page.getByRole("heading", { name: "Forespørsler", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "EL12345" }).first().click();
  await expect(page.getByRole("heading", { name: "EL12345", level: 1 })).toBeVisible();
  const shown = page.getByRole("list", { name: "Bilder av skade 1" }).getByRole("img");
  await expect(shown).toHaveCount(2);
  for (const [index, stored] of photos.entries()) {
    await expect(shown.nth(index)).toHaveAttribute("src", new RegExp(`/api/media/file/${stored.filename}$`));
  }
});

test("a booking reaches the thank-you page, and the workshop and the customer each get an e-mail", async ({ page }) => {
  await toPayload(page);
  await page.goto("/kontakt");
  await page.getByLabel("E-post", { exact: true }).fill("ola.nordmann@example.no");
  await page.getByLabel("Telefon", { exact: true }).fill("+47 987 65 432");
  await page.getByLabel("Melding (Valgfri)", { exact: true }).fill("Passer tirsdag?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  await expect.poll(() => mailsTo("ola.nordmann@example.no"), { timeout: 20_000 }).toBe(1);
  // the workshop's e-mails: one for the quote, one for the booking
  await expect.poll(() => mailsTo("verksted@bulkeklinikken.test"), { timeout: 20_000 }).toBe(2);
});

test("a quote sent to npm start opens in the workshop's admin on the same data folder", async ({ page }) => {
  // the quote goes to the suite's own preview server, as on a fresh machine
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill("NS54321");
  await form.getByLabel("E-post").fill("nina.start@example.no");
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(photo("bakdor.jpg"));
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 60_000 });

  const shared = await startAdmin({ PREVIEW_DATA_DIR: process.env.E2E_DATA_DIR! });
  try {
    await logIn(page, shared.origin, shared.login);
    await page.goto(`${shared.origin}/admin/collections/inquiries`);
    await page.getByRole("link", { name: "NS54321" }).first().click();
    await expect(page.getByRole("heading", { name: "NS54321", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "nina.start@example.no" })).toHaveAttribute(
      "href",
      "mailto:nina.start@example.no",
    );
    await expect(page.getByRole("list", { name: "Bilder av skade 1" }).getByRole("img")).toHaveCount(1);
  } finally {
    shared.child.stdin!.end();
  }
});
