import { addDays, osloDayOf, osloLocal, osloToMoment } from "@/lib/oslo-time";
import { withdrawalDeadline } from "@/lib/withdrawal";

test("a day on Oslo's calendar: a moment just after midnight in Oslo is the next day in UTC's terms", () => {
  expect(osloDayOf(new Date("2026-12-07T23:30:00Z"))).toBe("2026-12-08");
  expect(osloDayOf(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
  expect(osloDayOf(new Date("2026-06-30T21:30:00Z"))).toBe("2026-06-30");
});

test("adding days crosses months, years and the clock changes", () => {
  expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  expect(addDays("2026-03-20", 14)).toBe("2026-04-03");
  expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
});

test("a local time is Oslo's offset on its own day: +01:00 in winter, +02:00 in summer", () => {
  expect(osloToMoment("2026-12-08T08:00")).toBe("2026-12-08T08:00:00+01:00");
  expect(osloToMoment("2026-07-01T08:00")).toBe("2026-07-01T08:00:00+02:00");
  expect(osloLocal(Date.parse("2026-07-01T06:00:00Z"))).toBe("2026-07-01T08:00");
});

test("the hour summer time skips is no time; the hour shown twice when it ends is the first", () => {
  // 29 March 2026: 02:00 becomes 03:00
  expect(osloToMoment("2026-03-29T02:30")).toBeUndefined();
  expect(osloToMoment("2026-03-29T03:00")).toBe("2026-03-29T03:00:00+02:00");
  // 25 October 2026: 03:00 becomes 02:00, so 02:30 comes twice
  expect(osloToMoment("2026-10-25T02:30")).toBe("2026-10-25T02:30:00+02:00");
  expect(osloToMoment("2026-10-25T08:00")).toBe("2026-10-25T08:00:00+01:00");
  expect(osloToMoment("2026-12-08 08:00")).toBeUndefined();
});

test("the withdrawal right ends fourteen days after the day of acceptance on Oslo's calendar", () => {
  // accepted at 00:30 in Oslo on 8 December, which is still 7 December in UTC
  expect(withdrawalDeadline(new Date("2026-12-07T23:30:00Z"))).toBe("2026-12-22");
});
