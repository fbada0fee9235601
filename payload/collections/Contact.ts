/**
 * `contact`: the booking form (POST /api/contact from the site, lib/api/schemas.ts).
 *
 * Any visitor may create a booking, on the site's own terms (the workshop's
 * staff make none: a booking is the customer's): a visitor's booking
 * is checked with the contract's `contactSchema`, the rule the site checks it
 * with before sending, so it is exactly `{ email, phone, message }` within
 * FIELD_LIMITS (another key, such as a `createdAt` of its own, is refused).
 * Only the workshop's staff read bookings and set their state and note. A booking is a
 * case (../cases.ts): the customer's fields as every case keeps them, its
 * state, its e-mails, newest first.
 */
import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionAfterErrorHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeDeleteHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Field,
} from "payload";
import { contactSchema } from "../../lib/api/schemas";
import type { BookingTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { releaseTime } from "../booking/claim";
import { bookingCalendar } from "../mail/booking-confirmation";
import { bookTime, CHANGE_MAIL_STATES, queueReminder, storedTime, type BookedTime } from "../operations/book-time";
import {
  caseAccess,
  caseAdmin,
  caseCreation,
  BOOKING_STATES,
  caseFields,
  customerFields,
  keepEmail,
  queueCaseEmails,
  stampClosedAt,
} from "../cases";
import { bookingStaffEndpoints } from "../endpoints/timebook";
import { CONTACT_SLUG, LINK_SLUG } from "../names";
import type { Contact } from "../types";

export { CONTACT_SLUG };

/** The booking's time, when it was booked with one: what the calendar holds for it (../operations/book-time.ts). */
const timeField: Field = {
  name: "time",
  label: "Time",
  type: "group",
  admin: { readOnly: true, condition: (data) => Boolean(data?.time?.day) },
  fields: [
    { name: "day", label: "Dato", type: "text" },
    { name: "dropOff", label: "Levering", type: "text" },
    { name: "at", type: "date", admin: { hidden: true } },
    { name: "services", label: "Tjenester", type: "json" },
    { name: "size", label: "Bilstørrelse", type: "text" },
    { name: "hours", label: "Arbeidstid (timer)", type: "number" },
    { name: "price", label: "Pris (kr)", type: "number" },
    { name: "earlyStart", label: "Start før angrefristen", type: "checkbox" },
    { name: "holder", type: "text", admin: { hidden: true } },
    { name: "uid", type: "text", admin: { hidden: true } },
    { name: "sequence", type: "number", admin: { hidden: true } },
    { name: "remindedAt", label: "Påminnelse sendt", type: "date" },
    { name: "cancelledAt", label: "Avbestilt", type: "date" },
    { name: "noShowAt", label: "Møtte ikke", type: "date" },
    // the e-mails about the last move or cancellation through the link (../mail/booking-change-mailer.ts)
    {
      name: "changeMail",
      type: "group",
      admin: { hidden: true },
      fields: [
        { name: "customer", type: "select", options: [...CHANGE_MAIL_STATES] },
        { name: "workshop", type: "select", options: [...CHANGE_MAIL_STATES] },
      ],
    },
  ],
};

/** Where a booking's time is kept on its request while it is stored, so a failed store frees it. */
const HELD = "bulkeklinikkenBookedTime";

/**
 * A visitor's new booking (over the REST API) must be what the site sends:
 * the contract's schema, which refuses any other key. It is checked as sent,
 * before Payload adds its defaults, and stored as the schema reads it; a
 * booking with a time books it in the calendar first (refused: 400 or 409).
 */
const onTheSitesTerms =
  (content: BookingContent): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    if (operation !== "create" || req.payloadAPI === "local") return args;
    const result = contactSchema.safeParse(args.data ?? {});
    if (!result.success) {
      const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      throw new ValidationError({ collection: CONTACT_SLUG, errors, req });
    }
    const { time: wanted, ...fields } = result.data;
    if (!wanted) return { ...args, data: fields };
    const time: BookedTime = await bookTime(req.payload, content, wanted);
    req.context[HELD] = time.holder;
    return { ...args, data: { ...fields, time } };
  };

/** What a booking is checked, booked and answered with: the workshop, its services and the booking's e-mail texts. */
export interface BookingContent {
  site: Site;
  services: ServicesContent;
  texts: BookingTexts;
}

/**
 * A visitor's new booking with a time is answered with its calendar file
 * (`calendarFile`), the same as its confirmation's, so the page can offer it
 * at once as `Legg i kalenderen`.
 */
const withCalendarFile =
  (content: BookingContent): CollectionAfterOperationHook<typeof CONTACT_SLUG> =>
  ({ operation, req, result }) => {
    if (operation !== "create" || req.payloadAPI === "local") return result;
    const time = storedTime(result.time);
    if (!time) return result;
    const calendarFile = bookingCalendar(
      content,
      { email: result.email, createdAt: result.createdAt, time },
      "REQUEST",
    );
    return { ...result, calendarFile };
  };

/** A new booking with a time queues its reminder. */
const queueNewReminder: CollectionAfterChangeHook<Contact> = async ({ doc, operation, req }) => {
  const time = operation === "create" ? storedTime(doc.time) : undefined;
  if (time) await queueReminder(req, doc.id, time, new Date(doc.createdAt));
  return doc;
};

/** A booking deleted frees its time and takes its link with it. */
const freeWithBooking: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const booking = await req.payload.findByID({
    collection: CONTACT_SLUG,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
    req,
  });
  if (booking?.time?.holder) await releaseTime(req.payload, booking.time.holder);
  await req.payload.delete({ collection: LINK_SLUG, where: { booking: { equals: id } }, overrideAccess: true, req });
};

/** A booking that could not be stored frees the time it had booked. */
const freeTheTime: CollectionAfterErrorHook = async ({ req }) => {
  const holder = req.context[HELD];
  if (typeof holder === "string") await releaseTime(req.payload, holder);
};

/**
 * The collection. Each new booking's e-mails are queued whether or not this
 * process can send e-mail (`mailOn`): another process on the same database
 * that can sends them.
 */
export function contactCollection(mailOn: boolean, content: BookingContent): CollectionConfig {
  return {
    slug: CONTACT_SLUG,
    labels: { singular: "Bestilling", plural: "Bestillinger" },
    admin: caseAdmin("email", ["email", "phone"]),
    defaultSort: "-createdAt",
    access: caseAccess(caseCreation(true)),
    disableDuplicate: true,
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    // the Timebok's: POST /api/contact/:id/move, /cancel and /no-show (../endpoints/timebook.ts)
    endpoints: bookingStaffEndpoints(content.site),
    hooks: {
      beforeOperation: [onTheSitesTerms(content)],
      afterOperation: [withCalendarFile(content)],
      afterError: [freeTheTime],
      beforeDelete: [freeWithBooking],
      beforeValidate: [keepEmail],
      beforeChange: [stampClosedAt],
      afterChange: [queueCaseEmails(CONTACT_SLUG), queueNewReminder],
    },
    fields: [...customerFields, timeField, ...caseFields(mailOn, BOOKING_STATES)],
  };
}
