/**
 * Oslo's clock for the workshop's offer form: a drop-off time typed into a
 * `datetime-local` input is a time on Oslo's clock, whatever zone the
 * browser is in, and is sent as a moment with Oslo's offset on that day
 * (`+01:00` in winter, `+02:00` in summer).
 */
import { osloDayOf } from "../../lib/format";

const clock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Oslo",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** `2026-12-08T08:00`: `moment` as Oslo's clock shows it. */
export function osloLocal(moment: number): string {
  const parts = clock.formatToParts(new Date(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far Oslo's clock is ahead of UTC at `moment`, in minutes. */
function offsetAt(moment: number): number {
  const [, y, mo, d, h, mi] = LOCAL.exec(osloLocal(moment))!.map(Number);
  return Math.round((Date.UTC(y!, mo! - 1, d!, h!, mi!) - Math.floor(moment / 60_000) * 60_000) / 60_000);
}

/**
 * `2026-12-08T08:00` (Oslo's clock) → `2026-12-08T08:00:00+01:00`; undefined
 * when it is no time at all, or a time the clock skips when summer time
 * begins. A time the clock shows twice, when summer time ends, is the first.
 */
export function osloToMoment(local: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // Oslo's offset the day before and the day after: the one that gives back this time, the earlier moment first
  const DAY = 24 * 60 * 60_000;
  const offsets = [offsetAt(asUtc - DAY), offsetAt(asUtc + DAY)].sort((a, b) => b - a);
  const offset = offsets.find((candidate) => osloLocal(asUtc - candidate * 60_000) === local);
  if (offset === undefined) return undefined;
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${local}:00${sign}${hours}:${minutes}`;
}

/** `YYYY-MM-DD` `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today on Oslo's calendar. */
export const osloToday = (): string => osloDayOf(new Date());
