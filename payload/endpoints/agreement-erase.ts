/**
 * POST /api/agreements/:id/erase { reason }, for a logged-in employee only:
 * the agreement deleted at its customer's request, the reason kept in its
 * place (../operations/erase-agreement.ts).
 */
import type { Endpoint } from "payload";
import { eraseAgreementSchema } from "../../lib/api/case-link";
import { isStaffRequest } from "../access";
import { answering, jsonAnswer, NO_STORE, readBody, Refusal } from "../http";
import { eraseAgreement } from "../operations/erase-agreement";
import { CASE_LINK_BODY_BYTES } from "./case-link-customer";

export const eraseAgreementEndpoint: Endpoint = {
  path: "/:id/erase",
  method: "post",
  handler: answering(async (req) => {
    if (!req.user) throw new Refusal(401, "Logg inn for å gjøre dette");
    if (!isStaffRequest(req)) throw new Refusal(403, "Bare verkstedets ansatte kan gjøre dette");
    const id = Number(req.routeParams?.id);
    if (!Number.isSafeInteger(id)) throw new Refusal(404, "Fant ikke avtalen");
    const { reason } = await readBody(req, eraseAgreementSchema, CASE_LINK_BODY_BYTES);
    await eraseAgreement(req, id, reason);
    return jsonAnswer(200, { message: "Avtalen er slettet. Grunnen er tatt vare på under Slettede avtaler." });
  }, NO_STORE),
};
