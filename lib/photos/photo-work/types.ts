/**
 * The photo work the quote form asks of the browser, as one interface, and the
 * messages between the page and the photo worker that does it (at the end).
 *
 * A chosen photo is checked (lib/photos/photo-check, on a small copy) and made
 * ready to upload (a JPEG at most MAX_PREPARED_BYTES and MAX_PREPARED_SIDE px,
 * with no metadata: re-encoded from its pixels, so no location or camera data
 * leaves the device). A photo this browser cannot read is an
 * UnreadablePhotoError: the form says so and never sends the original instead.
 */
import type { PhotoMeasure, PhotoVerdict } from "../photo-check";

export const MAX_PREPARED_SIDE = 1920;
export const MAX_PREPARED_BYTES = 1024 * 1024;

export interface PhotoCheck extends PhotoMeasure {
  verdict: PhotoVerdict;
}

export interface PreparedPhoto {
  /** JPEG bytes, no metadata */
  blob: Blob;
  width: number;
  height: number;
}

export interface PrepareOptions {
  signal?: AbortSignal;
  /**
   * a small JPEG of the photo (its check copy) as a data: URL, for the
   * thumbnail, as soon as it is decoded: a thumbnail of the original would make
   * the page read and decode the whole file on its main thread, and an object
   * URL costs the page a synchronous call to the browser
   */
  onPreview?: (url: string) => void;
  /** the quality check, as soon as it is known (before the prepared copy) */
  onCheck?: (check: PhotoCheck) => void;
  /** 0–100 while it works */
  onProgress?: (percent: number) => void;
}

export interface PhotoWork {
  prepare(file: Blob, options?: PrepareOptions): Promise<PreparedPhoto>;
}

/** The browser could not decode the photo (a HEIC photo on a desktop browser, a broken file). */
export class UnreadablePhotoError extends Error {
  constructor(message = "The photo could not be decoded in this browser") {
    super(message);
    this.name = "UnreadablePhotoError";
  }
}

// ------------------------------------------------------------ page ⇄ worker messages

// The messages between the page and the photo worker: a job per photo, and the
// worker's answers to it, each with the job's id.

export interface JobMessage {
  id: number;
  file: Blob;
}

export type WorkerMessage =
  | { id: number; type: "preview"; url: string }
  | { id: number; type: "check"; check: PhotoCheck }
  | { id: number; type: "progress"; percent: number }
  | { id: number; type: "done"; photo: PreparedPhoto }
  /** the photo could not be decoded: no other path will read it either */
  | { id: number; type: "unreadable" }
  /** this engine cannot do the work in a worker (no OffscreenCanvas 2D, no createImageBitmap): the page does it */
  | { id: number; type: "incapable" }
  /** the work failed for another reason: the page tries it */
  | { id: number; type: "failed"; message: string };
