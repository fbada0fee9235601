/**
 * Oslo's clock and calendar, for the site, the plugin and the admin: a day is
 * `YYYY-MM-DD` on Oslo's calendar, a local time `YYYY-MM-DDTHH:mm` on Oslo's
 * clock, and a moment an instant (an ISO string with its offset, or epoch
 * milliseconds). Oslo is an hour ahead of UTC in winter and two in summer.
 */
import { onFirstUse } from "./on-first-use";

/** The IANA zone every date and time of the workshop is in. */
export const OSLO_TIME_ZONE = "Europe/Oslo";

const osloClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: OSLO_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

/** The day on Oslo's calendar at `moment`. */
export const osloDayOf = (moment: Date): string => osloLocal(moment.getTime()).slice(0, 10);

/** Today on Oslo's calendar. */
export const osloToday = (): string => osloDayOf(new Date());

/** The day `days` after `day` (before it when `days` is negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `moment` as Oslo's clock shows it: `2026-12-08T08:00`. */
export function osloLocal(moment: number): string {
  const parts = osloClock().formatToParts(new Date(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How far Oslo's clock is ahead of UTC at `moment`, in minutes. */
function offsetAt(moment: number): number {
  const [, y, mo, d, h, mi] = LOCAL.exec(osloLocal(moment))!.map(Number);
  return Math.round((Date.UTC(y!, mo! - 1, d!, h!, mi!) - Math.floor(moment / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * A local time on Oslo's clock as the moment it names, with Oslo's offset on
 * that day: `2026-12-08T08:00` → `2026-12-08T08:00:00+01:00`. Undefined when
 * it is no time at all, or a time the clock skips when summer time begins; a
 * time the clock shows twice, when summer time ends, is the first of the two.
 */
export function osloToMoment(local: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // Oslo's offset the day before and the day after: the one that gives back this time, the earlier moment first
  const offsets = [offsetAt(asUtc - DAY_MS), offsetAt(asUtc + DAY_MS)].sort((a, b) => b - a);
  const offset = offsets.find((candidate) => osloLocal(asUtc - candidate * MINUTE_MS) === local);
  if (offset === undefined) return undefined;
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${local}:00${sign}${hours}:${minutes}`;
}
