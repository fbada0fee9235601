/**
 * `content/strings.json`: every short UI text that is not part of a page's own
 * content file (menu, buttons, labels, small pages, error screens).
 * Placeholders in braces, like `{n}`, are filled in by `fill()` in lib/format.ts,
 * often only in the visitor's browser: so a text may use only the placeholders
 * its field names here (`placeholders`), and a plain `text` none at all. A
 * misspelt one stops the check and the build instead of breaking a page.
 */
import { z } from "zod";
import { placeholderNames } from "../format";

/** A text that may use exactly these `{placeholders}`. */
const placeholders = (allowed: string[]) =>
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
    });
const text = placeholders([]);
const internalHref = z.string().regex(/^\/[a-z0-9\-/]*$/, "må være en intern adresse som begynner med /");
const link = z.strictObject({ label: text, href: internalHref });
const meta = z.strictObject({ title: text, description: text.max(170, "meta-beskrivelsen bør være under 170 tegn") });

export const stringsSchema = z.strictObject({
  skipLink: text,
  logoAlt: text,
  nav: z.strictObject({ label: text, menuToggle: text, items: z.array(link).min(1) }),
  /** the e-mail and phone messages, the same in the quote form and the booking form */
  fieldErrors: z.strictObject({ emailRequired: text, emailFormat: text, phoneRequired: text, phoneFormat: text }),
  labels: z.strictObject({
    address: text,
    email: text,
    phone: text,
    openingHours: text,
    closed: text,
    /** read out after a link that opens in a new tab */
    newTab: text,
  }),
  cta: z.strictObject({ quote: text, call: text, readMore: text }),
  contactStrip: z.strictObject({ heading: text, text }),
  footer: z.strictObject({
    heading: text,
    text,
    contactHeading: text,
    linksHeading: text,
    links: z.array(link).min(1),
    copyright: placeholders(["year", "name"]),
    orgNumber: placeholders(["number"]),
  }),
  home: z.strictObject({ beforeLabel: text, afterLabel: text, quoteSteps: z.array(text).min(1) }),
  quotePage: z.strictObject({
    meta,
    heading: text,
    lead: text,
    stepsHeading: text,
    steps: z.array(z.strictObject({ title: text, text })).min(1),
    directHeading: text,
    directText: text,
  }),
  quoteForm: z.strictObject({
    labels: z.strictObject({
      regNumber: text,
      regNumberHint: text,
      email: text,
      phone: text,
      message: text,
      messageHint: text,
      damagesHeading: text,
      damagesLead: text,
      damage: placeholders(["n"]),
      addDamage: text,
      removeDamage: text,
      pickImages: text,
      pickImagesHint: text,
      removeImage: text,
      imageCountOne: text,
      imageCountMany: placeholders(["n"]),
      noImages: text,
      notAnImage: placeholders(["name"]),
      tooManyImages: placeholders(["max"]),
      submit: text,
      privacy: text,
      privacyLink: text,
    }),
    errors: z.strictObject({
      regRequired: text,
      damagesRequired: text,
      imagesRequired: placeholders(["n"]),
    }),
    progress: z.strictObject({
      heading: text,
      lead: text,
      overall: placeholders(["done", "total"]),
      waiting: text,
      compressing: placeholders(["percent"]),
      uploading: text,
      retrying: placeholders(["attempt", "max"]),
      done: text,
      failed: text,
      inquiry: text,
    }),
    failure: z.strictObject({
      heading: text,
      inquiry: text,
      upload: placeholders(["name", "n"]),
      contact: placeholders(["phone", "email"]),
      retry: text,
    }),
    /** the three photos that price a dent, shown beside each damage's picker (drawings are decorative) */
    photoGuide: z.strictObject({
      heading: text,
      whole: text,
      closeUp: text,
      angled: text,
    }),
    /** the note on a photo that looks blurred or dark, or that the browser cannot read */
    photoCheck: z.strictObject({
      blurred: text,
      dark: text,
      unreadable: text,
      retake: text,
      keep: text,
    }),
  }),
  contactPage: z.strictObject({
    meta,
    heading: text,
    lead: text,
    contactHeading: text,
    calculatorLink: text,
  }),
  projectsPage: z.strictObject({ meta, heading: text, lead: text, tileLink: text }),
  projectPage: z.strictObject({
    carLabel: text,
    serviceLabel: text,
    backLink: text,
    beforeLabel: text,
    afterLabel: text,
  }),
  /** The first step of every breadcrumb trail search engines are given (the home page's name). */
  breadcrumbHome: text,
  articlePage: z.strictObject({
    publishedLabel: text,
    packagesHeading: text,
    includesLabel: text,
    /** the list of the other articles at the end of each article */
    moreHeading: text,
  }),
  detailingPage: z.strictObject({
    priceFrom: placeholders(["price"]),
    includesLabel: text,
    sizesHeading: text,
    sizesText: text,
    /** the way from the services to the ready-made packages on /detailing */
    packagesText: text,
    packagesLink: text,
  }),
  /** Review cards, the Google rating, and the home page's review slider (its buttons' accessible names are fixed: the tests and screen readers find them by name). */
  reviews: z.strictObject({
    stars: placeholders(["n"]),
    ratingSummary: placeholders(["rating", "count"]),
    readMore: text,
    noText: placeholders(["n"]),
    newTab: text,
    sliderLabel: text,
    /** what a screen reader calls the slider and each slide (aria-roledescription) */
    carousel: text,
    slide: text,
    slideLabel: placeholders(["n", "count"]),
    previous: text,
    next: text,
    dot: placeholders(["n"]),
  }),
  /** The before/after slider's handle: its name names the case (`{name}`), its value is read as text. */
  beforeAfter: z.strictObject({ sliderLabel: placeholders(["name"]), valueText: placeholders(["before", "after"]) }),
  /** The play/pause button over the home page's hero video. */
  heroVideo: z.strictObject({ play: text, pause: text }),
  /** The map on /kontakt and /auto-detailing, and its fallback link. */
  map: z.strictObject({ label: placeholders(["name"]), link: text, markerTitle: placeholders(["name", "address"]) }),
  privacyPage: z.strictObject({ updatedLabel: text }),
  /**
   * The consent banner (first visit) and the control on /personvern that changes the choice.
   * `accept` and `decline` are the fixed `Godta` / `Avslå`. With neither a tag manager nor a
   * maps key in the build there is nothing to ask about: no banner, and `settingsNone` on /personvern.
   */
  consent: z.strictObject({
    bannerHeading: text,
    bannerText: text,
    privacyLink: text,
    accept: text,
    decline: text,
    settingsHeading: text,
    settingsText: text,
    settingsNone: text,
    statusGranted: text,
    statusDenied: text,
    statusUnset: text,
    settingsNoScript: text,
  }),
  /** The price calculator on /auto-detailing. The two `errors` are the workshop's own messages, word for word (typos included). */
  calculator: z.strictObject({
    sizesHeading: text,
    sizesHint: text,
    sizeFactor: placeholders(["factor"]),
    servicesHeading: text,
    chosenCount: placeholders(["n"]),
    add: text,
    remove: text,
    summaryHeading: text,
    nothingChosen: text,
    total: text,
    totalNote: text,
    book: text,
    autoAdded: placeholders(["services"]),
    autoRemoved: placeholders(["services"]),
    close: text,
    errors: z.strictObject({ exteriorRequired: text, sealingNeedsPolish: text }),
    badge: z.strictObject({ label: text, total: text, size: text, noSize: text, close: text }),
  }),
  /** The booking summary and form on /kontakt. */
  booking: z.strictObject({
    summaryHeading: text,
    sizeLabel: text,
    totalLabel: text,
    nothingChosen: text,
    formHeading: text,
    formLead: text,
    email: text,
    phone: text,
    message: text,
    submit: text,
    sending: text,
    greeting: text,
    sizeLine: placeholders(["size"]),
    priceLine: placeholders(["price"]),
    failed: placeholders(["phone", "email"]),
    retry: text,
  }),
  /** Drafts kept on the device (quote and booking forms), and the quote form's offline notice. */
  drafts: z.strictObject({
    restored: text,
    startOver: text,
    offline: text,
    /** asked on a new visit, before a draft is shown: `{date}` is the day it was saved */
    offerQuote: placeholders(["date"]),
    offerBooking: placeholders(["date"]),
    resume: text,
    delete: text,
  }),
  thanksPage: z.strictObject({ meta, heading: text, text, homeLink: text }),
  errorPage: z.strictObject({
    title: text,
    heading: text,
    notFoundStatus: text,
    notFoundText: text,
    errorText: text,
    /** shown instead of errorText when a script chunk could not be loaded (a new deploy, a bad connection) */
    chunkText: text,
    homeLink: text,
    reload: text,
  }),
});
export type Strings = z.infer<typeof stringsSchema>;
