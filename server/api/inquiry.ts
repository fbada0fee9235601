/**
 * POST /inquiry: the price-quote request. Its image urls must point at the
 * admin host (here: this server, or the configured admin host). Stored
 * durably as .data/inquiry/<id>.json before the 201.
 */
import type http from "node:http";
import { inquirySchema } from "../../lib/api/contract";
import type { ApiContext } from "./context";
import { readJson, sendJson, validate } from "./http";
import { writeRecord } from "./store";

export async function handleInquiry(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const body = validate(inquirySchema(ctx.mediaHosts), await readJson(req));
  await writeRecord("inquiry", body, ctx.dataDir);
  sendJson(res, 201, { message: "Forespørselen er mottatt." });
}
