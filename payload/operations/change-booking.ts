/**
 * A booked time through its link (`purpose: "booking"`, mailed with the
 * confirmation): the page shows it, and until the cut-off (./free-times.ts `linkCutOff`)
 * moves it to another free time or cancels it.
 *
 * A move claims the new time under a new holder (../booking/claim.ts) and
 * frees the old one only once the booking holds the new one, so a refused
 * move keeps the old time. A cancellation frees the time. Each raises the
 * calendar event's SEQUENCE, so the reminder queued before it is not sent,
 * and queues the e-mails with the new calendar file (BOOKING_CHANGE_TASK).
 * Each takes the booking's row first (as ./case-lock.ts does for a quote),
 * so two presses at once run one after the other; a repeat of a move to the
 * same time, or of a cancellation, gets the first answer.
 */
import { randomUUID } from "node:crypto";
import type { Payload, PayloadRequest } from "payload";
import type { CaseAnswer, MoveRequest } from "../../lib/api/case-link";
import { EARLY_START_REQUIRED, needsEarlyStart } from "../../lib/withdrawal";
import { freeTimes, nearestTimes } from "../booking/calendar";
import { claimTime, releaseTime } from "../booking/claim";
import { BOOKING_CHANGE_TASK, CONTACT_SLUG } from "../names";
import { caseKey, queueJob } from "../queue";
import type { Contact } from "../types";
import { NEAREST_TIMES, queueReminder, storedTime, type BookedTime } from "./book-time";
import { bookingView, type BookingLinkContent } from "./booking-view";
import { calendarAt, DETAILING } from "./free-times";
import { findLink } from "./open-link";
import { idOf, LOCAL, type Link } from "./records";
import { badField, bookingLinkOnly, bookingLocked, linkEnded, timeNotFree } from "./refusals";
import { inTransaction } from "./transaction";

interface OpenedBooking {
  link: Link;
  booking: Contact;
  time: BookedTime;
}

/** The booking `id`, read in `req`'s transaction when given. */
const readBooking = (payload: Payload, id: Contact["id"], req?: PayloadRequest) =>
  payload.findByID({ collection: CONTACT_SLUG, id, disableErrors: true, ...LOCAL, req });

/** The booking the link's token names, with its time; refused as ended when it is gone, closed or holds no time. */
const openBooking = async (payload: Payload, token: string): Promise<OpenedBooking> =>
  openBookingLink(payload, await findLink(payload, token));

/** `link` with its booking and time; refused when it is not a booking's, or the booking is gone, closed or holds no time. */
export async function openBookingLink(payload: Payload, link: Link): Promise<OpenedBooking> {
  if (!link.booking) throw bookingLinkOnly();
  const booking = await readBooking(payload, idOf(link.booking));
  const time = booking && storedTime(booking.time);
  if (!booking || !time || booking.status === "CLOSED") throw linkEnded();
  return { link, booking, time };
}

/** The booking's row taken for `req`'s transaction, then the booking as it is now. */
async function lockBooking(req: PayloadRequest, id: Contact["id"]): Promise<Contact> {
  await req.payload.db.updateOne({
    collection: CONTACT_SLUG,
    id,
    data: { updatedAt: new Date().toISOString() },
    req,
    returning: false,
  });
  const booking = await readBooking(req.payload, id, req);
  if (!booking) throw linkEnded();
  return booking;
}

/**
 * Stores `time` on the booking (past the fields' hooks: the plugin's code
 * writes it) with its e-mails to send, and queues them.
 */
async function storeChange(req: PayloadRequest, booking: Contact, time: Contact["time"]) {
  await req.payload.db.updateOne({
    collection: CONTACT_SLUG,
    id: booking.id,
    data: { time: { ...time, changeMail: { customer: "pending", workshop: "pending" } } },
    req,
  });
  await queueJob(req, {
    task: BOOKING_CHANGE_TASK,
    input: { booking: booking.id, sequence: time?.sequence ?? 0, case: caseKey(CONTACT_SLUG, booking.id) },
  });
}

/** The refusal of a booking the link no longer changes at `now`, or undefined when it may still be changed. */
function locked(content: BookingLinkContent, booking: Contact, time: BookedTime, now: Date) {
  const view = bookingView(content, booking, time, now);
  return view.booking?.changeable ? undefined : bookingLocked(view);
}

/** Moves the booking the token names to `request.at` (see the module's comment). */
export async function moveBooking(
  req: PayloadRequest,
  content: BookingLinkContent,
  request: MoveRequest,
  now = new Date(),
): Promise<CaseAnswer> {
  const { booking, time } = await openBooking(req.payload, request.token);
  const moved = (current: Contact, held: BookedTime): CaseAnswer => ({
    done: "moved",
    view: bookingView(content, current, held, now),
  });
  if (!booking.time?.cancelledAt && Date.parse(time.at) === Date.parse(request.at)) return moved(booking, time);
  const refusal = locked(content, booking, time, now);
  if (refusal) throw refusal;
  if (needsEarlyStart(request.at, now.getTime()) && !request.earlyStart) {
    throw badField("earlyStart", EARLY_START_REQUIRED);
  }
  const calendar = await calendarAt(req.payload, content.site, now, DETAILING);
  const free = freeTimes(calendar.days, calendar.loadOf, time.hours);
  const wanted = free.find((candidate) => Date.parse(candidate.at) === Date.parse(request.at));
  if (!wanted) throw timeNotFree(nearestTimes(free, request.at, NEAREST_TIMES));
  const holder = `booking:${randomUUID()}`;
  const capacity = calendar.loadOf(wanted.day).capacity;
  const claim = { day: wanted.day, time: wanted.time, team: DETAILING, hours: time.hours, capacity };
  if (!(await claimTime(req.payload, holder, claim))) {
    const after = await calendarAt(req.payload, content.site, now, DETAILING);
    throw timeNotFree(nearestTimes(freeTimes(after.days, after.loadOf, time.hours), request.at, NEAREST_TIMES));
  }
  let outcome: { answer: CaseAnswer; moved: boolean };
  try {
    outcome = await inTransaction(req, async () => {
      const current = await lockBooking(req, booking.id);
      const held = storedTime(current.time);
      // another press changed it meanwhile: its answer stands, and this claim goes back
      if (!held || held.holder !== time.holder || current.time?.cancelledAt) {
        await releaseTime(req.payload, holder);
        return { answer: moved(current, held ?? time), moved: false };
      }
      const next: BookedTime = {
        ...held,
        day: wanted.day,
        dropOff: wanted.time,
        at: wanted.at,
        earlyStart: request.earlyStart,
        holder,
        sequence: held.sequence + 1,
      };
      await storeChange(req, current, { ...current.time, ...next, remindedAt: null });
      await queueReminder(req, current.id, next, now);
      return { answer: moved({ ...current, time: { ...current.time, ...next } }, next), moved: true };
    });
  } catch (error) {
    await releaseTime(req.payload, holder);
    throw error;
  }
  // the booking holds the new time: the old one is free again
  if (outcome.moved) await releaseTime(req.payload, time.holder);
  return outcome.answer;
}

/** Cancels the booking the token names (see the module's comment). */
export async function cancelBooking(
  req: PayloadRequest,
  content: BookingLinkContent,
  token: string,
  now = new Date(),
): Promise<CaseAnswer> {
  const { booking, time } = await openBooking(req.payload, token);
  const cancelled = (current: Contact, held: BookedTime): CaseAnswer => ({
    done: "cancelled",
    view: bookingView(content, current, held, now),
  });
  if (booking.time?.cancelledAt) return cancelled(booking, time);
  const refusal = locked(content, booking, time, now);
  if (refusal) throw refusal;
  const { answer, freed } = await inTransaction(req, async () => {
    const current = await lockBooking(req, booking.id);
    const held = storedTime(current.time) ?? time;
    if (current.time?.cancelledAt) return { answer: cancelled(current, held), freed: undefined };
    const next = { ...current.time, sequence: held.sequence + 1, cancelledAt: now.toISOString() };
    await storeChange(req, current, next);
    // the holder as the booking has it now: a move just before this cancellation claimed a new one
    return { answer: cancelled({ ...current, time: next }, { ...held, sequence: next.sequence }), freed: held.holder };
  });
  if (freed) await releaseTime(req.payload, freed);
  return answer;
}
