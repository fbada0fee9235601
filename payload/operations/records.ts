/**
 * The records a case's operations read, as the app's types have them, and
 * how they are read: with the local API, past access control (every caller
 * has checked who may ask), at depth 0 unless a photo's url is needed.
 */
import type { Payload, PayloadRequest } from "payload";
import { INQUIRY_SLUG, OFFER_SLUG } from "../names";
import type { CaseLink, CaseOffer, Inquiry } from "../types";

export type Quote = Inquiry;
export type Offer = CaseOffer;
export type Link = CaseLink;
/** A record's id, as the app's types have it. */
export type Id = Quote["id"];

/** How the operations call the local API. */
export const LOCAL = { depth: 0, overrideAccess: true } as const;

/** The id of a relationship, whether it was read as an id or as its record. */
export const idOf = (ref: Id | { id: Id }): Id => (typeof ref === "object" ? ref.id : ref);

/** The quote `id` names with its photos' records, or null when there is none. */
export const findQuote = (payload: Payload, id: Id, req?: PayloadRequest) =>
  payload.findByID({ collection: INQUIRY_SLUG, id, disableErrors: true, ...LOCAL, depth: 1, req });

/** The offer `id` names, or null when there is none. */
export const findOffer = (payload: Payload, id: Id, req?: PayloadRequest) =>
  payload.findByID({ collection: OFFER_SLUG, id, disableErrors: true, ...LOCAL, req });

/** The urls of the quote's photos, absolute. */
export const photoUrls = (payload: Payload, quote: Quote) =>
  quote.damages.flatMap((damage) =>
    damage.photos.flatMap((photo) =>
      typeof photo === "object" && photo.url ? [new URL(photo.url, payload.config.serverURL).href] : [],
    ),
  );
