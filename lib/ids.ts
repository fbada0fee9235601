/**
 * Random ids, made here and nowhere else. A page served over plain http (the
 * preview opened from another machine on the network) has
 * `crypto.getRandomValues` but not `crypto.randomUUID`, which only pages
 * served over https or from localhost have: every id made here works on both.
 */

/** Fills `bytes` with random values, as `crypto.getRandomValues` does. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

/** Where random ids come from: the browser's `crypto`, or a test's stand-in with either method missing. */
export type IdSource = Partial<Pick<Crypto, "randomUUID" | "getRandomValues">>;

/** How many random bytes an id made without `randomUUID` carries: 128 bits, as many as a UUID's. */
export const ID_RANDOM_BYTES = 16;

const cryptoBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** Random bytes from Math.random: for ids where there is no `crypto` at all, and for tests that want a fixed id (`random`). */
export const mathBytes =
  (random: () => number = Math.random): RandomBytes =>
  (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };

/** Bytes as lowercase hex, two digits each. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `count` random bytes (ID_RANDOM_BYTES unless given) as lowercase hex, from `crypto.getRandomValues` unless a test gives a source. */
export function randomHex(randomBytes: RandomBytes = cryptoBytes, count = ID_RANDOM_BYTES): string {
  const bytes = new Uint8Array(count);
  randomBytes(bytes);
  return toHex(bytes);
}

/**
 * A new random id: a UUID where `source` has `randomUUID`, else 32 hex digits
 * from `getRandomValues` (a page over plain http), else, where there is no
 * `crypto` at all, the time in base 36 + `-` + 32 hex digits from Math.random.
 * Every form is letters, digits and `-` only.
 */
export function newId(source: IdSource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === "function") return source.randomUUID();
  if (typeof source?.getRandomValues === "function") return randomHex((bytes) => source.getRandomValues!(bytes));
  return `${Date.now().toString(36)}-${randomHex(mathBytes())}`;
}
