/**
 * The customer's link to their case, as data: the workshop's two calls that
 * send one (staff only, from the admin) and the five the page `/sak` makes
 * with the token from its address (`<site>/sak#k=<token>`). The plugin
 * (payload/case-link/) checks what it receives with these schemas, the page
 * what it sends and receives, so the two cannot drift apart. Written with
 * `zod/mini`, like ./schemas.ts.
 *
 *   Staff (a logged-in employee; the admin's own origin):
 *     POST {ADMIN}/api/inquiries/:id/request-photos   { message }
 *     POST {ADMIN}/api/inquiries/:id/send-offer       { priceType, lines, validUntil, dropOffTimes, note? }
 *
 *   The customer (the token and nothing else says who they are; every call a POST):
 *     POST {API}/sak            { token }                               → 200 CaseView; changes nothing
 *     POST {API}/sak/accept     { token, name, chosenTime, earlyStart } → 200 CaseAnswer
 *     POST {API}/sak/question   { token, text }                         → 200 CaseAnswer
 *     POST {API}/sak/decline    { token }                               → 200 CaseAnswer
 *     POST {API}/sak/photos     { token, photos: ImageRef[] }           → 200 CaseAnswer
 *     POST {API}/sak/move       { token, at, earlyStart }               → 200 CaseAnswer   (a booking link)
 *     POST {API}/sak/cancel     { token }                               → 200 CaseAnswer   (a booking link)
 *
 * A link that is unknown, ended (the case closed or deleted) or expired is
 * 404 with `reason: "ended"`; an offer link whose offer was replaced by a
 * newer one, 410 with `reason: "replaced"`; an answer the offer no longer
 * takes (past its date, already answered otherwise), 409 with the view. A
 * booked time changed past its cut-off is 409 with `reason: "locked"` and the
 * view; a new time not free, 409 with `reason: "taken"` and the nearest free
 * `times`. Each action is done once: the same press again gets the first answer.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)
import { freeTimeSchema } from "./booking-times";
import { imageRefSchema, FIELD_LIMITS } from "./schemas";

/** The token: 32 random bytes in base64url, as the link's fragment carries it. */
export const CASE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The fragment's key: `#k=<token>`. */
export const CASE_TOKEN_PARAM = "k";
/** The page's path on the site. */
export const CASE_PAGE_PATH = "/sak";

export const CASE_LINK_PATHS = {
  view: "/sak",
  accept: "/sak/accept",
  question: "/sak/question",
  decline: "/sak/decline",
  photos: "/sak/photos",
  move: "/sak/move",
  cancel: "/sak/cancel",
} as const;
export type CaseAction = Exclude<keyof typeof CASE_LINK_PATHS, "view">;

export const CASE_LIMITS = {
  name: 120,
  question: 2000,
  photoRequest: 2000,
  note: 2000,
  lineDescription: 200,
  lines: 20,
  /** the most one line may cost, in whole kroner */
  amountNok: 10_000_000,
  dropOffTimes: 3,
} as const;

export const PRICE_TYPES = ["fixed", "max", "estimate"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, "må fylles ut"), z.maxLength(max));
const token = () => z.string().check(z.regex(CASE_TOKEN_PATTERN, "ugyldig lenke"));
/** A calendar day, `YYYY-MM-DD`, that exists. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value;
};
/** A moment with its offset, as `Date.toISOString()` writes it or with `+01:00`. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export const isMoment = (value: string) => MOMENT.test(value) && !Number.isNaN(Date.parse(value));

// ------------------------------------------------------------ staff

export const requestPhotosSchema = z.strictObject({ message: text(CASE_LIMITS.photoRequest) });
export type RequestPhotos = z.infer<typeof requestPhotosSchema>;

export const offerLineSchema = z.strictObject({
  description: text(CASE_LIMITS.lineDescription),
  amountNok: z.number().check(z.refine(Number.isInteger, "hele kroner"), z.gte(0), z.lte(CASE_LIMITS.amountNok)),
});
export type OfferLine = z.infer<typeof offerLineSchema>;

export const sendOfferSchema = z.strictObject({
  priceType: z.enum(PRICE_TYPES),
  lines: z.array(offerLineSchema).check(z.minLength(1, "minst én linje"), z.maxLength(CASE_LIMITS.lines)),
  validUntil: z.string().check(z.refine(isDay, "skal være en dato, ÅÅÅÅ-MM-DD")),
  dropOffTimes: z
    .array(z.string().check(z.refine(isMoment, "skal være et tidspunkt med tidssone")))
    .check(z.minLength(1, "minst ett tidspunkt"), z.maxLength(CASE_LIMITS.dropOffTimes)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(CASE_LIMITS.note))),
});
export type SendOffer = z.infer<typeof sendOfferSchema>;

/** The longest reason staff give for deleting an agreement at its customer's request. */
export const ERASURE_REASON_MAX = 500;
/** POST {API}/agreements/:id/erase, staff only: the agreement deleted, the reason kept in its place. */
export const eraseAgreementSchema = z.strictObject({ reason: text(ERASURE_REASON_MAX) });

// ------------------------------------------------------------ the customer

export const viewRequestSchema = z.strictObject({ token: token() });
/** One line: no line break or other control character, so a name cannot pass for more lines of an e-mail. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

export const acceptRequestSchema = z.strictObject({
  token: token(),
  name: text(CASE_LIMITS.name).check(z.regex(ONE_LINE, "skal stå på én linje")),
  chosenTime: z.string().check(z.refine(isMoment, "skal være et tidspunkt")),
  earlyStart: z.boolean(),
});
export type AcceptRequest = z.infer<typeof acceptRequestSchema>;
export const questionRequestSchema = z.strictObject({ token: token(), text: text(CASE_LIMITS.question) });
export const declineRequestSchema = z.strictObject({ token: token() });
export const photosRequestSchema = z.strictObject({
  token: token(),
  photos: z.array(imageRefSchema()).check(z.minLength(1), z.maxLength(FIELD_LIMITS.imagesPerDamage)),
});
/** A booked time moved to another free time (`at`, with the early-start box when it falls within the withdrawal period). */
export const moveRequestSchema = z.strictObject({
  token: token(),
  at: z.string().check(z.refine(isMoment, "skal være et tidspunkt")),
  earlyStart: z.boolean(),
});
export type MoveRequest = z.infer<typeof moveRequestSchema>;
export const cancelRequestSchema = z.strictObject({ token: token() });

/** An offer's state as the customer sees it. */
export const OFFER_VIEW_STATES = ["open", "accepted", "declined", "expired"] as const;

/** A booked time's state as the customer sees it. */
export const BOOKING_VIEW_STATES = ["booked", "cancelled"] as const;

export const caseViewSchema = z.object({
  purpose: z.enum(["offer", "photos", "booking"]),
  /** a quote's registration number (a booking has none) */
  regNumber: z.optional(z.string()),
  /** the car Statens vegvesen named, e.g. `Volkswagen Golf, grå, 2017` */
  car: z.optional(z.string()),
  /** the customer's own photos, absolute urls */
  photos: z.array(z.string()),
  /** a photo link: the workshop's words */
  message: z.optional(z.string()),
  offer: z.optional(
    z.object({
      version: z.number(),
      priceType: z.enum(PRICE_TYPES),
      lines: z.array(z.object({ description: z.string(), amountNok: z.number() })),
      totalNok: z.number(),
      validUntil: z.string(),
      dropOffTimes: z.array(z.string()),
      note: z.optional(z.string()),
      state: z.enum(OFFER_VIEW_STATES),
      /** when accepted: the time chosen */
      chosenTime: z.optional(z.string()),
    }),
  ),
  /** a booking link: the time booked with the calculator's job */
  booking: z.optional(
    z.object({
      /** the drop-off moment, with Oslo's offset */
      at: z.string(),
      /** the job, as the free times are asked for it (lib/api/booking-times.ts) */
      services: z.array(z.string()),
      size: z.string(),
      /** the services' names, in the booking's order */
      titles: z.array(z.string()),
      priceNok: z.number(),
      state: z.enum(BOOKING_VIEW_STATES),
      /** whether the link may still move or cancel it (until the cut-off) */
      changeable: z.boolean(),
    }),
  ),
});
export type CaseView = z.infer<typeof caseViewSchema>;

/** An action's answer: what was done (the first time, whichever press this is), and the case as it is now. */
export const caseAnswerSchema = z.object({
  done: z.enum(["accepted", "asked", "declined", "photos", "moved", "cancelled"]),
  view: caseViewSchema,
});
export type CaseAnswer = z.infer<typeof caseAnswerSchema>;

/** A refusal: a Norwegian message, and for a dead link or an offer that takes no answer, why. */
export const caseRefusalSchema = z.looseObject({
  reason: z.optional(z.enum(["ended", "replaced", "expired", "answered", "locked", "taken"])),
  errors: z.array(z.looseObject({ message: z.string(), field: z.optional(z.string()) })),
  view: z.optional(caseViewSchema),
  /** a new time that was not free: the nearest free ones */
  times: z.optional(z.array(freeTimeSchema)),
});
export type CaseRefusal = z.infer<typeof caseRefusalSchema>;
