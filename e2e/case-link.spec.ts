/**
 * The customer's link in the browser, against the preview server's Payload
 * (`npm start`) with a local mail server (testing/mailbox-serve.ts), and the
 * workshop's built app on the same data (the worker's, ./admin-app.ts, sending
 * to the same mail server): the workshop asks for photos or sends an offer through its
 * endpoints there, the
 * customer opens the link from the e-mail, and the page sends photos into the
 * same case, accepts (the early-start box required for a time within 14
 * days), or asks a question. Opening the page, as a mail scanner does,
 * changes nothing and sends nothing.
 */
import { storedQuotes } from "../testing/stored";
import { listedMails, waitForMail, WORKSHOP_EMAIL } from "../testing/mail-list";
import { daysAhead, linkIn, offerBody, sendQuote, staffCall } from "../testing/case-link";
import { makePhotos } from "./photos";
import { expect, test } from "./fixtures";

// in order in one worker, which starts the app once; each test sends its own quote
test.describe.configure({ mode: "default", timeout: 90_000 });

const dataDir = process.env.E2E_DATA_DIR!;
const mailPort = Number(process.env.E2E_MAIL_PORT);

let photo: (name: string) => string;
test.beforeAll(async () => {
  photo = await makePhotos("case-link");
});

const quote = () => sendQuote(test.info().project.use.baseURL!, dataDir, mailPort, photo("skjermen.jpg"));
const mailTo = (to: string, subject: RegExp) => waitForMail(mailPort, to, subject);
const statusOf = async (id: number) => (await storedQuotes(dataDir)).find((q) => q.id === id)?.status;

test("the workshop asks for photos, and the customer's photo joins the same case", async ({ page, admin }) => {
  const { id, reg, email } = await quote();
  const asked = await staffCall(admin, id, "request-photos", { message: "Ta et bilde av hele støtfangeren." });
  expect(asked.status, await asked.text()).toBe(201);
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
  await mailTo(WORKSHOP_EMAIL, new RegExp(`Nye bilder: ${reg}`));

  // the offer's link, opened in the same tab, changes only the fragment: the page shows the offer all the same
  const offered = await staffCall(
    admin,
    id,
    "send-offer",
    offerBody("fixed", [{ description: "Fjerne bulk", amountNok: 4000 }], [daysAhead(30)]),
  );
  expect(offered.status).toBe(201);
  await page.goto(linkIn(await mailTo(email, /Pristilbud for/)));
  await expect(page.getByRole("heading", { level: 1, name: `Pristilbud for ${reg}` })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");
});

test("an offer: a scanner's visit changes nothing; the box is required for an early time; accepted once", async ({
  page,
  request,
  admin,
}) => {
  const { id, reg, email } = await quote();
  const sent = await staffCall(
    admin,
    id,
    "send-offer",
    offerBody(
      "estimate",
      [
        { description: "Fjerne bulk i bakdøra", amountNok: 9000 },
        { description: "Polering", amountNok: 3500 },
      ],
      [daysAhead(3), daysAhead(30)],
    ),
  );
  expect(sent.status, await sent.text()).toBe(201);
  const link = linkIn(await mailTo(email, /Pristilbud for/));

  // a mail scanner fetches the link: the page is static, nothing is stored (nor sent: see the end)
  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Pristilbud for ${reg}` })).toBeVisible();
  await expect(page.getByText(/12\s500 kr/)).toBeVisible();
  await expect(page.getByText("Prisoverslag", { exact: true })).toBeVisible();
  expect(await statusOf(id)).toBe("ANSWERED");

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
  expect(confirmation.text).toContain("Du har bedt om at arbeidet starter før angrefristen er ute.");
  await mailTo(WORKSHOP_EMAIL, new RegExp(`Tilbud godtatt: ${reg}`));
  // the visits, the reload and the refused press sent nothing: the customer got the receipt, the offer and the
  // confirmation, queued after all of them, and no more
  const subjects = (await listedMails(mailPort)).filter((m) => m.to.includes(email)).map((m) => m.subject);
  expect(subjects).toEqual([
    expect.stringMatching(/Vi har fått forespørselen din/),
    expect.stringMatching(/Pristilbud for/),
    expect.stringMatching(/Bekreftelse/),
  ]);
});

test("a question reaches the workshop; a time weeks away is accepted without the box", async ({ page, admin }) => {
  const { id, reg, email } = await quote();
  const sent = await staffCall(
    admin,
    id,
    "send-offer",
    offerBody("fixed", [{ description: "Fjerne bulk", amountNok: 4000 }], [daysAhead(30, 8, 30)]),
  );
  expect(sent.status).toBe(201);
  await page.goto(linkIn(await mailTo(email, /Pristilbud for/)));
  await page.getByRole("button", { name: "Still et spørsmål" }).click();
  await page.getByLabel("Spørsmålet ditt").fill("Kan jeg levere bilen en lørdag?");
  await page.getByRole("button", { name: "Send spørsmålet" }).click();
  await expect(page.getByText("Spørsmålet er sendt. Vi svarer på e-post.")).toBeVisible();
  const asked = await mailTo(WORKSHOP_EMAIL, new RegExp(`Spørsmål om tilbudet: ${reg}`));
  expect(asked.text).toContain("Kan jeg levere bilen en lørdag?");

  // a time weeks away asks for no early start
  await page.getByLabel("Fullt navn").fill("Ola Nordmann");
  await page.getByRole("group", { name: "Når kan du levere bilen?" }).getByRole("radio").check();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await page.getByRole("button", { name: "Godta tilbudet" }).click();
  await expect(page.getByText(/Tilbudet er godtatt\. Vi venter bilen/)).toBeVisible({ timeout: 20_000 });
  expect(await statusOf(id)).toBe("ACCEPTED");
  const confirmation = await mailTo(email, /Bekreftelse/);
  expect(confirmation.text).toContain("Angrerett:");
  expect(confirmation.text).not.toContain("før angrefristen er ute");
});
