/**
 * The receipt a customer gets for a new case: the workshop's texts and
 * details only, since it goes to whatever address a visitor typed.
 */
import type { ReceiptTexts } from "../../lib/content/emails-schema";
import type { Site } from "../../lib/content/schemas";
import { fill } from "../../lib/format";
import { workshopFields } from "../content";
import { toCustomer, type Mail } from "./message";

/** The receipt to `to`, in `texts`' words and the workshop's details, nothing else. */
export function receiptMail({ texts, site, to }: { texts: ReceiptTexts; site: Site; to: string }): Mail {
  const fields = workshopFields(site);
  return {
    ...toCustomer(site, to),
    subject: fill(texts.subject, fields),
    text: `${texts.paragraphs.map((p) => fill(p, fields)).join("\n\n")}\n\n-- \n${fill(texts.footer, fields)}`,
  };
}
