import type { Payload } from "payload";
import { Refusal } from "../http";
import { findQuote, type Quote } from "./records";
import { caseClosed } from "./refusals";

/** The quote a staff action names by `id`, refused when it is missing or closed. */
export async function openCase(payload: Payload, id: number): Promise<Quote> {
  const quote = Number.isSafeInteger(id) ? await findQuote(payload, id) : null;
  if (!quote) throw new Refusal(404, "Fant ikke forespørselen");
  if (quote.status === "CLOSED") throw caseClosed();
  return quote;
}
