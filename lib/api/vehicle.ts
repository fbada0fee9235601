/**
 * The car behind a registration number, as the workshop's Payload looks it up
 * at Statens vegvesen (payload/vehicle/) and the quote form shows it:
 *
 *   GET {ADMIN}/api/vehicle?regNumber=EK39085
 *     200 { found: true, vehicle }   the car (VehicleSchema)
 *     200 { found: false }           Statens vegvesen knows no such plate
 *     400                            not the shape of a Norwegian plate
 *     404                            this host looks nothing up (it has no key)
 *     429 / 503                      not now: too many look-ups, or the service did not answer
 *
 * Only plates of the usual shape are looked up, two letters and four or five
 * digits (`EK 39085`, `AB 1234`), typed with or without spaces or a dash.
 * A personalised, foreign or trade plate is never asked for: the form shows
 * nothing for it and sends it as typed.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)

export const VEHICLE_PATH = "/api/vehicle";
export const VEHICLE_QUERY = "regNumber";

/** A plate of the usual shape, as the look-up takes it: `EK39085`. */
const PLATE = /^[A-Z]{2}\d{4,5}$/;

/** The plate in `typed` (`ek 39085`, `EK-39085`), as `EK39085`; undefined when it is not of the usual shape. */
export function plateOf(typed: string): string | undefined {
  const plate = typed.toUpperCase().replace(/[\s-]/g, "");
  return PLATE.test(plate) ? plate : undefined;
}

/** Whether a plate can still grow into a longer one as the visitor types on (`AB1234` may become `AB12345`). */
export const mayGrow = (plate: string) => plate.length < 7;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A car, in the words the form and the workshop's e-mail show. */
export const vehicleSchema = z.object({
  /** the plate as Statens vegvesen writes it: `EK 39085` */
  plate: z.string(),
  /** in title case: `Volkswagen`, `Mercedes-Benz`, `BMW` */
  make: z.string(),
  /** in title case: `Golf`, `ID.4` */
  model: z.string(),
  /** in lower case, as Statens vegvesen names it: `grå` */
  colour: z.string(),
  /** first registered anywhere, `2017-03-01`; empty when not known */
  firstRegistered: z.union([day, z.literal("")]),
  /** the EU-kontroll deadline, `2027-03-31`; empty when the car has none */
  euControlDeadline: z.union([day, z.literal("")]),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleAnswerSchema = z.union([
  z.object({ found: z.literal(true), vehicle: vehicleSchema }),
  z.object({ found: z.literal(false) }),
]);
export type VehicleAnswer = z.infer<typeof vehicleAnswerSchema>;

/** `Volkswagen Golf, grå, 2017`: make and model, colour, year of first registration, each left out when unknown. */
export function vehicleLine(vehicle: Vehicle): string {
  const name = `${vehicle.make} ${vehicle.model}`.trim();
  const year = vehicle.firstRegistered.slice(0, 4);
  return [name, vehicle.colour, year].filter(Boolean).join(", ");
}
