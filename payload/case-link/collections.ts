/**
 * The records behind a customer's link (./index.ts). None is open to any
 * request, the workshop's included: the plugin's own endpoints write and read
 * them with the local API, and the admin shows them on the quote's page.
 *
 *   - `case-offers`: each offer the workshop sends on a quote, a new version
 *     each time (`key` = `<quote>:<version>` is unique, so two offers sent at
 *     once cannot take one number), its lines and total in whole kroner with
 *     VAT, its price kind, validity, drop-off times, and the customer's answer;
 *   - `case-links`: one per e-mail with a link, for photos or an offer on a
 *     quote, or for a booked time (`booking`, a booking's, not a quote's);
 *     only the SHA-256 of its token is stored (`tokenHash`), written by the
 *     job that mails the token, and it ends when replaced or its case closes;
 *   - `case-events`: the case's history as the admin shows it (sent, accepted,
 *     a question, photos added), each with its e-mails' outcome; `once` is
 *     unique, so an action pressed many times at once is stored once;
 *   - `agreements`: what an accepted offer leaves behind, with no link to the
 *     case, so it stays when the case and its photos are deleted, and is
 *     itself deleted AGREEMENT_KEPT_YEARS after the acceptance (../jobs/cleanup.ts).
 */
import type { CollectionConfig, Field } from "payload";
import { PRICE_TYPES } from "../../lib/api/case-link";
import { isStaff, NO_REQUEST } from "../access";
import { eraseAgreementEndpoint } from "../endpoints/agreement-erase";
import { AGREEMENT_KEPT_YEARS, FORGOTTEN_CASE_TEXT } from "../cases";
import {
  ADMIN_COMPONENTS,
  AGREEMENT_SLUG,
  CONTACT_SLUG,
  ERASURE_SLUG,
  EVENT_SLUG,
  INQUIRY_SLUG,
  LINK_SLUG,
  OFFER_SLUG,
} from "../names";

export const PRICE_TYPE_LABELS = { fixed: "Fast pris", max: "Høyeste pris", estimate: "Prisoverslag" } as const;
const priceTypeOptions = PRICE_TYPES.map((value) => ({ value, label: PRICE_TYPE_LABELS[value] }));

export const OFFER_STATES = [
  { value: "sent", label: "Sendt" },
  { value: "accepted", label: "Godtatt" },
  { value: "declined", label: "Avslått" },
  { value: "replaced", label: "Erstattet av et nytt tilbud" },
  { value: "closed", label: "Saken ble avsluttet" },
] as const;
export type OfferState = (typeof OFFER_STATES)[number]["value"];

/** An offer as the plugin reads it back (depth 0). */
export interface OfferRecord {
  id: number | string;
  inquiry: number | string;
  version: number;
  priceType: (typeof PRICE_TYPES)[number];
  lines: { description: string; amountNok: number }[];
  totalNok: number;
  validUntil: string;
  dropOffTimes: string[];
  note?: string | null;
  state: OfferState;
  answer?: { at?: string | null; name?: string | null; chosenTime?: string | null; earlyStart?: boolean | null } | null;
}

export const EVENT_KINDS = [
  { value: "offer", label: "Tilbud sendt" },
  { value: "photoRequest", label: "Bedt om flere bilder" },
  { value: "accepted", label: "Tilbudet ble godtatt" },
  { value: "declined", label: "Tilbudet ble avslått" },
  { value: "question", label: "Spørsmål fra kunden" },
  { value: "photos", label: "Bilder lagt til" },
  { value: "autoClosed", label: FORGOTTEN_CASE_TEXT },
] as const;
export type EventKind = (typeof EVENT_KINDS)[number]["value"];

const MAIL_STATES = [
  { value: "pending", label: "Venter" },
  { value: "sent", label: "Sendt" },
  { value: "failed", label: "Feilet (prøves igjen)" },
  { value: "none", label: "Ingen e-post" },
] as const;
export type MailState = (typeof MAIL_STATES)[number]["value"];

const hidden = (slug: string, singular: string, plural: string, fields: Field[]): CollectionConfig => ({
  slug,
  labels: { singular, plural },
  access: NO_REQUEST,
  admin: { hidden: true },
  graphQL: false,
  disableDuplicate: true,
  fields,
});

const quote: Field = { name: "inquiry", type: "relationship", relationTo: INQUIRY_SLUG, required: true, index: true };

const lines: Field = {
  name: "lines",
  labels: { singular: "Linje", plural: "Linjer" },
  type: "array",
  required: true,
  fields: [
    { name: "description", label: "Beskrivelse", type: "text", required: true },
    { name: "amountNok", label: "Beløp (kr med mva.)", type: "number", required: true },
  ],
};

/** A moment as the admin shows it: `1. desember 2026 kl. 10:12`. */
const MOMENT = { pickerAppearance: "dayAndTime", displayFormat: "d. MMMM yyyy 'kl.' HH:mm" } as const;

export const offerCollection = hidden(OFFER_SLUG, "Tilbud", "Tilbud", [
  quote,
  { name: "version", type: "number", required: true },
  // `<quote id>:<version>`: the database takes one offer per number
  { name: "key", type: "text", required: true, unique: true, index: true },
  { name: "priceType", type: "select", options: priceTypeOptions, required: true },
  lines,
  { name: "totalNok", type: "number", required: true },
  // the last day it may be accepted, `YYYY-MM-DD`, Oslo's calendar
  { name: "validUntil", type: "text", required: true },
  // ISO instants, in the order the workshop gave them
  {
    name: "dropOffTimes",
    type: "json",
    required: true,
    typescriptSchema: [() => ({ type: "array", items: { type: "string" } })],
  },
  { name: "note", type: "textarea" },
  { name: "state", type: "select", options: [...OFFER_STATES], required: true, defaultValue: "sent", index: true },
  {
    name: "answer",
    type: "group",
    fields: [
      { name: "at", type: "date" },
      { name: "name", type: "text" },
      { name: "chosenTime", type: "text" },
      { name: "earlyStart", type: "checkbox" },
    ],
  },
]);

export const LINK_PURPOSES = ["photos", "offer", "booking"] as const;

export const linkCollection = hidden(LINK_SLUG, "Lenke", "Lenker", [
  // a quote's link names the quote, a booking link the booking
  { ...quote, required: false },
  { name: "booking", type: "relationship", relationTo: CONTACT_SLUG, index: true },
  { name: "purpose", type: "select", options: [...LINK_PURPOSES], required: true },
  { name: "offer", type: "relationship", relationTo: OFFER_SLUG },
  // the workshop's words on a photo link
  { name: "message", type: "textarea" },
  // the SHA-256 of the token, hex; empty until the e-mail with the token is sent
  { name: "tokenHash", type: "text", unique: true, index: true },
  { name: "mailedAt", type: "date" },
  { name: "mail", type: "select", options: [...MAIL_STATES], defaultValue: "pending" },
  { name: "endedAt", type: "date" },
  { name: "endedBecause", type: "select", options: ["replaced", "closed"] },
]);

export const eventCollection = hidden(EVENT_SLUG, "Hendelse", "Hendelser", [
  quote,
  { name: "kind", type: "select", options: [...EVENT_KINDS], required: true },
  { name: "at", type: "date", required: true },
  { name: "version", type: "number" },
  { name: "text", type: "textarea" },
  { name: "photos", type: "upload", relationTo: "media", hasMany: true },
  // an action's own key: one event per action, however many presses
  { name: "once", type: "text", unique: true, index: true },
  {
    name: "mail",
    type: "group",
    fields: [
      { name: "workshop", type: "select", options: [...MAIL_STATES], defaultValue: "none" },
      { name: "customer", type: "select", options: [...MAIL_STATES], defaultValue: "none" },
    ],
  },
]);

/** Staff read it in the admin; nobody writes it over the API (the plugin's code does). */
const staffReadOnly: CollectionConfig["access"] = { ...NO_REQUEST, read: isStaff };

export const agreementCollection: CollectionConfig = {
  ...hidden(AGREEMENT_SLUG, "Avtale", "Avtaler", [
    // the case's number, as a number: the case itself is deleted long before this record
    { name: "caseNumber", label: "Saksnummer", type: "text", required: true },
    { name: "regNumber", label: "Registreringsnummer", type: "text", required: true },
    { name: "name", label: "Navn", type: "text", required: true },
    { name: "email", label: "E-post", type: "text", required: true },
    { name: "version", label: "Versjon av tilbudet", type: "number", required: true },
    { name: "priceType", label: "Pris", type: "select", options: priceTypeOptions, required: true },
    { ...lines, label: "Linjer" },
    { name: "totalNok", label: "Totalt (kr med mva.)", type: "number", required: true },
    { name: "chosenTime", label: "Levering", type: "text", required: true },
    { name: "earlyStart", label: "Arbeidet starter før angrefristen er ute", type: "checkbox" },
    { name: "acceptedAt", label: "Godtatt", type: "date", required: true, index: true, admin: { date: MOMENT } },
    { name: "confirmation", label: "Bekreftelsen kunden fikk", type: "textarea", required: true },
    // deleting it at the customer's request, with the reason kept (ERASURE_SLUG)
    { name: "erase", type: "ui", admin: { components: { Field: ADMIN_COMPONENTS.eraseAgreement } } },
  ]),
  access: staffReadOnly,
  endpoints: [eraseAgreementEndpoint],
  admin: {
    useAsTitle: "caseNumber",
    defaultColumns: ["caseNumber", "regNumber", "name", "acceptedAt"],
    description: `Det som står igjen når kunden har godtatt et tilbud. Kan ikke endres; slettes ${AGREEMENT_KEPT_YEARS} år etter at tilbudet ble godtatt, eller før på kundens forespørsel.`,
  },
  defaultSort: "-acceptedAt",
};

/** An agreement deleted at its customer's request: which, when, and why; kept as long as the agreement would have been. */
export const erasureCollection: CollectionConfig = {
  ...hidden(ERASURE_SLUG, "Slettet avtale", "Slettede avtaler", [
    { name: "caseNumber", label: "Saksnummer", type: "text", required: true },
    { name: "version", label: "Versjon av tilbudet", type: "number", required: true },
    { name: "acceptedAt", label: "Godtatt", type: "date", required: true, index: true, admin: { date: MOMENT } },
    { name: "erasedAt", label: "Slettet", type: "date", required: true, admin: { date: MOMENT } },
    { name: "reason", label: "Grunn", type: "textarea", required: true },
  ]),
  access: staffReadOnly,
  admin: { useAsTitle: "caseNumber", defaultColumns: ["caseNumber", "erasedAt", "reason"] },
  defaultSort: "-erasedAt",
};

export const caseLinkCollections = [
  offerCollection,
  linkCollection,
  eventCollection,
  agreementCollection,
  erasureCollection,
];
