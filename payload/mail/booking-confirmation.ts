/**
 * The confirmation a customer gets for a time booked on the site, in place
 * of the receipt: the time and the address, the services with the price, how
 * to change or cancel (the link to its page on the site, `<site>/sak#k=…`,
 * until the cut-off), the withdrawal right (a service booked at a distance),
 * and the time as a calendar file (../booking/ics.ts) the mail program offers
 * to put in the calendar. It names nothing the visitor typed: the services
 * and the time are the calendar's and the calculator's own.
 */
import { CALENDAR_FILE_NAME } from "../../lib/api/booking-times";
import type { BookingTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { fill, formatDate, formatHours, formatMoment, formatPrice } from "../../lib/format";
import { withdrawalDeadline } from "../../lib/withdrawal";
import { calendarFile, type CalendarMethod } from "../booking/ics";
import { workshopFields } from "../content";
import type { BookedTime } from "../operations/book-time";
import { linkCutOff } from "../operations/free-times";
import { toCustomer, type Mail } from "./message";

/** A booking with its time, as the customer's e-mails are written from it. */
export interface BookingFacts {
  email: string;
  /** when it was booked, an ISO instant */
  createdAt: string;
  time: BookedTime;
}

/** The services' titles from content/services.json, in the booking's order; an id no longer there is left out. */
export function serviceTitles(services: ServicesContent, ids: readonly string[]): string[] {
  const titles = new Map<string, string>(
    services.categories.flatMap((c) => c.services.map((s) => [s.id, s.title] as const)),
  );
  return ids.flatMap((id) => titles.get(id) ?? []);
}

/** The calendar file of `booking` with `method`, in `texts`' words and at the workshop's address. */
export function bookingCalendar(
  { texts, site, services }: { texts: BookingTexts; site: Site; services: ServicesContent },
  booking: BookingFacts,
  method: CalendarMethod,
): string {
  const fields = workshopFields(site);
  return calendarFile(
    {
      uid: booking.time.uid,
      sequence: booking.time.sequence,
      at: booking.time.at,
      summary: fill(texts.calendar.summary, fields),
      description: fill(texts.calendar.description, {
        ...fields,
        services: serviceTitles(services, booking.time.services).join(", "),
      }),
      location: fields.address!,
      organizer: { name: site.name, email: site.email },
      attendee: booking.email,
    },
    method,
  );
}

/** The confirmation of `booking` to the address it was booked with, with its link's `url` and calendar file. */
export function bookingConfirmationMail(
  content: { texts: BookingTexts; site: Site; services: ServicesContent },
  booking: BookingFacts,
  url: string,
): Mail {
  const { texts, site, services } = content;
  const t = texts.confirmation;
  const { time } = booking;
  const fields = {
    ...workshopFields(site),
    time: formatMoment(time.at),
    hours: formatHours(time.hours),
    withdrawalDeadline: formatDate(withdrawalDeadline(new Date(booking.createdAt))),
    cutOff: formatMoment(linkCutOff(site, time.day)),
  };
  const text = [
    fill(t.greeting, fields),
    fill(t.intro, fields),
    `${t.servicesLabel}: ${serviceTitles(services, time.services).join(", ")}\n${t.sizeLabel}: ${time.size}`,
    `${t.totalLabel}: ${formatPrice(time.price)}\n${t.vatNote}`,
    fill(t.time, fields),
    fill(t.calendar, fields),
    `${fill(t.change, fields)}\n${t.linkLabel}: ${url}\n${fill(t.changeLate, fields)}`,
    fill(t.withdrawal, fields),
    ...(time.earlyStart ? [fill(t.earlyStart, fields)] : []),
    fill(t.closing, fields),
    `-- \n${fill(t.footer, fields)}`,
  ].join("\n\n");
  return {
    ...toCustomer(site, booking.email),
    subject: fill(t.subject, fields),
    text,
    icalEvent: {
      method: "REQUEST",
      filename: CALENDAR_FILE_NAME,
      content: bookingCalendar(content, booking, "REQUEST"),
    },
  };
}
