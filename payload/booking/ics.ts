/**
 * The calendar file of a booked time (iCalendar, RFC 5545, with RFC 5546's
 * METHOD), written by ical-generator: one event, DROP_OFF_EVENT_MS from the
 * drop-off at the workshop's address, its times in UTC. The event's UID is
 * the booking's for life and its SEQUENCE rises with each change, so the
 * customer's calendar moves the event on a new time (`REQUEST`) and removes
 * it on a cancellation (`CANCEL`, with STATUS:CANCELLED).
 */
import { randomUUID } from "node:crypto";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/** How long the calendar's event lasts: the drop-off, not the work. */
export const DROP_OFF_EVENT_MS = 30 * 60 * 1000;

/** What a calendar file says of a booking. */
export interface BookingEvent {
  /** the booking's own UID (`bookingUid`), the same in every file about it */
  uid: string;
  /** 0 when booked, one more on each change */
  sequence: number;
  /** the drop-off, an ISO instant */
  at: string;
  summary: string;
  description: string;
  location: string;
  /** the workshop, which sends the file */
  organizer: { name: string; email: string };
  /** the customer's address */
  attendee: string;
}

/** What a calendar file asks of the customer's calendar: put the event in (or move it), or take it out. */
export type CalendarMethod = "REQUEST" | "CANCEL";

/** A new booking's UID: random, on the site's host name, so no other calendar's event can have it. */
export const bookingUid = (siteUrl: string) => `${randomUUID()}@${new URL(siteUrl).hostname}`;

/** The calendar file of `event` with `method`, stamped `stamp`. */
export function calendarFile(event: BookingEvent, method: CalendarMethod, stamp = new Date()): string {
  const calendar = ical({
    prodId: { company: event.organizer.name, product: "Timebok", language: "NO" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const start = new Date(event.at);
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp,
    start,
    end: new Date(start.getTime() + DROP_OFF_EVENT_MS),
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: event.organizer,
    // the customer has booked the time already: their calendar has nothing to answer
    attendees: [
      { email: event.attendee, rsvp: false, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED },
    ],
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
