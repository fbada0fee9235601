/**
 * The Timebok's week (../admin/timebook/): for each day from Monday to
 * Sunday, whether the workshop is open (the opening hours, the public
 * holidays, `Stengt`), each team's capacity and the hours booked, and each
 * booked drop-off with its customer, the job and where the link or staff
 * left it (booked, cancelled, `Møtte ikke`), with the free times it could
 * move to.
 */
import type { Payload } from "payload";
import type { FreeTime } from "../../lib/api/booking-times";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { addDays } from "../../lib/oslo-time";
import { DEFAULT_CAPACITY_HOURS, TEAMS, weekdayOf, type Team } from "../booking/calendar";
import { heldOn } from "../booking/claim";
import { daySettings, weekSettings } from "../booking/days";
import { holidayOn } from "../booking/holidays";
import { serviceTitles } from "../mail/booking-confirmation";
import { CONTACT_SLUG } from "../names";
import type { Contact } from "../types";
import { storedTime } from "./book-time";
import { freeTimesFor } from "./free-times";

/** A booked drop-off as the Timebok lists it. */
export interface TimebookDropOff {
  id: Contact["id"];
  day: string;
  at: string;
  dropOff: string;
  email: string;
  phone: string;
  titles: string[];
  size: string;
  hours: number;
  price: number;
  state: "booked" | "cancelled" | "noShow";
  /** whether its drop-off time has passed */
  passed: boolean;
  /** the free times it may move to, for a booked one */
  moves: FreeTime[];
}

export interface TimebookDay {
  day: string;
  /** the public holiday's name, when it is one */
  holiday?: string;
  /** whether the opening hours take cars on its weekday */
  openWeekday: boolean;
  /** `Stengt`, set by staff for the date */
  closed: boolean;
  /** each team's capacity that day in hours, whether it is the date's own, and the hours booked */
  teams: { team: Team; capacity: number; own: boolean; booked: number }[];
  dropOffs: TimebookDropOff[];
}

/** The stored bookings with a time on the days from `first` to `last`, by drop-off. */
async function bookingsOn(payload: Payload, first: string, last: string): Promise<Contact[]> {
  const { docs } = await payload.find({
    collection: CONTACT_SLUG,
    where: { and: [{ "time.day": { greater_than_equal: first } }, { "time.day": { less_than_equal: last } }] },
    sort: "time.at",
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  return docs;
}

/** The Timebok's week from `monday`, at `now`. */
export async function timebookWeek(
  payload: Payload,
  content: { site: Site; services: ServicesContent },
  monday: string,
  now = new Date(),
): Promise<TimebookDay[]> {
  const days = Array.from({ length: 7 }, (_, n) => addDays(monday, n));
  const [settings, week, held, bookings] = await Promise.all([
    daySettings(payload, days[0]!, days[6]!),
    weekSettings(payload),
    heldOn(payload, days),
    bookingsOn(payload, days[0]!, days[6]!),
  ]);
  const openWeekdays = new Set(content.site.openingHours.flatMap((line) => line.days));
  // the free times for each job's hours, asked once for each
  const movesFor = new Map<number, Promise<FreeTime[]>>();
  const moves = (hours: number) => {
    if (!movesFor.has(hours)) movesFor.set(hours, freeTimesFor(payload, content.site, hours, now));
    return movesFor.get(hours)!;
  };
  const dropOffs = await Promise.all(
    bookings.flatMap(async (booking): Promise<TimebookDropOff[]> => {
      const time = storedTime(booking.time);
      if (!time) return [];
      const state = booking.time?.cancelledAt ? "cancelled" : booking.time?.noShowAt ? "noShow" : "booked";
      return [
        {
          id: booking.id,
          day: time.day,
          at: time.at,
          dropOff: time.dropOff,
          email: booking.email,
          phone: booking.phone,
          titles: serviceTitles(content.services, time.services),
          size: time.size,
          hours: time.hours,
          price: time.price,
          state,
          passed: Date.parse(time.at) <= now.getTime(),
          moves: state === "booked" && Date.parse(time.at) > now.getTime() ? await moves(time.hours) : [],
        },
      ];
    }),
  );
  const byDay = new Map<string, TimebookDropOff[]>();
  for (const dropOff of dropOffs.flat()) byDay.set(dropOff.day, [...(byDay.get(dropOff.day) ?? []), dropOff]);
  return days.map((day) => {
    const setting = settings.get(day);
    const holiday = holidayOn(day);
    return {
      day,
      ...(holiday ? { holiday } : {}),
      openWeekday: openWeekdays.has(weekdayOf(day)),
      closed: Boolean(setting?.closed),
      teams: TEAMS.map((team) => ({
        team,
        capacity: setting?.capacity[team] ?? week.get(weekdayOf(day))?.[team] ?? DEFAULT_CAPACITY_HOURS[team],
        own: setting?.capacity[team] !== undefined,
        booked: held.get(day)?.hours[team] ?? 0,
      })),
      dropOffs: byDay.get(day) ?? [],
    };
  });
}
