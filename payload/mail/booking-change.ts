/**
 * The customer's e-mail about a booked time moved or cancelled through its
 * link: the new time with a calendar file that moves the event (`REQUEST`,
 * the same UID, the next SEQUENCE), or the cancellation with one that takes
 * it out of the calendar (`CANCEL`). Pure; ./booking-change-mailer.ts sends it.
 */
import { CALENDAR_FILE_NAME } from "../../lib/api/booking-times";
import type { BookingTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { fill, formatMoment } from "../../lib/format";
import { workshopFields } from "../content";
import { linkCutOff } from "../operations/free-times";
import { bookingCalendar, type BookingFacts } from "./booking-confirmation";
import { toCustomer, type Mail } from "./message";

/** What the customer did to a booked time through its link. */
export type BookingChange = "moved" | "cancelled";

/** The e-mail about `booking`'s time after `change`, its calendar file attached. */
export function bookingChangeMail(
  content: { texts: BookingTexts; site: Site; services: ServicesContent },
  booking: BookingFacts,
  change: BookingChange,
): Mail {
  const { texts, site } = content;
  const t = texts[change];
  const { time } = booking;
  const fields = {
    ...workshopFields(site),
    time: formatMoment(time.at),
    cutOff: formatMoment(linkCutOff(site, time.day)),
  };
  const method = change === "moved" ? "REQUEST" : "CANCEL";
  return {
    ...toCustomer(site, booking.email),
    subject: fill(t.subject, fields),
    text: `${t.paragraphs.map((p) => fill(p, fields)).join("\n\n")}\n\n-- \n${fill(t.footer, fields)}`,
    icalEvent: { method, filename: CALENDAR_FILE_NAME, content: bookingCalendar(content, booking, method) },
  };
}
