/** An offer's state as the admin says it, on a quote's page and in the list. */
import { formatDate } from "../../../lib/format";
import { OFFER_STATES, type OfferState } from "../../case-link/collections";
import { osloToday } from "../../../lib/oslo-time";

export const offerStateLabel = (state: OfferState): string =>
  OFFER_STATES.find((option) => option.value === state)?.label ?? state;

/**
 * `Sendt, gjelder til 13. desember 2026`, or `Sendt, gikk ut …` once that day
 * is past on Oslo's calendar; any other state as it is (`Godtatt`).
 */
export function offerSummary(offer: { state: OfferState; validUntil: string }, today = osloToday()): string {
  if (offer.state !== "sent") return offerStateLabel(offer.state);
  const day = formatDate(offer.validUntil);
  return offer.validUntil < today ? `Sendt, gikk ut ${day}` : `Sendt, gjelder til ${day}`;
}
