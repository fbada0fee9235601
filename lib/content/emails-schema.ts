/**
 * content/emails.json: the booking e-mails the admin host sends (payload/).
 * Each text may name the workshop's details from site.json as `{field}`; the
 * workshop's e-mail may also name the booking's address and phone. The
 * receipt goes to whatever address a visitor typed, so it may name nothing
 * of theirs: the form cannot be used to send strangers someone's words.
 */
import { z } from "zod";
import { SITE_FIELD_NAMES } from "./site-fields";
import { placeholders } from "./strings-schema";

/** What the receipt may name: the workshop's details and the site's address, nothing of the visitor's. */
export const RECEIPT_PLACEHOLDERS: readonly string[] = [...SITE_FIELD_NAMES, "siteUrl"];
/** What the workshop's e-mail may name: the same, and the booking's address and phone. */
export const WORKSHOP_PLACEHOLDERS: readonly string[] = [...RECEIPT_PLACEHOLDERS, "customerEmail", "customerPhone"];

const toWorkshop = (description: string) => placeholders(WORKSHOP_PLACEHOLDERS, description);
const toCustomer = (description: string) => placeholders(RECEIPT_PLACEHOLDERS, description);
const label = (description: string) => placeholders([], description);

export const emailsSchema = z
  .strictObject({
    workshop: z
      .strictObject({
        subject: toWorkshop("Emnet på e-posten til verkstedet om en ny bestilling."),
        intro: toWorkshop("Første linje i e-posten til verkstedet."),
        emailLabel: label("Merkelappen foran kundens e-post."),
        phoneLabel: label("Merkelappen foran kundens telefon."),
        messageLabel: label("Merkelappen foran kundens melding."),
        noMessage: label("Står der meldingen ville stått, når kunden ikke skrev noen."),
        adminLinkLabel: label("Lenketeksten til bestillingen i administrasjonen."),
        replyHint: toWorkshop("Siste linje: hvordan verkstedet svarer kunden."),
      })
      .describe("E-posten verkstedet får for hver bestilling."),
    receipt: z
      .strictObject({
        subject: toCustomer("Emnet på kvitteringen til kunden."),
        paragraphs: z
          .array(toCustomer("Et avsnitt i kvitteringen."))
          .min(1, "trenger minst ett avsnitt")
          .describe("Kvitteringens avsnitt, i rekkefølge; ingenting av det kunden skrev kommer med."),
        footer: toCustomer("Liten tekst nederst: hvorfor mottakeren får e-posten."),
      })
      .describe("Kvitteringen kunden får (høyst én i timen til samme adresse)."),
  })
  .describe("E-postene administrasjonen sender når en bestilling kommer inn.");
export type EmailTexts = z.infer<typeof emailsSchema>;
