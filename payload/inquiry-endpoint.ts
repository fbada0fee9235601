/**
 * POST /api/inquiry: the price quote the site sends (lib/api/schemas.ts,
 * INQUIRY_PATH under the admin host's API, so NEXT_PUBLIC_API_URL is
 * `<admin>/api`). The body is exactly the contract's (`inquirySchema`), and
 * each image must name a photo stored in this Payload by its filename and
 * the url this Payload gives it (its `url`, made absolute with serverURL):
 * a client can link nothing else. The quote is stored with its damages, each
 * linked to its photos (../collections/Inquiries.ts), which queues its
 * e-mails in the same transaction. With a vehicle register (./vehicle.ts),
 * the quote is stored with the car its registration number names, or with
 * why not: the look-up waits at most QUOTE_LOOKUP_WAIT_MS (the form's own
 * look-up has usually left the answer in the register's cache), and a failed
 * one never refuses the quote.
 *
 * One quote per Idempotency-Key, held by the database's unique index on the
 * key: a request with a key already stored and the same body (its canonical
 * JSON: key order and spacing do not count) gets the same 201 and stores
 * nothing; with another body, 422 and nothing stored, so a corrected quote
 * is never taken for the old one.
 *
 * Every answer lets the site's scripts read `Retry-After`. A refusal is a
 * 4xx with a Norwegian message; a fault of the server or its database is
 * Payload's 500.
 */
import crypto from "node:crypto";
import stableStringify from "fast-json-stable-stringify";
import { ValidationError, type Endpoint, type Payload, type PayloadRequest } from "payload";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  INQUIRY_PATH,
  inquirySchema,
  type InquiryRefusal,
  type InquiryRequest,
} from "../lib/api/schemas";
import { plateOf } from "../lib/api/vehicle";
import { INQUIRY_SLUG } from "./names";
import { storedPhotos, type MediaId } from "./photos";
import type { VehicleRegister } from "./vehicle";

/** The largest body taken: 20 damages of 20 images, each with the longest name and url, and the longest message. */
export const MAX_INQUIRY_BYTES = 2 * 1024 * 1024;

const HEADERS = { "Access-Control-Expose-Headers": "Retry-After" };

/** A request refused: its status, the Norwegian message the answer carries, and what else its error says. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<InquiryRefusal["errors"][number], "message"> = {},
  ) {
    super(message);
  }
}

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: HEADERS });

/** SHA-256 of a body's canonical JSON (keys sorted, no spacing). */
export const bodyDigest = (body: unknown) => crypto.createHash("sha256").update(stableStringify(body)).digest("hex");

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

/** The body as JSON, read to at most `maxBytes`. */
export async function readJson(req: PayloadRequest, maxBytes = MAX_INQUIRY_BYTES): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Refusal(413, "Forespørselen er for stor");
    }
    chunks.push(read.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Refusal(400, "Ugyldig forespørsel – innholdet er ikke JSON");
  }
}

function parse(data: unknown): InquiryRequest {
  const result = inquirySchema().safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Refusal(400, `Ugyldig forespørsel – ${issue.path.join(".") || "(hele forespørselen)"}: ${issue.message}`);
}

/**
 * Each damage's photos as ids in `media`; refused naming the first image that
 * is not a photo stored here, with every name the request gives that no photo
 * here has (`missingPhotos`: the site uploads those again).
 */
async function damagePhotos(payload: Payload, body: InquiryRequest): Promise<MediaId[][]> {
  const images = body.damageRequests.flatMap((damage, d) => damage.Images.map((image, i) => ({ ...image, d, i })));
  const { ids, missing } = await storedPhotos(payload, images);
  const bad = ids.findIndex((id) => id === undefined);
  if (bad >= 0) {
    const { d, i } = images[bad]!;
    throw new Refusal(
      400,
      `Ugyldig forespørsel – damageRequests.${d}.Images.${i}: bildet finnes ikke her`,
      missing.length ? { missingPhotos: missing } : {},
    );
  }
  let next = 0;
  return body.damageRequests.map((damage) => damage.Images.map(() => ids[next++]!));
}

/** The stored quote's body digest under `key`, or undefined when none is stored. */
async function digestUnder(payload: Payload, key: string): Promise<string | undefined> {
  const { docs } = await payload.find({
    collection: INQUIRY_SLUG,
    where: { idempotencyKey: { equals: key } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    select: { bodyDigest: true },
  });
  return (docs[0] as { bodyDigest?: string } | undefined)?.bodyDigest;
}

/** The longest a quote waits for its car before it is stored without it. */
export const QUOTE_LOOKUP_WAIT_MS = 2_000;

/** A day as a date field stores it: noon UTC, the same day in every time zone the admin is read in. */
const dateOf = (day: string) => (day ? `${day}T12:00:00.000Z` : null);

/** The car to store with a quote for `regNumber`, or undefined when it is not looked up (not a usual plate, no register). */
async function carOf(register: VehicleRegister | undefined, regNumber: string, payload: Payload) {
  const plate = plateOf(regNumber);
  if (!register || !plate) return undefined;
  const outcome = await register.lookUp(plate, payload.logger, { waitMs: QUOTE_LOOKUP_WAIT_MS });
  if (outcome.kind !== "found") return { lookup: outcome.kind === "unknown" ? "unknown" : "unavailable" } as const;
  const { vehicle } = outcome;
  return {
    lookup: "found",
    plate: vehicle.plate,
    make: vehicle.make,
    model: vehicle.model,
    colour: vehicle.colour,
    firstRegistered: dateOf(vehicle.firstRegistered),
    euControlDeadline: dateOf(vehicle.euControlDeadline),
  } as const;
}

const handler =
  (register: VehicleRegister | undefined) =>
  async (req: PayloadRequest): Promise<Response> => {
    try {
      const key = idempotencyKey(req);
      const body = parse(await readJson(req));
      const photos = await damagePhotos(req.payload, body);
      const digest = bodyDigest(body);
      const { Inquiry } = body;
      const vehicle = await carOf(register, Inquiry.RegNumber, req.payload);
      try {
        await req.payload.create({
          collection: INQUIRY_SLUG,
          data: {
            regNumber: Inquiry.RegNumber,
            email: Inquiry.Email,
            phone: Inquiry.PhoneNumber,
            message: Inquiry.Message,
            userId: Inquiry.UserId,
            status: Inquiry.State,
            damages: photos.map((ids) => ({ photos: ids })),
            ...(vehicle ? { vehicle } : {}),
            ...(key === undefined ? {} : { idempotencyKey: key, bodyDigest: digest }),
          },
          depth: 0,
          overrideAccess: true,
        });
      } catch (error) {
        // another request with this key was stored first: the same quote is answered as stored, another refused
        const stored =
          key !== undefined && error instanceof ValidationError ? await digestUnder(req.payload, key) : undefined;
        if (stored === undefined) throw error;
        if (stored !== digest) {
          throw new Refusal(
            422,
            `${IDEMPOTENCY_HEADER} er allerede brukt for en annen forespørsel; send den nye med en ny nøkkel`,
          );
        }
      }
      return answer(201, { message: "Forespørselen er mottatt." });
    } catch (error) {
      if (error instanceof Refusal) {
        return answer(error.status, { errors: [{ message: error.message, ...error.details }] });
      }
      throw error;
    }
  };

/** The endpoint; with `register`, each quote is stored with its car. */
export const inquiryEndpoint = (register?: VehicleRegister): Endpoint => ({
  path: INQUIRY_PATH,
  method: "post",
  handler: handler(register),
});
