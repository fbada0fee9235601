/**
 * The workshop's calendar as rules, free of storage: a day is `YYYY-MM-DD` on
 * Oslo's calendar and a time `HH:mm` on Oslo's clock (../../lib/oslo-time.ts),
 * so every rule holds across the changes to and from summer time.
 *
 *   - a day is open on the opening hours' weekdays, unless it is a public
 *     holiday (./holidays.ts) or a date the workshop closed;
 *   - cars are left at the drop-off times (DROP_OFF_TIMES) of an open day, at
 *     most CARS_PER_DROP_OFF at one time, both teams together;
 *   - each team (TEAMS) has a capacity in work hours a day, and a job takes
 *     its hours from its drop-off day;
 *   - a job's hours are each service's hours times the car size's factor,
 *     rounded up (../../lib/work-hours.ts);
 *   - times are booked from the next open day (the one after it when booked
 *     after LATE_BOOKING_FROM) to WINDOW_DAYS ahead;
 *   - a booking is changed or cancelled through its link until
 *     CHANGE_CUT_OFF on the last open day before it; its reminder goes at
 *     REMINDER_AT the day before, unless it was booked after that.
 */
import { addDays, osloDayOf, osloLocal, osloToMoment } from "../../lib/oslo-time";
import { holidayOn } from "./holidays";

export { jobHours } from "../../lib/work-hours";

/** The teams whose hours are booked: the calculator's services, and the workshop's repairs (quotes and offers). */
export const TEAMS = ["detailing", "verksted"] as const;
export type Team = (typeof TEAMS)[number];
/** Each team's work hours on an open day, unless staff set others for its weekday or date. */
export const DEFAULT_CAPACITY_HOURS: Readonly<Record<Team, number>> = { detailing: 14, verksted: 24 };

/** When cars are left on an open day, on Oslo's clock. */
export const DROP_OFF_TIMES = ["07:30", "08:00", "08:30", "09:00"] as const;
export type DropOffTime = (typeof DROP_OFF_TIMES)[number];
/** How many cars one drop-off time takes, both teams together. */
export const CARS_PER_DROP_OFF = 2;
/** How long the calendar event of a drop-off lasts, in minutes. */
export const DROP_OFF_MINUTES = 30;

/** How many days ahead, from today, times can be booked. */
export const WINDOW_DAYS = 6 * 7;
/** A booking made from this Oslo time on starts its window one open day later. */
export const LATE_BOOKING_FROM = "12:00";
/** Until this Oslo time on the last open day before a booking, its link changes or cancels it. */
export const CHANGE_CUT_OFF = "12:00";
/** The Oslo time on the day before a booking when its reminder goes. */
export const REMINDER_AT = "14:00";

/** The weekdays of the opening hours (content/site.json), Monday first. */
export const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Which days the workshop is open: its weekdays, less the public holidays and the dates it closed. */
export interface OpenDays {
  weekdays: ReadonlySet<Weekday>;
  closed: ReadonlySet<string>;
}

/** The weekday of `day`. */
export const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

/** Whether the workshop is open on `day`. */
export const isOpen = (day: string, open: OpenDays): boolean =>
  open.weekdays.has(weekdayOf(day)) && !holidayOn(day) && !open.closed.has(day);

/** How far `nextOpenDay` looks before it gives up: a year, more than any closing. */
const LOOK_DAYS = 366;

/** The first open day after `day` (before it when `step` is -1); undefined when none is within a year. */
export function nextOpenDay(day: string, open: OpenDays, step: 1 | -1 = 1): string | undefined {
  for (let n = 1; n <= LOOK_DAYS; n++) {
    const candidate = addDays(day, step * n);
    if (isOpen(candidate, open)) return candidate;
  }
  return undefined;
}

/** The moment (ISO, with Oslo's offset) of `time` on Oslo's clock on `day`. */
export const osloMoment = (day: string, time: string): string => {
  const moment = osloToMoment(`${day}T${time}`);
  if (!moment) throw new Error(`No such time in Oslo: ${day} ${time}`);
  return moment;
};

/** The open days a booking made at `now` may choose, in order: the booking window. */
export function bookingWindow(now: Date, open: OpenDays): string[] {
  const today = osloDayOf(now);
  const late = osloLocal(now.getTime()).slice(11) >= LATE_BOOKING_FROM;
  const first = nextOpenDay(today, open);
  const start = first && late ? nextOpenDay(first, open) : first;
  const last = addDays(today, WINDOW_DAYS);
  const days: string[] = [];
  for (let day = start; day && day <= last; day = nextOpenDay(day, open)) days.push(day);
  return days;
}

/** Until when a booking on `day` may be changed or cancelled through its link: CHANGE_CUT_OFF on the last open day before it. */
export function changeCutOff(day: string, open: OpenDays): string {
  return osloMoment(nextOpenDay(day, open, -1) ?? addDays(day, -1), CHANGE_CUT_OFF);
}

/** Whether a booking on `day` may still be changed or cancelled through its link at `now`. */
export const canChange = (day: string, open: OpenDays, now: Date): boolean =>
  now.getTime() < Date.parse(changeCutOff(day, open));

/** When the reminder of a booking on `day` made at `bookedAt` goes; undefined when it was booked after that moment. */
export function reminderAt(day: string, bookedAt: Date): string | undefined {
  const at = osloMoment(addDays(day, -1), REMINDER_AT);
  return bookedAt.getTime() < Date.parse(at) ? at : undefined;
}

/** What a day already holds: the team's capacity and booked hours, and the cars at each drop-off time. */
export interface DayLoad {
  capacity: number;
  booked: number;
  cars: Partial<Record<DropOffTime, number>>;
}

/** A time a booking can take: the day, the drop-off time, and its moment. */
export interface FreeTime {
  day: string;
  time: DropOffTime;
  at: string;
}

/** Whether a job of `hours` fits a day of `load` at `time`: the team's hours left hold it, and the time has room. */
export const fits = (load: DayLoad, time: DropOffTime, hours: number): boolean =>
  load.capacity - load.booked >= hours && (load.cars[time] ?? 0) < CARS_PER_DROP_OFF;

/** The times among `days` that take a job of `hours`, given each day's load; in order. */
export function freeTimes(days: readonly string[], loadOf: (day: string) => DayLoad, hours: number): FreeTime[] {
  return days.flatMap((day) => {
    const load = loadOf(day);
    return DROP_OFF_TIMES.filter((time) => fits(load, time, hours)).map((time) => ({
      day,
      time,
      at: osloMoment(day, time),
    }));
  });
}

/** The `count` times of `free` nearest to the moment `wanted`, in order of time. */
export function nearestTimes(free: readonly FreeTime[], wanted: string, count: number): FreeTime[] {
  const target = Date.parse(wanted);
  return [...free]
    .sort((a, b) => Math.abs(Date.parse(a.at) - target) - Math.abs(Date.parse(b.at) - target))
    .slice(0, count)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
