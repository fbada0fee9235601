/**
 * The built site's two forms against the workshop's Payload app (admin/, with
 * the site's plugin, in a process of its own with a local mailbox:
 * payload/test/serve.ts), the admin and API host: every call of the forms
 * goes to that Payload, both forms reach the thank-you page, the quote is
 * stored there with its photos and shown in the admin to the logged-in
 * workshop, and the workshop and the customer each get an e-mail.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
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
  admin = spawn(process.execPath, ["--import", "tsx", path.join("payload", "test", "serve.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, SITE_ORIGIN: new URL(baseURL!).origin },
  });
  origin = await new Promise<string>((resolve, reject) => {
    admin.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /^ADMIN (\S+) (.+)$/m.exec(printed);
      const staffLine = /^STAFF (\S+) (\S+)$/m.exec(printed);
      if (staffLine) login = { email: staffLine[1]!, password: staffLine[2]! };
      if (found) {
        staff = found[2]!;
        resolve(found[1]!);
      }
    });
    admin.on("exit", (code) => reject(new Error(`the admin host exited (${code})`)));
  });
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
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel("E-post").fill(login.email);
  await page.getByLabel("Passord").fill(login.password);
  await page.getByRole("button", { name: "Logg inn" }).click();
  await page.waitForURL(`${origin}/admin`);
  await page.goto(`${origin}/admin/collections/inquiries`);
  await expect(page.getByRole("heading", { name: "Forespørsler", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "EL12345" }).first().click();
  await expect(page.getByRole("heading", { name: "EL12345", level: 1 })).toBeVisible();
  for (const stored of photos) {
    await expect(page.getByText(stored.filename, { exact: true })).toBeVisible();
  }
  await expect(page.locator("img[src*='/api/media/file/']")).toHaveCount(2);
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
