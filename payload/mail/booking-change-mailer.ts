/**
 * The e-mails about a booked time moved or cancelled through its link
 * (../operations/change-booking.ts), from the plugin's jobs queue: to the
 * customer with the new calendar file (./booking-change.ts), and, when the
 * customer made the change, to the workshop (./case.ts). The job names the booking and its SEQUENCE after
 * the change; a booking changed again since gets its e-mails from that
 * change's job instead, so the customer's calendar follows the last change.
 * Each e-mail's outcome is recorded on the booking (`time.changeMail`), and
 * one that went is not sent again.
 */
import type { Payload } from "payload";
import type { BookingTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { CONTACT_SLUG } from "../names";
import { CHANGE_MAIL_STATES, storedTime } from "../operations/book-time";
import { bookingChangeMail } from "./booking-change";
import { serviceTitles } from "./booking-confirmation";
import { bookingMail } from "./case";
import { adminUrl, send } from "./send";

type Id = number | string;
type ChangeMailState = (typeof CHANGE_MAIL_STATES)[number];

export interface BookingChangeContent {
  texts: BookingTexts;
  site: Site;
  services: ServicesContent;
  /** where the workshop's e-mails go */
  workshopEmail: string;
}

/** Sends the e-mails of booking `id`'s change to SEQUENCE `sequence` that have not gone; throws when one failed. */
async function mailChange(content: BookingChangeContent, payload: Payload, id: Id, sequence: number) {
  const booking = await payload.findByID({
    collection: CONTACT_SLUG,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  });
  const time = booking && storedTime(booking.time);
  if (!booking || !time || time.sequence !== sequence) return;
  const change = booking.time?.cancelledAt ? "cancelled" : "moved";
  const mail: Record<"customer" | "workshop", ChangeMailState> = {
    customer: booking.time?.changeMail?.customer ?? "pending",
    workshop: booking.time?.changeMail?.workshop ?? "pending",
  };
  // straight to the database, past the fields' hooks, and only these two columns: a change made meanwhile stays
  const record = (which: keyof typeof mail) => async (state: "sent" | "failed") => {
    mail[which] = state;
    await payload.db.updateOne({ collection: CONTACT_SLUG, id, data: { time: { changeMail: { ...mail } } } });
  };
  const about = { collection: CONTACT_SLUG, case: id };
  const due = (state: ChangeMailState) => state === "pending" || state === "failed";
  if (due(mail.customer)) {
    await send(payload, bookingChangeMail(content, { ...booking, time }, change), {
      what: `Booking ${change} (customer)`,
      about,
      record: record("customer"),
    });
  }
  if (due(mail.workshop)) {
    const titles = serviceTitles(content.services, time.services);
    const workshopMail = bookingMail({
      texts: content.texts.workshop,
      site: content.site,
      workshopEmail: content.workshopEmail,
      adminUrl: adminUrl(payload, CONTACT_SLUG, id),
      record: { ...booking, time: { ...time, titles }, change },
    });
    await send(payload, workshopMail, { what: `Booking ${change} (workshop)`, about, record: record("workshop") });
  }
  if (mail.customer === "failed" || mail.workshop === "failed") {
    throw new Error(`The e-mails about booking ${id}'s change failed`);
  }
}

/** The e-mails about booked times moved or cancelled, written from `content`. */
export const bookingChangeMailer = (content: BookingChangeContent) => ({
  mailChange: (payload: Payload, id: Id, sequence: number) => mailChange(content, payload, id, sequence),
});
export type BookingChangeMailer = ReturnType<typeof bookingChangeMailer>;
