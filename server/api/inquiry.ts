/**
 * POST /inquiry: the price-quote request. Its image urls must be the media
 * file urls of the configured admin host, or of this server (contract's
 * imageRefSchema); when they are this server's, each must name an upload it
 * has stored. Stored durably before the 201: as
 * .data/inquiry/<time>-<id>.json, or, when the request carries an
 * Idempotency-Key, as .data/inquiry/key-<hash of the key>.json, which only
 * the first request with that key creates.
 *
 * One key, one body: a later request with the key and the same body (its
 * canonical JSON: key order and spacing do not count) gets the same 201 and
 * stores nothing, so a quote sent again after its answer was lost is still
 * one inquiry; a later request with the key and another body gets 422 and
 * stores nothing, so a corrected quote is never taken for the old one.
 */
import crypto from "node:crypto";
import type http from "node:http";
import stableStringify from "fast-json-stable-stringify";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, inquirySchema, type InquiryRequest } from "../../lib/api/schemas";
import type { ApiContext } from "./context";
import { HttpError, readJson, sendJson, validate } from "./http";
import { isStored } from "./media";
import { readRecord, writeRecord, writeRecordOnce } from "./store";

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

/** SHA-256 of a body's canonical JSON (keys sorted, no spacing). */
export const bodyDigest = (body: unknown) => crypto.createHash("sha256").update(stableStringify(body)).digest("hex");

/** 400 naming the first image that is not an upload stored here. */
async function checkStored(body: InquiryRequest, dataDir: string): Promise<void> {
  for (const [d, damage] of body.damageRequests.entries()) {
    for (const [i, image] of damage.Images.entries()) {
      if (!(await isStored(dataDir, image.filename))) {
        throw new HttpError(400, `Ugyldig forespørsel – damageRequests.${d}.Images.${i}.url: bildet finnes ikke`);
      }
    }
  }
}

/** 422 unless the record stored under the key holds this same body. */
async function checkSameBody(name: string, body: InquiryRequest, dataDir: string): Promise<void> {
  const stored = (await readRecord("inquiry", name, dataDir)) as Record<string, unknown>;
  // the record is the body as it was received, with the time it arrived
  if (bodyDigest({ ...body, receivedAt: stored.receivedAt }) === bodyDigest(stored)) return;
  throw new HttpError(
    422,
    `${IDEMPOTENCY_HEADER} er allerede brukt for en annen forespørsel; send den nye med en ny nøkkel`,
  );
}

export async function handleInquiry(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const key = idempotencyKey(req);
  const body = validate(inquirySchema(ctx.mediaOrigins), await readJson(req));
  if (ctx.ownMedia) await checkStored(body, ctx.dataDir);
  if (key === undefined) {
    await writeRecord("inquiry", body, ctx.dataDir);
  } else {
    const name = keyedRecordName(key);
    if (!(await writeRecordOnce("inquiry", name, body, ctx.dataDir))) await checkSameBody(name, body, ctx.dataDir);
  }
  sendJson(res, 201, { message: "Forespørselen er mottatt." });
}
