/**
 * Norway's public holidays (helligdager and the two state holidays), on which
 * the workshop is closed by itself: the fixed dates, and the days that follow
 * Easter, from the Gregorian Easter Sunday of the year.
 */
import { easter } from "date-easter";
import { addDays } from "../../lib/oslo-time";

/** The holidays on a fixed date, `MM-DD`. */
const FIXED: readonly (readonly [string, string])[] = [
  ["01-01", "1. nyttårsdag"],
  ["05-01", "Arbeidernes dag"],
  ["05-17", "Grunnlovsdagen"],
  ["12-25", "1. juledag"],
  ["12-26", "2. juledag"],
];

/** The holidays that follow Easter: days after Easter Sunday. */
const FROM_EASTER: readonly (readonly [number, string])[] = [
  [-3, "Skjærtorsdag"],
  [-2, "Langfredag"],
  [0, "1. påskedag"],
  [1, "2. påskedag"],
  [39, "Kristi himmelfartsdag"],
  [49, "1. pinsedag"],
  [50, "2. pinsedag"],
];

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * Norway's public holidays of `year`: each day (`YYYY-MM-DD`) with its name;
 * a day that is two holidays at once (17 May as 2. pinsedag) is one entry,
 * with both names.
 */
export function publicHolidays(year: number): Map<string, string> {
  const sunday = easter(year);
  const easterDay = `${year}-${pad(sunday.month)}-${pad(sunday.day)}`;
  const days = new Map<string, string>();
  const add = (day: string, name: string) => days.set(day, days.has(day) ? `${days.get(day)}, ${name}` : name);
  for (const [date, name] of FIXED) add(`${year}-${date}`, name);
  for (const [offset, name] of FROM_EASTER) add(addDays(easterDay, offset), name);
  return new Map([...days].sort(([a], [b]) => a.localeCompare(b)));
}

const byYear = new Map<number, Map<string, string>>();

/** The holiday's name on `day` (`YYYY-MM-DD`), or undefined when it is none. */
export function holidayOn(day: string): string | undefined {
  const year = Number(day.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) byYear.set(year, (holidays = publicHolidays(year)));
  return holidays.get(day);
}
