import type { Payload } from "payload";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { jobHours } from "../../lib/work-hours";
import {
  bookingWindow,
  DEFAULT_CAPACITY_HOURS,
  freeTimes,
  type FreeTime,
  type OpenDays,
  type Team,
  type Weekday,
} from "../booking/calendar";
import { heldOn } from "../booking/claim";
import { daySettings } from "../booking/days";

/** A job of the calculator's services on a car of one size. */
export interface DetailingJob {
  services: readonly string[];
  size: string;
}

/** The team that does the calculator's services. */
const DETAILING: Team = "detailing";

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

/**
 * The drop-off times that take a job of `hours` for `team`, in the booking
 * window at `now`: open days (less the dates staff closed) whose team has
 * the hours left, at times with room.
 */
export async function freeTimesFor(
  payload: Payload,
  site: Site,
  hours: number,
  now: Date,
  team: Team = DETAILING,
): Promise<FreeTime[]> {
  const weekdays = openWeekdays(site);
  const candidates = bookingWindow(now, { weekdays, closed: new Set() });
  if (!candidates.length) return [];
  const settings = await daySettings(payload, candidates[0]!, candidates.at(-1)!);
  const open: OpenDays = {
    weekdays,
    closed: new Set([...settings].filter(([, setting]) => setting.closed).map(([day]) => day)),
  };
  const days = candidates.filter((day) => !open.closed.has(day));
  const held = await heldOn(payload, days);
  return freeTimes(
    days,
    (day) => ({
      capacity: settings.get(day)?.capacity[team] ?? DEFAULT_CAPACITY_HOURS[team],
      booked: held.get(day)?.hours[team] ?? 0,
      cars: held.get(day)?.cars ?? {},
    }),
    hours,
  );
}
