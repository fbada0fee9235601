/**
 * `contact`: the booking form (POST /api/contact from the site, lib/api/schemas.ts).
 *
 * Anyone may create a booking, on the site's own terms: a visitor's booking
 * is checked with the contract's `contactSchema`, the rule the site checks it
 * with before sending, so it is exactly `{ email, phone, message }` within
 * FIELD_LIMITS (another key, such as a `createdAt` of its own, is refused).
 * Every edit, the workshop's too, keeps each field within the same rules.
 * Only the workshop's staff read, change or delete bookings. A booking is a
 * case (../cases.ts): its state, its e-mails, newest first.
 *
 * The address is kept trimmed and in lower case, so one address is one
 * address however it was typed (the receipt's once-an-hour rule counts by it).
 */
import {
  ValidationError,
  type CollectionBeforeOperationHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
} from "payload";
import { contactSchema, emailSchema, FIELD_LIMITS, phoneSchema } from "../../lib/api/schemas";
import { isStaff, isStaffRequest } from "../access";
import { caseAdmin, caseFields, queueCaseEmails, stampClosedAt } from "../cases";
import { CONTACT_SLUG } from "../names";

export { CONTACT_SLUG };

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
 * A visitor's new booking (over the REST API, not staff) must be what the
 * site sends: the contract's schema, which refuses any other key. It is
 * checked as sent, before Payload adds its defaults, and stored as the schema
 * reads it.
 */
const onTheSitesTerms: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== "create" || isStaffRequest(req) || req.payloadAPI === "local") return args;
  const result = contactSchema.safeParse(args.data ?? {});
  if (!result.success) {
    const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    throw new ValidationError({ collection: CONTACT_SLUG, errors, req });
  }
  return { ...args, data: result.data };
};

/** Every booking, however it is made or changed, keeps its address as it is kept. */
const keepEmail: CollectionBeforeValidateHook = ({ data }) =>
  typeof data?.email === "string" ? { ...data, email: keptEmail(data.email) } : data;

/** The collection; `mailOn` queues each new booking's e-mails. */
export function contactCollection(mailOn: boolean): CollectionConfig {
  return {
    slug: CONTACT_SLUG,
    labels: { singular: "Bestilling", plural: "Bestillinger" },
    admin: caseAdmin("email", ["email", "phone"]),
    defaultSort: "-createdAt",
    access: { create: () => true, read: isStaff, update: isStaff, delete: isStaff },
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: {
      beforeOperation: [onTheSitesTerms],
      beforeValidate: [keepEmail],
      beforeChange: [stampClosedAt],
      afterChange: mailOn ? [queueCaseEmails(CONTACT_SLUG)] : [],
    },
    fields: [
      { name: "email", label: "E-post", type: "email", required: true, index: true, validate: rule(emailSchema()) },
      {
        name: "phone",
        label: "Telefon",
        type: "text",
        required: true,
        maxLength: FIELD_LIMITS.phone,
        validate: rule(phoneSchema()),
      },
      {
        name: "message",
        label: "Melding",
        type: "textarea",
        maxLength: FIELD_LIMITS.message,
        validate: rule(contactSchema.shape.message, true),
      },
      ...caseFields(mailOn),
    ],
  };
}
