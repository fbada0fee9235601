/** POST /api/contact: the booking form. Stored durably as .data/contact/<id>.json before the 200. */
import type http from "node:http";
import { contactSchema } from "../../lib/api/schemas";
import type { ApiContext } from "./context";
import { readJson, sendJson, validate } from "./http";
import { writeRecord } from "./store";

export async function handleContact(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const body = validate(contactSchema, await readJson(req));
  await writeRecord("contact", body, ctx.dataDir);
  sendJson(res, 200, { message: "Takk! Meldingen er mottatt." });
}
