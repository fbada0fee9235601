/**
 * POST /api/agreements/:id/erase { reason }, for a logged-in employee only:
 * the agreement deleted at its customer's request, the reason kept in its
 * place (../operations/erase-agreement.ts).
 */
import type { Endpoint } from "payload";
import { ERASURE_REASON_MAX, eraseAgreementSchema } from "../../lib/api/case-link";
import { requireStaff } from "../access";
import { answering, jsonAnswer, NO_STORE, readBody, Refusal } from "../http";
import { eraseAgreement } from "../operations/erase-agreement";

/** The largest body the call takes: a reason of ERASURE_REASON_MAX characters, each up to four bytes, and room. */
const ERASE_BODY_BYTES = 4 * ERASURE_REASON_MAX + 1024;

export const eraseAgreementEndpoint: Endpoint = {
  path: "/:id/erase",
  method: "post",
  handler: answering(async (req) => {
    requireStaff(req);
    const id = Number(req.routeParams?.id);
    if (!Number.isSafeInteger(id)) throw new Refusal(404, "Fant ikke avtalen");
    const { reason } = await readBody(req, eraseAgreementSchema, ERASE_BODY_BYTES);
    await eraseAgreement(req, id, reason);
    return jsonAnswer(200, { message: "Avtalen er slettet. Grunnen er tatt vare på under Slettede avtaler." });
  }, NO_STORE),
};
