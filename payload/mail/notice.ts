/**
 * The workshop's e-mail about what a customer did through their link: an
 * acceptance (with the time they chose and whether they asked for an early
 * start), a decline, a question (with its words) or new photos (each as a
 * link). The customer's address is its Reply-To, so a reply answers a
 * question. Every link comes before the customer's words, so nothing they
 * wrote can pass for one.
 */
import { withdrawalDeadline } from "../../lib/withdrawal";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill, formatDate, formatMoment } from "../../lib/format";
import type { Agreement, CaseEvent } from "../types";
import { contactLines, customerFields, linkLine, photoLabel, toWorkshop, type Customer, type Mail } from "./message";

/** What a customer can do through their link that the workshop hears of. */
export type NoticeKind = Exclude<CaseEvent["kind"], "offer" | "photoRequest" | "autoClosed">;

export interface NoticeInput {
  texts: CaseLinkTexts;
  site: Site;
  /** where the workshop's e-mails go */
  workshopEmail: string;
  kind: NoticeKind;
  quote: Customer & { regNumber: string };
  event: Pick<CaseEvent, "version" | "text">;
  /** the new photos' absolute urls */
  photos: string[];
  /** the agreement an acceptance left */
  agreement?: Pick<Agreement, "name" | "chosenTime" | "earlyStart" | "acceptedAt">;
  /** the case's page in the admin, absolute */
  adminUrl: string;
}

/** The workshop's e-mail about `kind` on `quote` (see the module's comment). */
export function noticeMail({
  texts,
  site,
  workshopEmail,
  kind,
  quote,
  event,
  photos,
  agreement,
  adminUrl,
}: NoticeInput): Mail {
  const w = texts.workshop;
  const fields = {
    ...customerFields(site, quote),
    regNumber: quote.regNumber,
    customerName: agreement?.name ?? "",
    version: String(event.version ?? ""),
    time: agreement ? formatMoment(agreement.chosenTime) : "",
    count: String(photos.length),
    withdrawalDeadline: agreement ? formatDate(withdrawalDeadline(new Date(agreement.acceptedAt))) : "",
  };
  const t = w[kind];
  const text = [
    fill(t.intro, fields),
    ...(agreement ? [fill(agreement.earlyStart ? w.earlyStartYes : w.earlyStartNo, fields)] : []),
    contactLines(w, quote),
    linkLine(w.adminLinkLabel, adminUrl),
    ...photos.map((url, i) => linkLine(photoLabel(w.photoLink, i + 1), url)),
    ...(kind === "question" && event.text ? [`${w.questionLabel}:\n${event.text}`] : []),
  ].join("\n\n");
  return { ...toWorkshop(workshopEmail, quote.email), subject: fill(t.subject, fields), text };
}
