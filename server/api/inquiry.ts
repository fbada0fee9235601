/**
 * POST /inquiry: the price-quote request. When the photos are this server's
 * own uploads, each image url must be exactly its file url at the origin it
 * knows itself by (imageRefSchema with `mediaOrigins`) and name an upload it
 * has stored, so no client can store a link to anything else. With an admin
 * host configured elsewhere, the urls are that host's to choose (its
 * `serverURL`, a storage bucket): any `http:` or `https:` url is taken. Stored durably before the 201: as
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
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  inquirySchema,
  mediaFileUrl,
  type InquiryRequest,
} from "../../lib/api/schemas";
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

/**
 * The origins this request came through, as the client and a proxy in front
 * name them: the browser's `Origin`, and the forwarded or plain `Host`.
 */
function requestOrigins(req: http.IncomingMessage): string[] {
  const forwarded = (name: string) =>
    String(req.headers[name] ?? "")
      .split(",")[0]!
      .trim();
  const host = forwarded("x-forwarded-host") || req.headers.host || "";
  const proto = forwarded("x-forwarded-proto") || "http";
  return [req.headers.origin ?? "", `${proto}://${host}`].filter((o) => URL.canParse(o)).map((o) => new URL(o).origin);
}

/**
 * A 500 when the inquiry's photos are this server's own uploads, named at the
 * origin the visitor reached it by, which is not one it knows itself by: the
 * server runs behind a proxy whose origin it was not told, and would refuse
 * every quote. The answer and the log (once) say which origin it saw and what
 * to set.
 */
async function checkOwnOrigin(req: http.IncomingMessage, body: InquiryRequest, ctx: ApiContext): Promise<void> {
  const seen = requestOrigins(req);
  for (const image of body.damageRequests.flatMap((damage) => damage.Images)) {
    const origin = new URL(image.url).origin;
    if (ctx.mediaOrigins.includes(origin) || !seen.includes(origin)) continue;
    if (image.url !== mediaFileUrl(origin, image.filename) || !(await isStored(ctx.dataDir, image.filename))) continue;
    const advice =
      `visitors reach this server at ${origin}, but it names its uploads at ${ctx.mediaOrigins.join(", ")}: ` +
      `start it with PREVIEW_PUBLIC_ORIGIN=${origin}`;
    ctx.logOnce(`Every quote is refused until this is fixed: ${advice}`);
    throw new HttpError(500, `Serveren er satt opp feil og kan ikke ta imot forespørselen (${advice})`);
  }
}

export async function handleInquiry(req: http.IncomingMessage, res: http.ServerResponse, ctx: ApiContext) {
  const key = idempotencyKey(req);
  const data = await readJson(req);
  const loose = validate(inquirySchema(), data);
  if (ctx.ownMedia) await checkOwnOrigin(req, loose, ctx);
  const body = ctx.ownMedia ? validate(inquirySchema(ctx.mediaOrigins), data) : loose;
  if (ctx.ownMedia) await checkStored(body, ctx.dataDir);
  if (key === undefined) {
    await writeRecord("inquiry", body, ctx.dataDir);
  } else {
    const name = keyedRecordName(key);
    if (!(await writeRecordOnce("inquiry", name, body, ctx.dataDir))) await checkSameBody(name, body, ctx.dataDir);
  }
  sendJson(res, 201, { message: "Forespørselen er mottatt." });
}
