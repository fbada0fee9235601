/**
 * `inquiries`: the price quotes the site sends (POST /api/inquiry,
 * ../endpoints/inquiry.ts), each with its damages, every damage linked to its
 * photos in `media`. Visitors create quotes through that endpoint only, on
 * the contract's terms; only the workshop's staff read them and set their
 * state and note, and what the customer sent stays as it came. A quote is a case
 * (../cases.ts): its state, the workshop's note, its e-mails, newest first;
 * the list shows each quote's plate, car, state and number of photos
 * (../admin/case-list/CaseList.tsx).
 */
import {
  ValidationError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type CollectionConfig,
  type Field,
} from "payload";
import { FIELD_LIMITS } from "../../lib/api/schemas";
import { staffEndpoints } from "../endpoints/case-link-staff";
import { closeCaseLinks, deleteCaseLinks } from "../operations/close-case";
import {
  CASE_STATES,
  asSent,
  keptAsSent,
  caseAccess,
  caseAdmin,
  caseCreation,
  caseFields,
  customerFields,
  keepEmail,
  queueCaseEmails,
  setByThePlugin,
  stampClosedAt,
} from "../cases";
import { ADMIN_COMPONENTS, INQUIRY_SLUG, MEDIA_SLUG } from "../names";

export const VEHICLE_LOOKUPS = [
  { value: "found", label: "Funnet" },
  { value: "unknown", label: "Statens vegvesen kjenner ikke registreringsnummeret" },
  { value: "unavailable", label: "Ikke slått opp: Statens vegvesen svarte ikke da forespørselen kom" },
] as const;

const day = (name: string, label: string): Field => ({
  name,
  label,
  type: "date",
  access: setByThePlugin,
  admin: { readOnly: true, date: { pickerAppearance: "dayOnly", displayFormat: "dd.MM.yyyy" } },
});

const said = (name: string, label: string): Field => ({
  name,
  label,
  type: "text",
  access: setByThePlugin,
  admin: { readOnly: true },
});

/**
 * The car the registration number names, as the plugin looked it up at
 * Statens vegvesen when the quote came (../vehicle/), or why it is not
 * there; empty when nothing was looked up.
 */
const vehicleField: Field = {
  name: "vehicle",
  label: "Bilen (kilde: Statens vegvesen)",
  type: "group",
  access: keptAsSent,
  admin: { components: { Field: ADMIN_COMPONENTS.sent.car } },
  fields: [
    {
      name: "lookup",
      label: "Oppslag",
      type: "select",
      options: [...VEHICLE_LOOKUPS],
      access: setByThePlugin,
      admin: { readOnly: true },
    },
    {
      type: "row",
      fields: [said("make", "Merke"), said("model", "Modell"), said("colour", "Farge"), said("plate", "Kjennemerke")],
    },
    {
      type: "row",
      fields: [day("firstRegistered", "Først registrert i Norge"), day("euControlDeadline", "Frist for EU-kontroll")],
    },
  ],
};

/**
 * A quote whose offer the customer accepted stays Godtatt until it is
 * closed: neither a hand nor a page opened before the acceptance moves it
 * back to Ny or Besvart.
 */
const keepAcceptance: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (originalDoc?.status === "ACCEPTED" && data.status && !["ACCEPTED", "CLOSED"].includes(data.status as string)) {
    throw new ValidationError({
      collection: INQUIRY_SLUG,
      errors: [{ path: "status", message: "Kunden har godtatt et tilbud i denne saken. Saken kan bare avsluttes." }],
      req,
    });
  }
  return data;
};

/** A quote moved to Avsluttet ends its customer's links (../operations/close-case.ts). */
const endLinksOnClose: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === "update" && doc.status === "CLOSED" && previousDoc?.status !== "CLOSED") {
    await closeCaseLinks(req, doc.id);
  }
  return doc;
};

/** A quote deleted takes its offers, links and history with it; an agreement stays. */
const deleteLinksWithQuote: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await deleteCaseLinks(req, id);
};

/**
 * The collection. Each new quote's e-mails are queued whether or not this
 * process can send e-mail (`mailOn`): another process on the same database
 * that can sends them.
 */
export function inquiryCollection(mailOn: boolean): CollectionConfig {
  return {
    slug: INQUIRY_SLUG,
    labels: { singular: "Forespørsel", plural: "Forespørsler" },
    admin: caseAdmin("regNumber", ["regNumber", "email", "phone"]),
    defaultSort: "-createdAt",
    access: caseAccess(caseCreation(false)),
    disableDuplicate: true,
    // the site speaks REST only; GraphQL would be one more way in to guard
    graphQL: false,
    hooks: {
      beforeValidate: [keepEmail],
      beforeChange: [keepAcceptance, stampClosedAt],
      afterChange: [queueCaseEmails(INQUIRY_SLUG), endLinksOnClose],
      beforeDelete: [deleteLinksWithQuote],
    },
    // the workshop's answers: POST /api/inquiries/:id/send-offer and /request-photos (../endpoints/case-link-staff.ts)
    endpoints: staffEndpoints,
    fields: [
      {
        name: "regNumber",
        label: "Registreringsnummer",
        type: "text",
        required: true,
        maxLength: FIELD_LIMITS.regNumber,
        ...asSent("plate"),
      },
      vehicleField,
      ...customerFields,
      {
        name: "damages",
        label: "Skader",
        labels: { singular: "Skade", plural: "Skader" },
        type: "array",
        minRows: 1,
        maxRows: FIELD_LIMITS.damages,
        required: true,
        ...asSent("photos"),
        fields: [
          {
            name: "photos",
            label: "Bilder",
            type: "upload",
            relationTo: MEDIA_SLUG,
            hasMany: true,
            required: true,
            minRows: 1,
            maxRows: FIELD_LIMITS.imagesPerDamage,
          },
        ],
      },
      // the workshop's answer, below what the customer sent: nothing stored here (../admin/case-answer/CaseAnswer.tsx)
      { name: "answer", type: "ui", admin: { components: { Field: ADMIN_COMPONENTS.caseAnswer } } },
      {
        name: "userId",
        label: "Bruker-id fra nettsiden",
        type: "text",
        maxLength: FIELD_LIMITS.userId,
        access: keptAsSent,
        // the site sends the same id with every quote: nothing for the workshop to read
        admin: { hidden: true },
      },
      // one quote per Idempotency-Key: the database refuses a second with the same key
      {
        name: "idempotencyKey",
        type: "text",
        unique: true,
        index: true,
        access: keptAsSent,
        admin: { hidden: true },
      },
      // the body the key was first sent with (its canonical JSON's SHA-256)
      { name: "bodyDigest", type: "text", access: keptAsSent, admin: { hidden: true } },
      ...caseFields(mailOn, CASE_STATES),
    ],
  };
}
