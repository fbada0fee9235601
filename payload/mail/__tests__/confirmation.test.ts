import { formatPrice } from "../../../lib/format";
import { loadEmailTexts, loadSite } from "../../content";
import { confirmation, confirmationMail, type Acceptance } from "../confirmation";

const site = loadSite();
const texts = loadEmailTexts().caseLink;

const acceptance: Acceptance = {
  regNumber: "AB12345",
  name: "Kari Nordmann",
  priceType: "fixed",
  lines: [
    { description: "Bulk i døra", amountNok: 3500 },
    { description: "Polering", amountNok: 1250 },
  ],
  totalNok: 4750,
  chosenTime: "2026-12-08T07:00:00.000Z",
  earlyStart: false,
  acceptedAt: new Date("2026-12-01T10:00:00.000Z"),
};

describe("confirmation", () => {
  const { subject, text } = confirmation(texts, site, acceptance);
  const paragraphs = text.split("\n\n");

  test("its subject names the car and the workshop", () => {
    expect(subject).toBe(`Bekreftelse: Du har godtatt tilbudet for AB12345 – ${site.name}`);
  });

  test("holds the whole offer, its price kind, the time and the withdrawal deadline", () => {
    expect(paragraphs[0]).toBe("Hei Kari Nordmann!");
    expect(paragraphs[1]).toBe(
      "Takk! Du godtok pristilbudet vårt for AB12345 (tirsdag 1. desember kl. 11:00). Her er det du godtok:",
    );
    expect(paragraphs[2]).toBe(`Bulk i døra: ${formatPrice(3500)}\nPolering: ${formatPrice(1250)}`);
    expect(paragraphs[3]).toBe(`Totalt: ${formatPrice(4750)}\nAlle priser er med mva.`);
    expect(paragraphs[4]).toBe(`Fast pris: ${texts.priceTypes.fixed.sentence}`);
    expect(paragraphs[5]).toBe(
      `Vi venter bilen tirsdag 8. desember kl. 08:00 hos oss i ${site.address.streetAddress}, 1337 Sandvika.`,
    );
    expect(text).toContain("det vil si til og med 15. desember 2026.");
    expect(text).not.toContain(texts.confirmation.earlyStart);
    expect(paragraphs.at(-1)).toMatch(/^-- \nDu får denne e-posten fordi tilbudet ble godtatt/);
  });

  test("says what an early start costs only when the customer asked for one", () => {
    expect(confirmation(texts, site, { ...acceptance, earlyStart: true }).text).toContain(
      texts.confirmation.earlyStart,
    );
  });
});

describe("confirmationMail", () => {
  const agreement = {
    ...acceptance,
    email: "kari@eksempel.no",
    earlyStart: null,
    acceptedAt: acceptance.acceptedAt.toISOString(),
    confirmation: "The text the agreement keeps",
  };
  const mail = confirmationMail(texts, site, agreement);

  test("goes to the address that accepted, a reply reaches the workshop, and it says a machine wrote it", () => {
    expect(mail.to).toBe("kari@eksempel.no");
    expect(mail.replyTo).toBe(site.email);
    expect(mail.headers).toEqual({ "Auto-Submitted": "auto-generated" });
  });

  test("sends the text the agreement keeps under the confirmation's subject", () => {
    expect(mail.subject).toBe(confirmation(texts, site, acceptance).subject);
    expect(mail.text).toBe("The text the agreement keeps");
  });
});
