/**
 * What every e-mail the plugin writes shares: its shape, whom it goes to and
 * whom a reply reaches, and the lines the workshop's e-mails about a customer
 * all carry (the customer's address and phone, the link to the admin, the
 * photos' links). Pure: the builders beside it are functions of plain data.
 */
import type { Site } from "../../lib/content/schemas";
import { fill } from "../../lib/format";
import { workshopFields } from "../content";
import type { Inquiry } from "../types";

/** An e-mail as the builders write it and `send` (./send.ts) sends it. */
export interface Mail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** a calendar file, which the mail program offers to put in the calendar */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

/** Marks an e-mail as written by a machine, so no mail program answers it with an automatic reply. */
const AUTO_SUBMITTED = { "Auto-Submitted": "auto-generated" } as const;

/** An e-mail to the workshop about a customer: a reply to it answers the customer. */
export const toWorkshop = (workshopEmail: string, customerEmail: string) => ({
  to: workshopEmail,
  replyTo: customerEmail,
});

/** An e-mail to a customer: a reply to it reaches the workshop, and it says that a machine wrote it. */
export const toCustomer = (site: Site, customerEmail: string) => ({
  to: customerEmail,
  replyTo: site.email,
  headers: { ...AUTO_SUBMITTED },
});

/** How a customer is reached, as every case holds it. */
export type Customer = Pick<Inquiry, "email" | "phone">;

/** The fields a workshop e-mail may fill in: the workshop's details and the customer's address and phone. */
export const customerFields = (site: Site, customer: Customer) => ({
  ...workshopFields(site),
  customerEmail: customer.email,
  customerPhone: customer.phone,
});

/** The customer's address and phone, each after its label. */
export const contactLines = (labels: { emailLabel: string; phoneLabel: string }, customer: Customer) =>
  `${labels.emailLabel}: ${customer.email}\n${labels.phoneLabel}: ${customer.phone}`;

/** A photo's link text: `template` with the photo's number. */
export const photoLabel = (template: string, number: number) => fill(template, { number: String(number) });

/** A link written out after its label. */
export const linkLine = (label: string, url: string) => `${label}: ${url}`;
