/**
 * What the booking tests share (./booking.spec.ts, ./booking-link.spec.ts):
 * the host under test with a local mailbox, a booking sent as the site sends
 * it, and a calendar file parsed back by ical.js.
 */
import { after, before } from "node:test";
import ICAL from "ical.js";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";
import { SITE_ORIGIN, startAdminHost, type AdminHost } from "./harness";

/** Where the host under test sends the workshop's e-mails. */
export const WORKSHOP = "timebok@bulkeklinikken.test";

export const CUSTOMER = { email: "timebestilling@eksempel.no", phone: "+47 912 34 567", message: "" };

/** The calculator's wash on a mid-sized car at `at`, as the booking form sends it. */
export const wantedWash = (at: string) => ({
  services: ["grundig-utvendig-bilvask"],
  size: "Medium/SUV",
  at,
  earlyStart: false,
});

/**
 * Starts a host that mails to a local mailbox (the workshop's e-mails to
 * `workshop`) before the suite's tests, and stops both after; returns both,
 * once started.
 */
export function withMailbox(workshop = WORKSHOP): { host: () => AdminHost; mailbox: () => Mailbox } {
  let box: Mailbox;
  let host: AdminHost;
  before(async () => {
    box = await startMailbox();
    host = await startAdminHost(mailEnv(box, workshop));
  });
  after(async () => {
    await host?.close();
    await box?.stop();
  });
  return { host: () => host, mailbox: () => box };
}

/** Books at `origin` as the site does. */
export const bookAt = (origin: string, body: Record<string, unknown>) =>
  fetch(`${origin}${CONTACT_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
    body: JSON.stringify(body),
  });

/** A calendar file's METHOD and its one event's UID, SEQUENCE, start and STATUS, parsed back by ical.js. */
export function parseCalendar(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    status: vevent.getFirstPropertyValue("status"),
  };
}
