/**
 * The photo work (lib/quote/photo-work/types.ts). It comes with the quote form's code,
 * which the page fetches after its first load (components/quote/QuoteFormIsland.tsx),
 * so none of it is in a page's first-load JavaScript and it is there when the
 * first photo is chosen. The worker is a module worker bundled from
 * photo.worker.ts and served from our own origin (`worker-src 'self'`), started
 * at the first photo.
 */
import { preparePhotoOnPage } from "./page";
import type { PhotoWork } from "./types";
import { createPhotoWork } from "./work";

export * from "./types";

let work: PhotoWork | undefined;

export async function loadPhotoWork(): Promise<PhotoWork> {
  work ??= createPhotoWork({
    createWorker:
      typeof Worker === "function"
        ? () => new Worker(new URL("./photo.worker.ts", import.meta.url), { type: "module" })
        : undefined,
    page: preparePhotoOnPage,
  });
  return work;
}
