/**
 * At most `perWindow` calls from one client address (./client.ts) in each
 * window of `windowMs` on the clock; a call beyond that is refused until
 * the next window starts. The counts live in this process and are all
 * forgotten as each window starts, so they take no more room than one
 * window's addresses.
 */

export interface AddressLimitOptions {
  perWindow: number;
  windowMs: number;
  /** the clock, in milliseconds */
  now?: () => number;
}

export interface AddressLimit {
  /** Counts a call from `address`; returns how long until it may call again when its calls are spent. */
  take(address: string): { retryAfterMs: number } | undefined;
}

export function addressLimit({ perWindow, windowMs, now = Date.now }: AddressLimitOptions): AddressLimit {
  let window = -1;
  const calls = new Map<string, number>();
  return {
    take(address) {
      const current = Math.floor(now() / windowMs);
      if (current !== window) {
        window = current;
        calls.clear();
      }
      const made = calls.get(address) ?? 0;
      if (made >= perWindow) return { retryAfterMs: (window + 1) * windowMs - now() };
      calls.set(address, made + 1);
      return undefined;
    },
  };
}
