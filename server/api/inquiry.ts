/**
 * POST /inquiry: the price-quote request. Its image urls must point at the
 * admin host (here: this server, or the configured admin host). Stored
 * durably before the 201: as .data/inquiry/<time>-<id>.json, or, when the
 * request carries an Idempotency-Key, as .data/inquiry/key-<hash of the
 * key>.json, which only the first request with that key creates. Every later
 * request with the key gets the same 201 and stores nothing, so a quote sent
 * again after its answer was lost is still one inquiry.
 */
import crypto from "node:crypto";
import type http from "node:http";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, inquirySchema } from "../../lib/api/contract";
import type { ApiContext } from "./context";
import { HttpError, readJson, sendJson, validate } from "./http";
import { writeRecord, writeRecordOnce } from "./store";

/** The request's idempotency key, or undefined when it sends none; 400 when it is not a short safe token. */
export function idempotencyKey(req: http.IncomingMessage): string | undefined {
  const value = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value)) return value;
  throw new HttpError(
    400,
    `Ugyldig ${IDEMPOTENCY_HEADER}: den skal være 1–100 tegn, bare bokstavene A–Z og a–z, sifre, _ og -`,
  );
}

/**
 * The file name a keyed inquiry is stored under: a hash of the key, so two
 * keys that differ only in case stay two files where the file system ignores
 * case, and a key never spells a path.
 */
export const keyedRecordName = (key: string) => `key-${crypto.createHash("sha256").update(key).digest("hex")}`;

export async function handleInquiry(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const key = idempotencyKey(req);
  const body = validate(inquirySchema(ctx.mediaHosts), await readJson(req));
  if (key === undefined) await writeRecord("inquiry", body, ctx.dataDir);
  else await writeRecordOnce("inquiry", keyedRecordName(key), body, ctx.dataDir);
  sendJson(res, 201, { message: "Forespørselen er mottatt." });
}
