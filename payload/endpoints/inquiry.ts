/**
 * POST /api/inquiry: the price quote the site sends (lib/api/schemas.ts,
 * INQUIRY_PATH under the admin host's API, so NEXT_PUBLIC_API_URL is
 * `<admin>/api`). The body is exactly the contract's (`inquirySchema`);
 * ../operations/store-quote.ts stores it. A quote stored, or the same quote
 * sent again under its Idempotency-Key, is 201; a key already used for
 * another body is 422. Every answer lets the site's scripts read
 * `Retry-After`.
 */
import type { Endpoint, PayloadRequest } from "payload";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, INQUIRY_PATH, inquirySchema } from "../../lib/api/schemas";
import { answering, jsonAnswer, readBody, Refusal } from "../http";
import { storeQuote } from "../operations/store-quote";
import type { VehicleRegister } from "../vehicle";

/** The largest body taken: 20 damages of 20 images, each with the longest name and url, and the longest message. */
export const MAX_INQUIRY_BYTES = 2 * 1024 * 1024;

/** The request's idempotency key, or undefined when it sends none; refused when it is not a short safe token. */
function idempotencyKey(req: PayloadRequest): string | undefined {
  const value = req.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return undefined;
  if (IDEMPOTENCY_KEY_PATTERN.test(value)) return value;
  throw new Refusal(
    400,
    `Ugyldig ${IDEMPOTENCY_HEADER}: den skal være 1–100 tegn, bare bokstavene A–Z og a–z, sifre, _ og -`,
  );
}

/** The endpoint; with `register`, each quote is stored with its car. */
export const inquiryEndpoint = (register?: VehicleRegister): Endpoint => ({
  path: INQUIRY_PATH,
  method: "post",
  handler: answering(
    async (req) => {
      const key = idempotencyKey(req);
      const body = await readBody(req, inquirySchema(), MAX_INQUIRY_BYTES);
      await storeQuote(req.payload, register, body, key);
      return jsonAnswer(201, { message: "Forespørselen er mottatt." });
    },
    { "Access-Control-Expose-Headers": "Retry-After" },
  ),
});
