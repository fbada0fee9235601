import { ValidationError, type PayloadRequest } from "payload";
import type { SendOffer } from "../../lib/api/case-link";
import { osloToday } from "../../lib/oslo-time";
import { Refusal } from "../http";
import { EVENT_SLUG, INQUIRY_SLUG, LINK_EMAIL_TASK, LINK_SLUG, OFFER_SLUG } from "../names";
import { caseKey, queueJob } from "../queue";
import { lockCase } from "./case-lock";
import { endLinks } from "./end-links";
import { LOCAL, type Quote } from "./records";
import { badField, caseClosed } from "./refusals";
import { inTransaction } from "./transaction";

/** Refuses an offer whose last day or drop-off times have passed. */
function checkTimes(offer: SendOffer): void {
  if (offer.validUntil < osloToday()) throw badField("validUntil", "Tilbudet må gjelde til i dag eller senere");
  if (offer.dropOffTimes.some((time) => Date.parse(time) <= Date.now())) {
    throw badField("dropOffTimes", "Tidene for levering må være fram i tid");
  }
}

/** Whether an offer of the quote was accepted: a case has one agreement, whatever its status says now. */
async function anyAccepted(req: PayloadRequest, quote: Quote): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: OFFER_SLUG,
    where: { and: [{ inquiry: { equals: quote.id } }, { state: { equals: "accepted" } }] },
    overrideAccess: true,
    req,
  });
  return totalDocs > 0;
}

/**
 * The workshop sends `offer` on the quote, in one transaction under the
 * case's lock, unless an offer of it was accepted: it is the quote's next version (the database takes one offer
 * per `<quote>:<version>` key), the offers still open before it are
 * replaced and their links end, a new link and the case's event are stored,
 * the quote is Besvart, and the link's e-mail is queued. Returns the version.
 */
export async function sendOffer(req: PayloadRequest, quote: Quote, offer: SendOffer): Promise<number> {
  checkTimes(offer);
  return inTransaction(req, async () => {
    const current = await lockCase(req, quote.id);
    if (current.status === "CLOSED") throw caseClosed();
    if (current.status === "ACCEPTED" || (await anyAccepted(req, quote))) {
      throw new Refusal(409, "Kunden har allerede godtatt et tilbud i denne saken");
    }
    const { docs } = await req.payload.find({
      collection: OFFER_SLUG,
      where: { inquiry: { equals: quote.id } },
      sort: "-version",
      limit: 1,
      ...LOCAL,
      req,
    });
    const version = (docs[0]?.version ?? 0) + 1;
    let made;
    try {
      made = await req.payload.create({
        collection: OFFER_SLUG,
        data: {
          inquiry: quote.id,
          version,
          key: `${quote.id}:${version}`,
          priceType: offer.priceType,
          lines: offer.lines,
          totalNok: offer.lines.reduce((sum, line) => sum + line.amountNok, 0),
          validUntil: offer.validUntil,
          dropOffTimes: offer.dropOffTimes.map((time) => new Date(time).toISOString()),
          note: offer.note || null,
          state: "sent",
        },
        ...LOCAL,
        req,
      });
    } catch (error) {
      if (error instanceof ValidationError) {
        throw new Refusal(409, "Et annet tilbud ble sendt i samme øyeblikk. Last siden på nytt.");
      }
      throw error;
    }
    await req.payload.update({
      collection: OFFER_SLUG,
      where: {
        and: [{ inquiry: { equals: quote.id } }, { state: { equals: "sent" } }, { id: { not_equals: made.id } }],
      },
      data: { state: "replaced" },
      ...LOCAL,
      req,
    });
    await endLinks(req, quote.id, "replaced", { purpose: { equals: "offer" } });
    const link = await req.payload.create({
      collection: LINK_SLUG,
      data: { inquiry: quote.id, purpose: "offer", offer: made.id },
      ...LOCAL,
      req,
    });
    await req.payload.create({
      collection: EVENT_SLUG,
      data: { inquiry: quote.id, kind: "offer", at: new Date().toISOString(), version },
      ...LOCAL,
      req,
    });
    await req.payload.update({ collection: INQUIRY_SLUG, id: quote.id, data: { status: "ANSWERED" }, ...LOCAL, req });
    await queueJob(req, { task: LINK_EMAIL_TASK, input: { link: link.id, case: caseKey(INQUIRY_SLUG, quote.id) } });
    return version;
  });
}
