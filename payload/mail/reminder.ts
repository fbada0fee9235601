/**
 * The reminder a customer gets the day before a booked time: the drop-off on
 * Oslo's clock, the place, the services and how to change or cancel.
 * Pure; ./reminder-mailer.ts sends it.
 */
import type { BookingTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { fill, formatMoment, momentParts } from "../../lib/format";
import { workshopFields } from "../content";
import type { BookedTime } from "../operations/book-time";
import { serviceTitles } from "./booking-confirmation";
import { toCustomer, type Mail } from "./message";

export interface ReminderContent {
  texts: BookingTexts;
  site: Site;
  services: ServicesContent;
}

/** The reminder of `time` to `email`. */
export function reminderMail({ texts, site, services }: ReminderContent, email: string, time: BookedTime): Mail {
  const t = texts.reminder;
  const fields = {
    ...workshopFields(site),
    time: formatMoment(time.at),
    clock: momentParts(time.at).time,
    services: serviceTitles(services, time.services).join(", "),
  };
  return {
    ...toCustomer(site, email),
    subject: fill(t.subject, fields),
    text: `${t.paragraphs.map((p) => fill(p, fields)).join("\n\n")}\n\n-- \n${fill(t.footer, fields)}`,
  };
}
