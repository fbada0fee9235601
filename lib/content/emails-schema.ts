/**
 * content/emails.json: the e-mails the admin host sends (payload/) for each
 * booking and each price quote. Each text may name the workshop's details
 * from site.json as `{field}`; the workshop's e-mails may also name the
 * customer's address and phone (and a quote's registration number). The
 * receipts go to whatever address a visitor typed, so they may name nothing
 * of theirs: the forms cannot be used to send strangers someone's words.
 */
import { z } from "zod";
import { SITE_FIELD_NAMES } from "./site-fields";
import { placeholders } from "./strings-schema";

/** What a receipt may name: the workshop's details and the site's address, nothing of the visitor's. */
export const RECEIPT_PLACEHOLDERS: readonly string[] = [...SITE_FIELD_NAMES, "siteUrl"];
/** What the workshop's e-mail may name: the same, and the customer's address and phone. */
export const WORKSHOP_PLACEHOLDERS: readonly string[] = [...RECEIPT_PLACEHOLDERS, "customerEmail", "customerPhone"];
/** What the workshop's e-mail about a quote may name: the same, and the registration number. */
export const QUOTE_PLACEHOLDERS: readonly string[] = [...WORKSHOP_PLACEHOLDERS, "regNumber"];

const label = (description: string) => placeholders([], description);

/** The workshop's e-mail about one case (`what`: "bestilling" or "forespørsel"), its texts naming `allowed`. */
const workshopSchema = (what: string, allowed: readonly string[]) => {
  const toWorkshop = (description: string) => placeholders(allowed, description);
  return {
    subject: toWorkshop(`Emnet på e-posten til verkstedet om en ny ${what}.`),
    intro: toWorkshop("Første linje i e-posten til verkstedet."),
    emailLabel: label("Merkelappen foran kundens e-post."),
    phoneLabel: label("Merkelappen foran kundens telefon."),
    messageLabel: label("Merkelappen foran kundens melding."),
    noMessage: label("Står der meldingen ville stått, når kunden ikke skrev noen."),
    adminLinkLabel: label(`Lenketeksten til ${what}en i administrasjonen.`),
    replyHint: toWorkshop("Siste linje: hvordan verkstedet svarer kunden."),
  };
};

const toCustomer = (description: string) => placeholders(RECEIPT_PLACEHOLDERS, description);
const receiptSchema = (what: string) =>
  z
    .strictObject({
      subject: toCustomer("Emnet på kvitteringen til kunden."),
      paragraphs: z
        .array(toCustomer("Et avsnitt i kvitteringen."))
        .min(1, "trenger minst ett avsnitt")
        .describe("Kvitteringens avsnitt, i rekkefølge; ingenting av det kunden skrev kommer med."),
      footer: toCustomer("Liten tekst nederst: hvorfor mottakeren får e-posten."),
    })
    .describe(`Kvitteringen kunden får for en ${what} (høyst én kvittering i timen til samme adresse).`);

export const emailsSchema = z
  .strictObject({
    booking: z
      .strictObject({
        workshop: z
          .strictObject(workshopSchema("bestilling", WORKSHOP_PLACEHOLDERS))
          .describe("E-posten verkstedet får for hver bestilling."),
        receipt: receiptSchema("bestilling"),
      })
      .describe("Timebestillingen (skjemaet på /kontakt)."),
    quote: z
      .strictObject({
        workshop: z
          .strictObject({
            ...workshopSchema("forespørsel", QUOTE_PLACEHOLDERS),
            regNumberLabel: label("Merkelappen foran registreringsnummeret."),
            vehicleLabel: label("Merkelappen foran bilen Statens vegvesen fant for registreringsnummeret."),
            vehicleSource: label("Står i parentes etter bilen: hvor opplysningene kommer fra."),
            vehicleUnknown: label("Står etter merkelappen når Statens vegvesen ikke kjenner registreringsnummeret."),
            vehicleUnavailable: label("Står etter merkelappen når Statens vegvesen ikke svarte."),
            euControlLabel: label("Merkelappen foran fristen for EU-kontroll."),
            damageHeading: placeholders(["number"], "Overskriften over hver skades bilder."),
            photoLink: placeholders(["number"], "Lenketeksten til hvert bilde."),
          })
          .describe("E-posten verkstedet får for hver forespørsel om pristilbud, med lenker til bildene."),
        receipt: receiptSchema("forespørsel"),
      })
      .describe("Forespørselen om pristilbud (skjemaet på /pristilbud)."),
  })
  .describe("E-postene administrasjonen sender når en bestilling eller en forespørsel kommer inn.");
export type EmailTexts = z.infer<typeof emailsSchema>;
export type WorkshopTexts = EmailTexts["booking"]["workshop"];
export type QuoteWorkshopTexts = EmailTexts["quote"]["workshop"];
export type ReceiptTexts = EmailTexts["booking"]["receipt"];
