/** POST /api/contact: the booking form. Stored as .data/contact/<id>.json. */
import type http from "node:http";
import { contactSchema } from "../../lib/api/contract";
import { readJson, sendJson, validate } from "./http";
import { writeRecord } from "./store";

export async function handleContact(req: http.IncomingMessage, res: http.ServerResponse, dataDir?: string) {
  const body = validate(contactSchema, await readJson(req));
  await writeRecord("contact", body, dataDir);
  sendJson(res, 200, { message: "Takk! Meldingen er mottatt." });
}
