import type { PayloadRequest } from "payload";
import { INQUIRY_SLUG } from "../names";
import { findQuote, type Id, type Quote } from "./records";
import { linkEnded } from "./refusals";

/**
 * Inside a transaction: takes the quote's row for this transaction (a write
 * to it, which another transaction's write waits for, PostgreSQL's row lock
 * and SQLite's one writer) and returns the quote as it is now. Every
 * operation that changes a case's offers or state starts with it, so two of
 * them on one case run one after the other, each seeing what the other did.
 */
export async function lockCase(req: PayloadRequest, id: Id): Promise<Quote> {
  await req.payload.db.updateOne({
    collection: INQUIRY_SLUG,
    id,
    data: { updatedAt: new Date().toISOString() },
    req,
    returning: false,
  });
  const quote = await findQuote(req.payload, id, req);
  if (!quote) throw linkEnded();
  return quote;
}
