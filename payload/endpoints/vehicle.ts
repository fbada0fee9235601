/** GET /api/vehicle?regNumber=EK39085: the car, "not found", or why not now (lib/api/vehicle.ts has the contract). */
import type { Endpoint } from "payload";
import { FIELD_LIMITS } from "../../lib/api/schemas";
import { plateOf, VEHICLE_PATH, VEHICLE_QUERY } from "../../lib/api/vehicle";
import { clientAddress } from "../client";
import { answering, jsonAnswer, Refusal } from "../http";
import { PAUSE_MS, type VehicleRegister } from "../vehicle";

/** The same plate's answer stays good for the visitor's next look at it. */
const KEPT = { "Cache-Control": "private, max-age=3600" };

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.max(1, Math.ceil(ms / 1000))) });

/** The endpoint, asking `register`. */
export function vehicleEndpoint(register: VehicleRegister): Endpoint {
  return {
    path: VEHICLE_PATH.replace(/^\/api/, ""),
    method: "get",
    handler: answering(
      async (req) => {
        const typed = new URL(req.url ?? "", "http://localhost").searchParams.get(VEHICLE_QUERY) ?? "";
        const plate = typed.length <= FIELD_LIMITS.regNumber ? plateOf(typed) : undefined;
        if (!plate) throw new Refusal(400, "Ugyldig registreringsnummer – bare vanlige skilt, som EK 39085, slås opp");
        const outcome = await register.lookUp(plate, req.payload.logger, { client: clientAddress(req) });
        switch (outcome.kind) {
          case "found":
            return jsonAnswer(200, { found: true, vehicle: outcome.vehicle }, KEPT);
          case "unknown":
            return jsonAnswer(200, { found: false }, KEPT);
          case "limited":
            return jsonAnswer(
              429,
              { errors: [{ message: "For mange oppslag fra denne adressen; prøv igjen senere" }] },
              retryAfter(outcome.retryAfterMs),
            );
          case "unavailable":
            return jsonAnswer(
              503,
              { errors: [{ message: "Statens vegvesen svarer ikke nå" }] },
              retryAfter(outcome.retryAfterMs ?? PAUSE_MS),
            );
        }
      },
      { "Access-Control-Expose-Headers": "Retry-After" },
    ),
  };
}
