import type { PayloadRequest } from "payload";
import { EVENT_SLUG, INQUIRY_SLUG, LINK_EMAIL_TASK, LINK_SLUG } from "../names";
import { caseKey, queueJob } from "../queue";
import { endLinks } from "./end-links";
import { LOCAL, type Quote } from "./records";
import { inTransaction } from "./transaction";

/**
 * The workshop asks the customer for photos with `message`: a new photo link
 * (the photo links before it end) and the case's event, and its e-mail is
 * queued, all in one transaction.
 */
export async function requestPhotos(req: PayloadRequest, quote: Quote, message: string): Promise<void> {
  await inTransaction(req, async () => {
    await endLinks(req, quote.id, "replaced", { purpose: { equals: "photos" } });
    const link = await req.payload.create({
      collection: LINK_SLUG,
      data: { inquiry: quote.id, purpose: "photos", message },
      ...LOCAL,
      req,
    });
    await req.payload.create({
      collection: EVENT_SLUG,
      data: { inquiry: quote.id, kind: "photoRequest", at: new Date().toISOString(), text: message },
      ...LOCAL,
      req,
    });
    await queueJob(req, { task: LINK_EMAIL_TASK, input: { link: link.id, case: caseKey(INQUIRY_SLUG, quote.id) } });
  });
}
