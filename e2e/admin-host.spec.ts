/**
 * The built site's two forms against a real Payload admin host (payload/, in
 * a process of its own with a local mailbox): the browser's calls to the
 * admin host go to that Payload, and both forms reach the thank-you page. The
 * quote's inquiry, for the API host, is caught here: it must name the photo
 * by the url Payload answered, which anyone can fetch by that exact name.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { makePhotos } from "./photos";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let admin: ChildProcess;
let origin = "";
const mails: string[] = [];
let photo: (name: string) => string = () => "";

test.beforeAll(async () => {
  photo = await makePhotos("admin-host");
  admin = spawn(process.execPath, ["--import", "tsx", path.join("payload", "test", "serve.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let text = "";
    admin.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const found = /^ADMIN (\S+)$/m.exec(text)?.[1];
      if (found) resolve(found);
      for (const match of text.matchAll(/^MAIL (\S+)$/gm)) if (!mails.includes(match[1]!)) mails.push(match[1]!);
    });
    admin.on("exit", (code) => reject(new Error(`the admin host exited (${code})`)));
  });
});

test.afterAll(() => {
  admin?.stdin?.end();
});

/** The page's calls to the admin host (/api/media, /api/contact) go to the Payload admin host. */
async function toPayload(page: Page) {
  await page.route(
    (url) => url.pathname === "/api/media" || url.pathname === "/api/contact",
    async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${origin}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    },
  );
}

test("a quote with a photo reaches the thank-you page; the inquiry names the photo as Payload answered", async ({
  page,
}) => {
  await toPayload(page);
  let inquiry: { damageRequests: { Images: { filename: string; url: string }[] }[] } | undefined;
  await page.route("**/inquiry", async (route) => {
    inquiry = route.request().postDataJSON();
    await route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
  });
  await page.goto("/pristilbud");
  const form = page.getByRole("form", { name: "Få et pristilbud" });
  await form.getByLabel("Registreringsnummer").fill("EL12345");
  await form.getByLabel("E-post").fill("kari.nordmann@example.no");
  await form.getByLabel("Telefon").fill("+47 912 34 567");
  await form.getByRole("region", { name: "Skade 1" }).getByLabel("Last opp bilder").setInputFiles(photo("bakdor.jpg"));
  await form.getByRole("button", { name: "Send forespørsel" }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 60_000 });

  const [image] = inquiry!.damageRequests[0]!.Images;
  expect(image!.filename).toMatch(/^img_[0-9a-f]{32}\.jpg$/);
  expect(image!.url).toBe(`${origin}/api/media/file/${image!.filename}`);
  const served = await fetch(image!.url);
  expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  // nobody lists the photos
  expect((await fetch(`${origin}/api/media`)).status).toBe(403);
});

test("a booking reaches the thank-you page, and the workshop and the customer each get an e-mail", async ({ page }) => {
  await toPayload(page);
  await page.goto("/kontakt");
  await page.getByLabel("E-post", { exact: true }).fill("ola.nordmann@example.no");
  await page.getByLabel("Telefon", { exact: true }).fill("+47 987 65 432");
  await page.getByLabel("Melding (Valgfri)", { exact: true }).fill("Passer tirsdag?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForURL("**/takk-for-henvendelsen", { timeout: 30_000 });
  await expect
    .poll(() => [...mails].sort(), { timeout: 15_000 })
    .toEqual(["ola.nordmann@example.no", "verksted@bulkeklinikken.test"].sort());
});
