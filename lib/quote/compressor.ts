/**
 * The browser's compressor: browser-image-compression, loaded only when the
 * first image is chosen (a dynamic import, so it is not in any page's
 * first-load JavaScript). Its web worker loads the library again by URL; we
 * point it at our own copy (public/vendor/, copied at build by
 * scripts/copy-vendor.ts) instead of the library's default CDN, so no request
 * leaves the site.
 */
import type { Compressor } from "./pipeline";

export const COMPRESSION_LIBRARY_PATH = "/vendor/browser-image-compression.js";

/** At most 1 MB and 1920 px on the longest side (plenty for judging a dent), in a web worker so the page stays responsive. */
export const COMPRESSION_OPTIONS = { maxSizeMB: 1, maxWidthOrHeight: 1920, useWebWorker: true } as const;

let loading: Promise<Compressor> | undefined;

export function loadCompressor(): Promise<Compressor> {
  loading ??= import("browser-image-compression").then(
    ({ default: imageCompression }): Compressor =>
      (file, onProgress, signal) =>
        imageCompression(file, {
          ...COMPRESSION_OPTIONS,
          onProgress,
          signal,
          libURL: new URL(COMPRESSION_LIBRARY_PATH, window.location.href).href,
        }),
    (error: unknown) => {
      loading = undefined; // a failed chunk load may work next time
      throw error;
    },
  );
  return loading;
}
