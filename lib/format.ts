/** Norwegian formatting for dates, money, phone links and text templates. */
import { onFirstUse } from "./on-first-use";
import { OSLO_TIME_ZONE } from "./oslo-time";

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat("nb-NO", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
const money = onFirstUse(() => new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 0 }));
const halves = onFirstUse(() => new Intl.NumberFormat("nb-NO", { maximumFractionDigits: 1 }));

const osloMoment = onFirstUse(
  () =>
    new Intl.DateTimeFormat("nb-NO", {
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: OSLO_TIME_ZONE,
    }),
);

/** `2026-12-08T07:00:00Z` → `{ date: "tirsdag 8. desember", time: "08:00" }`, on Oslo's clock. */
export function momentParts(iso: string): { date: string; time: string } {
  const parts = osloMoment().formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("weekday")} ${part("day")}. ${part("month")}`, time: `${part("hour")}:${part("minute")}` };
}

/** `2026-12-08T07:00:00Z` → `tirsdag 8. desember kl. 08:00`: the moment on Oslo's clock, as a drop-off time is said. */
export function formatMoment(iso: string): string {
  const { date, time } = momentParts(iso);
  return `${date} kl. ${time}`;
}

/** `2023-10-13` → `13. oktober 2023` */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Ugyldig dato: ${isoDate}`);
  return longDate().format(date);
}

/** `5750` → `5 750 kr` (whole kroner, nb-NO grouping with a no-break space). */
export function formatPrice(kroner: number): string {
  return `${money().format(Math.round(kroner))} kr`;
}

/** `1.5` → `1,5`: work hours, to the half hour they are counted in. */
export function formatHours(hours: number): string {
  return halves().format(hours);
}

/**
 * `kari@example.no` → `mailto:kari@example.no`, each side of the @ percent-encoded: an address may hold `?`, `&`
 * or `=`, which in a mailto link would start headers of the sender's choosing (a Bcc, a body).
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/** `+47 67 10 20 30` → `tel:+4767102030` */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * A `{placeholder}` in a text: whatever stands between two braces on one line, so a misspelt
 * one (`{e-post}`, `{år}`, `{telefon nummer}`) is caught as unknown, never shown as it is.
 */
export const PLACEHOLDER = /\{([^{}\n]+)\}/g;

/** The placeholders a text uses, by name: `"{n} av {count}"` → `["n", "count"]`. */
export const placeholderNames = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** Fills `{name}` placeholders: fill("{n} av 5", { n: 4 }) → "4 av 5". Unknown placeholders are an error. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (_, key: string) => {
    if (!(key in values)) throw new Error(`Teksten «${template}» bruker {${key}}, som ikke finnes her`);
    return String(values[key]);
  });
}

const dayNames: Record<string, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/** Schema.org day names for JSON-LD opening hours. */
export function schemaDay(day: string): string {
  const name = dayNames[day];
  if (!name) throw new RangeError(`Ukjent ukedag: ${day}`);
  return `https://schema.org/${name}`;
}

/** `07:00` → `07.00`, the Norwegian way of writing a clock time. */
export function formatClock(time: string): string {
  return time.replace(":", ".");
}

/** `07.00–17.00`: when a day's opening hours begin and end. */
export function openingTimes({ opens, closes }: { opens: string; closes: string }): string {
  return `${formatClock(opens)}–${formatClock(closes)}`;
}

/** `Industriveien 12, 1337 Sandvika`: an address on one line. */
export function addressLine(address: { streetAddress: string; postalCode: string; addressLocality: string }): string {
  return `${address.streetAddress}, ${address.postalCode} ${address.addressLocality}`;
}
