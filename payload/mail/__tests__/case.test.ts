import { loadEmailTexts, loadSite } from "../../content";
import { formatPrice } from "../../../lib/format";
import { bookingMail, quoteMail, type BookingRecord, type QuoteFacts } from "../case";

const site = loadSite();
const texts = loadEmailTexts();
const WORKSHOP = "verksted@bulkeklinikken.example";
const ADMIN = "https://admin.example.no/admin/collections/contact/7";

const booking = { email: "kari@eksempel.no", phone: "+47 912 34 567", message: "Kan jeg komme fredag?" };

describe("bookingMail", () => {
  const write = (record: BookingRecord) =>
    bookingMail({ texts: texts.booking.workshop, site, workshopEmail: WORKSHOP, adminUrl: ADMIN, record });
  const mail = write(booking);

  test("goes to the workshop, and a reply reaches the customer", () => {
    expect(mail.to).toBe(WORKSHOP);
    expect(mail.replyTo).toBe("kari@eksempel.no");
    expect(mail.headers).toBeUndefined();
  });

  test("names the customer's address in its subject, then their details, the link and their words", () => {
    expect(mail.subject).toBe("Ny bestilling fra nettsiden: kari@eksempel.no");
    expect(mail.text).toBe(
      [
        "En kunde har sendt en bestilling fra nettsiden.",
        "E-post: kari@eksempel.no\nTelefon: +47 912 34 567",
        `Se bestillingen i administrasjonen: ${ADMIN}`,
        "Melding:\nKan jeg komme fredag?",
        "Svar på denne e-posten for å svare kunden direkte.",
      ].join("\n\n"),
    );
    expect(mail.html).toBeUndefined();
  });

  test("says so when the customer wrote nothing", () => {
    const blank = write({ ...booking, message: "  " });
    expect(blank.text).toContain("Melding:\n(ingen melding)");
  });

  test("with a time: names it in the subject, then what was booked, before the customer's details", () => {
    const time = {
      services: ["grundig-utvendig-bilvask" as const],
      titles: ["Grundig Utvendig Bilvask"],
      size: "Medium/SUV",
      hours: 2,
      price: 1500,
      day: "2026-12-08",
      dropOff: "07:30",
      at: "2026-12-08T06:30:00.000Z",
      earlyStart: true,
      holder: "booking:1",
      uid: "1@www.bulkeklinikken.example",
      sequence: 0,
    };
    const timed = write({ ...booking, time });
    expect(timed.subject).toBe("Ny time tirsdag 8. desember kl. 07:30: kari@eksempel.no");
    expect(timed.text.split("\n\n").slice(0, 3)).toEqual([
      "En kunde har bestilt en time på nettsiden. Tiden er holdt av i kalenderen.",
      [
        "Levering: tirsdag 8. desember kl. 07:30",
        "Tjenester: Grundig Utvendig Bilvask",
        "Bilstørrelse: Medium/SUV",
        "Arbeidstid (timer): 2",
        `Pris: ${formatPrice(1500)}`,
        "Kunden ba om at arbeidet starter før angrefristen er ute.",
      ].join("\n"),
      "E-post: kari@eksempel.no\nTelefon: +47 912 34 567",
    ]);
  });
});

describe("quoteMail", () => {
  const quote: QuoteFacts = {
    regNumber: "AB12345",
    email: "ola@eksempel.no",
    phone: "+47 987 65 432",
    message: "Bulk i <døra>",
    vehicle: {
      lookup: "found",
      make: "Volkswagen",
      model: "Golf",
      colour: "grå",
      firstRegistered: "2017-05-02",
      euControlDeadline: "2027-03-31",
    },
    photos: [
      ["https://admin.example.no/api/media/file/a.jpg", undefined, "https://admin.example.no/api/media/file/c.jpg"],
    ],
  };
  const write = (facts: Partial<QuoteFacts>) =>
    quoteMail({
      texts: texts.quote.workshop,
      site,
      workshopEmail: WORKSHOP,
      adminUrl: ADMIN,
      record: { ...quote, ...facts },
    });
  const mail = write({});

  test("goes to the workshop, and a reply reaches the customer", () => {
    expect(mail.to).toBe(WORKSHOP);
    expect(mail.replyTo).toBe("ola@eksempel.no");
  });

  test("names the registration number, the car, the customer, the link, the photos and then their words", () => {
    expect(mail.subject).toBe("Ny forespørsel om pristilbud: AB12345");
    expect(mail.text).toBe(
      [
        "En kunde ber om pristilbud fra nettsiden.",
        [
          "Registreringsnummer: AB12345",
          "Bil: Volkswagen Golf, grå, 2017 (kilde: Statens vegvesen)",
          "Frist for EU-kontroll: 31. mars 2027",
          "E-post: ola@eksempel.no",
          "Telefon: +47 987 65 432",
        ].join("\n"),
        `Se forespørselen i administrasjonen: ${ADMIN}`,
        "Skade 1\nBilde 1: https://admin.example.no/api/media/file/a.jpg\nBilde 3: https://admin.example.no/api/media/file/c.jpg",
        "Melding:\nBulk i <døra>",
        "Svar på denne e-posten for å svare kunden direkte.",
      ].join("\n\n"),
    );
  });

  test("says why the car is missing, or nothing when it was not looked up", () => {
    expect(write({ vehicle: { lookup: "unknown" } }).text).toContain(
      "Bil: Statens vegvesen kjenner ikke registreringsnummeret",
    );
    expect(write({ vehicle: { lookup: "unavailable" } }).text).toContain("Bil: ikke slått opp");
    expect(write({ vehicle: {} }).text).not.toContain("Bil:");
    expect(write({ vehicle: { ...quote.vehicle, euControlDeadline: null } }).text).not.toContain("EU-kontroll");
  });

  test("shows each photo as a thumbnail in its HTML, with the customer's words escaped", () => {
    expect(mail.html).toContain(
      '<h3>Skade 1</h3><p><a href="https://admin.example.no/api/media/file/a.jpg"><img src="https://admin.example.no/api/media/file/a.jpg" alt="Bilde 1"',
    );
    expect(mail.html).toContain('alt="Bilde 3"');
    expect(mail.html).toContain(`<p><a href="${ADMIN}">Se forespørselen i administrasjonen</a></p>`);
    expect(mail.html).toContain("<p>Melding:<br>Bulk i &lt;døra&gt;</p>");
  });
});
