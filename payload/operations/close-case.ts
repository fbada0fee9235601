import type { PayloadRequest } from "payload";
import { EVENT_SLUG, LINK_SLUG, OFFER_SLUG } from "../names";
import { endLinks } from "./end-links";
import { LOCAL, type Id } from "./records";

/** On a quote moved to Avsluttet: its links end, and an offer not yet answered is closed with it. */
export async function closeCaseLinks(req: PayloadRequest, quote: Id): Promise<void> {
  await endLinks(req, quote, "closed");
  await req.payload.update({
    collection: OFFER_SLUG,
    where: { and: [{ inquiry: { equals: quote } }, { state: { equals: "sent" } }] },
    data: { state: "closed" },
    ...LOCAL,
    req,
  });
}

/** On a quote deleted: its offers, links and events go with it (an agreement stays: it names no case). */
export async function deleteCaseLinks(req: PayloadRequest, quote: Id | string): Promise<void> {
  for (const collection of [EVENT_SLUG, LINK_SLUG, OFFER_SLUG] as const) {
    await req.payload.delete({ collection, where: { inquiry: { equals: quote } }, ...LOCAL, req });
  }
}
