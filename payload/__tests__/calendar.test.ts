import {
  bookingWindow,
  canChange,
  CARS_PER_DROP_OFF,
  changeCutOff,
  freeTimes,
  isOpen,
  jobHours,
  nearestTimes,
  osloMoment,
  reminderAt,
  WINDOW_DAYS,
  type DayLoad,
  type OpenDays,
} from "../booking/calendar";
import { publicHolidays } from "../booking/holidays";
import { addDays } from "../../lib/oslo-time";

/** Norway's public holidays as the almanac lists them (2. pinsedag 2027 falls on 17 May). */
const ALMANAC: Record<number, string[]> = {
  2026: ["01-01", "04-02", "04-03", "04-05", "04-06", "05-01", "05-14", "05-17", "05-24", "05-25", "12-25", "12-26"],
  2027: ["01-01", "03-25", "03-26", "03-28", "03-29", "05-01", "05-06", "05-16", "05-17", "12-25", "12-26"],
  2028: ["01-01", "04-13", "04-14", "04-16", "04-17", "05-01", "05-17", "05-25", "06-04", "06-05", "12-25", "12-26"],
  2029: ["01-01", "03-29", "03-30", "04-01", "04-02", "05-01", "05-10", "05-17", "05-20", "05-21", "12-25", "12-26"],
  2030: ["01-01", "04-18", "04-19", "04-21", "04-22", "05-01", "05-17", "05-30", "06-09", "06-10", "12-25", "12-26"],
};

test.each(Object.entries(ALMANAC))("the public holidays of %s are the almanac's", (year, days) => {
  expect([...publicHolidays(Number(year)).keys()]).toEqual(days.map((day) => `${year}-${day}`));
});

test("a day that is two holidays carries both names", () => {
  expect(publicHolidays(2027).get("2027-05-17")).toBe("Grunnlovsdagen, 2. pinsedag");
});

const WEEKDAYS: OpenDays = { weekdays: new Set(["Mo", "Tu", "We", "Th", "Fr"]), closed: new Set() };

test("a weekday is open unless it is a holiday or a date the workshop closed", () => {
  expect(isOpen("2026-12-08", WEEKDAYS)).toBe(true);
  expect(isOpen("2026-12-05", WEEKDAYS)).toBe(false); // a Saturday
  expect(isOpen("2026-12-25", WEEKDAYS)).toBe(false); // 1. juledag, a Friday
  expect(isOpen("2026-12-08", { ...WEEKDAYS, closed: new Set(["2026-12-08"]) })).toBe(false);
});

test("the window starts the next open day, one later when booked from noon, and ends six weeks ahead", () => {
  // Thursday 2 April 2026 is Skjærtorsdag: from Wednesday, the next open day is Tuesday after Easter
  const wednesdayMorning = bookingWindow(new Date("2026-04-01T08:00:00+02:00"), WEEKDAYS);
  expect(wednesdayMorning[0]).toBe("2026-04-07");
  const wednesdayAfternoon = bookingWindow(new Date("2026-04-01T12:00:00+02:00"), WEEKDAYS);
  expect(wednesdayAfternoon[0]).toBe("2026-04-08");
  expect(wednesdayMorning.at(-1)).toBe(addDays("2026-04-01", WINDOW_DAYS));
  expect(wednesdayMorning).not.toContain("2026-05-01");
});

test("the window counts Oslo's days: 00:30 in Oslo is the new day there, whatever UTC says", () => {
  // Tuesday 8 December 2026 00:30 in Oslo is Monday 23:30 UTC
  const window = bookingWindow(new Date("2026-12-07T23:30:00Z"), WEEKDAYS);
  expect(window[0]).toBe("2026-12-09");
  expect(window.at(-1)).toBe(addDays("2026-12-08", WINDOW_DAYS));
});

test("drop-off times keep Oslo's clock across the changes to and from summer time", () => {
  expect(osloMoment("2026-03-27", "07:30")).toBe("2026-03-27T07:30:00+01:00");
  expect(osloMoment("2026-03-30", "07:30")).toBe("2026-03-30T07:30:00+02:00");
  expect(osloMoment("2026-10-23", "07:30")).toBe("2026-10-23T07:30:00+02:00");
  expect(osloMoment("2026-10-26", "07:30")).toBe("2026-10-26T07:30:00+01:00");
});

test("the reminder goes at 14:00 in Oslo the day before, also on the days the clock changes", () => {
  const early = new Date("2026-03-01T10:00:00Z");
  expect(new Date(reminderAt("2026-03-30", early)!).toISOString()).toBe("2026-03-29T12:00:00.000Z");
  expect(new Date(reminderAt("2026-10-26", early)!).toISOString()).toBe("2026-10-25T13:00:00.000Z");
});

test("a booking made after its reminder's moment gets none", () => {
  expect(reminderAt("2026-12-09", new Date("2026-12-08T13:59:00+01:00"))).toBe("2026-12-08T14:00:00+01:00");
  expect(reminderAt("2026-12-09", new Date("2026-12-08T14:00:00+01:00"))).toBeUndefined();
});

test("a booking is changed through its link until noon on the last open day before it", () => {
  // Monday 30 March 2026: the last open day before it is Friday 27 March, in winter time
  expect(changeCutOff("2026-03-30", WEEKDAYS)).toBe("2026-03-27T12:00:00+01:00");
  // Tuesday 7 April 2026, after Easter: the last open day before it is Wednesday 1 April
  expect(changeCutOff("2026-04-07", WEEKDAYS)).toBe("2026-04-01T12:00:00+02:00");
  expect(canChange("2026-03-30", WEEKDAYS, new Date("2026-03-27T11:59:00+01:00"))).toBe(true);
  expect(canChange("2026-03-30", WEEKDAYS, new Date("2026-03-27T12:00:00+01:00"))).toBe(false);
});

test("a job's hours are each service's hours times the size, rounded up to the half hour", () => {
  expect(jobHours([1.5, 2], 1)).toBe(3.5);
  expect(jobHours([1.5], 1.2)).toBe(2); // 1.8
  expect(jobHours([4], 1.3)).toBe(5.5); // 5.2
  expect(jobHours([5], 1.1)).toBe(5.5); // exactly 5.5, not one step more
  expect(jobHours([], 1.3)).toBe(0);
});

test("a time is free when the team's hours left hold the job and the drop-off time has room", () => {
  const loads: Record<string, DayLoad> = {
    "2026-12-08": { capacity: 14, booked: 10, cars: {} },
    "2026-12-09": { capacity: 14, booked: 0, cars: { "07:30": CARS_PER_DROP_OFF, "08:00": 1 } },
  };
  const free = freeTimes(Object.keys(loads), (day) => loads[day]!, 4.5);
  expect(free.map(({ day, time }) => `${day} ${time}`)).toEqual([
    "2026-12-09 08:00",
    "2026-12-09 08:30",
    "2026-12-09 09:00",
  ]);
  expect(free[0]!.at).toBe("2026-12-09T08:00:00+01:00");
  // exactly the hours left
  expect(freeTimes(["2026-12-08"], () => loads["2026-12-08"]!, 4)).toHaveLength(4);
});

test("the nearest free times to a taken one come in order of time", () => {
  const full: DayLoad = { capacity: 14, booked: 0, cars: { "07:30": CARS_PER_DROP_OFF } };
  const free = freeTimes(
    ["2026-12-08", "2026-12-09"],
    (day) => (day === "2026-12-09" ? full : { ...full, cars: {} }),
    1,
  );
  const nearest = nearestTimes(free, "2026-12-09T07:30:00+01:00", 4);
  expect(nearest.map(({ day, time }) => `${day} ${time}`)).toEqual([
    "2026-12-08 09:00",
    "2026-12-09 08:00",
    "2026-12-09 08:30",
    "2026-12-09 09:00",
  ]);
});
