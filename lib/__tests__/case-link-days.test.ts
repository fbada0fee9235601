import { isDay, sendOfferSchema } from "../api/case-link";

test("a day is a calendar day that exists; one that cannot is refused, never thrown on", () => {
  expect(isDay("2026-12-31")).toBe(true);
  expect(isDay("2028-02-29")).toBe(true);
  for (const wrong of ["2026-12-32", "2026-13-01", "2027-02-29", "2026-00-10", "31.12.2026", ""]) {
    expect(isDay(wrong)).toBe(false);
  }
  const offer = {
    priceType: "fixed",
    lines: [{ description: "Bulk", amountNok: 3500 }],
    validUntil: "2026-12-32",
    dropOffTimes: ["2027-01-05T07:30:00.000Z"],
  };
  expect(sendOfferSchema.safeParse(offer).success).toBe(false);
});
