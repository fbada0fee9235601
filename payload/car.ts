/**
 * The car a quote was stored with (./collections/Inquiries.ts, looked up at
 * Statens vegvesen by ./vehicle/), in the words the workshop's e-mail and
 * its admin show it.
 */
import { vehicleLine } from "../lib/api/vehicle";

/** The stored car; its dates are date fields' ISO times. */
export interface VehicleRecord {
  lookup?: "found" | "unknown" | "unavailable" | null;
  make?: string | null;
  model?: string | null;
  colour?: string | null;
  firstRegistered?: string | null;
  euControlDeadline?: string | null;
}

/** An ISO time's day, `2027-03-31`, or "" when there is none. */
export const dayOf = (value: string | null | undefined): string => value?.slice(0, 10) ?? "";

/** `Volkswagen Golf, grå, 2017` for a car Statens vegvesen knew; undefined for any other outcome. */
export function carLine(vehicle: VehicleRecord | null | undefined): string | undefined {
  if (vehicle?.lookup !== "found") return undefined;
  return vehicleLine({
    plate: "",
    make: vehicle.make ?? "",
    model: vehicle.model ?? "",
    colour: vehicle.colour ?? "",
    firstRegistered: dayOf(vehicle.firstRegistered),
    euControlDeadline: dayOf(vehicle.euControlDeadline),
  });
}

/** What a list shows of the car: its line, or why there is none. */
export function carColumn(vehicle: VehicleRecord | null | undefined): string {
  if (vehicle?.lookup === "unknown") return "Ukjent hos Statens vegvesen";
  return carLine(vehicle) ?? "Ikke slått opp";
}
