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
import { ValidationError, type CollectionBeforeOperationHook, type CollectionConfig } from "payload";
import { contactSchema } from "../../lib/api/schemas";
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
import { CONTACT_SLUG } from "../names";

export { CONTACT_SLUG };

/**
 * A visitor's new booking (over the REST API) must be what the
 * site sends: the contract's schema, which refuses any other key. It is
 * checked as sent, before Payload adds its defaults, and stored as the schema
 * reads it.
 */
const onTheSitesTerms: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== "create" || req.payloadAPI === "local") return args;
  const result = contactSchema.safeParse(args.data ?? {});
  if (!result.success) {
    const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new ValidationError({ collection: CONTACT_SLUG, errors, req });
  }
  return { ...args, data: result.data };
};

/**
 * The collection. Each new booking's e-mails are queued whether or not this
 * process can send e-mail (`mailOn`): another process on the same database
 * that can sends them.
 */
export function contactCollection(mailOn: boolean): CollectionConfig {
  return {
    slug: CONTACT_SLUG,
    labels: { singular: "Bestilling", plural: "Bestillinger" },
    admin: caseAdmin("email", ["email", "phone"]),
    defaultSort: "-createdAt",
    access: caseAccess(caseCreation(true)),
    disableDuplicate: true,
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: {
      beforeOperation: [onTheSitesTerms],
      beforeValidate: [keepEmail],
      beforeChange: [stampClosedAt],
      afterChange: [queueCaseEmails(CONTACT_SLUG)],
    },
    fields: [...customerFields, ...caseFields(mailOn, BOOKING_STATES)],
  };
}
