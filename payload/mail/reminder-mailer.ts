/**
 * The reminder of a booked time, REMINDER_AT the day before
 * (../booking/calendar.ts), from the plugin's jobs queue: the job is queued
 * as the time is booked, to wait until that moment, with the booking's
 * SEQUENCE then. It sends once: not for a booking gone, closed, changed
 * since (another SEQUENCE), already reminded, or whose drop-off has passed.
 * `time.remindedAt` records that it went, so neither a retry, a restart nor
 * another process sends it again.
 */
import type { Payload } from "payload";
import { CONTACT_SLUG } from "../names";
import { storedTime } from "../operations/book-time";
import { reminderMail, type ReminderContent } from "./reminder";
import { send } from "./send";

type Id = number | string;

/** Sends the reminder of booking `id` queued at SEQUENCE `sequence`, unless it is due no more (see the module's comment); throws when it failed, so the job runs again. */
async function remind(content: ReminderContent, payload: Payload, id: Id, sequence: number, now = new Date()) {
  const booking = await payload.findByID({
    collection: CONTACT_SLUG,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
  });
  const time = booking && storedTime(booking.time);
  if (!booking || !time || booking.status === "CLOSED" || booking.time?.remindedAt) return;
  if (time.sequence !== sequence || Date.parse(time.at) <= now.getTime()) return;
  const outcome = await send(payload, reminderMail(content, booking.email, time), {
    what: "Booking reminder",
    about: { collection: CONTACT_SLUG, case: id },
    // straight to the database, past the fields' hooks, and only this column: a change made meanwhile stays
    record: async (state) => {
      if (state !== "sent") return;
      await payload.db.updateOne({ collection: CONTACT_SLUG, id, data: { time: { remindedAt: now.toISOString() } } });
    },
  });
  if (outcome === "failed") throw new Error(`The reminder of booking ${id} failed`);
}

/** The reminders of booked times, written from `content`. */
export const reminderMailer = (content: ReminderContent) => ({
  remind: (payload: Payload, id: Id, sequence: number) => remind(content, payload, id, sequence),
});
export type ReminderMailer = ReturnType<typeof reminderMailer>;
