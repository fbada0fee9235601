/**
 * Our retry policy for loading the map. Version 2 of @googlemaps/js-api-loader
 * has no retry option, but after a failed load `importLibrary` may be called
 * again and it adds a fresh script tag. So: the first try and up to three
 * retries, four tries in all, waiting longer before each new one (1 s, 2 s, then
 * 4 s). The loader is passed in, so the policy is
 * tested without a browser or Google.
 */

import { retrying } from "../retry";

const MAP_LOAD_ATTEMPTS = 4;
const MAP_RETRY_BASE_DELAY_MS = 1000;

export interface RetryOptions {
  /** how many tries in all, the first included (default 4: three retries) */
  attempts?: number;
  /** wait before the second try; doubled before each further one (default 1000 ms) */
  baseDelayMs?: number;
  /** how to wait (tests pass a fake) */
  sleep?: (ms: number) => Promise<void>;
}

export type LoadResult<T> = { status: "ready"; value: T; attempts: number } | { status: "failed"; attempts: number };

/** The wait before try number `attempt` (2, 3, …): base, 2 × base, 4 × base, … */
export function retryDelay(attempt: number, baseDelayMs = MAP_RETRY_BASE_DELAY_MS): number {
  return attempt <= 1 ? 0 : baseDelayMs * 2 ** (attempt - 2);
}

/**
 * Runs `load` until it succeeds or the tries are used up (`retrying`, every
 * failure worth another try). Never throws and never logs: a failure is a
 * result (`failed`), and the caller shows its fallback.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<LoadResult<T>> {
  const { attempts = MAP_LOAD_ATTEMPTS, baseDelayMs = MAP_RETRY_BASE_DELAY_MS, sleep } = options;
  const retryDelaysMs = Array.from({ length: attempts - 1 }, (_, i) => retryDelay(i + 2, baseDelayMs));
  let tries = 0;
  try {
    const value = await retrying({ retryDelaysMs, sleep }, {}, () => {
      tries++;
      return load();
    });
    return { status: "ready", value, attempts: tries };
  } catch {
    return { status: "failed", attempts: tries };
  }
}
