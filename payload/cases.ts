/**
 * What a booking and a price quote share as a customer's case in the
 * workshop's admin:
 *
 *   - the customer's address, phone and message, each kept within the
 *     contract's rules on every edit, the workshop's too; the address trimmed
 *     and in lower case, so one address is one address however it was typed
 *     (the receipt's once-an-hour rule counts by it);
 *   - its state, set by the workshop: Ny (the contract's `NEW`, the first),
 *     Besvart, Avsluttet; a quote also Godtatt, when its customer accepted
 *     an offer through their link (./case-link/). Closing it stamps the time (`closedAt`); the
 *     cleanup job deletes it CLOSED_CASE_KEPT_MS later (./jobs/cleanup.ts);
 *   - whether its e-mails went: the workshop's and the customer's receipt,
 *     each `pending` until the e-mail job has tried (./mail/case-mailer.ts), or `off`
 *     when the process that stored it sends no e-mail (one on the same
 *     database that can still sends them, and records it);
 *   - its e-mails, queued as it is stored (queueCaseEmails), by every process;
 *   - the workshop's own note, never shown to the customer;
 *   - in the admin: newest first in the lists, and its page opening on what
 *     the customer sent, as they sent it (./admin/sent/Sent.tsx): what the
 *     customer sent is changed by no request, the workshop's included, and
 *     no staff member makes a case; staff set its state and their note.
 */
import {
  getCurrentDate,
  type Access,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type Field,
} from "payload";
import { contactSchema, emailSchema, FIELD_LIMITS, phoneSchema } from "../lib/api/schemas";
import { isStaff, isStaffRequest } from "./access";
import { ADMIN_COMPONENTS, CASE_EMAILS_TASK, type CaseSlug } from "./names";
import { queueJob } from "./queue";

export const CASE_STATES = [
  { value: "NEW", label: "Ny" },
  { value: "ANSWERED", label: "Besvart" },
  // a quote whose offer the customer accepted through their link (./case-link/)
  { value: "ACCEPTED", label: "Godtatt" },
  { value: "CLOSED", label: "Avsluttet" },
] as const;
export type CaseState = (typeof CASE_STATES)[number]["value"];
/** A booking's states: no offer is sent on one, so none is accepted. */
export const BOOKING_STATES = CASE_STATES.filter((state) => state.value !== "ACCEPTED");

/** How long a closed case and its photos are kept after it was closed. */
export const CLOSED_CASE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a case neither the workshop nor the customer touched stays open before it closes by itself. */
export const FORGOTTEN_CASE_MS = 90 * 24 * 60 * 60 * 1000;
/** What a case closed by itself says of it, in its history (a quote's) or its note (a booking's). */
export const FORGOTTEN_CASE_TEXT = "Lukket automatisk etter 90 dager uten aktivitet";
/** How many years an agreement is kept after its offer was accepted: complaints about lasting work come up to five years later. */
export const AGREEMENT_KEPT_YEARS = 5;
/** How long a photo that no quote names is kept after its upload. */
export const UNUSED_PHOTO_KEPT_MS = 24 * 60 * 60 * 1000;

export const EMAIL_STATES = [
  { value: "pending", label: "Venter" },
  { value: "sent", label: "Sendt" },
  { value: "skipped", label: "Ikke sendt (kvittering sendt siste time)" },
  { value: "failed", label: "Feilet (prøves igjen i inntil et døgn)" },
  { value: "off", label: "Ikke sendt (e-post er ikke satt opp)" },
] as const;
export type EmailState = (typeof EMAIL_STATES)[number]["value"];

/** The case's fields as the e-mails and the cleanup read them. */
export interface CaseRecord {
  id: number | string;
  email: string;
  phone: string;
  message?: string | null;
  createdAt: string;
  status?: CaseState;
  closedAt?: string | null;
  emails?: { workshop?: EmailState | null; receipt?: EmailState | null } | null;
}

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

/** Whoever asks, an update keeps what the customer sent: Payload keeps the stored value and drops what is sent. */
export const keptAsSent = { update: () => false };

/**
 * A field of what the customer sent: kept as it came (keptAsSent), and shown
 * on the case's page by `component`, one of ./admin/sent/Sent.tsx, not as an input.
 */
export const asSent = (component: keyof typeof ADMIN_COMPONENTS.sent) =>
  ({ access: keptAsSent, admin: { components: { Field: ADMIN_COMPONENTS.sent[component] } } }) as const;

/** The customer's address, phone and message, checked by the contract's rules. */
export const customerFields: Field[] = [
  {
    type: "row",
    fields: [
      {
        name: "phone",
        label: "Telefon",
        type: "text",
        required: true,
        maxLength: FIELD_LIMITS.phone,
        validate: rule(phoneSchema()),
        ...asSent("phone"),
      },
      {
        name: "email",
        label: "E-post",
        type: "email",
        required: true,
        index: true,
        validate: rule(emailSchema()),
        ...asSent("email"),
      },
    ],
  },
  {
    name: "message",
    label: "Melding",
    type: "textarea",
    maxLength: FIELD_LIMITS.message,
    validate: rule(contactSchema.shape.message, true),
    ...asSent("message"),
  },
];

/** The longest note the workshop keeps on a case. */
export const WORKSHOP_NOTE_MAX_LENGTH = 5000;

/** Every case, however it is made or changed, keeps its address trimmed and in lower case. */
export const keepEmail: CollectionBeforeValidateHook = ({ data }) =>
  typeof data?.email === "string" ? { ...data, email: data.email.trim().toLowerCase() } : data;

/** Set by the plugin's own code only (the local API), never by a request, the workshop's included. */
export const setByThePlugin = { create: () => false, update: () => false };

const emailState = (name: "workshop" | "receipt", label: string, mailOn: boolean): Field => ({
  name,
  label,
  type: "select",
  options: [...EMAIL_STATES],
  defaultValue: mailOn ? "pending" : "off",
  access: setByThePlugin,
  admin: { readOnly: true },
});

/** The state, the time it was closed and the e-mails' outcome (`off` when `mailOn` is false), in the admin's sidebar. */
export const caseFields = (mailOn: boolean, states: readonly { value: string; label: string }[]): Field[] => [
  {
    name: "status",
    label: "Status",
    // one tap each, every state in sight
    type: "radio",
    options: [...states],
    defaultValue: "NEW",
    required: true,
    index: true,
    admin: { position: "sidebar", layout: "vertical" },
  },
  {
    name: "workshopNote",
    label: "Verkstedets notat",
    type: "textarea",
    maxLength: WORKSHOP_NOTE_MAX_LENGTH,
    admin: { position: "sidebar", description: "Bare for verkstedet. Kunden ser det aldri.", rows: 4 },
  },
  {
    name: "closedAt",
    label: "Avsluttet",
    type: "date",
    index: true,
    // set from the status by stampClosedAt, whatever a request sends
    access: setByThePlugin,
    admin: { position: "sidebar", components: { Field: ADMIN_COMPONENTS.closedAt } },
  },
  // Payload's own timestamp, declared here so that it too stays as it came: the list's order, the dashboard's and the
  // receipt's once-an-hour rule read it
  {
    name: "createdAt",
    label: "Opprettet",
    type: "date",
    index: true,
    access: keptAsSent,
    admin: { disableBulkEdit: true, hidden: true },
  },
  {
    name: "emails",
    label: "E-post",
    type: "group",
    admin: { position: "sidebar", components: { Field: ADMIN_COMPONENTS.emailStates } },
    fields: [emailState("workshop", "Til verkstedet", mailOn), emailState("receipt", "Til kunden", mailOn)],
  },
];

/** Closing a case stamps when; any other state clears it. */
export const stampClosedAt: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const status = (data.status ?? originalDoc?.status) as CaseState | undefined;
  if (status !== "CLOSED") return { ...data, closedAt: null };
  if (originalDoc?.status === "CLOSED" && originalDoc.closedAt) return { ...data, closedAt: originalDoc.closedAt };
  return { ...data, closedAt: getCurrentDate().toISOString() };
};

/** How many cases a page of the admin's list shows. */
export const CASES_PER_PAGE = 50;

/**
 * The admin's view of a case collection: its own list (./admin/case-list/CaseList.tsx),
 * searched by `searchable`, and a case's page without the tabs of Payload's
 * other views of it (its API view is for developers).
 */
export const caseAdmin = (useAsTitle: string, searchable: string[]): CollectionConfig["admin"] => ({
  group: "Saker",
  useAsTitle,
  listSearchableFields: searchable,
  pagination: { defaultLimit: CASES_PER_PAGE },
  hideAPIURL: true,
  components: {
    views: {
      list: { Component: ADMIN_COMPONENTS.caseList },
      edit: { default: { tab: { condition: () => false } } },
    },
  },
});

/**
 * What every case collection's own access says beside who makes one: staff
 * read it, change it only as its fields' own rules let them (the state and
 * their note), and delete it (a customer may ask to be deleted at once; the
 * cleanup deletes it anyway CLOSED_CASE_KEPT_MS after it was closed).
 */
export const caseAccess = (create: Access): CollectionConfig["access"] => ({
  create,
  read: isStaff,
  update: isStaff,
  delete: isStaff,
});

/**
 * Who may make a case through the REST API: the site's visitors (`open`, a
 * booking) or nobody (a quote comes through its own endpoint, which stores it
 * with the local API); never the workshop's staff, so the admin offers no
 * button to make one.
 */
export const caseCreation =
  (open: boolean): Access =>
  ({ req }) =>
    open && !isStaffRequest(req);

/** Queues a new case's e-mails in the transaction that stores it (./jobs/tasks.ts). */
export const queueCaseEmails =
  (slug: CaseSlug): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    if (operation === "create") {
      await queueJob(req, { task: CASE_EMAILS_TASK, input: { collection: slug, id: (doc as CaseRecord).id } });
    }
    return doc;
  };
