/**
 * `contact`: the booking form (POST /api/contact from the site, lib/api/schemas.ts).
 *
 * Anyone may create a booking, on the site's own terms: a visitor's booking
 * is checked with the contract's `contactSchema`, the rule the site checks it
 * with before sending, so it is exactly `{ email, phone, message }` within
 * FIELD_LIMITS (another key, such as a `createdAt` of its own, is refused).
 * Every edit, the workshop's too, keeps each field within the same rules.
 * Only the logged-in workshop reads, changes or deletes bookings.
 *
 * The address is kept trimmed and in lower case, so one address is one
 * address however it was typed (the receipt's once-an-hour rule counts by it).
 * Each new booking starts its e-mails (../email.ts) once it is stored.
 */
import {
  ValidationError,
  type Access,
  type CollectionAfterChangeHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
} from "payload";
import { contactSchema, emailSchema, FIELD_LIMITS, phoneSchema } from "../../lib/api/schemas";
import type { Booking, BookingMailer } from "../email";

export const CONTACT_SLUG = "contact";

const isStaff: Access = ({ req }) => Boolean(req.user);

interface Check {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** A field's `validate` from a contract schema: true, or the schema's first message. */
const rule =
  (schema: Check, orEmpty = false) =>
  (value: unknown): true | string => {
    const result = schema.safeParse(orEmpty ? (value ?? "") : value);
    return result.success || (result.error?.issues[0]?.message ?? "ugyldig verdi");
  };

/** The address as it is kept: trimmed, in lower case. */
const keptEmail = (email: string) => email.trim().toLowerCase();

/**
 * A visitor's new booking (over the REST API, not logged in) must be what the
 * site sends: the contract's schema, which refuses any other key. Answers
 * the booking as the schema reads it, the address as it is kept.
 */
const onTheSitesTerms: CollectionBeforeValidateHook = ({ data, operation, req }) => {
  if (operation !== "create" || req.user || req.payloadAPI === "local") {
    return typeof data?.email === "string" ? { ...data, email: keptEmail(data.email) } : data;
  }
  // Payload has by now given every field of the collection a key, left undefined when not sent
  const sent = Object.fromEntries(Object.entries(data ?? {}).filter(([, value]) => value !== undefined));
  const result = contactSchema.safeParse(sent);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new ValidationError({ collection: CONTACT_SLUG, errors, req });
  }
  return { ...result.data, email: keptEmail(result.data.email) };
};

/** The collection; `mailer` sends each new booking's e-mails (none when left out). */
export function contactCollection(mailer?: BookingMailer): CollectionConfig {
  const mailOnCreate: CollectionAfterChangeHook = ({ doc, operation, req }) => {
    if (operation === "create") mailer?.send(req.payload, doc as Booking);
    return doc;
  };
  return {
    slug: CONTACT_SLUG,
    labels: { singular: "Bestilling", plural: "Bestillinger" },
    admin: { useAsTitle: "email", defaultColumns: ["email", "phone", "createdAt"] },
    access: { create: () => true, read: isStaff, update: isStaff, delete: isStaff },
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: { beforeValidate: [onTheSitesTerms], afterChange: [mailOnCreate] },
    fields: [
      { name: "email", type: "email", required: true, index: true, validate: rule(emailSchema()) },
      { name: "phone", type: "text", required: true, maxLength: FIELD_LIMITS.phone, validate: rule(phoneSchema()) },
      {
        name: "message",
        type: "textarea",
        maxLength: FIELD_LIMITS.message,
        validate: rule(contactSchema.shape.message, true),
      },
    ],
  };
}
