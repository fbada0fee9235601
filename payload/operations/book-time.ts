/**
 * A time booked with the booking form: the job's hours and price from
 * content/services.json by the calculator's own rules, the time checked
 * against the free times, and claimed in the calendar (../booking/claim.ts).
 * Refused with 400 naming the field when the services break a rule of the
 * calculator or the early-start box is missing, and with 409 and the nearest
 * free times when the time is not free (taken meanwhile, or never one).
 */
import { randomUUID } from "node:crypto";
import { APIError, ValidationError, type Payload, type PayloadRequest } from "payload";
import { EARLY_START_REQUIRED, needsEarlyStart } from "../../lib/withdrawal";
import type { BookedTimeRequest } from "../../lib/api/schemas";
import type { ServiceId } from "../../lib/calculator/ids";
import { buildCatalog, rules, totalPrice, validateBooking } from "../../lib/calculator/state";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { freeTimes, nearestTimes, reminderAt, type FreeTime } from "../booking/calendar";
import { claimTime } from "../booking/claim";
import { bookingUid } from "../booking/ics";
import { CONTACT_SLUG, REMINDER_TASK } from "../names";
import { caseKey, queueJob } from "../queue";
import type { Contact } from "../types";
import { calendarAt, DETAILING, detailingHours, freeTimesFor } from "./free-times";

/** What a booking keeps of its time. */
export interface BookedTime {
  services: ServiceId[];
  size: string;
  hours: number;
  /** whole kroner with VAT, as the calculator shows it */
  price: number;
  day: string;
  dropOff: string;
  at: string;
  earlyStart: boolean;
  /** who holds the places in the calendar (../booking/claim.ts) */
  holder: string;
  /** the calendar event's UID and SEQUENCE (../booking/ics.ts) */
  uid: string;
  sequence: number;
}

/** How the e-mails about a move or a cancellation went (`none`: the workshop's, when staff made it). */
export const CHANGE_MAIL_STATES = ["pending", "sent", "failed", "none"] as const;

export const TIME_TAKEN = "Tiden ble nettopp tatt. Velg en av disse:";
/** How many of the nearest free times a refused time comes with. */
export const NEAREST_TIMES = 3;

const refusedField = (field: string, message: string) =>
  new ValidationError({ collection: CONTACT_SLUG, errors: [{ path: `time.${field}`, message }] });

/** The refusal of a time that is not free, with the free times nearest to it. */
const taken = (free: readonly FreeTime[], at: string) =>
  new APIError(TIME_TAKEN, 409, { times: nearestTimes(free, at, NEAREST_TIMES) }, true);

/** Whether `chosen` is a choice the calculator allows: no rule would change it, and it may be booked. */
function allowed(chosen: readonly ServiceId[]): boolean {
  const unchanged = chosen.every((toggled) => {
    const after = new Set(chosen);
    for (const rule of rules) rule.apply(after, toggled, true);
    return after.size === chosen.length && chosen.every((id) => after.has(id));
  });
  return unchanged && validateBooking({ chosen: [...chosen] }) === null;
}

/** Books `request` at `now` for the booking form; returns what the booking keeps. */
export async function bookTime(
  payload: Payload,
  content: { site: Site; services: ServicesContent },
  request: BookedTimeRequest,
  now = new Date(),
): Promise<BookedTime> {
  const chosen = [...new Set(request.services)];
  if (!allowed(chosen)) throw refusedField("services", "Velg tjenestene slik priskalkulatoren tillater dem");
  const hours = detailingHours(content.services, { services: chosen, size: request.size });
  if (hours === undefined) throw refusedField("size", "Velg en av bilstørrelsene i priskalkulatoren");
  if (needsEarlyStart(request.at, now.getTime()) && !request.earlyStart)
    throw refusedField("earlyStart", EARLY_START_REQUIRED);
  const calendar = await calendarAt(payload, content.site, now, DETAILING);
  const free = freeTimes(calendar.days, calendar.loadOf, hours);
  const time = free.find((candidate) => Date.parse(candidate.at) === Date.parse(request.at));
  if (!time) throw taken(free, request.at);
  const holder = `booking:${randomUUID()}`;
  const capacity = calendar.loadOf(time.day).capacity;
  if (!(await claimTime(payload, holder, { day: time.day, time: time.time, team: DETAILING, hours, capacity }))) {
    throw taken(await freeTimesFor(payload, content.site, hours, new Date()), request.at);
  }
  const price = totalPrice(buildCatalog(content.services), { chosen, size: request.size });
  return {
    services: chosen,
    size: request.size,
    hours,
    price,
    day: time.day,
    dropOff: time.time,
    at: time.at,
    earlyStart: request.earlyStart,
    holder,
    uid: bookingUid(content.site.siteUrl),
    sequence: 0,
  };
}

/** The time a stored booking holds, or undefined for a booking without one (or one stored before times had a UID). */
export function storedTime(time: Contact["time"]): BookedTime | undefined {
  if (!time?.day || !time.dropOff || !time.at || !time.size || !time.holder || !time.uid) return undefined;
  const services = Array.isArray(time.services)
    ? time.services.filter((id): id is ServiceId => typeof id === "string")
    : [];
  return {
    services,
    size: time.size,
    hours: time.hours ?? 0,
    price: time.price ?? 0,
    day: time.day,
    dropOff: time.dropOff,
    at: time.at,
    earlyStart: Boolean(time.earlyStart),
    holder: time.holder,
    uid: time.uid,
    sequence: time.sequence ?? 0,
  };
}

/**
 * Queues the reminder of `time` on booking `id`, made or changed at `since`,
 * to wait until the day before; none when `since` is after that moment.
 */
export async function queueReminder(req: PayloadRequest, id: number | string, time: BookedTime, since: Date) {
  const at = reminderAt(time.day, since);
  if (!at) return;
  await queueJob(req, {
    task: REMINDER_TASK,
    input: { booking: id, sequence: time.sequence, case: caseKey(CONTACT_SLUG, id) },
    waitUntil: new Date(at),
  });
}
