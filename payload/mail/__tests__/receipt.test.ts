import { loadEmailTexts, loadSite } from "../../content";
import { receiptMail } from "../receipt";

const site = loadSite();
const texts = loadEmailTexts();

describe("receiptMail", () => {
  const mail = receiptMail({ texts: texts.booking.receipt, site, to: "kari@eksempel.no" });

  test("goes to the customer, a reply reaches the workshop, and it says a machine wrote it", () => {
    expect(mail.to).toBe("kari@eksempel.no");
    expect(mail.replyTo).toBe(site.email);
    expect(mail.headers).toEqual({ "Auto-Submitted": "auto-generated" });
  });

  test("is the workshop's paragraphs and its footer, naming nothing of the customer's", () => {
    expect(mail.subject).toBe(`Takk for bestillingen – ${site.name}`);
    const [body, footer] = mail.text.split("\n\n-- \n");
    expect(body!.split("\n\n")).toHaveLength(texts.booking.receipt.paragraphs.length);
    expect(body).toMatch(/^Hei!\n\nTakk for bestillingen\./);
    expect(body).toContain(`ring oss på ${site.phone}`);
    expect(footer).toContain(site.siteUrl);
    expect(mail.text).not.toContain("kari@eksempel.no");
  });

  test("a quote's receipt says it was a quote", () => {
    expect(receiptMail({ texts: texts.quote.receipt, site, to: "ola@eksempel.no" }).subject).toBe(
      `Vi har fått forespørselen din – ${site.name}`,
    );
  });
});
