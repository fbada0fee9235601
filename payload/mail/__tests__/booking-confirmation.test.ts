import ICAL from "ical.js";
import { formatPrice } from "../../../lib/format";
import { DROP_OFF_EVENT_MS } from "../../booking/ics";
import { loadEmailTexts, loadServices, loadSite } from "../../content";
import type { BookedTime } from "../../operations/book-time";
import { bookingChangeMail } from "../booking-change";
import { bookingCalendar, bookingConfirmationMail, type BookingFacts } from "../booking-confirmation";

const content = { site: loadSite(), services: loadServices(), texts: loadEmailTexts().booking };
const UID = "5f0c7a3e-8d1b-4c52-9f6e-2b7d4a1e9c30@www.bulkeklinikken.example";
const LINK = "https://www.bulkeklinikken.example/sak#k=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

const time = (at: string, changes: Partial<BookedTime> = {}): BookedTime => ({
  services: ["grundig-utvendig-bilvask", "lakkforsegling"],
  size: "Medium/SUV",
  hours: 5.5,
  price: 4500,
  day: at.slice(0, 10),
  dropOff: "07:30",
  at,
  earlyStart: false,
  holder: "booking:1",
  uid: UID,
  sequence: 0,
  ...changes,
});

const booking = (at: string, changes: Partial<BookedTime> = {}): BookingFacts => ({
  email: "kari@eksempel.no",
  createdAt: "2026-03-02T09:15:00.000Z",
  time: time(at, changes),
});

/** The one event of a calendar file, parsed back by ical.js, with the file's METHOD. */
function parse(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    utc: event.startDate.zone === ICAL.Timezone.utcTimezone,
    summary: event.summary,
    location: event.location,
    description: event.description,
    status: vevent.getFirstPropertyValue("status"),
    // a URI's scheme is the same in either case
    attendee: String(vevent.getFirstPropertyValue("attendee")).replace(/^mailto:/i, "mailto:"),
    organizer: String(vevent.getFirstPropertyValue("organizer")).replace(/^mailto:/i, "mailto:"),
  };
}

describe("the booking's confirmation", () => {
  // Monday after the change to summer time: 07:30 in Oslo is 05:30 UTC
  const mail = bookingConfirmationMail(content, booking("2026-03-30T05:30:00.000Z"), LINK);
  const paragraphs = mail.text.split("\n\n");

  test("goes to the address it was booked with, its subject the time on Oslo's clock", () => {
    expect(mail.to).toBe("kari@eksempel.no");
    expect(mail.replyTo).toBe(content.site.email);
    expect(mail.subject).toBe("Timebekreftelse: mandag 30. mars kl. 07:30");
  });

  test("holds the services, the size, the price, the time and place, how to change, and the withdrawal right", () => {
    expect(paragraphs[2]).toBe("Tjenester: Grundig Utvendig Bilvask, Lakkforsegling\nBilstørrelse: Medium/SUV");
    expect(paragraphs[3]).toBe(`Totalt: ${formatPrice(4500)}\nAlle priser er med mva.`);
    expect(paragraphs[4]).toBe(
      `Vi venter bilen mandag 30. mars kl. 07:30 hos oss i ${content.site.address.streetAddress}, 1337 Sandvika. Arbeidet tar omtrent 5,5 timer.`,
    );
    expect(mail.text).toContain(`ring oss på ${content.site.phone}`);
    // the link changes it until noon on the last open day before: Friday 27 March, in winter time
    expect(mail.text).toContain(`fram til fredag 27. mars kl. 12:00:\nEndre eller avbestill: ${LINK}\n`);
    // booked on 2 March: the right lasts fourteen days on Oslo's calendar
    expect(mail.text).toContain("innen 14 dager etter at du bestilte, det vil si til og med 16. mars 2026.");
    expect(mail.text).not.toContain("før angrefristen er ute");
  });

  test("says the work starts before the withdrawal period ends only when the customer asked for it", () => {
    const early = bookingConfirmationMail(content, booking("2026-03-10T06:30:00.000Z", { earlyStart: true }), LINK);
    expect(early.text).toContain("Du har bedt om at arbeidet starter før angrefristen er ute.");
  });

  test("carries the time as a calendar request: its UID, SEQUENCE 0, thirty minutes from the drop-off in UTC", () => {
    expect(mail.icalEvent).toMatchObject({ method: "REQUEST", filename: "time.ics" });
    const event = parse(mail.icalEvent!.content);
    expect(event).toMatchObject({
      method: "REQUEST",
      uid: UID,
      sequence: 0,
      start: "2026-03-30T05:30:00.000Z",
      end: new Date(Date.parse("2026-03-30T05:30:00.000Z") + DROP_OFF_EVENT_MS).toISOString(),
      utc: true,
      summary: `Levere bilen hos ${content.site.name}`,
      location: `${content.site.address.streetAddress}, 1337 Sandvika`,
      status: "CONFIRMED",
      attendee: "mailto:kari@eksempel.no",
      organizer: `mailto:${content.site.email}`,
    });
    expect(event.description).toContain("Grundig Utvendig Bilvask, Lakkforsegling");
  });
});

describe("the booking's calendar file", () => {
  test("on the week summer time ends, 07:30 in Oslo is 06:30 UTC", () => {
    // Monday 26 October 2026, the day after the change back
    expect(parse(bookingCalendar(content, booking("2026-10-26T06:30:00.000Z"), "REQUEST")).start).toBe(
      "2026-10-26T06:30:00.000Z",
    );
  });

  test("a change keeps the UID with a higher SEQUENCE; a cancellation is METHOD:CANCEL with STATUS:CANCELLED", () => {
    const moved = parse(bookingCalendar(content, booking("2026-04-01T05:30:00.000Z", { sequence: 1 }), "REQUEST"));
    expect(moved).toMatchObject({ method: "REQUEST", uid: UID, sequence: 1, start: "2026-04-01T05:30:00.000Z" });
    const cancelled = parse(bookingCalendar(content, booking("2026-04-01T05:30:00.000Z", { sequence: 2 }), "CANCEL"));
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: UID, sequence: 2, status: "CANCELLED" });
  });
});

describe("the e-mails about a time moved or cancelled through the link", () => {
  test("a move says the new time, with a calendar request of the same UID and the next SEQUENCE", () => {
    // Monday 26 October 2026, the day after summer time ends: 07:30 in Oslo is 06:30 UTC
    const mail = bookingChangeMail(content, booking("2026-10-26T06:30:00.000Z", { sequence: 1 }), "moved");
    expect(mail.to).toBe("kari@eksempel.no");
    expect(mail.subject).toBe("Ny tid: mandag 26. oktober kl. 07:30");
    expect(mail.text).toContain("Vi venter bilen mandag 26. oktober kl. 07:30");
    expect(mail.text).toContain("fram til fredag 23. oktober kl. 12:00");
    expect(mail.icalEvent).toMatchObject({ method: "REQUEST", filename: "time.ics" });
    expect(parse(mail.icalEvent!.content)).toMatchObject({
      method: "REQUEST",
      uid: UID,
      sequence: 1,
      start: "2026-10-26T06:30:00.000Z",
      status: "CONFIRMED",
    });
  });

  test("a cancellation says so, with a calendar cancellation of the same UID", () => {
    const mail = bookingChangeMail(content, booking("2026-10-26T06:30:00.000Z", { sequence: 2 }), "cancelled");
    expect(mail.subject).toBe("Timen er avbestilt");
    expect(mail.text).toContain("Timen din mandag 26. oktober kl. 07:30 er avbestilt.");
    expect(mail.icalEvent).toMatchObject({ method: "CANCEL", filename: "time.ics" });
    expect(parse(mail.icalEvent!.content)).toMatchObject({
      method: "CANCEL",
      uid: UID,
      sequence: 2,
      status: "CANCELLED",
    });
  });
});
