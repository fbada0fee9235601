/**
 * The workshop's answers on a quote, for a logged-in employee only:
 * POST /api/inquiries/:id/request-photos and /send-offer
 * (lib/api/case-link.ts has the contract). Each stores the link's record and
 * the case's event and queues the e-mail that makes and sends the token.
 */
import type { Endpoint, PayloadRequest } from "payload";
import { requestPhotosSchema, sendOfferSchema } from "../../lib/api/case-link";
import { requireStaff } from "../access";
import { answering, jsonAnswer, NO_STORE, readBody } from "../http";
import { requestPhotos } from "../operations/request-photos";
import { sendOffer } from "../operations/send-offer";
import { openCase } from "../operations/staff-case";
import { CASE_LINK_BODY_BYTES } from "./case-link-customer";

/** The quote the call names, refused when the caller is not staff. */
async function staffCase(req: PayloadRequest) {
  requireStaff(req);
  return openCase(req.payload, Number(req.routeParams?.id));
}

const requestPhotosEndpoint: Endpoint = {
  path: "/:id/request-photos",
  method: "post",
  handler: answering(async (req) => {
    const quote = await staffCase(req);
    const { message } = await readBody(req, requestPhotosSchema, CASE_LINK_BODY_BYTES);
    await requestPhotos(req, quote, message);
    return jsonAnswer(201, { message: "Kunden får en e-post med lenke for å sende bilder." });
  }, NO_STORE),
};

const sendOfferEndpoint: Endpoint = {
  path: "/:id/send-offer",
  method: "post",
  handler: answering(async (req) => {
    const quote = await staffCase(req);
    const version = await sendOffer(req, quote, await readBody(req, sendOfferSchema, CASE_LINK_BODY_BYTES));
    return jsonAnswer(201, { message: "Tilbudet er sendt til kunden.", version });
  }, NO_STORE),
};

/** The workshop's calls, on the quotes' collection. */
export const staffEndpoints: Endpoint[] = [requestPhotosEndpoint, sendOfferEndpoint];
