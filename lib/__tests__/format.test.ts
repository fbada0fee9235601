import {
  addressLine,
  fill,
  formatClock,
  formatDate,
  formatPrice,
  mailtoHref,
  openingTimes,
  schemaDay,
  telHref,
} from "../format";

const nbsp = "\u00a0";

test("dates are Norwegian long form", () => {
  expect(formatDate("2023-10-13")).toBe("13. oktober 2023");
  expect(formatDate("2024-08-17")).toBe("17. august 2024");
  expect(() => formatDate("13.10.2023")).toThrow(RangeError);
});

test("money is nb-NO whole kroner", () => {
  expect(formatPrice(5750)).toBe(`5${nbsp}750 kr`);
  expect(formatPrice(1250 * 1.3)).toBe(`1${nbsp}625 kr`);
  expect(formatPrice(999.5)).toBe(`1${nbsp}000 kr`);
  expect(formatPrice(0)).toBe("0 kr");
});

test("phone numbers become call links", () => {
  expect(telHref("+47 67 10 20 30")).toBe("tel:+4767102030");
});

test("an address becomes a write link that can add no header", () => {
  expect(mailtoHref("kari.nordmann@example.no")).toBe("mailto:kari.nordmann@example.no");
  // an address the contract takes, whose ? & = would otherwise set a Bcc and a body
  expect(mailtoHref("x?bcc=spy%40evil.no&body=hei@bulk.no")).toBe(
    "mailto:x%3Fbcc%3Dspy%2540evil.no%26body%3Dhei@bulk.no",
  );
});

test("templates fill placeholders and refuse unknown ones", () => {
  expect(fill("{n} av 5 stjerner", { n: 5 })).toBe("5 av 5 stjerner");
  expect(() => fill("© {year}", {})).toThrow(/\{year\}/);
});

test("clock times and schema.org days", () => {
  expect(formatClock("07:00")).toBe("07.00");
  expect(openingTimes({ opens: "07:00", closes: "17:30" })).toBe("07.00–17.30");
  expect(schemaDay("Mo")).toBe("https://schema.org/Monday");
  expect(() => schemaDay("Xx")).toThrow();
});

test("an address on one line", () => {
  const address = { streetAddress: "Industriveien 12", postalCode: "1337", addressLocality: "Sandvika" };
  expect(addressLine(address)).toBe("Industriveien 12, 1337 Sandvika");
});
