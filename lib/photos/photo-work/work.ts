/**
 * Which path a photo takes, and the photo work the quote form loads
 * (`loadPhotoWork`, at the end): the module worker, else the page.
 *
 * The path: the worker when this engine can do the work there, else the page
 * (page.ts). The worker's answer decides:
 * - `done` and `unreadable` are final (a photo the worker's decoder cannot read
 *   is not read on the page either, and the original is never sent instead);
 * - `incapable` sends this photo and every later one to the page;
 * - a worker that fails to start (its code lost on the way, a policy refusing
 *   it), dies or fails sends this photo to the page; the next photo tries a
 *   fresh worker.
 * One worker is kept for the next photo; an aborted photo's worker is ended.
 */
import { preparePhotoOnPage } from "./page";
import {
  UnreadablePhotoError,
  type JobMessage,
  type PhotoWork,
  type PrepareOptions,
  type PreparedPhoto,
  type WorkerMessage,
} from "./types";

export interface PhotoWorkParts {
  /** undefined where the engine has no workers */
  createWorker?: () => Worker;
  page: (file: Blob, options: PrepareOptions) => Promise<PreparedPhoto>;
}

type Outcome = { kind: "done"; photo: PreparedPhoto } | { kind: "unreadable" } | { kind: "page" | "incapable" };

const aborted = (signal: AbortSignal) => signal.reason ?? new DOMException("The photo work was aborted", "AbortError");

export function createPhotoWork({ createWorker, page }: PhotoWorkParts): PhotoWork {
  let idle: Worker | undefined;
  let workerCapable = createWorker !== undefined;
  let nextId = 1;

  function inWorker(file: Blob, { signal, onPreview, onCheck, onProgress }: PrepareOptions): Promise<Outcome> {
    const worker = idle ?? createWorker!();
    idle = undefined;
    const id = nextId++;
    return new Promise<Outcome>((resolve, reject) => {
      const finish = (keep: boolean) => {
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onFailure);
        worker.removeEventListener("messageerror", onFailure);
        signal?.removeEventListener("abort", onAbort);
        if (keep && !idle) idle = worker;
        else worker.terminate();
      };
      const onMessage = ({ data }: MessageEvent<WorkerMessage>) => {
        if (data.id !== id) return;
        if (data.type === "preview") return onPreview?.(data.url);
        if (data.type === "check") return onCheck?.(data.check);
        if (data.type === "progress") return onProgress?.(data.percent);
        finish(data.type !== "failed");
        if (data.type === "done") resolve({ kind: "done", photo: data.photo });
        else if (data.type === "unreadable") resolve({ kind: "unreadable" });
        else resolve({ kind: data.type === "incapable" ? "incapable" : "page" });
      };
      const onFailure = (event: Event) => {
        event.preventDefault?.();
        finish(false);
        resolve({ kind: "page" });
      };
      const onAbort = () => {
        finish(false);
        reject(aborted(signal!));
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onFailure);
      worker.addEventListener("messageerror", onFailure);
      signal?.addEventListener("abort", onAbort);
      worker.postMessage({ id, file } satisfies JobMessage);
    });
  }

  return {
    async prepare(file, options = {}) {
      if (options.signal?.aborted) throw aborted(options.signal);
      if (workerCapable) {
        let outcome: Outcome;
        try {
          outcome = await inWorker(file, options);
        } catch (error) {
          if (options.signal?.aborted) throw error;
          outcome = { kind: "page" }; // the worker could not even be made (a policy refusing it)
        }
        if (outcome.kind === "done") return outcome.photo;
        if (outcome.kind === "unreadable") throw new UnreadablePhotoError();
        if (outcome.kind === "incapable") workerCapable = false;
      }
      return page(file, options);
    },
  };
}

// ------------------------------------------------------------ the quote form's photo work

let work: PhotoWork | undefined;

/**
 * The photo work the quote form uses, made once. This module comes with the
 * form's code, which the page fetches after its first load
 * (components/quote/QuoteFormIsland.tsx), so none of it is in a page's
 * first-load JavaScript and it is there when the first photo is chosen. The
 * worker is a module worker bundled from photo.worker.ts (the bundler finds it
 * by the `new URL(…, import.meta.url)` form) and served from our own origin
 * (`worker-src 'self'`), started at the first photo.
 */
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
