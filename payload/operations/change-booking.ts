/**
 * A booked time through its link (`purpose: "booking"`, mailed with the
 * confirmation): the page shows it, and until the cut-off
 * (./free-times.ts `linkCutOff`) moves it to another free time or cancels
 * it. Staff do the same in the Timebok whatever the cut-off, and mark a
 * customer who did not come (`Møtte ikke`).
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
import { Refusal } from "../http";
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

/** Who changes a booked time: the customer through the link, or staff in the Timebok. */
export type ChangedBy = "customer" | "staff";

/**
 * Stores `time` on the booking (past the fields' hooks: the plugin's code
 * writes it) with its e-mails to send, and queues them. A change staff made
 * mails the customer only: the workshop's own doings tell it nothing.
 */
async function storeChange(req: PayloadRequest, booking: Contact, time: Contact["time"], by: ChangedBy) {
  const changeMail = { customer: "pending", workshop: by === "staff" ? "none" : "pending" } as const;
  await req.payload.db.updateOne({
    collection: CONTACT_SLUG,
    id: booking.id,
    data: { time: { ...time, changeMail } },
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

/** The booking after a change: as stored, its time, and whether this call changed it (not a press before it). */
interface Changed {
  current: Contact;
  held: BookedTime;
  changed: boolean;
}

/**
 * Moves `booking`'s `time` to the free time at `at` (see the module's
 * comment), with `earlyStart` as the customer answered it; refused with the
 * nearest free times when `at` is not free.
 */
async function moveTime(
  req: PayloadRequest,
  site: BookingLinkContent["site"],
  { booking, time }: { booking: Contact; time: BookedTime },
  wanted: { at: string; earlyStart: boolean },
  by: ChangedBy,
  now: Date,
): Promise<Changed> {
  const calendar = await calendarAt(req.payload, site, now, DETAILING);
  const free = freeTimes(calendar.days, calendar.loadOf, time.hours);
  const chosen = free.find((candidate) => Date.parse(candidate.at) === Date.parse(wanted.at));
  if (!chosen) throw timeNotFree(nearestTimes(free, wanted.at, NEAREST_TIMES));
  const holder = `booking:${randomUUID()}`;
  const capacity = calendar.loadOf(chosen.day).capacity;
  const claim = { day: chosen.day, time: chosen.time, team: DETAILING, hours: time.hours, capacity };
  if (!(await claimTime(req.payload, holder, claim))) {
    const after = await calendarAt(req.payload, site, now, DETAILING);
    throw timeNotFree(nearestTimes(freeTimes(after.days, after.loadOf, time.hours), wanted.at, NEAREST_TIMES));
  }
  let outcome: Changed;
  try {
    outcome = await inTransaction(req, async () => {
      const current = await lockBooking(req, booking.id);
      const held = storedTime(current.time);
      // another press changed it meanwhile: its answer stands, and this claim goes back
      if (!held || held.holder !== time.holder || current.time?.cancelledAt) {
        await releaseTime(req.payload, holder);
        return { current, held: held ?? time, changed: false };
      }
      const next: BookedTime = {
        ...held,
        day: chosen.day,
        dropOff: chosen.time,
        at: chosen.at,
        earlyStart: wanted.earlyStart,
        holder,
        sequence: held.sequence + 1,
      };
      await storeChange(req, current, { ...current.time, ...next, remindedAt: null }, by);
      await queueReminder(req, current.id, next, now);
      return { current: { ...current, time: { ...current.time, ...next } }, held: next, changed: true };
    });
  } catch (error) {
    await releaseTime(req.payload, holder);
    throw error;
  }
  // the booking holds the new time: the old one is free again
  if (outcome.changed) await releaseTime(req.payload, time.holder);
  return outcome;
}

/** Cancels `booking`'s `time` (see the module's comment); a booking cancelled already stays as it is. */
async function cancelTime(
  req: PayloadRequest,
  { booking, time }: { booking: Contact; time: BookedTime },
  by: ChangedBy,
  now: Date,
): Promise<Changed> {
  const outcome = await inTransaction(req, async (): Promise<Changed> => {
    const current = await lockBooking(req, booking.id);
    const held = storedTime(current.time) ?? time;
    if (current.time?.cancelledAt) return { current, held, changed: false };
    const next = { ...current.time, sequence: held.sequence + 1, cancelledAt: now.toISOString() };
    await storeChange(req, current, next, by);
    return { current: { ...current, time: next }, held: { ...held, sequence: next.sequence }, changed: true };
  });
  // the holder as the booking has it now: a move just before this cancellation claimed a new one
  if (outcome.changed) await releaseTime(req.payload, outcome.held.holder);
  return outcome;
}

/** Moves the booking the token names to `request.at`, until the cut-off. */
export async function moveBooking(
  req: PayloadRequest,
  content: BookingLinkContent,
  request: MoveRequest,
  now = new Date(),
): Promise<CaseAnswer> {
  const opened = await openBooking(req.payload, request.token);
  const { booking, time } = opened;
  const moved = ({ current, held }: Pick<Changed, "current" | "held">): CaseAnswer => ({
    done: "moved",
    view: bookingView(content, current, held, now),
  });
  if (!booking.time?.cancelledAt && Date.parse(time.at) === Date.parse(request.at)) {
    return moved({ current: booking, held: time });
  }
  const refusal = locked(content, booking, time, now);
  if (refusal) throw refusal;
  if (needsEarlyStart(request.at, now.getTime()) && !request.earlyStart) {
    throw badField("earlyStart", EARLY_START_REQUIRED);
  }
  return moved(await moveTime(req, content.site, opened, request, "customer", now));
}

/** Cancels the booking the token names, until the cut-off. */
export async function cancelBooking(
  req: PayloadRequest,
  content: BookingLinkContent,
  token: string,
  now = new Date(),
): Promise<CaseAnswer> {
  const opened = await openBooking(req.payload, token);
  const cancelled = ({ current, held }: Pick<Changed, "current" | "held">): CaseAnswer => ({
    done: "cancelled",
    view: bookingView(content, current, held, now),
  });
  if (opened.booking.time?.cancelledAt) return cancelled({ current: opened.booking, held: opened.time });
  const refusal = locked(content, opened.booking, opened.time, now);
  if (refusal) throw refusal;
  return cancelled(await cancelTime(req, opened, "customer", now));
}

/** The booking `id` with its time, for staff; refused when there is none, or it holds no time. */
async function staffBooking(payload: Payload, id: Contact["id"]) {
  const booking = await readBooking(payload, id);
  const time = booking && storedTime(booking.time);
  if (!booking || !time) throw new Refusal(404, "Fant ingen bestilling med time her");
  return { booking, time };
}

/** Staff move booking `id` to the free time at `at`, whatever the cut-off; the customer gets the e-mail. */
export async function staffMove(req: PayloadRequest, site: BookingLinkContent["site"], id: Contact["id"], at: string) {
  const opened = await staffBooking(req.payload, id);
  if (opened.booking.time?.cancelledAt) throw new Refusal(409, "Timen er avbestilt og kan ikke flyttes");
  if (Date.parse(opened.time.at) === Date.parse(at)) return;
  await moveTime(req, site, opened, { at, earlyStart: opened.time.earlyStart }, "staff", new Date());
}

/** Staff cancel booking `id`; the customer gets the e-mail with the calendar's cancellation. */
export async function staffCancel(req: PayloadRequest, id: Contact["id"]) {
  await cancelTime(req, await staffBooking(req.payload, id), "staff", new Date());
}

/** Staff record that booking `id`'s customer did not come (`Møtte ikke`), once its drop-off time has passed. */
export async function markNoShow(req: PayloadRequest, id: Contact["id"], now = new Date()) {
  const { booking, time } = await staffBooking(req.payload, id);
  if (booking.time?.cancelledAt) throw new Refusal(409, "Timen er avbestilt");
  if (Date.parse(time.at) > now.getTime()) throw new Refusal(409, "Timen har ikke vært ennå");
  if (booking.time?.noShowAt) return;
  await req.payload.db.updateOne({
    collection: CONTACT_SLUG,
    id,
    data: { time: { noShowAt: now.toISOString() } },
    req,
  });
}
