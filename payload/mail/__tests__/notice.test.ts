import { loadEmailTexts, loadSite } from "../../content";
import { noticeMail, type NoticeInput } from "../notice";

const site = loadSite();
const texts = loadEmailTexts().caseLink;
const WORKSHOP = "verksted@bulkeklinikken.example";
const ADMIN = "https://admin.example.no/admin/collections/inquiries/7";

const write = (input: Partial<NoticeInput>) =>
  noticeMail({
    texts,
    site,
    workshopEmail: WORKSHOP,
    kind: "declined",
    quote: { regNumber: "AB12345", email: "kari@eksempel.no", phone: "+47 912 34 567" },
    event: { version: 2, text: null },
    photos: [],
    adminUrl: ADMIN,
    ...input,
  });

describe("noticeMail", () => {
  test("goes to the workshop, and a reply reaches the customer", () => {
    const mail = write({});
    expect(mail.to).toBe(WORKSHOP);
    expect(mail.replyTo).toBe("kari@eksempel.no");
    expect(mail.headers).toBeUndefined();
  });

  test("a decline: what happened, the customer's details and the link to the case", () => {
    const mail = write({});
    expect(mail.subject).toBe("Tilbud avslått: AB12345");
    expect(mail.text).toBe(
      [
        "Kunden har takket nei til tilbudet (versjon 2) for AB12345.",
        "E-post: kari@eksempel.no\nTelefon: +47 912 34 567",
        `Se saken i administrasjonen: ${ADMIN}`,
      ].join("\n\n"),
    );
  });

  test("an acceptance names the customer, the time and the withdrawal deadline unless they asked to start early", () => {
    const agreement = {
      name: "Kari Nordmann",
      chosenTime: "2026-12-08T07:00:00.000Z",
      earlyStart: false,
      acceptedAt: "2026-12-01T10:00:00.000Z",
    };
    const mail = write({ kind: "accepted", agreement });
    expect(mail.subject).toBe("Tilbud godtatt: AB12345");
    const paragraphs = mail.text.split("\n\n");
    expect(paragraphs[0]).toBe(
      "Kari Nordmann har godtatt tilbudet (versjon 2) for AB12345 og leverer bilen tirsdag 8. desember kl. 08:00.",
    );
    expect(paragraphs[1]).toBe("Kunden har ikke bedt om tidlig start: angrefristen går ut 15. desember 2026.");
    expect(write({ kind: "accepted", agreement: { ...agreement, earlyStart: true } }).text).toContain(
      "Kunden har bedt om at arbeidet starter før angrefristen er ute.",
    );
  });

  test("a question: the customer's words come after the link", () => {
    const mail = write({ kind: "question", event: { version: 2, text: "Kan dere <b>i morgen</b>?" } });
    expect(mail.subject).toBe("Spørsmål om tilbudet: AB12345");
    expect(mail.text.split("\n\n").slice(-2)).toEqual([
      `Se saken i administrasjonen: ${ADMIN}`,
      "Spørsmål:\nKan dere <b>i morgen</b>?",
    ]);
  });

  test("new photos: counted, and each linked after the case's link", () => {
    const photos = ["https://admin.example.no/api/media/file/a.jpg", "https://admin.example.no/api/media/file/b.jpg"];
    const mail = write({ kind: "photos", event: { version: null, text: null }, photos });
    expect(mail.subject).toBe("Nye bilder: AB12345");
    expect(mail.text.split("\n\n")).toEqual([
      "Kunden har sendt 2 nye bilder til forespørselen om AB12345. De ligger i saken som en ny skade.",
      "E-post: kari@eksempel.no\nTelefon: +47 912 34 567",
      `Se saken i administrasjonen: ${ADMIN}`,
      `Bilde 1: ${photos[0]}`,
      `Bilde 2: ${photos[1]}`,
    ]);
  });
});
