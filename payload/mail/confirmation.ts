/**
 * The confirmation a customer gets when they accept an offer: the whole
 * offer, its price kind, the time, how to cancel and the withdrawal right.
 * Its text is written once, as they accept, and kept in the agreement; the
 * e-mail sends that kept text.
 */
import type { PriceType } from "../../lib/api/case-link";
import { withdrawalDeadline } from "../../lib/withdrawal";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill, formatDate, formatMoment, formatPrice } from "../../lib/format";
import { workshopFields } from "../content";
import type { Agreement } from "../types";
import { toCustomer, type Mail } from "./message";

/** What an acceptance says, as the confirmation and the agreement hold it. */
export interface Acceptance {
  regNumber: string;
  name: string;
  priceType: PriceType;
  lines: { description: string; amountNok: number }[];
  totalNok: number;
  chosenTime: string;
  earlyStart: boolean;
  acceptedAt: Date;
}

/** The confirmation's subject and text: the whole offer, its price kind, the time, how to cancel, the withdrawal right. */
export function confirmation(texts: CaseLinkTexts, site: Site, a: Acceptance) {
  const t = texts.confirmation;
  const kind = texts.priceTypes[a.priceType];
  const fields = {
    ...workshopFields(site),
    regNumber: a.regNumber,
    customerName: a.name,
    acceptedAt: formatMoment(a.acceptedAt.toISOString()),
    time: formatMoment(a.chosenTime),
    withdrawalDeadline: formatDate(withdrawalDeadline(a.acceptedAt)),
  };
  const lines = a.lines.map((line) => `${line.description}: ${formatPrice(line.amountNok)}`).join("\n");
  const text = [
    fill(t.greeting, fields),
    fill(t.intro, fields),
    lines,
    `${t.totalLabel}: ${formatPrice(a.totalNok)}\n${t.vatNote}`,
    `${kind.name}: ${kind.sentence}`,
    fill(t.time, fields),
    fill(t.cancel, fields),
    fill(t.withdrawal, fields),
    ...(a.earlyStart ? [fill(t.earlyStart, fields)] : []),
    fill(t.closing, fields),
    `-- \n${fill(t.footer, fields)}`,
  ].join("\n\n");
  return { subject: fill(t.subject, fields), text };
}

/** The agreement's fields the confirmation's e-mail is written from. */
export type AgreementFacts = Pick<
  Agreement,
  | "regNumber"
  | "name"
  | "email"
  | "priceType"
  | "lines"
  | "totalNok"
  | "chosenTime"
  | "earlyStart"
  | "acceptedAt"
  | "confirmation"
>;

/** The confirmation's e-mail to the address that accepted: the text the agreement keeps, under its subject. */
export function confirmationMail(texts: CaseLinkTexts, site: Site, agreement: AgreementFacts): Mail {
  const { subject } = confirmation(texts, site, {
    ...agreement,
    earlyStart: Boolean(agreement.earlyStart),
    acceptedAt: new Date(agreement.acceptedAt),
  });
  return { ...toCustomer(site, agreement.email), subject, text: agreement.confirmation };
}
