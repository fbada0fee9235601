/**
 * A price quote from the site, stored with its damages, each linked to its
 * photos (../collections/Inquiries.ts, which queues its e-mails in the same
 * transaction). Each image must name a photo stored here by its filename and
 * the url this Payload gives it: a client can link nothing else. With a
 * vehicle register (../vehicle/), the quote is stored with the car its
 * registration number names, or with why not: the look-up waits at most
 * QUOTE_LOOKUP_WAIT_MS (the form's own look-up has usually left the answer
 * in the register's cache), and a failed one never refuses the quote.
 *
 * One quote per idempotency key, held by the database's unique index on the
 * key: a quote with a key already stored and the same body (its canonical
 * JSON: key order and spacing do not count) is taken as stored and stores
 * nothing; with another body it is refused, so a corrected quote is never
 * taken for the old one.
 */
import crypto from "node:crypto";
import stableStringify from "fast-json-stable-stringify";
import { ValidationError, type Payload } from "payload";
import { IDEMPOTENCY_HEADER, type InquiryRequest } from "../../lib/api/schemas";
import { plateOf } from "../../lib/api/vehicle";
import { Refusal } from "../http";
import { INQUIRY_SLUG } from "../names";
import { storedPhotos, type MediaId } from "../photos";
import type { VehicleRegister } from "../vehicle";
import { LOCAL } from "./records";

/** The longest a quote waits for its car before it is stored without it. */
export const QUOTE_LOOKUP_WAIT_MS = 2_000;

/** SHA-256 of a body's canonical JSON (keys sorted, no spacing). */
export const bodyDigest = (body: unknown) => crypto.createHash("sha256").update(stableStringify(body)).digest("hex");

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
    select: { bodyDigest: true },
    ...LOCAL,
  });
  return docs[0]?.bodyDigest ?? undefined;
}

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

/** Stores the quote `body`, once under `key` when it has one; with `register`, with its car. */
export async function storeQuote(
  payload: Payload,
  register: VehicleRegister | undefined,
  body: InquiryRequest,
  key: string | undefined,
): Promise<void> {
  const photos = await damagePhotos(payload, body);
  const digest = bodyDigest(body);
  const { Inquiry } = body;
  const vehicle = await carOf(register, Inquiry.RegNumber, payload);
  try {
    await payload.create({
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
      ...LOCAL,
    });
  } catch (error) {
    // another request with this key was stored first: the same quote is taken as stored, another refused
    const stored = key !== undefined && error instanceof ValidationError ? await digestUnder(payload, key) : undefined;
    if (stored === undefined) throw error;
    if (stored !== digest) {
      throw new Refusal(
        422,
        `${IDEMPOTENCY_HEADER} er allerede brukt for en annen forespørsel; send den nye med en ny nøkkel`,
      );
    }
  }
}
