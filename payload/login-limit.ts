/**
 * Wrong passwords slow whoever types them, never the staff member they name
 * (Payload's own lock, which counts per account from anywhere, would let a
 * stranger lock the workshop out of its admin):
 *
 *   - MAX_LOGIN_ATTEMPTS wrong passwords in a row for one account from one
 *     client address refuse that account's logins from that address for
 *     LOGIN_LOCK_MS; from any other address it logs in as before;
 *   - ADDRESS_LOGIN_FAILURES wrong passwords from one address, whichever
 *     accounts they name, within LOGIN_LOCK_MS refuse every login from that
 *     address for LOGIN_LOCK_MS;
 *   - a right password clears its account's count at its address.
 *
 * The counts live in this process; each entry is forgotten when its time is
 * past, and at most MAX_KEPT of each are kept, the oldest going first.
 */

/** Wrong passwords in a row for one account from one address before that address is refused for it. */
export const MAX_LOGIN_ATTEMPTS = 5;
/** How long a refusal lasts, and the span an address's wrong passwords are counted in. */
export const LOGIN_LOCK_MS = 10 * 60 * 1000;
/** Wrong passwords from one address, for any accounts, before every login from it is refused. */
export const ADDRESS_LOGIN_FAILURES = 4 * MAX_LOGIN_ATTEMPTS;
const MAX_KEPT = 10_000;

interface Count {
  failures: number;
  /** when the counting started, in milliseconds */
  since: number;
  /** refused until then */
  until: number;
}

export interface LoginLimit {
  /** How long until `email` may try again from `address`, or undefined when it may now. */
  refusedFor(email: string, address: string): number | undefined;
  failed(email: string, address: string): void;
  succeeded(email: string, address: string): void;
}

export function loginLimit(now: () => number = Date.now): LoginLimit {
  const pairs = new Map<string, Count>();
  const addresses = new Map<string, Count>();
  const pairKey = (email: string, address: string) => `${email.trim().toLowerCase()}\n${address}`;

  /** The count under `key`, a fresh one when none is kept or its span is over. */
  function countOf(counts: Map<string, Count>, key: string): Count {
    const kept = counts.get(key);
    const at = now();
    if (kept && (kept.until > at || at - kept.since < LOGIN_LOCK_MS)) return kept;
    const fresh = { failures: 0, since: at, until: 0 };
    counts.delete(key);
    counts.set(key, fresh);
    if (counts.size > MAX_KEPT) counts.delete(counts.keys().next().value!);
    return fresh;
  }

  return {
    refusedFor(email, address) {
      const until = Math.max(pairs.get(pairKey(email, address))?.until ?? 0, addresses.get(address)?.until ?? 0);
      return until > now() ? until - now() : undefined;
    },
    failed(email, address) {
      const pair = countOf(pairs, pairKey(email, address));
      const all = countOf(addresses, address);
      pair.failures++;
      all.failures++;
      if (pair.failures >= MAX_LOGIN_ATTEMPTS) pair.until = now() + LOGIN_LOCK_MS;
      if (all.failures >= ADDRESS_LOGIN_FAILURES) all.until = now() + LOGIN_LOCK_MS;
    },
    succeeded(email, address) {
      pairs.delete(pairKey(email, address));
    },
  };
}
