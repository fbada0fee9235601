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

/** What the workshop's e-mail about a booking with a time may name: the same as about any booking, and the time. */
export const BOOKED_TIME_PLACEHOLDERS: readonly string[] = [...WORKSHOP_PLACEHOLDERS, "time"];
/**
 * What a booking's confirmation may name: the workshop's details, the time,
 * the job's hours, the withdrawal deadline, and until when the link changes
 * the time (`cutOff`).
 */
export const BOOKING_CONFIRMATION_PLACEHOLDERS: readonly string[] = [
  ...RECEIPT_PLACEHOLDERS,
  "time",
  "hours",
  "withdrawalDeadline",
  "cutOff",
];
/** What the e-mails about a time moved or cancelled may name: the workshop's details, the time and the link's cut-off. */
export const BOOKING_CHANGE_PLACEHOLDERS: readonly string[] = [...RECEIPT_PLACEHOLDERS, "time", "cutOff"];
const toChanged = (description: string) => placeholders(BOOKING_CHANGE_PLACEHOLDERS, description);
/** A customer's e-mail about a time moved or cancelled through the link. */
const changeSchema = (what: string) =>
  z
    .strictObject({
      subject: toChanged("Emnet på e-posten."),
      paragraphs: z
        .array(toChanged("Et avsnitt i e-posten."))
        .min(1, "trenger minst ett avsnitt")
        .describe("E-postens avsnitt, i rekkefølge."),
      footer: toChanged("Liten tekst nederst: hvorfor mottakeren får e-posten."),
    })
    .describe(`E-posten kunden får når timen er ${what}, med kalenderfilen.`);
/** What a booking's reminder may name: the workshop's details, the time, its clock alone, and the services. */
export const REMINDER_PLACEHOLDERS: readonly string[] = [...RECEIPT_PLACEHOLDERS, "time", "clock", "services"];
const toReminded = (description: string) => placeholders(REMINDER_PLACEHOLDERS, description);
const toBookedCustomer = (description: string) => placeholders(BOOKING_CONFIRMATION_PLACEHOLDERS, description);
const aboutBookedTime = (description: string) => placeholders(BOOKED_TIME_PLACEHOLDERS, description);

/** What the customer's e-mails about their link may name: the workshop's details and the registration number. */
export const LINK_PLACEHOLDERS: readonly string[] = [...RECEIPT_PLACEHOLDERS, "regNumber"];
/** What the confirmation may name: the same, and what the customer chose as they accepted. */
export const CONFIRMATION_PLACEHOLDERS: readonly string[] = [
  ...LINK_PLACEHOLDERS,
  "customerName",
  "acceptedAt",
  "time",
  "withdrawalDeadline",
];
/** What the workshop's notices about an answer may name. */
export const NOTICE_PLACEHOLDERS: readonly string[] = [
  ...QUOTE_PLACEHOLDERS,
  "customerName",
  "version",
  "time",
  "count",
  "withdrawalDeadline",
];

const linkMail = (allowed: readonly string[]) => (description: string) => placeholders(allowed, description);
const toLinkCustomer = linkMail(LINK_PLACEHOLDERS);
const linkEmailSchema = (what: string) =>
  z.strictObject({
    subject: toLinkCustomer(`Emnet på e-posten med lenken ${what}.`),
    paragraphs: z
      .array(toLinkCustomer("Et avsnitt før lenken."))
      .min(1, "trenger minst ett avsnitt")
      .describe("Avsnittene før lenken, i rekkefølge."),
    linkLabel: label("Står foran lenken."),
    after: z.array(toLinkCustomer("Et avsnitt etter lenken.")).describe("Avsnittene etter lenken, i rekkefølge."),
  });
const toConfirm = linkMail(CONFIRMATION_PLACEHOLDERS);
const notice = linkMail(NOTICE_PLACEHOLDERS);
const noticeSchema = (what: string) =>
  z
    .strictObject({
      subject: notice(`Emnet på e-posten til verkstedet når ${what}.`),
      intro: notice(`Første linje i e-posten til verkstedet når ${what}.`),
    })
    .describe(`E-posten verkstedet får når ${what}.`);

const priceTypeSchema = (kind: string) =>
  z
    .strictObject({
      name: label("Navnet på dette slaget pris."),
      sentence: label("Setningen kunden leser under totalen."),
    })
    .describe(kind);

export const emailsSchema = z
  .strictObject({
    booking: z
      .strictObject({
        workshop: z
          .strictObject({
            ...workshopSchema("bestilling", WORKSHOP_PLACEHOLDERS),
            timeSubject: aboutBookedTime("Emnet når bestillingen har en time."),
            timeIntro: aboutBookedTime("Første linje når bestillingen har en time."),
            timeLabel: label("Merkelappen foran tiden kunden leverer bilen."),
            servicesLabel: label("Merkelappen foran tjenestene."),
            sizeLabel: label("Merkelappen foran bilstørrelsen."),
            hoursLabel: label("Merkelappen foran arbeidstiden i timer."),
            priceLabel: label("Merkelappen foran prisen."),
            earlyStartYes: label("Står når kunden ba om å starte før angrefristen er ute."),
            movedSubject: aboutBookedTime("Emnet når kunden har flyttet timen; {time} er den nye tiden."),
            movedIntro: aboutBookedTime("Første linje når kunden har flyttet timen."),
            cancelledSubject: aboutBookedTime("Emnet når kunden har avbestilt timen."),
            cancelledIntro: aboutBookedTime("Første linje når kunden har avbestilt timen."),
          })
          .describe("E-posten verkstedet får for hver bestilling."),
        receipt: receiptSchema("bestilling"),
        confirmation: z
          .strictObject({
            subject: toBookedCustomer("Emnet på timebekreftelsen."),
            greeting: toBookedCustomer("Første linje."),
            intro: toBookedCustomer("Står foran tjenestene."),
            servicesLabel: label("Merkelappen foran tjenestene."),
            sizeLabel: label("Merkelappen foran bilstørrelsen."),
            totalLabel: label("Merkelappen foran totalprisen."),
            vatNote: label("Står under totalprisen."),
            time: toBookedCustomer("Når og hvor verkstedet venter bilen."),
            calendar: toBookedCustomer("Om kalenderfilen som ligger ved."),
            change: toBookedCustomer("Står foran lenken: kunden endrer tiden eller avbestiller med den."),
            linkLabel: label("Står foran lenken."),
            changeLate: toBookedCustomer("Står etter lenken: hvordan kunden endrer etter fristen."),
            withdrawal: toBookedCustomer("Hvordan angreretten virker."),
            earlyStart: toBookedCustomer("Står bare når kunden ba om å starte før angrefristen er ute."),
            closing: toBookedCustomer("Hilsenen."),
            footer: toBookedCustomer("Liten tekst nederst: hvorfor mottakeren får e-posten."),
          })
          .describe(
            "Timebekreftelsen kunden får i stedet for kvitteringen når bestillingen har en time, med kalenderfilen.",
          ),
        calendar: z
          .strictObject({
            summary: toCustomer("Hva timen heter i kundens kalender."),
            description: placeholders(
              [...RECEIPT_PLACEHOLDERS, "services"],
              "Teksten i kalenderens hendelse; {services} er tjenestene.",
            ),
          })
          .describe("Hendelsen i kalenderfilen (.ics) som følger timebekreftelsen."),
        moved: changeSchema("flyttet"),
        cancelled: changeSchema("avbestilt"),
        reminder: z
          .strictObject({
            subject: toReminded("Emnet på påminnelsen; {clock} er klokkeslettet."),
            paragraphs: z
              .array(toReminded("Et avsnitt i påminnelsen."))
              .min(1, "trenger minst ett avsnitt")
              .describe("Påminnelsens avsnitt, i rekkefølge."),
            footer: toReminded("Liten tekst nederst: hvorfor mottakeren får e-posten."),
          })
          .describe("Påminnelsen kunden får dagen før timen."),
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
    caseLink: z
      .strictObject({
        offer: linkEmailSchema("til et pristilbud").describe("E-posten kunden får med lenken til et pristilbud."),
        photoRequest: linkEmailSchema("for å sende flere bilder")
          .extend({ messageLabel: label("Står foran verkstedets egne ord om bildene.") })
          .describe("E-posten kunden får når verkstedet ber om flere bilder."),
        confirmation: z
          .strictObject({
            subject: toConfirm("Emnet på bekreftelsen."),
            greeting: toConfirm("Første linje."),
            intro: toConfirm("Står foran linjene i tilbudet."),
            totalLabel: label("Merkelappen foran totalprisen."),
            vatNote: label("Står under totalprisen."),
            time: toConfirm("Når verkstedet venter bilen."),
            cancel: toConfirm("Hvordan kunden endrer tiden eller avlyser."),
            withdrawal: toConfirm("Hvordan angreretten virker."),
            earlyStart: toConfirm("Står bare når kunden ba om å starte før angrefristen er ute."),
            closing: toConfirm("Hilsenen."),
            footer: toConfirm("Liten tekst nederst."),
          })
          .describe(
            "Bekreftelsen kunden får når de godtar et tilbud; den lagres også i avtalen som tas vare på i fem år.",
          ),
        priceTypes: z
          .strictObject({
            fixed: priceTypeSchema("Fast pris."),
            max: priceTypeSchema("Høyeste pris."),
            estimate: priceTypeSchema("Prisoverslag."),
          })
          .describe(
            "De tre slagene pris et tilbud kan ha, hver med setningen kunden leser under totalen: på siden /sak, i e-postene og i administrasjonens forhåndsvisning.",
          ),
        workshop: z
          .strictObject({
            accepted: noticeSchema("et tilbud er godtatt"),
            declined: noticeSchema("kunden takker nei"),
            question: noticeSchema("kunden stiller et spørsmål"),
            photos: noticeSchema("kunden sender flere bilder"),
            earlyStartYes: notice("Når kunden ba om å starte før angrefristen er ute."),
            earlyStartNo: notice("Når kunden ikke ba om det."),
            emailLabel: label("Merkelappen foran kundens e-post."),
            phoneLabel: label("Merkelappen foran kundens telefon."),
            questionLabel: label("Merkelappen foran kundens spørsmål."),
            photoLink: placeholders(["number"], "Lenketeksten til hvert bilde."),
            adminLinkLabel: label("Lenketeksten til saken i administrasjonen."),
          })
          .describe("E-postene verkstedet får når kunden svarer gjennom lenken."),
      })
      .describe("Lenken kunden får til saken sin: pristilbud, flere bilder, bekreftelsen og varslene til verkstedet."),
  })
  .describe("E-postene administrasjonen sender når en bestilling eller en forespørsel kommer inn.");
export type EmailTexts = z.infer<typeof emailsSchema>;
export type WorkshopTexts = EmailTexts["booking"]["workshop"];
export type QuoteWorkshopTexts = EmailTexts["quote"]["workshop"];
export type ReceiptTexts = EmailTexts["booking"]["receipt"];
export type BookingTexts = EmailTexts["booking"];
export type CaseLinkTexts = EmailTexts["caseLink"];
