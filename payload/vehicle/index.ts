/**
 * The car behind a registration number, from Statens vegvesen's vehicle
 * register (its free `enkeltoppslag/kjoretoydata`, which gives no owner data),
 * for the quote form (GET /api/vehicle, ../../lib/api/vehicle.ts) and for each
 * quote as it is stored (../operations/store-quote.ts). Read from the environment:
 *
 *   SVV_API_KEY   the workshop's key; without it nothing is looked up, the endpoint is not there
 *   SVV_API_URL   the service's address (default SVV_DEFAULT_URL)
 *
 * (./settings.ts). The register's answer is read by ./answer.ts, and the
 * look-ups keep their limits in ./register.ts; the endpoint is
 * ../endpoints/vehicle.ts.
 *
 * The key is sent to that address only, in its `SVV-Authorization` header;
 * no answer, page or log line carries it. The rules the look-ups keep:
 *
 *   - one call per plate a day: an answer (the car, or "no such plate") is
 *     kept CACHE_MS, and a plate asked for again while its call runs waits
 *     for that call;
 *   - at most PER_CLIENT_HOURLY calls an hour for one client address (an
 *     IPv6 client by its /64 network; what it asks for again comes from the
 *     cache and is free), and at most HOURLY calls an hour in all, so a day
 *     never spends the key's daily quota; the form's look-ups leave
 *     QUOTE_RESERVE of each hour to the quotes being stored;
 *   - what is past its time (an answer after a day, an hour's counts) is
 *     forgotten within FORGET_EVERY_MS;
 *   - only the service's 204 (or an answer naming no car) means "no such
 *     plate"; a call that fails (no answer within SERVICE_TIMEOUT_MS, any
 *     other status, an answer of another shape) is "not known now" and
 *     nothing is kept; after one, the service is left alone for PAUSE_MS. A
 *     refused key (401, 403) or a spent quota (429) leaves it alone for
 *     LONG_PAUSE_MS, and the log says which.
 *
 * What is kept lives in this process: each instance of the app keeps its own.
 */
export { clientAddress, network64 } from "../client";
export { vehicleFrom, titleCase } from "./answer";
export {
  CACHE_MS,
  HOURLY,
  LONG_PAUSE_MS,
  PAUSE_MS,
  PER_CLIENT_HOURLY,
  QUOTE_RESERVE,
  SERVICE_TIMEOUT_MS,
  vehicleRegister,
  type Outcome,
  type RegisterOptions,
  type VehicleRegister,
} from "./register";
export { SVV_DEFAULT_URL, vehicleSettings, type VehicleSettings } from "./settings";
