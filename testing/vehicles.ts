/**
 * The cars the tests know, as the workshop's look-up answers them
 * (lib/api/vehicle.ts): the stand-in for Statens vegvesen (./vegvesen.ts)
 * holds the same cars in the service's own words.
 */
import type { Vehicle } from "../lib/api/vehicle";

/** `EK 39085`: a grey 2017 Volkswagen Golf, EU-kontroll by 31 March 2027. */
export const GOLF: Vehicle = {
  plate: "EK 39085",
  make: "Volkswagen",
  model: "Golf",
  colour: "grå",
  firstRegistered: "2017-03-01",
  euControlDeadline: "2027-03-31",
};
