import type { PayloadRequest, Where } from "payload";
import { LINK_SLUG } from "../names";
import { LOCAL, type Id } from "./records";

/** Ends the quote's open links `where` says, because `why`. */
export async function endLinks(req: PayloadRequest, quote: Id, why: "replaced" | "closed", where: Where = {}) {
  await req.payload.update({
    collection: LINK_SLUG,
    where: { and: [{ inquiry: { equals: quote } }, { endedAt: { exists: false } }, where] },
    data: { endedAt: new Date().toISOString(), endedBecause: why },
    ...LOCAL,
    req,
  });
}
