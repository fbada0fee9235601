/** The free times of the workshop's calendar, from its rules (../booking/calendar.ts) and what is stored. */
import type { Payload } from "payload";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { jobHours } from "../../lib/work-hours";
import {
  bookingWindow,
  changeCutOff,
  DEFAULT_CAPACITY_HOURS,
  freeTimes,
  type DayLoad,
  type OpenDays,
  type FreeTime,
  type Team,
  type Weekday,
  weekdayOf,
} from "../booking/calendar";
import { heldOn } from "../booking/claim";
import { daySettings, weekSettings } from "../booking/days";

/** A job of the calculator's services on a car of one size. */
export interface DetailingJob {
  services: readonly string[];
  size: string;
}

/** The team that does the calculator's services. */
export const DETAILING: Team = "detailing";

/** The work hours of `job`; undefined when a service or the size is not in `services`. */
export function detailingHours(services: ServicesContent, job: DetailingJob): number | undefined {
  const all = services.categories.flatMap((category) => category.services);
  const chosen = job.services.map((id) => all.find((service) => service.id === id));
  const size = services.sizes.find((candidate) => candidate.type === job.size);
  if (!size || chosen.some((service) => !service)) return undefined;
  return jobHours(
    chosen.map((service) => service!.hours),
    size.multiplier,
  );
}

/** The weekdays of the opening hours. */
const openWeekdays = (site: Site) => new Set<Weekday>(site.openingHours.flatMap((line) => line.days));

/** The open days the customer's link counts its cut-off on: the opening hours' weekdays, less the public holidays. */
export const linkOpenDays = (site: Site): OpenDays => ({ weekdays: openWeekdays(site), closed: new Set() });

/** Until when the customer's link changes a booking on `day`, an ISO moment. */
export const linkCutOff = (site: Site, day: string): string => changeCutOff(day, linkOpenDays(site));

/** The booking window at `now` for `team`: its open days, and what each holds. */
export interface Calendar {
  days: string[];
  loadOf(day: string): DayLoad;
}

/**
 * The booking window at `now`: the open days (less the dates staff closed),
 * each with its team's capacity that day (the date's, else its weekday's,
 * else the default), the hours booked and the cars at each drop-off time.
 */
export async function calendarAt(payload: Payload, site: Site, now: Date, team: Team): Promise<Calendar> {
  const weekdays = openWeekdays(site);
  const candidates = bookingWindow(now, { weekdays, closed: new Set() });
  if (!candidates.length) return { days: [], loadOf: () => ({ capacity: 0, booked: 0, cars: {} }) };
  const [settings, week] = await Promise.all([
    daySettings(payload, candidates[0]!, candidates.at(-1)!),
    weekSettings(payload),
  ]);
  const days = candidates.filter((day) => !settings.get(day)?.closed);
  const held = await heldOn(payload, days);
  return {
    days,
    loadOf: (day) => ({
      capacity: settings.get(day)?.capacity[team] ?? week.get(weekdayOf(day))?.[team] ?? DEFAULT_CAPACITY_HOURS[team],
      booked: held.get(day)?.hours[team] ?? 0,
      cars: held.get(day)?.cars ?? {},
    }),
  };
}

/** The drop-off times in the booking window at `now` that take a job of `hours` for `team`, in order. */
export async function freeTimesFor(
  payload: Payload,
  site: Site,
  hours: number,
  now: Date,
  team: Team = DETAILING,
): Promise<FreeTime[]> {
  const calendar = await calendarAt(payload, site, now, team);
  return freeTimes(calendar.days, calendar.loadOf, hours);
}
