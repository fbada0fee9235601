/**
 * The car behind a registration number, from Statens vegvesen's vehicle
 * register (its free `enkeltoppslag/kjoretoydata`, which gives no owner data),
 * for the quote form (GET /api/vehicle, ../lib/api/vehicle.ts) and for each
 * quote as it is stored (./inquiry-endpoint.ts). Read from the environment:
 *
 *   SVV_API_KEY   the workshop's key; without it nothing is looked up, the endpoint is not there
 *   SVV_API_URL   the service's address (default SVV_DEFAULT_URL)
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
import type { Endpoint, Payload } from "payload";
import { z } from "zod";
import { FIELD_LIMITS } from "../lib/api/schemas";
import { plateOf, VEHICLE_PATH, VEHICLE_QUERY, type Vehicle, type VehicleAnswer } from "../lib/api/vehicle";
import { clientAddress } from "./client";

export { clientAddress, network64 } from "./client";

export const SVV_DEFAULT_URL = "https://akfell-datautlevering.atlas.vegvesen.no/enkeltoppslag/kjoretoydata";

export interface VehicleSettings {
  key: string;
  /** the service's address; the plate is added as `?kjennemerke=` */
  url: string;
}

/** How long an answer about a plate is kept. */
export const CACHE_MS = 24 * 60 * 60 * 1000;
/** The most plates kept at once; the oldest goes first. */
const CACHE_SIZE = 10_000;
/** Calls for one client address in a clock hour. */
export const PER_CLIENT_HOURLY = 20;
/** Calls in all in a clock hour: 24 of them stay below the key's 50,000 a day. */
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

/** The look-up's settings from `env`, or undefined when SVV_API_KEY is not set; a wrong SVV_API_URL stops the start. */
export function vehicleSettings(env: Partial<Record<string, string>>): VehicleSettings | undefined {
  const key = env.SVV_API_KEY?.trim();
  if (!key) return undefined;
  const url = env.SVV_API_URL?.trim() || SVV_DEFAULT_URL;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new Error(`SVV_API_URL: "${url}" is not an address such as ${SVV_DEFAULT_URL}`);
  }
  // the key travels in a header: in the clear only to this machine
  if (parsed.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`SVV_API_URL: "${url}" must be https:// (plain http only to this machine)`);
  }
  return { key, url: parsed.href };
}

/** What is known about a plate: the car, no such plate, not known now, or this client has asked too often. */
export type Outcome =
  | { kind: "found"; vehicle: Vehicle }
  | { kind: "unknown" }
  /** `retryAfterMs`: when the service will be asked again, when that is known */
  | { kind: "unavailable"; retryAfterMs?: number }
  | { kind: "limited"; retryAfterMs: number };

// ------------------------------------------------------------ Statens vegvesen's answer

const text = z.string().optional().catch(undefined);
const list = <T extends z.ZodType>(item: T) => z.array(item).optional().catch(undefined);

/** The parts of an answer the car is read from; anything else in it is ignored. */
const answerSchema = z.object({
  kjoretoydataListe: z.array(
    z.object({
      kjoretoyId: z.object({ kjennemerke: text }).optional().catch(undefined),
      forstegangsregistrering: z.object({ registrertForstegangNorgeDato: text }).optional().catch(undefined),
      periodiskKjoretoyKontroll: z.object({ kontrollfrist: text }).optional().catch(undefined),
      godkjenning: z
        .object({
          tekniskGodkjenning: z
            .object({
              tekniskeData: z
                .object({
                  generelt: z
                    .object({ merke: list(z.object({ merke: text })), handelsbetegnelse: list(z.string()) })
                    .optional()
                    .catch(undefined),
                  karosseriOgLasteplan: z
                    .object({ rFarge: list(z.object({ kodeNavn: text })) })
                    .optional()
                    .catch(undefined),
                })
                .optional(),
            })
            .optional(),
        })
        .optional()
        .catch(undefined),
    }),
  ),
});

/**
 * A name in title case, as a customer writes it: `VOLKSWAGEN` → `Volkswagen`,
 * `MERCEDES-BENZ` → `Mercedes-Benz`. A word with a digit (`ID.4`, `XC60`) or
 * of at most three letters and no vowel (`BMW`, `C-HR`) stays in capitals.
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[\p{L}\p{N}.]+/gu, (word) => {
      const upper = word.toUpperCase();
      if (/\d/.test(word) || (word.length <= 3 && !/[AEIOUYÆØÅ]/.test(upper))) return upper;
      return upper[0] + word.slice(1).toLowerCase();
    });
}

/** The day `value` starts with (`2017-03-01`), or "" when it names no real day (`2017-13-01`, `2017-02-30`). */
function dayOf(value: string | undefined): string {
  const day = value?.slice(0, 10) ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  const date = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : "";
}

/** The car in Statens vegvesen's answer, or undefined when it names none; throws when the answer has another shape. */
export function vehicleFrom(answer: unknown, plate: string): Vehicle | undefined {
  const entry = answerSchema.parse(answer).kjoretoydataListe[0];
  if (!entry) return undefined;
  const data = entry.godkjenning?.tekniskGodkjenning?.tekniskeData;
  return {
    plate: entry.kjoretoyId?.kjennemerke?.trim() || plate,
    make: titleCase(data?.generelt?.merke?.[0]?.merke ?? ""),
    model: titleCase(data?.generelt?.handelsbetegnelse?.[0] ?? ""),
    colour: (data?.karosseriOgLasteplan?.rFarge?.[0]?.kodeNavn ?? "").trim().toLowerCase(),
    firstRegistered: dayOf(entry.forstegangsregistrering?.registrertForstegangNorgeDato),
    euControlDeadline: dayOf(entry.periodiskKjoretoyKontroll?.kontrollfrist),
  };
}

// ------------------------------------------------------------ the look-ups

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

// ------------------------------------------------------------ GET /api/vehicle

const answer = (status: number, body: VehicleAnswer | { errors: { message: string }[] }, headers = {}) =>
  Response.json(body, { status, headers: { "Access-Control-Expose-Headers": "Retry-After", ...headers } });

/** GET /api/vehicle?regNumber=EK39085: the car, "not found", or why not now (../lib/api/vehicle.ts). */
export function vehicleEndpoint(register: VehicleRegister): Endpoint {
  return {
    path: VEHICLE_PATH.replace(/^\/api/, ""),
    method: "get",
    handler: async (req) => {
      const typed = new URL(req.url ?? "", "http://localhost").searchParams.get(VEHICLE_QUERY) ?? "";
      const plate = typed.length <= FIELD_LIMITS.regNumber ? plateOf(typed) : undefined;
      if (!plate) {
        return answer(400, {
          errors: [{ message: "Ugyldig registreringsnummer – bare vanlige skilt, som EK 39085, slås opp" }],
        });
      }
      const outcome = await register.lookUp(plate, req.payload.logger, { client: clientAddress(req) });
      // the same plate's answer stays good for the visitor's next look at it
      const kept = { "Cache-Control": "private, max-age=3600" };
      switch (outcome.kind) {
        case "found":
          return answer(200, { found: true, vehicle: outcome.vehicle }, kept);
        case "unknown":
          return answer(200, { found: false }, kept);
        case "limited":
          return answer(
            429,
            { errors: [{ message: "For mange oppslag fra denne adressen; prøv igjen senere" }] },
            { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
          );
        case "unavailable":
          return answer(
            503,
            { errors: [{ message: "Statens vegvesen svarer ikke nå" }] },
            { "Retry-After": String(Math.max(1, Math.ceil((outcome.retryAfterMs ?? PAUSE_MS) / 1000))) },
          );
      }
    },
  };
}
