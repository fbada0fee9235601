/**
 * The customer's calls on their link, under /api/sak (lib/api/case-link.ts
 * has the contract): the token in the body says who they are, and nothing
 * else does (a staff cookie widens nothing). A quote's link shows its offer
 * or asks for photos; a booking's moves or cancels its time
 * (../operations/change-booking.ts). Viewing changes nothing; each
 * action is stored once, so ten presses at once store one answer and every
 * press gets the answer the first one got. Every answer is no-store.
 */
import type { Endpoint, PayloadRequest } from "payload";
import {
  acceptRequestSchema,
  cancelRequestSchema,
  CASE_LINK_PATHS,
  declineRequestSchema,
  moveRequestSchema,
  photosRequestSchema,
  questionRequestSchema,
  viewRequestSchema,
} from "../../lib/api/case-link";
import type { CaseLinkTexts } from "../../lib/content/emails-schema";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { confirmation } from "../mail";
import { addressLimit } from "../address-limit";
import { clientAddress } from "../client";
import { answering, jsonAnswer, NO_STORE, readBody, tooManyCalls } from "../http";
import { acceptOffer, declineOffer } from "../operations/answer-offer";
import { bookingView } from "../operations/booking-view";
import { cancelBooking, moveBooking, openBookingLink } from "../operations/change-booking";
import { addPhotos, askQuestion } from "../operations/customer-messages";
import { findLink, openQuoteLink } from "../operations/open-link";

/** The largest body a call on a case takes. */
export const CASE_LINK_BODY_BYTES = 64 * 1024;
/** The calls one client address makes on links in a minute, all its links together. */
export const CASE_LINK_CALLS_PER_MINUTE = 30;
const MINUTE_MS = 60 * 1000;

/** What the customer's calls are answered from: the workshop, its services, and the link's e-mail texts. */
export interface CustomerContent {
  site: Site;
  services: ServicesContent;
  texts: CaseLinkTexts;
}

/**
 * The customer's calls; an acceptance's confirmation is written from the
 * content's `site` and `texts`. A client address past
 * CASE_LINK_CALLS_PER_MINUTE gets 429 with `Retry-After` until the next minute.
 */
export function customerEndpoints(content: CustomerContent): Endpoint[] {
  const { site, texts } = content;
  const limit = addressLimit({ perWindow: CASE_LINK_CALLS_PER_MINUTE, windowMs: MINUTE_MS });
  const post = (path: string, handler: (req: PayloadRequest) => Promise<Response>): Endpoint => ({
    path,
    method: "post",
    handler: answering(async (req) => {
      const spent = limit.take(clientAddress(req));
      if (spent) throw tooManyCalls(spent.retryAfterMs);
      return handler(req);
    }, NO_STORE),
  });
  return [
    post(CASE_LINK_PATHS.view, async (req) => {
      const { token } = await readBody(req, viewRequestSchema, CASE_LINK_BODY_BYTES);
      const link = await findLink(req.payload, token);
      if (!link.booking) return jsonAnswer(200, (await openQuoteLink(req.payload, link)).view);
      const { booking, time } = await openBookingLink(req.payload, link);
      return jsonAnswer(200, bookingView(content, booking, time, new Date()));
    }),
    post(CASE_LINK_PATHS.accept, async (req) => {
      const body = await readBody(req, acceptRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await acceptOffer(req, body, (acceptance) => confirmation(texts, site, acceptance).text));
    }),
    post(CASE_LINK_PATHS.decline, async (req) => {
      const { token } = await readBody(req, declineRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await declineOffer(req, token));
    }),
    post(CASE_LINK_PATHS.question, async (req) => {
      const { token, text } = await readBody(req, questionRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await askQuestion(req, token, text, site.phone));
    }),
    post(CASE_LINK_PATHS.photos, async (req) => {
      const { token, photos } = await readBody(req, photosRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await addPhotos(req, token, photos));
    }),
    post(CASE_LINK_PATHS.move, async (req) => {
      const body = await readBody(req, moveRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await moveBooking(req, content, body));
    }),
    post(CASE_LINK_PATHS.cancel, async (req) => {
      const { token } = await readBody(req, cancelRequestSchema, CASE_LINK_BODY_BYTES);
      return jsonAnswer(200, await cancelBooking(req, content, token));
    }),
  ];
}
