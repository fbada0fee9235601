/** POST /inquiry: the price-quote request. Stored as .data/inquiry/<id>.json. */
import type http from "node:http";
import { inquirySchema } from "../../lib/api/contract";
import { readJson, sendJson, validate } from "./http";
import { writeRecord } from "./store";

export async function handleInquiry(req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) {
  const body = validate(inquirySchema, await readJson(req));
  await writeRecord("inquiry", body, dataDir);
  sendJson(res, 201, { message: "Forespørselen er mottatt." });
}
