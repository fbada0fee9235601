/**
 * The shape of every file in `content/`. Each schema is strict: an unknown key
 * is an error, so a typo in a marketer's file never passes silently.
 * The loaders in `./load.ts` turn a failed parse into an error naming the file
 * and the field.
 *
 * Every field of a JSON file has a description in Norwegian, for the marketers: it
 * goes into the JSON Schemas in content/schemas (scripts/content-schemas.ts), which
 * the editor shows beside the field. A description given to a shared piece (`text`,
 * `imageRef`) is the fallback for every field built from it.
 */
import { z } from "zod";
import { categoryIds, serviceIds } from "../calculator/ids";
import { HOURS_STEP } from "../work-hours";

const text = z.string().trim().min(1, "må fylles ut (tom tekst)").describe("Tekst; kan ikke være tom.");
const paragraphs = z
  .array(text.describe("Ett avsnitt."))
  .min(1, "trenger minst ett avsnitt")
  .describe("Avsnittene, ett per tekst i listen (minst ett).");

/** Name of an image in `content/images/` without extension, e.g. `case-1-before`. */
const imageName = z
  .string()
  .regex(/^[a-z0-9-]+$/, "bildenavn kan bare ha a–z, 0–9 og bindestrek (uten filendelse)")
  .describe("Navnet på bildet i content/images, uten filendelse, f.eks. case-1-before.");

const imageRef = z
  .strictObject({
    image: imageName,
    alt: text.describe("Hva bildet viser, for den som ikke ser det (skjermlesere og søkemotorer)."),
  })
  .describe("Et bilde fra content/images: image er filnavnet uten endelse, alt er bildeteksten for skjermlesere.");

/** A real calendar date written `YYYY-MM-DD` (2024-02-31 is refused). */
export const isoDate = z.iso
  .date({ message: "må være en dato skrevet ÅÅÅÅ-MM-DD, f.eks. 2024-08-17" })
  .describe("Dato skrevet ÅÅÅÅ-MM-DD, f.eks. 2024-08-17 (vises som 17. august 2024).");

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "må være små bokstaver, tall og bindestrek")
  .describe("Små bokstaver, tall og bindestrek, f.eks. volvo-xc60.");

/**
 * A page's title and description for search engines, with the file's own rule for a text. The title
 * gets ` | ` and site.json's `name` after it (app/layout.tsx).
 */
export const metaOf = (text: z.ZodString) =>
  z
    .strictObject({
      title: text.describe(
        "Sidetittelen i søkeresultater og nettleserfanen; « | » og navnet fra site.json kommer bak. Hold alt under 60 tegn.",
      ),
      description: text
        .max(170, "meta-beskrivelsen bør være under 170 tegn")
        .describe("Teksten under tittelen i søkeresultater, under 170 tegn."),
    })
    .describe("Tittel og beskrivelse for søkemotorer.");
const pageMeta = metaOf(text);

// ---------------------------------------------------------------- site.json

/** Map services ask for at least five decimals (about a metre): fewer puts the pin down the street. */
const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .refine((n) => (String(n).split(".")[1] ?? "").length >= 5, "trenger minst fem desimaler, f.eks. 59.89123");

const weekday = z
  .enum(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
  .describe("Ukedag på engelsk, forkortet: Mo, Tu, We, Th, Fr, Sa, Su.");
const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "må være et klokkeslett som 07:00")
  .describe("Klokkeslett skrevet tt:mm, f.eks. 07:00 (vises som 07.00).");

export const siteSchema = z
  .strictObject({
    name: text.describe("Verkstedets navn, slik det står på siden og bak hver sidetittel. I Markdown: {name}."),
    legalName: text.describe(
      "Firmanavnet i Brønnøysundregistrene, f.eks. … AS; står i bunnteksten. I Markdown: {legalName}.",
    ),
    organisationNumber: text.describe(
      "Organisasjonsnummeret, f.eks. 999 999 999; står i bunnteksten. I Markdown: {organisationNumber}.",
    ),
    tagline: text.describe("Kort slagord; står bak navnet i tittelen på en side som ikke har sin egen."),
    description: text.describe("Kort beskrivelse av verkstedet, for søkemotorer."),
    siteUrl: z
      .url({ protocol: /^https?$/, message: "må være en full adresse som https://www.eksempel.no" })
      .describe("Nettstedets egen adresse, f.eks. https://www.eksempel.no."),
    email: z
      .email({ message: "må være en e-postadresse" })
      .describe("E-postadressen som vises på siden og i lenker. I Markdown: {email}."),
    phone: z
      .string()
      .regex(/^\+?[\d ]{8,}$/, "må være et telefonnummer, f.eks. +47 67 10 20 30")
      .describe("Telefonnummeret som vises på siden og i lenker, f.eks. +47 67 10 20 30. I Markdown: {phone}."),
    address: z
      .strictObject({
        streetAddress: text.describe("Gate og nummer, f.eks. Industriveien 12."),
        postalCode: z
          .string()
          .regex(/^\d{4}$/, "postnummer har fire sifre")
          .describe("Postnummer, fire sifre."),
        addressLocality: text.describe("Poststed, f.eks. Sandvika."),
        addressRegion: text.describe("Kommune eller fylke, f.eks. Bærum (for søkemotorer)."),
        addressCountry: z.string().length(2).describe("Landkode med to bokstaver: NO."),
      })
      .describe("Besøksadressen. I Markdown: {address} (gate, postnummer og sted)."),
    geo: z
      .strictObject({
        latitude: coordinate(90).describe("Breddegrad med minst fem desimaler, f.eks. 59.89123."),
        longitude: coordinate(180).describe("Lengdegrad med minst fem desimaler, f.eks. 10.52347."),
      })
      .describe("Verkstedets plass på kartet."),
    areaServed: z
      .array(text.describe("Et sted, f.eks. Oslo."))
      .min(1)
      .describe("Stedene verkstedet betjener, for søkemotorer."),
    openingHours: z
      .array(
        z
          .strictObject({
            label: text.describe("Dagene slik de vises, f.eks. Mandag–fredag."),
            days: z.array(weekday).min(1).describe('Dagene denne linjen gjelder, f.eks. ["Mo", "Tu"].'),
            opens: clock.describe("Når verkstedet åpner, f.eks. 07:00."),
            closes: clock.describe("Når verkstedet stenger, f.eks. 17:00 (senere enn opens)."),
          })
          // "07:00" < "17:00" as text too: both are written hh:mm
          .refine((hours) => hours.opens < hours.closes, {
            message: "closes må være senere enn opens",
            path: ["closes"],
          }),
      )
      .min(1)
      .superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach((entry, i) =>
          entry.days.forEach((day) => {
            if (seen.has(day)) ctx.addIssue({ code: "custom", message: `${day} står to ganger`, path: [i, "days"] });
            seen.add(day);
          }),
        );
      })
      .describe("Åpningstidene, én linje per gruppe dager; en dag kan bare stå én gang. I Markdown: {openingHours}."),
    googleReviewsUrl: z.url().describe("Lenken til verkstedets anmeldelser på Google."),
    mapsUrl: z.url().describe("Lenken til verkstedet i Google Maps (kart og veibeskrivelse)."),
    /** the business's pages elsewhere (register entry, social profiles), for search engines */
    sameAs: z
      .array(z.url().describe("En full adresse, f.eks. https://…"))
      .min(1)
      .describe("Verkstedets sider andre steder (Brønnøysundregistrene, sosiale medier), for søkemotorer."),
    /** price level for search engines, `$` (low) to `$$$$` (high), or a span such as `kr 1 250–8 450` */
    priceRange: text
      .max(100)
      .describe("Prisnivå for søkemotorer: $ (lavt) til $$$$ (høyt), eller et spenn som kr 1 250–8 450."),
    inquiryUserId: text.describe(
      "Avsender-id for pristilbudene skjemaet sender til verkstedet; endres bare etter avtale.",
    ),
    copyrightYear: z.number().int().min(2000).max(2100).describe("Årstallet i bunntekstens ©-linje, f.eks. 2025."),
  })
  .describe("content/site.json: verkstedets opplysninger (navn, adresse, kontakt, åpningstider).");
export type Site = z.infer<typeof siteSchema>;

// ---------------------------------------------------------------- pages/home.json

const heading = text.describe("Overskriften.");
const lead = text.describe("Innledningen under overskriften.");

export const homePageSchema = z
  .strictObject({
    meta: pageMeta,
    hero: z
      .strictObject({
        headline: text.describe("Den store overskriften øverst."),
        lead,
        image: imageRef.describe("Bildet bak toppen; det vises til videoen spiller, og i stedet for den."),
      })
      .describe("Toppen av forsiden."),
    pdr: z
      .strictObject({
        eyebrow: text.describe("Den lille teksten over overskriften."),
        heading,
        paragraphs,
        linkLabel: text.describe("Lenketeksten til artikkelen om lakkeringsfri bulkoppretting, f.eks. Les mer."),
        /** read by screen readers after the link's label, so the link says where it leads ("Les mer om …") */
        linkTopic: text.describe(
          "Leses opp etter lenketeksten av skjermlesere, f.eks. om lakkeringsfri bulkoppretting.",
        ),
      })
      .describe("Avsnittet om lakkeringsfri bulkoppretting."),
    benefits: z
      .strictObject({
        heading,
        items: z
          .array(
            z
              .strictObject({ title: text.describe("Fordelens tittel."), text: text.describe("Fordelens tekst.") })
              .describe("Én fordel."),
          )
          .length(3, "skal ha nøyaktig tre fordeler")
          .describe("Nøyaktig tre fordeler."),
      })
      .describe("Fordelene, tre kort side om side."),
    cases: z.strictObject({ heading, lead }).describe("Før og etter: eksemplene kommer fra cases.json."),
    quote: z.strictObject({ heading, lead }).describe("Pristilbudet med skjemaet."),
    reviews: z.strictObject({ heading, lead }).describe("Anmeldelsene: de kommer fra reviews.json."),
  })
  .describe("content/pages/home.json: forsidens tekster og bilder.");
export type HomePage = z.infer<typeof homePageSchema>;

// ---------------------------------------------------------------- pages/auto-detailing.json

export const detailingPageSchema = z
  .strictObject({
    meta: pageMeta,
    hero: z
      .strictObject({
        eyebrow: text.describe("Den lille teksten over overskriften."),
        headline: text.describe("Den store overskriften øverst."),
        lead,
        image: imageRef,
      })
      .describe("Toppen av siden."),
    intro: z.strictObject({ heading, paragraphs }).describe("Innledningen om bilpleie."),
    premises: z.strictObject({ heading, paragraphs, image: imageRef }).describe("Lokalene, med bilde."),
    calculator: z
      .strictObject({ heading, lead })
      .describe("Priskalkulatoren: tjenester og priser står i services.json."),
    services: z.strictObject({ heading, lead }).describe("Tjenestene beskrevet en for en (fra services.json)."),
    reviews: z.strictObject({ heading }).describe("De tre anmeldelsene valgt i reviews.json (detailingCards)."),
  })
  .describe("content/pages/auto-detailing.json: tekstene og bildene på /auto-detailing.");
export type DetailingPage = z.infer<typeof detailingPageSchema>;

// ---------------------------------------------------------------- pages/*.md and articles/*.md front matter

export const aboutFrontMatter = z.strictObject({
  /** the page's heading */
  title: text,
  /** the title in search results and the browser tab: says what the page is (the heading does not) */
  metaTitle: text,
  description: pageMeta.shape.description,
  lead: text,
  image: imageRef,
});

export const privacyFrontMatter = z.strictObject({
  title: text,
  description: pageMeta.shape.description,
  updated: isoDate,
});

export const articleFrontMatter = z
  .strictObject({
    title: text,
    description: pageMeta.shape.description,
    date: isoDate,
    /** when the article was last changed in substance; leave out if never (then it is `date`) */
    updated: isoDate.optional(),
    lead: text,
    image: imageRef,
    /** Only the detailing article has packages: Basic, Premium, Ultimate. */
    packages: z
      .array(
        z.strictObject({
          name: text,
          summary: text,
          includes: z.array(text).min(1, "en pakke må inneholde minst én tjeneste"),
        }),
      )
      .min(1)
      .optional(),
  })
  .refine((a) => !a.updated || a.updated >= a.date, {
    path: ["updated"],
    message: "kan ikke være før publiseringsdatoen (date)",
  });
export type ArticleFrontMatter = z.infer<typeof articleFrontMatter>;

// ---------------------------------------------------------------- reviews.json

export const reviewsSchema = z
  .strictObject({
    summary: z
      .strictObject({
        rating: z.number().min(1).max(5).describe("Snittet av stjernene på Google, 1–5, f.eks. 4.9."),
        count: z.number().int().min(0).describe("Hvor mange anmeldelser verkstedet har på Google."),
        /** ids of the three reviews shown as cards on /auto-detailing */
        detailingCards: z
          .array(z.string().describe("id-en til en anmeldelse under reviews, f.eks. dot2."))
          .length(3, "skal peke på nøyaktig tre anmeldelser")
          .describe("De tre anmeldelsene som vises som kort på /auto-detailing, med id."),
      })
      .describe("Google-vurderingen som vises over anmeldelsene."),
    reviews: z
      .array(
        z
          .strictObject({
            id: z
              .string()
              .regex(/^dot\d+$/, "id skrives dot1, dot2, …")
              .describe("Anmeldelsens id: dot og et tall, f.eks. dot9; hver id brukes bare én gang."),
            name: text.describe("Kundens navn slik det skal vises, f.eks. Kari N."),
            date: isoDate,
            points: z.number().int().min(1).max(5).describe("Antall stjerner, 1–5."),
            text: z
              .string()
              .trim()
              .optional()
              .describe("Hva kunden skrev; kan utelates (da vises teksten reviews.noText fra strings.json)."),
          })
          .describe("Én anmeldelse."),
      )
      .min(1)
      .describe("Anmeldelsene, vist i rekkefølgen de står her."),
  })
  .superRefine((value, ctx) => {
    const ids = value.reviews.map((r) => r.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: "custom", path: ["reviews", i, "id"], message: `id ${id} er brukt to ganger` });
    });
    value.summary.detailingCards.forEach((id, i) => {
      if (!ids.includes(id))
        ctx.addIssue({
          code: "custom",
          path: ["summary", "detailingCards", i],
          message: `finner ingen anmeldelse med id ${id}`,
        });
    });
  })
  .describe("content/reviews.json: kundeanmeldelsene og Google-vurderingen.");
export type ReviewsContent = z.infer<typeof reviewsSchema>;
export type Review = ReviewsContent["reviews"][number];

// ---------------------------------------------------------------- cases.json and projects.json

const beforeAfter = {
  before: imageRef.describe("Bildet før reparasjonen."),
  after: imageRef.describe("Bildet etter reparasjonen, tatt fra samme vinkel."),
};
const car = text.describe("Bilen, f.eks. Volvo XC60.");

export const casesSchema = z
  .array(
    z
      .strictObject({
        id: slug.describe("Eksemplets id: små bokstaver, tall og bindestrek, f.eks. volvo-xc60; brukes bare én gang."),
        car,
        title: text.describe("Kort tittel på skaden, f.eks. Parkeringsbulk i førerdøren."),
        story: paragraphs.describe("Historien om jobben, ett avsnitt per tekst."),
        ...beforeAfter,
      })
      .describe("Ett eksempel med før- og etterbilde."),
  )
  .length(3, "forsiden viser nøyaktig tre eksempler")
  .describe("content/cases.json: de tre før-og-etter-eksemplene på forsiden.");
export type CaseStudy = z.infer<typeof casesSchema>[number];

export const projectsSchema = z
  .array(
    z
      .strictObject({
        slug: slug.describe(
          "Adressen til prosjektet: /prosjekt/<slug>, f.eks. toyota-yaris-bakdor; brukes bare én gang.",
        ),
        title: text.describe("Prosjektets tittel."),
        car,
        service: text.describe("Tjenesten, f.eks. Lakkeringsfri bulkoppretting."),
        summary: text.describe("Én setning om jobben; vises i oversikten og øverst på prosjektsiden."),
        paragraphs: paragraphs.describe("Teksten på prosjektsiden, ett avsnitt per tekst."),
        ...beforeAfter,
      })
      .describe("Ett prosjekt med før- og etterbilde."),
  )
  .min(1)
  .describe("content/projects.json: prosjektene på /prosjekter, hvert med sin egen side.");
export type Project = z.infer<typeof projectsSchema>[number];

// ---------------------------------------------------------------- services.json (auto-detailing)

/** The calculator's rules refer to these ids (lib/calculator/ids.ts), so a file must use exactly them. */
export { categoryIds, serviceIds };

/** The most work hours one service may take for a small car: a working day of the detailing team. */
const MAX_SERVICE_HOURS = 14;

export const servicesSchema = z
  .strictObject({
    categories: z
      .array(
        z
          .strictObject({
            id: z.enum(categoryIds).describe("Kategoriens faste id; priskalkulatoren bruker den, så den endres ikke."),
            title: text.describe("Kategoriens navn, f.eks. Utvendig vask."),
            services: z
              .array(
                z
                  .strictObject({
                    id: z
                      .enum(serviceIds)
                      .describe("Tjenestens faste id; priskalkulatorens regler bruker den, så den endres ikke."),
                    title: text.describe("Tjenestens navn."),
                    price: z
                      .number()
                      .int()
                      .positive("prisen må være et positivt heltall i kroner")
                      .describe("Prisen for en liten bil i hele kroner, uten mellomrom, f.eks. 1250."),
                    hours: z
                      .number()
                      .min(HOURS_STEP, "arbeidstiden må være minst en halv time")
                      .max(MAX_SERVICE_HOURS, `arbeidstiden kan være høyst ${MAX_SERVICE_HOURS} timer`)
                      .multipleOf(HOURS_STEP, "arbeidstiden skrives i hele eller halve timer, f.eks. 1.5")
                      .describe(
                        "Arbeidstiden for en liten bil i timer, i hele eller halve timer, f.eks. 1.5 (desimalpunktum); timeboka ganger den med bilstørrelsen som prisen.",
                      ),
                    summary: text.describe("Én setning om tjenesten."),
                    paragraphs: paragraphs.describe("Beskrivelsen, ett avsnitt per tekst."),
                    includes: z
                      .array(text.describe("Én ting som inngår."))
                      .min(1)
                      .describe("Hva som inngår, vist som liste."),
                  })
                  .describe("Én tjeneste."),
              )
              .min(1)
              .describe("Tjenestene i kategorien."),
          })
          .describe("Én kategori med tjenester."),
      )
      .length(3, "skal ha de tre kategoriene utvendigVask, invendigVask og polering")
      .describe("De tre kategoriene: utvendigVask, invendigVask og polering; hver tjeneste står i én av dem."),
    sizes: z
      .array(
        z
          .strictObject({
            type: text.describe("Størrelsens navn, f.eks. Medium/SUV."),
            image: imageRef,
            multiplier: z
              .number()
              .min(1)
              .max(3)
              .describe("Prisen ganges med dette tallet, 1–3, f.eks. 1.2 (desimalpunktum)."),
            default: z
              .boolean()
              .optional()
              .describe("true på størrelsen som er valgt før kunden velger; nøyaktig én skal ha det."),
          })
          .describe("Én bilstørrelse."),
      )
      .min(1)
      .describe("Bilstørrelsene i priskalkulatoren."),
  })
  .superRefine((value, ctx) => {
    const seen = value.categories.flatMap((c) => c.services.map((s) => s.id));
    for (const id of serviceIds) {
      if (!seen.includes(id))
        ctx.addIssue({ code: "custom", path: ["categories"], message: `tjenesten ${id} mangler` });
    }
    seen.forEach((id, i) => {
      if (seen.indexOf(id) !== i)
        ctx.addIssue({ code: "custom", path: ["categories"], message: `tjenesten ${id} står to ganger` });
    });
    if (value.sizes.filter((s) => s.default).length !== 1)
      ctx.addIssue({ code: "custom", path: ["sizes"], message: "nøyaktig én bilstørrelse skal ha default: true" });
  })
  .describe("content/services.json: bilpleietjenestene, prisene og bilstørrelsene på /auto-detailing.");
export type ServicesContent = z.infer<typeof servicesSchema>;
export type DetailingService = ServicesContent["categories"][number]["services"][number];
