/** The messages between the page and the photo worker (lib/quote/photo-work/photo.worker.ts). */
import type { PhotoCheck, PreparedPhoto } from "./types";

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
