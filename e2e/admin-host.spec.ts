/**
 * The built site's two forms against the workshop's Payload app (admin/, with
 * the site's plugin, in a process of its own: payload/test/serve.ts, shared
 * by the worker's specs, ./admin-app.ts), the admin and API host: every call
 * of the forms goes to that Payload, both forms reach the thank-you page, the
 * quote is stored there with its photos and shown in the admin to the
 * logged-in workshop, and the workshop and the customer each get an e-mail.
 * And what `npm start` stored (the suite's own preview server) opens in the
 * same app on its data folder, as `npm run admin` opens it.
 */
import { listedMails, WORKSHOP_EMAIL } from "../testing/mail-list";
import { logIn, uniqueEmail, uniquePlate, type StartedAdmin } from "./admin-app";
import { expect, test, type Page } from "./fixtures";
import { makePhotos } from "./photos";

// in order in one worker, which starts the app once; each test has its own cases
test.describe.configure({ mode: "default", timeout: 120_000 });

const mailPort = Number(process.env.E2E_MAIL_PORT);
/** How many e-mails the suite's mail server has taken for `to` whose subject matches. */
const mailsTo = async (to: string, subject: RegExp = /./) =>
  (await listedMails(mailPort)).filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;
let photo: (name: string) => string = () => "";

test.beforeAll(async () => {
  photo = await makePhotos("admin-host");
});

/** The page's calls (/api/media, /api/contact, and /inquiry as `<admin>/api/inquiry`) go to the Payload. */
async function toPayload(page: Page, { origin }: StartedAdmin) {
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
  admin,
}) => {
  const { origin, staff } = admin;
  const plate = uniquePlate("EL");
  const email = uniqueEmail("kari.nordmann");
  await toPayload(page, admin);
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill(plate);
  await form.getByLabel("E-post").fill(email);
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form
    .getByRole("region", { name: "Skade 1" })
    .getByLabel("Last opp bilder")
    .setInputFiles([photo("bakdor.jpg"), photo("skjermen.jpg")]);
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 60_000 });

  const found = await fetch(`${origin}/api/inquiries?where[email][equals]=${encodeURIComponent(email)}&depth=1`, {
    headers: { Authorization: staff },
  });
  const { docs } = (await found.json()) as {
    docs: { regNumber: string; damages: { photos: { filename: string; url: string }[] }[] }[];
  };
  expect(docs).toHaveLength(1);
  expect(docs[0]!.regNumber).toBe(plate);
  const photos = docs[0]!.damages[0]!.photos;
  expect(photos).toHaveLength(2);
  for (const stored of photos) {
    expect(stored.filename).toMatch(/^img_[0-9a-f]{32}\.jpg$/);
    // anyone holding the exact name reads the photo, as the workshop's e-mail links it
    const served = await fetch(`${origin}/api/media/file/${stored.filename}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    // under the plugin's own policy, which runs nothing and is framed nowhere
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  }
  // nobody lists the photos or the quotes
  expect((await fetch(`${origin}/api/media`)).status).toBe(403);
  expect((await fetch(`${origin}/api/inquiries`)).status).toBe(403);
  await expect.poll(() => mailsTo(email), { timeout: 20_000 }).toBe(1);
  const aboutQuote = new RegExp(`forespørsel om pristilbud: ${plate}$`);
  await expect.poll(() => mailsTo(WORKSHOP_EMAIL, aboutQuote), { timeout: 20_000 }).toBe(1);

  // the workshop logs in to its admin and finds the quote, newest first, with both photos
  await logIn(page, origin, admin.login);
  await page.goto(`${origin}/admin/collections/inquiries`);
  await expect(page.getByRole("heading", { name: "Forespørsler", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: plate }).first().click();
  await expect(page.getByRole("heading", { name: plate, level: 1 })).toBeVisible();
  const shown = page.getByRole("list", { name: "Bilder av skade 1" }).getByRole("img");
  await expect(shown).toHaveCount(2);
  for (const [index, stored] of photos.entries()) {
    await expect(shown.nth(index)).toHaveAttribute("src", new RegExp(`/api/media/file/${stored.filename}$`));
  }
});

test("every page and API answer of the admin refuses framing and sniffing, and keeps its address to itself", async ({
  admin,
}) => {
  for (const path of ["/admin/login", "/admin/finnes-ikke", "/api/health", "/api/inquiries"]) {
    const answer = await fetch(`${admin.origin}${path}`, { redirect: "manual" });
    const headers = Object.fromEntries(answer.headers);
    expect(headers, path).toMatchObject({
      "content-security-policy": "frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    });
    // served over http here, where HSTS would not count
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("a booking reaches the thank-you page, and the workshop and the customer each get an e-mail", async ({
  page,
  admin,
}) => {
  const email = uniqueEmail("ola.nordmann");
  await toPayload(page, admin);
  await page.goto("/kontakt");
  await page.getByLabel("E-post", { exact: true }).fill(email);
  await page.getByLabel("Telefon", { exact: true }).fill("+47 987 65 432");
  await page.getByLabel("Melding (Valgfri)", { exact: true }).fill("Passer tirsdag?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  await expect.poll(() => mailsTo(email), { timeout: 20_000 }).toBe(1);
  // the workshop's e-mail for the booking (the quote's is checked with the quote)
  const aboutBooking = new RegExp(`bestilling fra nettsiden: ${email.replaceAll(".", "\\.")}$`);
  await expect.poll(() => mailsTo(WORKSHOP_EMAIL, aboutBooking), { timeout: 20_000 }).toBe(1);
});

test("a quote sent to npm start opens in the workshop's admin on the same data folder", async ({ page, admin }) => {
  const plate = uniquePlate("NS");
  const email = uniqueEmail("nina.start");
  // the quote goes to the suite's own preview server, as on a fresh machine
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill(plate);
  await form.getByLabel("E-post").fill(email);
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(photo("bakdor.jpg"));
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 60_000 });

  // the worker's app is on the preview server's data folder (./admin-app.ts)
  await logIn(page, admin.origin, admin.login);
  await page.goto(`${admin.origin}/admin/collections/inquiries`);
  await page.getByRole("link", { name: plate }).first().click();
  await expect(page.getByRole("heading", { name: plate, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(page.getByRole("list", { name: "Bilder av skade 1" }).getByRole("img")).toHaveCount(1);
});
