import { loadEmailTexts, loadSite } from "../../content";
import { linkMail } from "../link";

const site = loadSite();
const texts = loadEmailTexts().caseLink;
const LINK = "https://www.bulkeklinikken.example/sak#k=token";

describe("linkMail", () => {
  const write = (purpose: "offer" | "photos", message: string | null) =>
    linkMail({ texts, site, to: "kari@eksempel.no", regNumber: "AB12345", link: { purpose, message }, url: LINK });

  test("goes to the customer, a reply reaches the workshop, and it says a machine wrote it", () => {
    const mail = write("offer", null);
    expect(mail.to).toBe("kari@eksempel.no");
    expect(mail.replyTo).toBe(site.email);
    expect(mail.headers).toEqual({ "Auto-Submitted": "auto-generated" });
  });

  test("an offer's link: its subject names the car, the link stands after its label", () => {
    const mail = write("offer", "ignored on an offer");
    expect(mail.subject).toBe(`Pristilbud for AB12345 – ${site.name}`);
    const paragraphs = mail.text.split("\n\n");
    expect(paragraphs[0]).toBe("Hei!");
    expect(paragraphs[1]).toMatch(/^Her er pristilbudet vårt for AB12345\./);
    expect(paragraphs[2]).toBe(`Se og svar på tilbudet:\n${LINK}`);
    expect(mail.text).not.toContain("ignored on an offer");
  });

  test("a request for photos carries the workshop's words before the link", () => {
    const mail = write("photos", "Ta et bilde av hele døra.");
    expect(mail.subject).toBe(`Vi trenger flere bilder av AB12345 – ${site.name}`);
    const paragraphs = mail.text.split("\n\n");
    expect(paragraphs[2]).toBe("Dette trenger vi:\nTa et bilde av hele døra.");
    expect(paragraphs[3]).toBe(`Send bildene her:\n${LINK}`);
    expect(write("photos", null).text).not.toContain("Dette trenger vi:");
  });
});
