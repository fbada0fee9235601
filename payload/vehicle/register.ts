/** The look-ups, and the limits they keep (./index.ts states them). */
import type { Payload } from "payload";
import type { Vehicle } from "../../lib/api/vehicle";
import { vehicleFrom } from "./answer";
import type { VehicleSettings } from "./settings";

/** How long an answer about a plate is kept. */
export const CACHE_MS = 24 * 60 * 60 * 1000;
/** The most plates kept at once; the oldest goes first. */
const CACHE_SIZE = 10_000;
/** Calls for one client address in a clock hour. */
export const PER_CLIENT_HOURLY = 20;
/** Calls in all in a clock hour; a day of hours at this rate stays within the key's daily quota. */
export const HOURLY = 1_800;
/** Of HOURLY, what only quotes being stored may use: the form's look-ups never take the last of the hour. */
export const QUOTE_RESERVE = 300;
/** How long a call may take before the plate is "not known now". */
export const SERVICE_TIMEOUT_MS = 4_000;
/** How long the service is left alone after a failed call. */
export const PAUSE_MS = 30_000;
/** How long it is left alone after it refused the key or said the quota is spent. */
export const LONG_PAUSE_MS = 15 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
/** How often what is past its time is forgotten, asked for or not. */
const FORGET_EVERY_MS = 60 * 1000;

/** What is known about a plate: the car, no such plate, not known now, or this client has asked too often. */
export type Outcome =
  | { kind: "found"; vehicle: Vehicle }
  | { kind: "unknown" }
  /** `retryAfterMs`: when the service will be asked again, when that is known */
  | { kind: "unavailable"; retryAfterMs?: number }
  | { kind: "limited"; retryAfterMs: number };

export interface RegisterOptions {
  fetch?: typeof fetch;
  /** the clock, in milliseconds */
  now?: () => number;
}

type Logger = Payload["logger"];

/** A call's outcome, and how long the service is then left alone. */
interface Answered {
  outcome: Outcome;
  pauseMs?: number;
}

/** Asks the service about `plate` once; says in the log why when it fails. */
async function ask(
  settings: VehicleSettings,
  fetchImpl: typeof fetch,
  plate: string,
  logger: Logger,
): Promise<Answered> {
  const url = new URL(settings.url);
  url.searchParams.set("kjennemerke", plate);
  const unavailable = { kind: "unavailable" } as const;
  try {
    const response = await fetchImpl(url, {
      headers: { "SVV-Authorization": `Apikey ${settings.key}`, Accept: "application/json" },
      // a redirect is an answer like any other that is not the car: the key goes to the register's address alone
      redirect: "manual",
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
    if (response.status === 204) {
      await response.body?.cancel();
      return { outcome: { kind: "unknown" } };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const refused = response.status === 401 || response.status === 403;
      const spent = response.status === 429;
      const why = refused
        ? "refused SVV_API_KEY: check the key"
        : spent
          ? "says the key's quota is spent"
          : `answered ${response.status}`;
      (refused ? logger.error : logger.warn).call(logger, `Statens vegvesen's vehicle register ${why}`);
      return { outcome: unavailable, pauseMs: refused || spent ? LONG_PAUSE_MS : PAUSE_MS };
    }
    const vehicle = vehicleFrom(await response.json(), plate);
    return { outcome: vehicle ? { kind: "found", vehicle } : { kind: "unknown" } };
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "did not answer in time" : "failed";
    logger.warn({ msg: `A look-up in Statens vegvesen's vehicle register ${reason}`, error: String(error) });
    return { outcome: unavailable, pauseMs: PAUSE_MS };
  }
}

export interface VehicleRegister {
  /**
   * What is known about `plate` (as plateOf gives it). `client` is the
   * address asking, counted against PER_CLIENT_HOURLY; without one (the
   * plugin storing a quote) only HOURLY counts. Waits at most `waitMs` for
   * an answer; the call itself runs on and its answer is kept.
   */
  lookUp(plate: string, logger: Logger, options?: { client?: string; waitMs?: number }): Promise<Outcome>;
}

export function vehicleRegister(settings: VehicleSettings, options: RegisterOptions = {}): VehicleRegister {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { outcome: Outcome; until: number }>();
  const running = new Map<string, Promise<Outcome>>();
  let pausedUntil = 0;
  // calls in the current clock hour, in all and per client address
  let hour = -1;
  let calls = 0;
  const callsOf = new Map<string, number>();

  function keep(plate: string, outcome: Outcome) {
    kept.delete(plate);
    kept.set(plate, { outcome, until: now() + CACHE_MS });
    if (kept.size > CACHE_SIZE) kept.delete(kept.keys().next().value!);
  }

  /** Forgets the answers past their day (kept in the order they expire), and starts the counts of a new hour. */
  function forget() {
    for (const [plate, { until }] of kept) {
      if (until > now()) break;
      kept.delete(plate);
    }
    const current = Math.floor(now() / HOUR_MS);
    if (current !== hour) {
      hour = current;
      calls = 0;
      callsOf.clear();
    }
  }
  // also while nobody asks anything: what the privacy page promises is forgotten is forgotten
  setInterval(forget, FORGET_EVERY_MS).unref();

  /** Counts a call for `client` in this hour (forget starts each hour); returns why not when its calls are spent. */
  function count(client: string | undefined): Outcome | undefined {
    const retryAfterMs = (hour + 1) * HOUR_MS - now();
    if (client !== undefined && (callsOf.get(client) ?? 0) >= PER_CLIENT_HOURLY)
      return { kind: "limited", retryAfterMs };
    if (calls >= (client === undefined ? HOURLY : HOURLY - QUOTE_RESERVE)) return { kind: "unavailable", retryAfterMs };
    calls++;
    if (client !== undefined) callsOf.set(client, (callsOf.get(client) ?? 0) + 1);
    return undefined;
  }

  const within = (answer: Promise<Outcome>, waitMs: number) =>
    new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => resolve({ kind: "unavailable" }), waitMs);
      void answer.then((outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      });
    });

  return {
    async lookUp(plate, logger, { client, waitMs = SERVICE_TIMEOUT_MS } = {}) {
      forget();
      const known = kept.get(plate);
      if (known && known.until > now()) return known.outcome;
      const pending = running.get(plate);
      if (pending) return within(pending, waitMs);
      if (now() < pausedUntil) return { kind: "unavailable", retryAfterMs: pausedUntil - now() };
      const refused = count(client);
      if (refused) return refused;
      const answer = ask(settings, fetchImpl, plate, logger).then(({ outcome, pauseMs }) => {
        running.delete(plate);
        if (pauseMs) pausedUntil = Math.max(pausedUntil, now() + pauseMs);
        if (outcome.kind === "found" || outcome.kind === "unknown") keep(plate, outcome);
        return outcome.kind === "unavailable" && pauseMs ? { ...outcome, retryAfterMs: pausedUntil - now() } : outcome;
      });
      running.set(plate, answer);
      return within(answer, waitMs);
    },
  };
}
