/**
 * The customer's answer to an offer, on its link: accepted (`Godta
 * tilbudet`) or declined. Each offer takes one answer, stored once under
 * the key `answer:<offer>` (./once.ts): the same press again gets the
 * answer the first got, and the other answer is refused as answered.
 */
import type { PayloadRequest } from "payload";
import type { AcceptRequest, CaseAnswer } from "../../lib/api/case-link";
import { EARLY_START_REQUIRED, needsEarlyStart } from "../../lib/withdrawal";
import type { Acceptance } from "../mail";
import { AGREEMENT_SLUG, INQUIRY_SLUG, OFFER_SLUG } from "../names";
import type { CaseEvent } from "../types";
import { lockCase } from "./case-lock";
import { once } from "./once";
import { answerable, openLink, reopened } from "./open-link";
import { findOffer, LOCAL, type Id, type Offer } from "./records";
import { badField, linkEnded, offerAnswered, offerReplaced } from "./refusals";

/**
 * Inside a transaction, under the case's lock: refuses the offer as it is
 * now when it takes no answer any more (replaced, closed, answered) or its
 * case closed.
 */
async function checkStillOpen(req: PayloadRequest, quoteId: Id, offer: Offer): Promise<void> {
  const quote = await lockCase(req, quoteId);
  const now = await findOffer(req.payload, offer.id, req);
  if (quote.status === "CLOSED" || !now || now.state === "closed") throw linkEnded();
  if (now.state === "replaced") throw offerReplaced();
  if (now.state !== "sent") throw offerAnswered();
}

/** Refuses the press when the offer's one answer is another than `kind`, showing the case as it is now. */
async function answeredAs(req: PayloadRequest, token: string, stored: CaseEvent["kind"], kind: CaseEvent["kind"]) {
  if (stored !== kind) throw offerAnswered((await openLink(req.payload, token)).view);
}

/** The drop-off time the customer chose, refused when it is not one of the offer's or has passed. */
function chosenTime(offer: Offer, body: AcceptRequest): string {
  const chosen = offer.dropOffTimes.find((time) => Date.parse(time) === Date.parse(body.chosenTime));
  if (!chosen || Date.parse(chosen) <= Date.now()) {
    throw badField("chosenTime", "Velg en av tidene i tilbudet som ikke er passert");
  }
  if (needsEarlyStart(chosen) && !body.earlyStart) {
    throw badField("earlyStart", EARLY_START_REQUIRED);
  }
  return chosen;
}

/**
 * Accepts the offer: the offer answered, the case Godtatt, and the
 * agreement kept with the confirmation `confirm` writes, in one transaction.
 */
export async function acceptOffer(
  req: PayloadRequest,
  body: AcceptRequest,
  confirm: (acceptance: Acceptance) => string,
): Promise<CaseAnswer> {
  const opened = await openLink(req.payload, body.token);
  const offer = answerable(opened);
  if (offer.state === "accepted" || offer.state === "declined") {
    await answeredAs(req, body.token, offer.state, "accepted");
    return reopened(req, body.token, "accepted");
  }
  const { quote } = opened;
  const acceptance: Acceptance = {
    regNumber: quote.regNumber,
    name: body.name,
    priceType: offer.priceType,
    lines: offer.lines.map(({ description, amountNok }) => ({ description, amountNok })),
    totalNok: offer.totalNok,
    chosenTime: chosenTime(offer, body),
    earlyStart: body.earlyStart,
    acceptedAt: new Date(),
  };
  const { name, earlyStart } = acceptance;
  const at = acceptance.acceptedAt.toISOString();
  const stored = await once(
    req,
    `answer:${offer.id}`,
    {
      inquiry: quote.id,
      kind: "accepted",
      version: offer.version,
      text: name,
      mail: { workshop: "pending", customer: "pending" },
    },
    async () => {
      await checkStillOpen(req, quote.id, offer);
      await req.payload.update({
        collection: OFFER_SLUG,
        id: offer.id,
        data: { state: "accepted", answer: { at, name, chosenTime: acceptance.chosenTime, earlyStart } },
        ...LOCAL,
        req,
      });
      await req.payload.update({ collection: INQUIRY_SLUG, id: quote.id, data: { status: "ACCEPTED" }, ...LOCAL, req });
      await req.payload.create({
        collection: AGREEMENT_SLUG,
        data: {
          ...acceptance,
          caseNumber: String(quote.id),
          email: quote.email,
          version: offer.version,
          acceptedAt: at,
          confirmation: confirm(acceptance),
        },
        ...LOCAL,
        req,
      });
    },
  );
  await answeredAs(req, body.token, stored, "accepted");
  return reopened(req, body.token, "accepted");
}

/** Declines the offer. */
export async function declineOffer(req: PayloadRequest, token: string): Promise<CaseAnswer> {
  const opened = await openLink(req.payload, token);
  const offer = answerable(opened);
  const stored =
    offer.state === "accepted" || offer.state === "declined"
      ? offer.state
      : await once(
          req,
          `answer:${offer.id}`,
          { inquiry: opened.quote.id, kind: "declined", version: offer.version, mail: { workshop: "pending" } },
          async () => {
            await checkStillOpen(req, opened.quote.id, offer);
            await req.payload.update({
              collection: OFFER_SLUG,
              id: offer.id,
              data: { state: "declined" },
              ...LOCAL,
              req,
            });
          },
        );
  await answeredAs(req, token, stored, "declined");
  return reopened(req, token, "declined");
}
