/** GET /api/booking/times?services=…&size=…: the free drop-off times for a detailing job (lib/api/booking-times.ts has the contract). */
import type { Endpoint } from "payload";
import { BOOKING_TIMES_PATH, BOOKING_TIMES_QUERY, type BookingTimes } from "../../lib/api/booking-times";
import type { ServicesContent, Site } from "../../lib/content/schemas";
import { addressLimit } from "../address-limit";
import { clientAddress } from "../client";
import { answering, jsonAnswer, NO_STORE, Refusal, tooManyCalls } from "../http";
import { detailingHours, freeTimesFor } from "../operations/free-times";

/** The look-ups one client address makes in a minute. */
export const BOOKING_TIMES_CALLS_PER_MINUTE = 30;
const MINUTE_MS = 60 * 1000;

/** The endpoint, for the services and sizes of `services` and the opening hours of `site`. */
export function bookingTimesEndpoint(site: Site, services: ServicesContent): Endpoint {
  const limit = addressLimit({ perWindow: BOOKING_TIMES_CALLS_PER_MINUTE, windowMs: MINUTE_MS });
  const defaultSize = services.sizes.find((size) => size.default)!.type;
  return {
    path: BOOKING_TIMES_PATH.replace(/^\/api/, ""),
    method: "get",
    handler: answering(async (req) => {
      const spent = limit.take(clientAddress(req));
      if (spent) throw tooManyCalls(spent.retryAfterMs);
      const query = new URL(req.url ?? "", "http://localhost").searchParams;
      const ids = (query.get(BOOKING_TIMES_QUERY.services) ?? "").split(",").filter(Boolean);
      const size = query.get(BOOKING_TIMES_QUERY.size) || defaultSize;
      const hours = ids.length ? detailingHours(services, { services: ids, size }) : undefined;
      if (hours === undefined)
        throw new Refusal(400, "Ugyldig forespørsel – velg tjenester og bilstørrelse fra priskalkulatoren");
      const times = await freeTimesFor(req.payload, site, hours, new Date());
      return jsonAnswer(200, { hours, times } satisfies BookingTimes);
    }, NO_STORE),
  };
}
