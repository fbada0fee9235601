/**
 * A customer's link to a quote as its page opens it (a booking's link:
 * ./change-booking.ts). A link ends when its case closes, when it is
 * replaced, or LINK_KEPT_MS after its e-mail went; an ended,
 * unknown or expired link gets one refusal. Opening changes nothing and
 * sends nothing, since mail scanners open links.
 */
import type { Payload, PayloadRequest } from "payload";
import type { CaseAnswer, CaseView } from "../../lib/api/case-link";
import { osloToday } from "../../lib/oslo-time";
import { carLine } from "../car";
import { hashToken } from "../case-link/token";
import { LINK_SLUG } from "../names";
import { findOffer, findQuote, LOCAL, idOf, photoUrls, type Link, type Offer, type Quote } from "./records";
import { linkEnded, offerExpired, offerReplaced, photoLinkOnly, quoteLinkOnly } from "./refusals";

/** How long a link works after its e-mail went, when nothing ended it before. */
export const LINK_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

export interface Opened {
  link: Link;
  quote: Quote;
  offer: Offer | null;
  view: CaseView;
}

type OfferView = NonNullable<CaseView["offer"]>;

/** The offer's state as the customer sees it: an offer still open is expired once its last day has passed. */
function stateOf(offer: Offer): OfferView["state"] {
  if (offer.state === "accepted" || offer.state === "declined") return offer.state;
  return offer.validUntil < osloToday() ? "expired" : "open";
}

/** The offer as the link's page shows it. */
const offerView = (offer: Offer): OfferView => ({
  version: offer.version,
  priceType: offer.priceType,
  lines: offer.lines.map(({ description, amountNok }) => ({ description, amountNok })),
  totalNok: offer.totalNok,
  validUntil: offer.validUntil,
  dropOffTimes: offer.dropOffTimes,
  ...(offer.note ? { note: offer.note } : {}),
  state: stateOf(offer),
  ...(offer.answer?.chosenTime ? { chosenTime: offer.answer.chosenTime } : {}),
});

/** The case as the link's page shows it. */
export function viewOf(payload: Payload, link: Link, quote: Quote, offer: Offer | null): CaseView {
  const car = carLine(quote.vehicle);
  return {
    purpose: link.purpose,
    regNumber: quote.regNumber,
    ...(car ? { car } : {}),
    photos: photoUrls(payload, quote),
    ...(link.purpose === "photos" && link.message ? { message: link.message } : {}),
    ...(offer ? { offer: offerView(offer) } : {}),
  };
}

/** The link the token names, of any purpose; refused as ended or replaced when it no longer works. */
export async function findLink(payload: Payload, token: string): Promise<Link> {
  const { docs } = await payload.find({
    collection: LINK_SLUG,
    where: { tokenHash: { equals: hashToken(token) } },
    limit: 1,
    ...LOCAL,
  });
  const link = docs[0];
  if (!link || !link.mailedAt) throw linkEnded();
  if (link.endedBecause === "replaced" && link.purpose === "offer") throw offerReplaced();
  if (link.endedAt || Date.parse(link.mailedAt) + LINK_KEPT_MS < Date.now()) throw linkEnded();
  return link;
}

/** The quote's link the token names, with its case; refused as ended or replaced when it no longer works. */
export const openLink = async (payload: Payload, token: string): Promise<Opened> =>
  openQuoteLink(payload, await findLink(payload, token));

/** `link` with its quote and offer; refused when it is not a quote's, or its case is closed. */
export async function openQuoteLink(payload: Payload, link: Link): Promise<Opened> {
  if (!link.inquiry) throw quoteLinkOnly();
  const quote = await findQuote(payload, idOf(link.inquiry));
  if (!quote || quote.status === "CLOSED") throw linkEnded();
  const offer = link.offer ? await findOffer(payload, idOf(link.offer)) : null;
  if (link.purpose === "offer" && !offer) throw linkEnded();
  return { link, quote, offer, view: viewOf(payload, link, quote, offer) };
}

/** The offer of an offer link, refused on a photo link and when it takes no answer now. */
export function answerable({ offer, view }: Opened): Offer {
  if (!offer) throw photoLinkOnly();
  if (view.offer?.state === "expired") throw offerExpired(view);
  return offer;
}

/** The answer to the customer's page after an action: what was done, and the case as it is now. */
export const reopened = async (req: PayloadRequest, token: string, done: CaseAnswer["done"]): Promise<CaseAnswer> => ({
  done,
  view: (await openLink(req.payload, token)).view,
});
