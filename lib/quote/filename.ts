/**
 * The name an image is uploaded under: `img_` + 128 random bits from
 * `crypto.getRandomValues` as 32 hex digits + the original extension, e.g.
 * `img_3f9c0a…e1.jpg`. Unique without asking the admin host, and unguessable:
 * the name is what lets the workshop's admin host hand that one photo to
 * whoever knows it, and nobody can list the names (README, "Connecting the
 * workshop's Payload CMS").
 */

import { MEDIA_NAME_RANDOM_BYTES, imageTypeByMime } from "../api/contract";

/** `.jpg` from `Bilde 1.JPG`; from the MIME type when the name has none (or a strange one). */
export function originalExtension(name: string, type = ""): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  if (match) return `.${match[1]!.toLowerCase()}`;
  return imageTypeByMime(type)?.extensions[0] ?? "";
}

/** Fills `bytes` with random values, as `crypto.getRandomValues` does. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** MEDIA_NAME_RANDOM_BYTES random bytes as lowercase hex. */
export function randomHex(randomBytes: RandomBytes = cryptoBytes): string {
  const bytes = new Uint8Array(MEDIA_NAME_RANDOM_BYTES);
  randomBytes(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A name mediaFilename makes (the admin host may store it with `-<n>` added: see SHAREABLE_MEDIA_NAME). */
export const MEDIA_FILENAME_PATTERN = new RegExp(`^img_[0-9a-f]{${MEDIA_NAME_RANDOM_BYTES * 2}}(\\.[a-z0-9]{1,5})?$`);

interface NameSources {
  /** stands in for the random source byte by byte (`Math.floor(random() * 256)`), for tests that want a fixed name */
  random?: () => number;
  randomBytes?: RandomBytes;
  /** taken and not used: a name carries no time */
  now?: () => number;
}

/** The upload name for `original`; its random bytes come from `crypto.getRandomValues` unless a test gives a source. */
export function mediaFilename(
  original: { name: string; type?: string },
  { random, randomBytes = cryptoBytes }: NameSources = {},
): string {
  const source: RandomBytes = random
    ? (bytes) => {
        for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
        return bytes;
      }
    : randomBytes;
  return `img_${randomHex(source)}${originalExtension(original.name, original.type)}`;
}
