/**
 * The shape of every file in `content/`. Each schema is strict: an unknown key
 * is an error, so a typo in a marketer's file never passes silently.
 * The loaders in `./load.ts` turn a failed parse into an error naming the file
 * and the field.
 */
import { z } from "zod";
import { categoryIds, serviceIds } from "../calculator/ids";

const text = z.string().trim().min(1, "må fylles ut (tom tekst)");
const paragraphs = z.array(text).min(1, "trenger minst ett avsnitt");

/** Name of an image in `content/images/` without extension, e.g. `case-1-before`. */
const imageName = z.string().regex(/^[a-z0-9-]+$/, "bildenavn kan bare ha a–z, 0–9 og bindestrek (uten filendelse)");

const imageRef = z.strictObject({
  image: imageName,
  alt: text,
});

/** A real calendar date written `YYYY-MM-DD` (2024-02-31 is refused). */
export const isoDate = z.iso.date({ message: "må være en dato skrevet ÅÅÅÅ-MM-DD, f.eks. 2024-08-17" });

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "må være små bokstaver, tall og bindestrek");

const pageMeta = z.strictObject({
  title: text,
  description: text.max(170, "meta-beskrivelsen bør være under 170 tegn"),
});

// ---------------------------------------------------------------- site.json

/** Map services ask for at least five decimals (about a metre): fewer puts the pin down the street. */
const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .refine((n) => (String(n).split(".")[1] ?? "").length >= 5, "trenger minst fem desimaler, f.eks. 59.89123");

const weekday = z.enum(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "må være et klokkeslett som 07:00");

export const siteSchema = z.strictObject({
  name: text,
  legalName: text,
  organisationNumber: text,
  tagline: text,
  description: text,
  siteUrl: z.url({ protocol: /^https?$/, message: "må være en full adresse som https://www.eksempel.no" }),
  email: z.email({ message: "må være en e-postadresse" }),
  phone: z.string().regex(/^\+?[\d ]{8,}$/, "må være et telefonnummer, f.eks. +47 67 10 20 30"),
  address: z.strictObject({
    streetAddress: text,
    postalCode: z.string().regex(/^\d{4}$/, "postnummer har fire sifre"),
    addressLocality: text,
    addressRegion: text,
    addressCountry: z.string().length(2),
  }),
  geo: z.strictObject({
    latitude: coordinate(90),
    longitude: coordinate(180),
  }),
  areaServed: z.array(text).min(1),
  openingHours: z
    .array(
      z
        .strictObject({
          label: text,
          days: z.array(weekday).min(1),
          opens: clock,
          closes: clock,
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
    }),
  googleReviewsUrl: z.url(),
  mapsUrl: z.url(),
  /** the business's pages elsewhere (register entry, social profiles), for search engines */
  sameAs: z.array(z.url()).min(1),
  /** price level for search engines, `$` (low) to `$$$$` (high), or a span such as `kr 1 250–8 450` */
  priceRange: text.max(100),
  inquiryUserId: text,
  copyrightYear: z.number().int().min(2000).max(2100),
});
export type Site = z.infer<typeof siteSchema>;

// ---------------------------------------------------------------- pages/home.json

export const homePageSchema = z.strictObject({
  meta: pageMeta,
  hero: z.strictObject({
    headline: text,
    lead: text,
    image: imageRef,
  }),
  pdr: z.strictObject({
    eyebrow: text,
    heading: text,
    paragraphs,
    linkLabel: text,
    /** read by screen readers after the link's label, so the link says where it leads ("Les mer om …") */
    linkTopic: text,
  }),
  benefits: z.strictObject({
    heading: text,
    items: z.array(z.strictObject({ title: text, text })).length(3, "skal ha nøyaktig tre fordeler"),
  }),
  cases: z.strictObject({ heading: text, lead: text }),
  quote: z.strictObject({ heading: text, lead: text }),
  reviews: z.strictObject({ heading: text, lead: text }),
});
export type HomePage = z.infer<typeof homePageSchema>;

// ---------------------------------------------------------------- pages/auto-detailing.json

export const detailingPageSchema = z.strictObject({
  meta: pageMeta,
  hero: z.strictObject({ eyebrow: text, headline: text, lead: text, image: imageRef }),
  intro: z.strictObject({ heading: text, paragraphs }),
  premises: z.strictObject({ heading: text, paragraphs, image: imageRef }),
  calculator: z.strictObject({ heading: text, lead: text }),
  services: z.strictObject({ heading: text, lead: text }),
  reviews: z.strictObject({ heading: text }),
});
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
    summary: z.strictObject({
      rating: z.number().min(1).max(5),
      count: z.number().int().min(0),
      /** ids of the three reviews shown as cards on /auto-detailing */
      detailingCards: z.array(z.string()).length(3, "skal peke på nøyaktig tre anmeldelser"),
    }),
    reviews: z
      .array(
        z.strictObject({
          id: z.string().regex(/^dot\d+$/, "id skrives dot1, dot2, …"),
          name: text,
          date: isoDate,
          points: z.number().int().min(1).max(5),
          text: z.string().trim().optional(),
        }),
      )
      .min(1),
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
  });
export type ReviewsContent = z.infer<typeof reviewsSchema>;
export type Review = ReviewsContent["reviews"][number];

// ---------------------------------------------------------------- cases.json and projects.json

const beforeAfter = {
  before: imageRef,
  after: imageRef,
};

export const casesSchema = z
  .array(
    z.strictObject({
      id: slug,
      car: text,
      title: text,
      story: paragraphs,
      ...beforeAfter,
    }),
  )
  .length(3, "forsiden viser nøyaktig tre eksempler");
export type CaseStudy = z.infer<typeof casesSchema>[number];

export const projectsSchema = z
  .array(
    z.strictObject({
      slug,
      title: text,
      car: text,
      service: text,
      summary: text,
      paragraphs,
      ...beforeAfter,
    }),
  )
  .min(1);
export type Project = z.infer<typeof projectsSchema>[number];

// ---------------------------------------------------------------- services.json (auto-detailing)

/** The calculator's rules refer to these ids (lib/calculator/ids.ts), so a file must use exactly them. */
export { categoryIds, serviceIds };

export const servicesSchema = z
  .strictObject({
    categories: z
      .array(
        z.strictObject({
          id: z.enum(categoryIds),
          title: text,
          services: z
            .array(
              z.strictObject({
                id: z.enum(serviceIds),
                title: text,
                price: z.number().int().positive("prisen må være et positivt heltall i kroner"),
                summary: text,
                paragraphs,
                includes: z.array(text).min(1),
              }),
            )
            .min(1),
        }),
      )
      .length(3, "skal ha de tre kategoriene utvendigVask, invendigVask og polering"),
    sizes: z
      .array(
        z.strictObject({
          type: text,
          image: imageRef,
          multiplier: z.number().min(1).max(3),
          default: z.boolean().optional(),
        }),
      )
      .min(1),
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
  });
export type ServicesContent = z.infer<typeof servicesSchema>;
export type DetailingService = ServicesContent["categories"][number]["services"][number];
