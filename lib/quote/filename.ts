/**
 * The name an image is uploaded under: `img_` + a random string + a timestamp
 * + the original extension, e.g. `img_k3j9x2ab1718000000000.jpg`: the names the
 * admin host has always received, unique without asking it.
 */

import { imageTypeByMime } from "../api/contract";

/** `.jpg` from `Bilde 1.JPG`; from the MIME type when the name has none (or a strange one). */
export function originalExtension(name: string, type = ""): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  if (match) return `.${match[1]!.toLowerCase()}`;
  return imageTypeByMime(type)?.extensions[0] ?? "";
}

/** 8 characters of [a-z0-9]. */
export function randomString(random: () => number = Math.random): string {
  let out = "";
  while (out.length < 8) out += Math.floor(random() * 36).toString(36);
  return out;
}

export const MEDIA_FILENAME_PATTERN = /^img_[a-z0-9]{8}\d{13}(\.[a-z0-9]{1,5})?$/;

export function mediaFilename(
  original: { name: string; type?: string },
  { random = Math.random, now = Date.now }: { random?: () => number; now?: () => number } = {},
): string {
  return `img_${randomString(random)}${now()}${originalExtension(original.name, original.type)}`;
}
