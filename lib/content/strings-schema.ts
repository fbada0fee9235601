/**
 * `content/strings.json`: every short UI text that is not part of a page's own
 * content file (menu, buttons, labels, small pages, error screens).
 * Placeholders in braces, like `{n}`, are filled in by `fill()` in lib/format.ts,
 * often only in the visitor's browser: so a text may use only the placeholders
 * its field names here (`placeholders`), and a plain `text` none at all. A
 * misspelt one stops the check and the build instead of breaking a page.
 * Each field's description (Norwegian, for the marketers) goes into the editor's
 * JSON Schema (scripts/content-schemas.ts); a text's names its placeholders.
 */
import { z } from "zod";
import { placeholderNames } from "../format";
import { metaOf } from "./schemas";

/** A text that may use exactly these `{placeholders}`; its description ends by naming them. */
export const placeholders = (allowed: readonly string[], description = "Tekst.") =>
  z
    .string()
    .trim()
    .min(1, "må fylles ut (tom tekst)")
    .superRefine((value, ctx) => {
      const can = allowed.length
        ? `teksten kan bruke ${allowed.map((a) => `{${a}}`).join(", ")}`
        : "teksten kan ikke bruke noen {…} her";
      for (const name of new Set(placeholderNames(value))) {
        if (!allowed.includes(name)) ctx.addIssue({ code: "custom", message: `{${name}} finnes ikke her; ${can}` });
      }
    })
    .describe(
      `${description} ${allowed.length ? `Kan bruke ${allowed.map((a) => `{${a}}`).join(", ")}, som fylles inn.` : "Kan ikke bruke {…}."}`,
    );
const text = placeholders([]);
const internalHref = z
  .string()
  .regex(/^\/[a-z0-9\-/]*$/, "må være en intern adresse som begynner med /")
  .describe("Adressen til en side på nettstedet, f.eks. /kontakt.");
const link = z
  .strictObject({ label: text.describe("Lenketeksten."), href: internalHref })
  .describe("En lenke til en side på nettstedet.");
const links = z.array(link).min(1);
const meta = metaOf(text);
const heading = text.describe("Overskriften.");
const lead = text.describe("Innledningen under overskriften.");
const beforeLabel = text.describe("Merket på før-bildet, f.eks. Før.");
const afterLabel = text.describe("Merket på etter-bildet, f.eks. Etter.");
const retry = text.describe("Knappen som prøver igjen.");

export const stringsSchema = z
  .strictObject({
    skipLink: text.describe("Den skjulte lenken først på siden, for tastatur og skjermleser: hopper over menyen."),
    logoAlt: text.describe("Logoens tekst for skjermlesere; logoen leder til forsiden."),
    nav: z
      .strictObject({
        label: text.describe("Menyens navn for skjermlesere."),
        menuToggle: text.describe("Knappen som åpner menyen på mobil."),
        items: links.describe("Lenkene i hovedmenyen, i rekkefølge; hver må lede til en side på nettstedet."),
      })
      .describe("Hovedmenyen øverst."),
    /** the e-mail and phone messages, the same in the quote form and the booking form */
    fieldErrors: z
      .strictObject({
        emailRequired: text.describe("Når e-postadressen mangler."),
        emailFormat: text.describe("Når e-postadressen ikke ser riktig ut."),
        phoneRequired: text.describe("Når telefonnummeret mangler."),
        phoneFormat: text.describe("Når telefonnummeret ikke ser riktig ut."),
      })
      .describe("Feilmeldingene for e-post og telefon, de samme i pristilbud- og bestillingsskjemaet."),
    labels: z
      .strictObject({
        address: text.describe("Merkelappen foran adressen."),
        email: text.describe("Merkelappen foran e-postadressen."),
        phone: text.describe("Merkelappen foran telefonnummeret."),
        openingHours: text.describe("Merkelappen foran åpningstidene."),
        closed: text.describe("Linjen under åpningstidene om dagene det er stengt."),
        /** read out after a link that opens in a new tab */
        newTab: text.describe("Leses opp etter en lenke som åpnes i ny fane, f.eks. (åpnes i ny fane)."),
      })
      .describe("Merkelappene i kontaktopplysningene (bunnteksten og /kontakt)."),
    cta: z
      .strictObject({
        quote: text.describe("Knappen til pristilbudet."),
        call: text.describe("Knappen som ringer verkstedet."),
        readMore: text.describe("Lenken «les mer»."),
      })
      .describe("Knappene som går igjen på sidene."),
    contactStrip: z
      .strictObject({ heading, text })
      .describe("Stripen med kontakt og pristilbud nederst på om oss, prosjektene og prosjektsidene."),
    footer: z
      .strictObject({
        heading,
        text,
        contactHeading: text.describe("Overskriften over kontaktopplysningene."),
        linksHeading: text.describe("Overskriften over lenkene."),
        links: links.describe("Lenkene i bunnteksten, i rekkefølge; hver må lede til en side på nettstedet."),
        copyright: placeholders(
          ["year", "name"],
          "©-linjen: {year} er copyrightYear og {name} legalName fra site.json.",
        ),
        orgNumber: placeholders(["number"], "Organisasjonsnummeret: {number} kommer fra site.json."),
      })
      .describe("Bunnteksten på alle sider."),
    home: z
      .strictObject({
        beforeLabel,
        afterLabel,
        quoteSteps: z
          .array(text.describe("Ett steg."))
          .min(1)
          .describe("Stegene ved pristilbudsskjemaet på forsiden, i rekkefølge."),
      })
      .describe("Småtekster på forsiden (resten står i pages/home.json)."),
    quotePage: z
      .strictObject({
        meta,
        heading,
        lead,
        stepsHeading: text.describe("Overskriften over stegene."),
        steps: z
          .array(
            z
              .strictObject({ title: text.describe("Stegets tittel."), text: text.describe("Stegets tekst.") })
              .describe("Ett steg."),
          )
          .min(1)
          .describe("Slik fungerer det, steg for steg."),
        directHeading: text.describe("Overskriften over telefon og e-post."),
        directText: text.describe("Teksten om å ringe eller sende e-post i stedet."),
      })
      .describe("Siden /pristilbud."),
    quoteForm: z
      .strictObject({
        labels: z
          .strictObject({
            regNumber: text.describe("Feltet for registreringsnummer."),
            regNumberHint: text.describe("Hjelpeteksten under registreringsnummeret."),
            email: text.describe("Feltet for e-post."),
            phone: text.describe("Feltet for telefon."),
            message: text.describe("Feltet for melding."),
            messageHint: text.describe("Hjelpeteksten under meldingen."),
            damagesHeading: text.describe("Overskriften over skadene."),
            damagesLead: text.describe("Teksten under overskriften over skadene."),
            damage: placeholders(["n"], "Navnet på én skade: {n} er nummeret."),
            addDamage: text.describe("Knappen som legger til en skade."),
            removeDamage: text.describe("Knappen som fjerner en skade."),
            pickImages: text.describe("Knappen som velger bilder."),
            pickImagesHint: text.describe("Hjelpeteksten ved bildeknappen."),
            removeImage: text.describe("Knappen som fjerner et bilde."),
            imageCountOne: text.describe("Når skaden har ett bilde."),
            imageCountMany: placeholders(["n"], "Når skaden har flere bilder: {n} er antallet."),
            noImages: text.describe("Når skaden ikke har bilder ennå."),
            notAnImage: placeholders(["name"], "Når en valgt fil ikke er et bilde: {name} er filnavnet."),
            tooManyImages: placeholders(["max"], "Når det er valgt for mange bilder: {max} er det høyeste antallet."),
            submit: text.describe("Send-knappen."),
            privacy: text.describe("Setningen om personvern ved send-knappen."),
            privacyLink: text.describe("Lenken til personvernerklæringen."),
          })
          .describe("Feltene, knappene og hjelpetekstene i skjemaet."),
        errors: z
          .strictObject({
            regRequired: text.describe("Når registreringsnummeret mangler."),
            regFormat: text.describe(
              "Når registreringsnummeret har andre tegn enn bokstaver, sifre, mellomrom og bindestrek.",
            ),
            damagesRequired: text.describe("Når ingen skade er lagt til."),
            imagesRequired: placeholders(["n"], "Når en skade mangler bilder: {n} er skadens nummer."),
          })
          .describe("Feilmeldingene i skjemaet."),
        progress: z
          .strictObject({
            heading,
            lead,
            overall: placeholders(["done", "total"], "Framdriften: {done} bilder av {total} er lastet opp."),
            waiting: text.describe("Et bilde som venter."),
            compressing: placeholders(
              ["percent"],
              "Et bilde som gjøres mindre: {percent} er hvor langt det er kommet.",
            ),
            uploading: text.describe("Et bilde som lastes opp."),
            retrying: placeholders(["attempt", "max"], "Nytt forsøk: {attempt} av {max} forsøk."),
            done: text.describe("Et bilde som er lastet opp."),
            failed: text.describe("Et bilde som ikke kunne lastes opp."),
            inquiry: text.describe("Mens forespørselen sendes til verkstedet."),
          })
          .describe("Det kunden ser mens forespørselen sendes."),
        failure: z
          .strictObject({
            heading,
            inquiry: text.describe("Når forespørselen ikke kom fram."),
            upload: placeholders(
              ["name", "n"],
              "Når et bilde ikke ble lastet opp: {name} er filnavnet, {n} skadens nummer.",
            ),
            contact: placeholders(["phone", "email"], "Andre måter å nå verkstedet: {phone} og {email} fra site.json."),
            retry,
          })
          .describe("Det kunden ser når sendingen mislyktes."),
        /** the three photos that price a dent, shown beside each damage's picker (drawings are decorative) */
        photoGuide: z
          .strictObject({
            heading,
            whole: text.describe("Bildet av hele delen."),
            closeUp: text.describe("Nærbildet av skaden."),
            angled: text.describe("Bildet tatt skrått mot skaden."),
          })
          .describe("De tre bildene som gir best pris, vist ved hver skade."),
        /** the note on a photo that looks blurred or dark, or that the browser cannot read */
        photoCheck: z
          .strictObject({
            blurred: text.describe("Når bildet ser uskarpt ut."),
            dark: text.describe("Når bildet er mørkt."),
            unreadable: text.describe("Når nettleseren ikke kan lese bildet."),
            retake: text.describe("Knappen for å ta bildet på nytt."),
            keep: text.describe("Knappen for å beholde bildet."),
          })
          .describe("Merknaden på et bilde som ser uskarpt eller mørkt ut, eller ikke kan leses."),
        /** the note under the registration number: the car Statens vegvesen knows by it, or that it knows none */
        vehicle: z
          .strictObject({
            source: text.describe("Linjen under bilen som er funnet, om hvor opplysningene kommer fra."),
            unknown: text.describe(
              "Når Statens vegvesen ikke kjenner registreringsnummeret. Bare et råd: skjemaet kan sendes likevel.",
            ),
          })
          .describe("Merknaden under registreringsnummeret: bilen som er funnet hos Statens vegvesen."),
      })
      .describe("Pristilbudsskjemaet (forsiden og /pristilbud)."),
    contactPage: z
      .strictObject({
        meta,
        heading,
        lead,
        contactHeading: text.describe("Overskriften over adresse, kart og kontaktopplysninger."),
        calculatorLink: text.describe("Lenken til priskalkulatoren på /auto-detailing."),
      })
      .describe("Siden /kontakt."),
    projectsPage: z
      .strictObject({ meta, heading, lead, tileLink: text.describe("Lenken på hvert prosjekt i oversikten.") })
      .describe("Oversikten /prosjekter."),
    projectPage: z
      .strictObject({
        carLabel: text.describe("Merkelappen foran bilen."),
        serviceLabel: text.describe("Merkelappen foran tjenesten."),
        backLink: text.describe("Lenken tilbake til alle prosjektene."),
        beforeLabel,
        afterLabel,
      })
      .describe("Hver prosjektside /prosjekt/…"),
    /** The first step of every breadcrumb trail search engines are given (the home page's name). */
    breadcrumbHome: text.describe("Forsidens navn i stien søkemotorene får, f.eks. Forside."),
    articlePage: z
      .strictObject({
        publishedLabel: text.describe("Merkelappen foran datoen."),
        packagesHeading: text.describe("Overskriften over pakkene (bare i artikkelen med pakker)."),
        includesLabel: text.describe("Merkelappen over det som inngår i en pakke."),
        /** the list of the other articles at the end of each article */
        moreHeading: text.describe("Overskriften over de andre artiklene nederst."),
      })
      .describe("Artiklene."),
    detailingPage: z
      .strictObject({
        priceFrom: placeholders(["price"], "Prisen på en tjeneste: {price} er prisen i kroner."),
        includesLabel: text.describe("Merkelappen over det som inngår i en tjeneste."),
        sizesHeading: text.describe("Overskriften over bilstørrelsene."),
        sizesText: text.describe("Teksten om at prisen ganges med bilstørrelsens faktor."),
        /** the way from the services to the ready-made packages on /detailing */
        packagesText: text.describe("Teksten foran lenken til de ferdige pakkene."),
        packagesLink: text.describe("Lenken til pakkene i artikkelen om detailing."),
      })
      .describe("Småtekster på /auto-detailing (resten står i pages/auto-detailing.json)."),
    /** Review cards, the Google rating, and the home page's review slider (its buttons' accessible names are fixed: the tests and screen readers find them by name). */
    reviews: z
      .strictObject({
        stars: placeholders(["n"], "Stjernene for skjermlesere: {n} er antallet."),
        ratingSummary: placeholders(["rating", "count"], "Google-vurderingen: {rating} og {count} fra reviews.json."),
        readMore: text.describe("Lenken til alle anmeldelsene på Google."),
        noText: placeholders(["n"], "I stedet for en anmeldelse uten tekst: {n} er antall stjerner."),
        newTab: text.describe("Leses opp etter lenken til Google, som åpnes i ny fane."),
        sliderLabel: text.describe("Navnet på anmeldelsene på forsiden, for skjermlesere."),
        /** what a screen reader calls the slider and each slide (aria-roledescription) */
        carousel: text.describe("Hva skjermlesere kaller karusellen."),
        slide: text.describe("Hva skjermlesere kaller hver anmeldelse i karusellen."),
        slideLabel: placeholders(["n", "count"], "Hvilken anmeldelse: {n} av {count}."),
        previous: text.describe("Knappen til forrige anmeldelse."),
        next: text.describe("Knappen til neste anmeldelse."),
        dot: placeholders(["n"], "Prikken som viser anmeldelse nummer {n}."),
      })
      .describe("Anmeldelsene: kortene, Google-vurderingen og karusellen på forsiden."),
    /** The before/after slider's handle: its name names the case (`{name}`), its value is read as text. */
    beforeAfter: z
      .strictObject({
        sliderLabel: placeholders(
          ["name"],
          "Glidebryterens navn for skjermlesere: {name} er eksemplets eller prosjektets tittel.",
        ),
        valueText: placeholders(["before", "after"], "Glidebryterens stilling: {before} og {after} er prosent."),
      })
      .describe("Glidebryteren mellom før- og etterbildet (forsiden og prosjektsidene)."),
    /** The play/pause button over the home page's hero video. */
    heroVideo: z
      .strictObject({
        play: text.describe("Knappen som spiller av videoen."),
        pause: text.describe("Knappen som setter videoen på pause."),
      })
      .describe("Knappen over videoen øverst på forsiden."),
    /** The map on /kontakt and /auto-detailing, and its fallback link. */
    map: z
      .strictObject({
        label: placeholders(["name"], "Kartets navn for skjermlesere: {name} er verkstedets navn."),
        link: text.describe("Lenken til kart og veibeskrivelse (mapsUrl i site.json)."),
        markerTitle: placeholders(["name", "address"], "Teksten på kartnålen: {name} og {address} fra site.json."),
      })
      .describe("Kartet på /kontakt og /auto-detailing."),
    privacyPage: z
      .strictObject({ updatedLabel: text.describe("Merkelappen foran datoen erklæringen sist ble endret.") })
      .describe("Siden /personvern (teksten står i pages/privacy.md)."),
    /**
     * The consent banner (first visit) and the control on /personvern that changes the choice.
     * `accept` and `decline` are the fixed `Godta` / `Avslå`. With neither a tag manager nor a
     * maps key in the build there is nothing to ask about: no banner, and `settingsNone` on /personvern.
     */
    consent: z
      .strictObject({
        bannerHeading: text.describe("Overskriften i banneret ved første besøk."),
        bannerText: text.describe("Teksten i banneret."),
        privacyLink: text.describe("Lenken til /personvern i banneret."),
        accept: text.describe("Knappen som godtar; skal være Godta."),
        decline: text.describe("Knappen som avslår; skal være Avslå."),
        settingsHeading: text.describe("Overskriften over valget på /personvern."),
        settingsText: text.describe("Teksten over valget på /personvern."),
        settingsNone: text.describe("Vises på /personvern når nettstedet ikke har noe å spørre om."),
        statusGranted: text.describe("Når kunden har godtatt."),
        statusDenied: text.describe("Når kunden har avslått."),
        statusUnset: text.describe("Når kunden ikke har valgt."),
        settingsNoScript: text.describe("Vises når nettleseren har slått av JavaScript."),
      })
      .describe("Samtykket: banneret ved første besøk og valget på /personvern."),
    /** The price calculator on /auto-detailing. The two `errors` are the workshop's own messages, word for word (typos included). */
    calculator: z
      .strictObject({
        sizesHeading: text.describe("Overskriften over bilstørrelsene."),
        sizesHint: text.describe("Teksten under overskriften over bilstørrelsene."),
        sizeFactor: placeholders(["factor"], "Faktoren ved hver størrelse: {factor} er multiplier fra services.json."),
        servicesHeading: text.describe("Overskriften over tjenestene."),
        chosenCount: placeholders(["n"], "Hvor mange tjenester som er valgt: {n}."),
        add: text.describe("Knappen som legger til en tjeneste."),
        remove: text.describe("Knappen som fjerner en tjeneste."),
        summaryHeading: text.describe("Overskriften over bestillingen."),
        nothingChosen: text.describe("Når ingen tjeneste er valgt."),
        total: text.describe("Merkelappen foran totalprisen."),
        totalNote: text.describe("Merknaden under totalprisen."),
        book: text.describe("Knappen som går videre til bestilling på /kontakt."),
        autoAdded: placeholders(["services"], "Når tjenester legges til av seg selv: {services} er navnene."),
        autoRemoved: placeholders(["services"], "Når tjenester fjernes av seg selv: {services} er navnene."),
        close: text.describe("Knappen som lukker feilmeldingen."),
        errors: z
          .strictObject({
            exteriorRequired: text.describe("Når polering er valgt uten utvendig vask."),
            sealingNeedsPolish: text.describe("Når lakkforsegling er valgt uten polering."),
          })
          .describe("Verkstedets egne meldinger, ord for ord."),
        badge: z
          .strictObject({
            label: text.describe("Prisoversiktens navn."),
            total: text.describe("Merkelappen foran totalen."),
            size: text.describe("Merkelappen foran bilstørrelsen."),
            noSize: text.describe("Når ingen størrelse er valgt."),
            close: text.describe("Knappen som skjuler prisoversikten."),
          })
          .describe("Den flytende prisoversikten med totalpris og bilstørrelse."),
      })
      .describe("Priskalkulatoren på /auto-detailing."),
    /** The booking summary and form on /kontakt. */
    booking: z
      .strictObject({
        summaryHeading: text.describe("Overskriften over bestillingen fra priskalkulatoren."),
        sizeLabel: text.describe("Merkelappen foran bilstørrelsen."),
        totalLabel: text.describe("Merkelappen foran totalprisen."),
        nothingChosen: text.describe("Når ingenting er valgt i priskalkulatoren."),
        formHeading: text.describe("Overskriften over skjemaet."),
        formLead: text.describe("Teksten under skjemaets overskrift."),
        email: text.describe("Feltet for e-post."),
        phone: text.describe("Feltet for telefon."),
        message: text.describe("Feltet for melding."),
        submit: text.describe("Send-knappen."),
        sending: text.describe("Send-knappen mens meldingen sendes."),
        greeting: text.describe("Starten på meldingen, over de valgte tjenestene."),
        sizeLine: placeholders(["size"], "Linjen i meldingen med bilstørrelsen: {size}."),
        priceLine: placeholders(["price"], "Linjen i meldingen med totalprisen: {price}."),
        failed: placeholders(["phone", "email"], "Når meldingen ikke ble sendt: {phone} og {email} fra site.json."),
        retry,
        timesHeading: text.describe("Overskriften over de ledige tidene."),
        timesLegend: text.describe("Spørsmålet over tidene, som leses opp for gruppen."),
        timeOption: placeholders(["time"], "Hver tid i listen, med klokkeslettet {time}."),
        moreDays: text.describe("Knappen som viser flere dager med ledige tider."),
        timesLoading: text.describe("Mens de ledige tidene hentes."),
        noTimes: text.describe("Når ingen tid er ledig i bestillingsvinduet."),
        timesFailed: text.describe("Når de ledige tidene ikke kunne hentes."),
        timeTaken: text.describe("Når tiden ble tatt før bestillingen kom fram; de nærmeste ledige tidene står under."),
        submitTime: text.describe("Send-knappen når en tid er valgt."),
        booked: placeholders(["time"], "Når timen er bestilt: {time} er dag, dato og klokkeslett."),
        confirmationSent: placeholders(["email"], "Under bestilt time: {email} er kundens e-post."),
        addToCalendar: placeholders([], "Lenken som laster ned timen som kalenderfil."),
      })
      .describe("Bestillingen og skjemaet på /kontakt."),
    /** Drafts kept on the device (quote and booking forms), and the quote form's offline notice. */
    drafts: z
      .strictObject({
        restored: text.describe("Når et utkast er hentet fram igjen."),
        startOver: text.describe("Knappen som sletter utkastet og starter på nytt."),
        offline: text.describe("Når kunden er uten nett."),
        /** asked on a new visit, before a draft is shown: `{date}` is the day it was saved */
        offerQuote: placeholders(["date"], "Spørsmålet om å fortsette et pristilbud: {date} er dagen det ble lagret."),
        offerBooking: placeholders(
          ["date"],
          "Spørsmålet om å fortsette en bestilling: {date} er dagen den ble lagret.",
        ),
        resume: text.describe("Knappen som fortsetter utkastet."),
        delete: text.describe("Knappen som sletter utkastet."),
      })
      .describe("Utkast som lagres på kundens enhet, og beskjeden når kunden er uten nett."),
    thanksPage: z
      .strictObject({ meta, heading, text, homeLink: text.describe("Lenken tilbake til forsiden.") })
      .describe("Takkesiden etter et sendt skjema."),
    /** the customer's case page (/sak), opened from the workshop's e-mail */
    casePage: z
      .strictObject({
        meta,
        heading: text.describe("Overskriften før saken er hentet, og når lenken ikke virker."),
        loading: text.describe("Mens saken hentes."),
        noScript: text.describe("Når nettleseren ikke kjører JavaScript."),
        ended: placeholders(
          ["phone"],
          "Når lenken er ukjent eller saken er avsluttet: {phone} er telefonnummeret fra site.json.",
        ),
        replaced: text.describe("Når tilbudet er erstattet av et nyere."),
        failure: z
          .strictObject({
            heading,
            load: text.describe("Når saken ikke kunne hentes (uten nett, feil hos verkstedet)."),
            send: text.describe("Når et svar eller bildene ikke kom fram."),
          })
          .describe(
            "Når siden ikke får kontakt; knappen «Prøv igjen» og telefon og e-post er fra pristilbudsskjemaet.",
          ),
        offer: z
          .strictObject({
            heading: placeholders(["reg"], "Overskriften på et tilbud: {reg} er registreringsnummeret."),
            photosHeading: text.describe("Overskriften over kundens egne bilder."),
            photoAlt: placeholders(["n"], "Teksten for skjermlesere på kundens bilde nummer {n}."),
            linesHeading: text.describe("Overskriften over linjene og totalprisen."),
            work: text.describe("Kolonnen med arbeidet i hver linje."),
            price: text.describe("Kolonnen med prisen i hver linje."),
            total: text.describe("Linjen med totalprisen."),
            vat: text.describe("Setningen om merverdiavgift under prisene."),
            validUntil: placeholders(
              ["date"],
              "Hvor lenge tilbudet gjelder: {date} er dagen, f.eks. 13. desember 2026.",
            ),
            noteHeading: text.describe("Overskriften over verkstedets merknad."),
            answerHeading: text.describe("Overskriften over svarskjemaet."),
            name: text.describe("Feltet for fullt navn."),
            nameRequired: text.describe("Når navnet mangler."),
            times: text.describe("Spørsmålet over tidspunktene for levering."),
            timeRequired: text.describe("Når ingen tid er valgt."),
            dropOff: placeholders(
              ["date", "time"],
              "Et tidspunkt for levering: {date} er dag og dato (tirsdag 8. desember), {time} klokkeslettet (08:00).",
            ),
            earlyStart: text.describe(
              "Avkrysningen om å starte før angrefristen er ute (vises når tiden er innen 14 dager).",
            ),
            earlyStartRequired: text.describe("Når avkrysningen trengs, men mangler."),
            accept: text.describe("Knappen som godtar tilbudet."),
            ask: text.describe("Knappen som åpner feltet for et spørsmål."),
            question: text.describe("Feltet for spørsmålet."),
            questionRequired: text.describe("Når spørsmålet er tomt."),
            sendQuestion: text.describe("Knappen som sender spørsmålet."),
            decline: text.describe("Knappen som takker nei."),
            sending: text.describe("Mens et svar sendes."),
            accepted: placeholders(["time"], "Når tilbudet er godtatt: {time} er tidspunktet for levering."),
            asked: text.describe("Når spørsmålet er sendt."),
            declined: text.describe("Når kunden har takket nei."),
            expired: placeholders(
              ["date", "phone"],
              "Når tilbudet er utløpt: {date} er siste dag, {phone} telefonnummeret fra site.json.",
            ),
          })
          .describe("Et pristilbud kunden kan svare på."),
        photos: z
          .strictObject({
            heading: placeholders(
              ["reg"],
              "Overskriften når verkstedet ber om bilder: {reg} er registreringsnummeret.",
            ),
            messageHeading: text.describe("Overskriften over verkstedets beskjed."),
            send: text.describe("Knappen som sender bildene."),
            photosRequired: text.describe("Når ingen bilder er valgt."),
            uploadFailed: placeholders(["name"], "Når et bilde ikke ble lastet opp: {name} er filnavnet."),
            sent: text.describe("Når bildene er sendt."),
          })
          .describe("Når verkstedet ber om flere bilder; velgeren og bildeveiledningen er fra pristilbudsskjemaet."),
        booking: z
          .strictObject({
            heading: placeholders(["time"], "Overskriften på en bestilt time: {time} er dagen og klokkeslettet."),
            servicesHeading: text.describe("Overskriften over tjenestene som er bestilt."),
            sizeLabel: text.describe("Merkelappen foran bilstørrelsen."),
            totalLabel: text.describe("Merkelappen foran totalprisen."),
            change: text.describe("Knappen som viser ledige tider å flytte timen til."),
            confirmChange: text.describe("Knappen som flytter timen til den valgte tiden."),
            cancel: text.describe("Knappen som spør om timen skal avbestilles."),
            cancelQuestion: placeholders(["time"], "Spørsmålet før timen avbestilles."),
            confirmCancel: text.describe("Knappen som avbestiller timen."),
            keep: text.describe("Knappen som lar timen stå som den er."),
            chooseTime: text.describe("Når kunden bekrefter uten å ha valgt en ny tid."),
            moved: placeholders(["time"], "Når timen er flyttet: {time} er den nye tiden."),
            cancelled: text.describe("Når timen er avbestilt."),
            locked: placeholders(["phone"], "Når fristen for å endre med lenken er ute."),
            confirmationSent: text.describe("Står etter at timen er flyttet eller avbestilt."),
          })
          .describe("En time bestilt på /kontakt, åpnet fra lenken i timebekreftelsen."),
      })
      .describe("Siden /sak: kundens egen sak, åpnet fra lenken i e-posten fra verkstedet."),
    errorPage: z
      .strictObject({
        title: text.describe("Sidetittelen når siden ikke finnes."),
        heading,
        notFoundStatus: text.describe("Statuslinjen når siden ikke finnes, f.eks. 404."),
        notFoundText: text.describe("Teksten når siden ikke finnes."),
        errorText: text.describe("Teksten når noe gikk galt."),
        /** shown instead of errorText when a script chunk could not be loaded (a new deploy, a bad connection) */
        chunkText: text.describe("Teksten når en del av siden ikke kunne lastes (ny versjon, dårlig nett)."),
        homeLink: text.describe("Lenken til forsiden."),
        reload: text.describe("Knappen som laster siden på nytt."),
      })
      .describe("Feilsidene: siden finnes ikke, eller noe gikk galt."),
  })
  .describe("content/strings.json: korte tekster på nettstedet (meny, knapper, skjemaer, småsider, feilsider).");
export type Strings = z.infer<typeof stringsSchema>;
