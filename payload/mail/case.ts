/**
 * The workshop's e-mail about a new case, with the customer's address as
 * Reply-To: a booking, or a quote with its registration number, the car it
 * names with its EU-kontroll deadline when it was stored with one, and each
 * damage's photos as links, with thumbnails where the mail program shows
 * them. Every link comes before the customer's words, so nothing they wrote
 * can pass for one.
 */
import type { QuoteWorkshopTexts, WorkshopTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill, formatDate, formatHours, formatMoment, formatPrice } from "../../lib/format";
import { carLine, dayOf } from "../car";
import type { BookedTime } from "../operations/book-time";
import type { Contact, Inquiry } from "../types";
import { contactLines, customerFields, linkLine, photoLabel, toWorkshop, type Mail } from "./message";

/** The lines about the quote's car: what it is and its EU-kontroll deadline, why it is missing, or none. */
function vehicleLines(t: QuoteWorkshopTexts, vehicle: Inquiry["vehicle"]): string[] {
  switch (vehicle?.lookup) {
    case "found": {
      const deadline = dayOf(vehicle.euControlDeadline);
      return [
        `${t.vehicleLabel}: ${carLine(vehicle)} (${t.vehicleSource})`,
        ...(deadline ? [`${t.euControlLabel}: ${formatDate(deadline)}`] : []),
      ];
    }
    case "unknown":
      return [`${t.vehicleLabel}: ${t.vehicleUnknown}`];
    case "unavailable":
      return [`${t.vehicleLabel}: ${t.vehicleUnavailable}`];
    default:
      return [];
  }
}

const messageOf = (t: Pick<WorkshopTexts, "noMessage">, record: Pick<Contact, "message">) =>
  record.message?.trim() ? record.message : t.noMessage;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** What the workshop's e-mail about a case is written from. */
interface CaseMailInput<T, R> {
  texts: T;
  site: Site;
  /** where the workshop's e-mails go */
  workshopEmail: string;
  /** the case's page in the admin, absolute */
  adminUrl: string;
  record: R;
}

/**
 * A booking as its e-mail names it; `time` holds the booked time with its
 * services' titles, when it has one, and `change` what the customer did to
 * it through the link since it was booked.
 */
export type BookingRecord = Pick<Contact, "email" | "phone" | "message"> & {
  time?: (BookedTime & { titles: string[] }) | undefined;
  change?: "moved" | "cancelled";
};

/** The subject and first line of the workshop's e-mail about `record`. */
function bookingHeadline(t: WorkshopTexts, record: BookingRecord): { subject: string; intro: string } {
  if (!record.time) return { subject: t.subject, intro: t.intro };
  if (record.change === "moved") return { subject: t.movedSubject, intro: t.movedIntro };
  if (record.change === "cancelled") return { subject: t.cancelledSubject, intro: t.cancelledIntro };
  return { subject: t.timeSubject, intro: t.timeIntro };
}

/** The lines about a booked time: when, what, for which car, how long, what it costs, and an early start. */
const timeLines = (t: WorkshopTexts, time: NonNullable<BookingRecord["time"]>) =>
  [
    `${t.timeLabel}: ${formatMoment(time.at)}`,
    `${t.servicesLabel}: ${time.titles.join(", ")}`,
    `${t.sizeLabel}: ${time.size}`,
    `${t.hoursLabel}: ${formatHours(time.hours)}`,
    `${t.priceLabel}: ${formatPrice(time.price)}`,
    ...(time.earlyStart ? [t.earlyStartYes] : []),
  ].join("\n");

/** The workshop's e-mail about a booking, with its time when it has one; or about its time moved or cancelled. */
export function bookingMail({
  texts: t,
  site,
  workshopEmail,
  adminUrl,
  record,
}: CaseMailInput<WorkshopTexts, BookingRecord>): Mail {
  const { time } = record;
  const fields = { ...customerFields(site, record), ...(time && { time: formatMoment(time.at) }) };
  const headline = bookingHeadline(t, record);
  return {
    ...toWorkshop(workshopEmail, record.email),
    subject: fill(headline.subject, fields),
    text: [
      fill(headline.intro, fields),
      ...(time ? [timeLines(t, time)] : []),
      contactLines(t, record),
      linkLine(t.adminLinkLabel, adminUrl),
      `${t.messageLabel}:\n${messageOf(t, record)}`,
      fill(t.replyHint, fields),
    ].join("\n\n"),
  };
}

/** A quote as its e-mail names it; `photos` holds each damage's photos' absolute urls, undefined for one that has none. */
export type QuoteFacts = Pick<Inquiry, "regNumber" | "email" | "phone" | "message" | "vehicle"> & {
  photos: (string | undefined)[][];
};

/**
 * The workshop's e-mail about a quote: plain text with every link written
 * out, and the same as HTML with each photo as a thumbnail that opens it. A
 * photo keeps its number among its damage's photos when one before it has no
 * url.
 */
export function quoteMail({
  texts: t,
  site,
  workshopEmail,
  adminUrl,
  record,
}: CaseMailInput<QuoteWorkshopTexts, QuoteFacts>): Mail {
  const fields = { ...customerFields(site, record), regNumber: record.regNumber };
  const damages = record.photos.map((urls, d) => ({
    heading: fill(t.damageHeading, { number: String(d + 1) }),
    photos: urls.flatMap((url, p) => (url ? [{ label: photoLabel(t.photoLink, p + 1), url }] : [])),
  }));
  const head = [
    fill(t.intro, fields),
    [`${t.regNumberLabel}: ${record.regNumber}`, ...vehicleLines(t, record.vehicle), contactLines(t, record)].join(
      "\n",
    ),
  ];
  const message = `${t.messageLabel}:\n${messageOf(t, record)}`;
  const text = [
    ...head,
    linkLine(t.adminLinkLabel, adminUrl),
    ...damages.map((d) => [d.heading, ...d.photos.map((p) => linkLine(p.label, p.url))].join("\n")),
    message,
    fill(t.replyHint, fields),
  ].join("\n\n");
  const paragraph = (value: string) => `<p>${escapeHtml(value).replace(/\n/g, "<br>")}</p>`;
  const html = [
    ...head.map(paragraph),
    `<p><a href="${escapeHtml(adminUrl)}">${escapeHtml(t.adminLinkLabel)}</a></p>`,
    ...damages.map(
      (d) =>
        `<h3>${escapeHtml(d.heading)}</h3><p>${d.photos
          .map(
            (p) =>
              `<a href="${escapeHtml(p.url)}"><img src="${escapeHtml(p.url)}" alt="${escapeHtml(p.label)}" width="160" style="max-width:160px;height:auto;margin:0 8px 8px 0"></a>`,
          )
          .join("")}</p>`,
    ),
    paragraph(message),
    paragraph(fill(t.replyHint, fields)),
  ].join("\n");
  return { ...toWorkshop(workshopEmail, record.email), subject: fill(t.subject, fields), text, html };
}
