/**
 * The customer's link in the browser, against the preview server's Payload
 * (`npm start`) with a local mail server (testing/mailbox-serve.ts), and the
 * workshop's built app on the same data (./admin-app.ts, sending to the same
 * mail server): the workshop asks for photos or sends an offer through its
 * endpoints there, the
 * customer opens the link from the e-mail, and the page sends photos into the
 * same case, accepts (the early-start box required for a time within 14
 * days), or asks a question. Opening the page, as a mail scanner does,
 * changes nothing and sends nothing.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { storedQuotes } from "../testing/stored";
import { listedMails, type ListedMail } from "../testing/mail-list";
import { makePhotos } from "./photos";
import { startAdmin, type StartedAdmin } from "./admin-app";
import { expect, test, type APIRequestContext } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const dataDir = process.env.E2E_DATA_DIR!;
const mailPort = Number(process.env.E2E_MAIL_PORT);
const WORKSHOP = "verksted@bulkeklinikken.test";
const DAY = 24 * 60 * 60 * 1000;

let photo: (name: string) => string;
let admin: StartedAdmin;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  photo = await makePhotos("case-link");
  admin = await startAdmin({
    PREVIEW_DATA_DIR: dataDir,
    SITE_ORIGIN: new URL(test.info().project.use.baseURL!).origin,
    SMTP_PORT: String(mailPort),
  });
});
test.afterAll(() => {
  admin?.child.stdin!.end();
});

/** A call of the workshop's, from its admin, logged in. */
const staffCall = (request: APIRequestContext, id: number, what: "send-offer" | "request-photos", data: unknown) =>
  request.post(`${admin.origin}/api/inquiries/${id}/${what}`, { headers: { Authorization: admin.staff }, data });

/** A quote with one photo from a fresh address, as the site sends it; returns its id and plate. */
async function quote(request: APIRequestContext) {
  const email = `kunde-${randomBytes(4).toString("hex")}@eksempel.no`;
  const reg = `EL${String(10000 + Math.floor(Math.random() * 89999))}`;
  const uploaded = await request.post("/api/media?depth=0&fallback-locale=null", {
    multipart: {
      _payload: "{}",
      file: {
        name: `img_${randomBytes(16).toString("hex")}.jpg`,
        mimeType: "image/jpeg",
        buffer: fs.readFileSync(photo("skjermen.jpg")),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { doc } = (await uploaded.json()) as { doc: { filename: string; url: string } };
  const sent = await request.post("/inquiry", {
    data: {
      Inquiry: {
        UserId: "e2e",
        RegNumber: reg,
        PhoneNumber: "+47 912 34 567",
        Email: email,
        Message: "Bulk",
        State: "NEW",
      },
      damageRequests: [
        { Images: [{ filename: doc.filename, url: new URL(doc.url, test.info().project.use.baseURL).href }] },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const stored = (await storedQuotes(dataDir)).find((q) => q.regNumber === reg)!;
  // the quote's own e-mails are in before a test counts the link's
  await mailTo(email, /Vi har fått forespørselen din/);
  await mailTo(WORKSHOP, new RegExp(`forespørsel om pristilbud: ${reg}`));
  return { id: stored.id, reg, email };
}

/** The newest e-mail to `to` whose subject matches, once it has come. */
async function mailTo(to: string, subject: RegExp): Promise<ListedMail> {
  let found: ListedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listedMails(mailPort)).filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const linkIn = (mail: ListedMail) => {
  const match = /https?:\/\/\S+\/sak#k=[A-Za-z0-9_-]{43}/.exec(mail.text);
  expect(match, mail.text).toBeTruthy();
  // the link names the site's first origin; the test opens the same path and fragment here
  const url = new URL(match![0]);
  return `${url.pathname}${url.hash}`;
};

const statusOf = async (id: number) => (await storedQuotes(dataDir)).find((q) => q.id === id)?.status;

test("the workshop asks for photos, and the customer's photo joins the same case", async ({ page, request }) => {
  const { id, reg, email } = await quote(request);
  const asked = await staffCall(request, id, "request-photos", { message: "Ta et bilde av hele støtfangeren." });
  expect(asked.status(), await asked.text()).toBe(201);
  const link = linkIn(await mailTo(email, /Vi trenger flere bilder/));

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Vi trenger flere bilder av ${reg}` })).toBeVisible();
  await expect(page.getByText("Ta et bilde av hele støtfangeren.")).toBeVisible();
  // the token leaves the address bar once read
  expect(new URL(page.url()).hash).toBe("");
  await page.getByLabel("Last opp bilder").setInputFiles(photo("bakdor.jpg"));
  await page.getByRole("button", { name: "Send bildene" }).click();
  await expect(page.getByText("Takk! Bildene er lagt til saken din.")).toBeVisible({ timeout: 20_000 });
  const stored = (await storedQuotes(dataDir)).find((q) => q.id === id)!;
  expect(stored.damages).toHaveLength(2);
  await mailTo(WORKSHOP, new RegExp(`Nye bilder: ${reg}`));
});

test("an offer: a scanner's visit changes nothing; the box is required for an early time; accepted once", async ({
  page,
  request,
}) => {
  const { id, reg, email } = await quote(request);
  const soon = new Date(Date.now() + 3 * DAY);
  soon.setUTCHours(7, 0, 0, 0);
  const later = new Date(Date.now() + 30 * DAY);
  later.setUTCHours(7, 0, 0, 0);
  const sent = await staffCall(request, id, "send-offer", {
    priceType: "estimate",
    lines: [
      { description: "Fjerne bulk i bakdøra", amountNok: 9000 },
      { description: "Polering", amountNok: 3500 },
    ],
    validUntil: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10),
    dropOffTimes: [soon.toISOString(), later.toISOString()],
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = linkIn(await mailTo(email, /Pristilbud for/));

  // a mail scanner fetches the link: the page is static, nothing is stored or sent
  const before = (await listedMails(mailPort)).length;
  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Pristilbud for ${reg}` })).toBeVisible();
  await expect(page.getByText(/12\s500 kr/)).toBeVisible();
  await expect(page.getByText("Prisoverslag", { exact: true })).toBeVisible();
  expect(await statusOf(id)).toBe("ANSWERED");
  expect((await listedMails(mailPort)).length).toBe(before);

  // the token survives a reload in the tab
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Pristilbud for ${reg}` })).toBeVisible();

  await page.getByLabel("Fullt navn").fill("Kari Nordmann");
  const times = page.getByRole("group", { name: "Når kan du levere bilen?" });
  await times.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Godta tilbudet" }).click();
  await expect(
    page.getByText("Kryss av her for å levere bilen før angrefristen er ute, eller velg en senere tid."),
  ).toBeVisible();
  expect(await statusOf(id)).toBe("ANSWERED");
  await page.getByRole("checkbox", { name: /Jeg ber om at arbeidet starter før angrefristen/ }).check();
  await page.getByRole("button", { name: "Godta tilbudet" }).dblclick();
  await expect(page.getByText(/Tilbudet er godtatt\. Vi venter bilen/)).toBeVisible({ timeout: 20_000 });
  expect(await statusOf(id)).toBe("ACCEPTED");
  const confirmation = await mailTo(email, /Bekreftelse/);
  expect(confirmation.text).toMatch(/12\s500 kr/);
  await mailTo(WORKSHOP, new RegExp(`Tilbud godtatt: ${reg}`));
});

test("a question about an offer reaches the workshop", async ({ page, request }) => {
  const { id, reg, email } = await quote(request);
  const later = new Date(Date.now() + 30 * DAY);
  later.setUTCHours(8, 30, 0, 0);
  const sent = await staffCall(request, id, "send-offer", {
    priceType: "fixed",
    lines: [{ description: "Fjerne bulk", amountNok: 4000 }],
    validUntil: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10),
    dropOffTimes: [later.toISOString()],
  });
  expect(sent.status()).toBe(201);
  await page.goto(linkIn(await mailTo(email, /Pristilbud for/)));
  await page.getByRole("button", { name: "Still et spørsmål" }).click();
  await page.getByLabel("Spørsmålet ditt").fill("Kan jeg levere bilen en lørdag?");
  await page.getByRole("button", { name: "Send spørsmålet" }).click();
  await expect(page.getByText("Spørsmålet er sendt. Vi svarer på e-post.")).toBeVisible();
  const asked = await mailTo(WORKSHOP, new RegExp(`Spørsmål om tilbudet: ${reg}`));
  expect(asked.text).toContain("Kan jeg levere bilen en lørdag?");
});
