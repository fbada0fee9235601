import type { PayloadRequest } from "payload";
import { Refusal } from "../http";
import { AGREEMENT_SLUG, ERASURE_SLUG } from "../names";
import { LOCAL, type Id } from "./records";
import { inTransaction } from "./transaction";

/**
 * Deletes the agreement `id` at its customer's request, in one transaction
 * with what is kept in its place: its case number, version and acceptance,
 * when it was deleted, and `reason`.
 */
export async function eraseAgreement(req: PayloadRequest, id: Id, reason: string): Promise<void> {
  const agreement = await req.payload.findByID({ collection: AGREEMENT_SLUG, id, disableErrors: true, ...LOCAL });
  if (!agreement) throw new Refusal(404, "Fant ikke avtalen");
  await inTransaction(req, async () => {
    await req.payload.create({
      collection: ERASURE_SLUG,
      data: {
        caseNumber: agreement.caseNumber,
        version: agreement.version,
        acceptedAt: agreement.acceptedAt,
        erasedAt: new Date().toISOString(),
        reason,
      },
      ...LOCAL,
      req,
    });
    await req.payload.delete({ collection: AGREEMENT_SLUG, id, ...LOCAL, req });
  });
}
