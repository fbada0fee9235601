/**
 * Trying a call again, written once: the API's calls (lib/api/transport.ts,
 * withRetries) and loading the map (lib/maps/retry.ts) both run `retrying`,
 * each with its own waits and its own word on which failures are worth
 * another attempt.
 */

/** How a call is tried again (tests give their own waits and clock). */
export interface RetryOptions {
  /** waits before the 2nd, 3rd, … attempt of a call */
  retryDelaysMs?: number[];
  /** a call with nothing moving for this long (no answer, no upload bytes going out) is given up and tried again */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** What a caller says about its failures. */
export interface RetryRule {
  /** the failure as the caller keeps it, and throws once every attempt has failed (the error itself unless given) */
  failure?: (error: unknown) => unknown;
  /** whether a failure is worth another attempt (every one unless given) */
  retryable?: (failure: unknown) => boolean;
  /** the least wait a failure asks for before the next attempt, such as a server's Retry-After (none unless given) */
  askedWaitMs?: (failure: unknown) => number;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One attempt of `call`, its signal aborted once `timeoutMs` has passed with nothing moving (never without one). */
async function attempt<T>(
  timeoutMs: number | undefined,
  call: (signal: AbortSignal, moving: () => void) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const giveUp = () => controller.abort(new Error("timeout"));
  let timer = timeoutMs === undefined ? undefined : setTimeout(giveUp, timeoutMs);
  const moving = () => {
    clearTimeout(timer);
    timer = timeoutMs === undefined ? undefined : setTimeout(giveUp, timeoutMs);
  };
  try {
    return await call(controller.signal, moving);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `call` until it succeeds, fails in a way `rule` says is not worth
 * retrying, or has had one attempt more than there are `retryDelaysMs`; then
 * throws the last failure. `onRetry` hears each new attempt before its wait,
 * which is its delay or the wait the failure asks for, whichever is longer.
 * `call` reports movement (an upload's bytes going out) with `moving`, so a
 * call still moving is never cut off by `timeoutMs`.
 */
export async function retrying<T>(
  { retryDelaysMs = [], timeoutMs, sleep = realSleep }: RetryOptions,
  rule: RetryRule,
  call: (signal: AbortSignal, moving: () => void) => Promise<T>,
  onRetry: (attempt: number) => void = () => {},
): Promise<T> {
  const { failure = (error) => error, retryable = () => true, askedWaitMs = () => 0 } = rule;
  let lastFailure: unknown;
  for (let n = 1; n <= retryDelaysMs.length + 1; n++) {
    if (n > 1) {
      onRetry(n);
      await sleep(Math.max(retryDelaysMs[n - 2]!, askedWaitMs(lastFailure)));
    }
    try {
      return await attempt(timeoutMs, call);
    } catch (error) {
      lastFailure = failure(error);
      if (!retryable(lastFailure)) break;
    }
  }
  throw lastFailure;
}
