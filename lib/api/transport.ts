/**
 * What every call the site makes shares: the hosts' urls, `fetch` wrappers
 * that turn any answer but ok (or none at all) into an ApiError, and trying a
 * call again. The contact call and the free times it books from are here;
 * the quote's calls (uploads, the look-up, the inquiry) are lib/quote/transport.ts. ./schemas.ts says what
 * every call carries. Browser code; the preview server uses the schemas only.
 */
import { config } from "../config";
import { retrying, type RetryOptions, type RetryRule } from "../retry";
import {
  bookedTimeAnswerSchema,
  bookingTimesSchema,
  bookingTimesUrl,
  timeTakenSchema,
  type BookingTimes,
  type FreeTime,
} from "./booking-times";
import { CONTACT_PATH, contactSchema, type ContactRequest } from "./schemas";

export const endpoints = {
  contact: () => `${config.adminUrl}${CONTACT_PATH}`,
  /** the admin host as a url prefix (`https://admin.example`, or this page's origin when it is the same) */
  adminHost: () => config.adminUrl || (typeof window !== "undefined" ? window.location.origin : ""),
};

/**
 * A call that got an answer other than ok, or no answer at all (status 0).
 * `retryAfterMs` is the server's own `Retry-After` (a busy 503, a 429), when it sent one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), capped at a minute; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d{1,6}$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 60_000) : undefined;
}

export const errorFor = (response: Response, message: string) =>
  new ApiError(response.status, message, retryAfterMs(response.headers.get("Retry-After")));

/** Bytes of one upload sent so far, of how many. */
export type UploadProgress = (loaded: number, total: number) => void;

/** A `fetch` that may also be asked to report an upload's bytes as they are sent. */
export type Fetch = (
  input: RequestInfo | URL,
  init?: RequestInit & { onUploadProgress?: UploadProgress },
) => Promise<Response>;

export async function call(fetchImpl: Fetch, url: string, init: Parameters<Fetch>[1]): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    throw new ApiError(0, `Ingen forbindelse (${(error as Error).message})`);
  }
}

/** POST `body` as JSON; returns the answer, whatever its status. */
function sendJson(
  fetchImpl: Fetch,
  url: string,
  body: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(fetchImpl, url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal,
  });
}

/** POST `body` as JSON; an answer other than ok is an ApiError. */
export async function postJson(...args: Parameters<typeof sendJson>): Promise<Response> {
  const [, url] = args;
  const response = await sendJson(...args);
  if (!response.ok) throw errorFor(response, `${url} svarte ${response.status}`);
  return response;
}

/** The booked time was taken before the booking arrived: `times` are the free times nearest to it. */
export class TimeTakenError extends ApiError {
  constructor(readonly times: FreeTime[]) {
    super(409, "Tiden er tatt");
    this.name = "TimeTakenError";
  }
}

/** The 409's nearest free times, or undefined when its body is not the plugin's refusal of a time. */
async function nearestTimes(response: Response): Promise<FreeTime[] | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = timeTakenSchema.safeParse(body);
  return parsed.success ? parsed.data.errors[0]!.data.times : undefined;
}

/**
 * POST /api/contact; returns a booked time's calendar file. A booked time
 * taken meanwhile is a TimeTakenError with the nearest free times.
 */
export async function sendContact(
  body: ContactRequest,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
): Promise<{ calendarFile?: string }> {
  const url = endpoints.contact();
  const response = await sendJson(fetchImpl, url, contactSchema.parse(body), signal);
  if (response.ok) {
    if (!body.time) return {};
    // the booking is made; a calendar file that did not come is only a link less on the page
    const answer = bookedTimeAnswerSchema.safeParse(await response.json().catch(() => undefined));
    return answer.success ? { calendarFile: answer.data.doc.calendarFile } : {};
  }
  const times = response.status === 409 && body.time ? await nearestTimes(response) : undefined;
  if (times) throw new TimeTakenError(times);
  throw errorFor(response, `${url} svarte ${response.status}`);
}

/** GET /api/booking/times: the drop-off times free for `services` on a car of `size`. */
export async function loadFreeTimes(
  services: readonly string[],
  size: string,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
): Promise<BookingTimes> {
  const url = bookingTimesUrl(config.adminUrl, services, size);
  const response = await call(fetchImpl, url, { headers: { Accept: "application/json" }, cache: "no-store", signal });
  if (!response.ok) throw errorFor(response, `${url} svarte ${response.status}`);
  const parsed = bookingTimesSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, `${url} svarte med noe annet enn ledige tider`);
  return parsed.data;
}

export const DEFAULT_RETRY_DELAYS_MS = [800, 2400];
const DEFAULT_TIMEOUT_MS = 60_000;

/** Worth trying again: no answer, a timeout, rate limiting or a server error. A 4xx will say the same again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** This API's word on a failure: anything but an answer is status 0, worth retrying by isRetryable, after at least its Retry-After. */
const API_RETRY_RULE: RetryRule = {
  failure: (error) => (error instanceof ApiError ? error : new ApiError(0, String(error))),
  retryable: isRetryable,
  askedWaitMs: (failure) => (failure instanceof ApiError ? (failure.retryAfterMs ?? 0) : 0),
};

/**
 * Runs `call` until it succeeds, fails with an answer not worth retrying, or
 * has had every attempt (`retrying`, with this API's waits, its time limit and
 * its rule: isRetryable, and at least the server's Retry-After between
 * attempts); `onRetry` hears each new attempt before its wait.
 */
export function withRetries<T>(
  deps: RetryOptions,
  call: (signal: AbortSignal, moving: () => void) => Promise<T>,
  onRetry: (attempt: number) => void = () => {},
): Promise<T> {
  const options = {
    ...deps,
    retryDelaysMs: deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  return retrying(options, API_RETRY_RULE, call, onRetry);
}
