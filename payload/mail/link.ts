/**
 * The e-mail that gives a customer their link to the case's page: to an
 * offer, or to send more photos with the workshop's own words on what it
 * needs. The link itself is written after the texts before it and before the
 * texts after it.
 */
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill } from "../../lib/format";
import { workshopFields } from "../content";
import type { CaseLink } from "../types";
import { toCustomer, type Mail } from "./message";

export interface LinkMailInput {
  texts: CaseLinkTexts;
  site: Site;
  /** the customer's address */
  to: string;
  regNumber: string;
  /** what the link is for, and the workshop's words on a photo link */
  link: Pick<CaseLink, "purpose" | "message">;
  /** the link, with its token */
  url: string;
}

/** The e-mail with the customer's link (see the module's comment). */
export function linkMail({ texts, site, to, regNumber, link, url }: LinkMailInput): Mail {
  const fields = { ...workshopFields(site), regNumber };
  const t = link.purpose === "offer" ? texts.offer : texts.photoRequest;
  const workshopWords =
    link.purpose === "photos" && link.message ? [`${texts.photoRequest.messageLabel}\n${link.message}`] : [];
  const text = [
    ...t.paragraphs.map((p) => fill(p, fields)),
    ...workshopWords,
    `${t.linkLabel}:\n${url}`,
    ...t.after.map((p) => fill(p, fields)),
  ].join("\n\n");
  return { ...toCustomer(site, to), subject: fill(t.subject, fields), text };
}
