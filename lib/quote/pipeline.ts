/**
 * Sending a quote request, free of any framework. A request is either sent
 * whole or not at all: the workshop never gets an inquiry with a missing
 * image, and a failure leaves the form as it was. `fetch`, the clock and the
 * waits are injected, so every failure path is unit-tested with fakes.
 *
 *   each photo:  its prepared copy (lib/photos/photos.ts; never the original) →
 *   uploaded under the name chosen at its first upload → its stored ref kept
 *   with the photo; two at a time; while one retries no new one starts
 *   then:  POST /inquiry with every damage's photos, under the quote's key
 *
 * Every call (upload, look-up, inquiry) is tried again, with a growing delay
 * or the server's `Retry-After`, when no answer came, it timed out, or the
 * server was busy or failed (408, 429, 5xx); any other 4xx says the same again and is not.
 * An upload whose answer never came may still have been stored (the admin
 * host stores every upload it gets): before sending it again, it is asked for
 * by its name, also on the next visit (the name is kept with the draft).
 *
 * One key, one body: the inquiry's idempotency key is made for the quote as
 * it stands at Send (InquiryKey, kept with the draft). The same quote sent
 * again carries the same key, so the API host stores it once; a quote changed
 * since gets a new key, so the corrected quote is stored too. A 422 (the key
 * was used for another body) gets a new key and is sent once more.
 */
import type { ImageRef } from "../api/schemas";
import { DEFAULT_RETRY_DELAYS_MS, statusOf, withRetries, type Fetch } from "../api/transport";
import {
  lostAnswer,
  mediaFilename,
  newIdempotencyKey,
  PhotosGoneError,
  sendInquiry,
  storedAlready,
  uploadMedia,
} from "./transport";
import type { RetryOptions } from "../retry";
import { buildInquiry, type QuoteText } from "./form";
import type { ImageProgress, Photo, QuotePhotos } from "../photos/photos";

/** What a send reads and writes of the quote's photos. */
export type SendPhotos = Pick<QuotePhotos, "toSend" | "prepared" | "update">;

export interface PipelineDeps extends RetryOptions {
  fetch: Fetch;
  userId: string;
  /** how many uploads run at once (2) */
  concurrency?: number;
  /** stands in for the upload names' random source (mediaFilename), for fixed names in tests */
  random?: () => number;
}

export type PipelineResult =
  | { ok: true }
  | { ok: false; reason: "upload"; damageIndex: number; image: Photo; status: number }
  | { ok: false; reason: "inquiry"; status: number };

/**
 * The quote as JSON, as its inquiry will say it: its text fields and which
 * photos stand in which damage. Two quotes are the same inquiry when this is.
 */
export const quoteJson = (text: QuoteText, photos: Pick<QuotePhotos, "toSend">) =>
  JSON.stringify([text, photos.toSend().map((d) => d.photos.map((p) => p.key))]);

/**
 * What a quote keeps from its Send until it has gone (and with the draft
 * between visits): whether Send was pressed, the inquiry's idempotency key and
 * the quote (quoteJson) that key was made for.
 */
export class SendState {
  pending = false;
  key: string | undefined = undefined;
  quote: string | undefined = undefined;

  /** The key for the quote as it stands: the one it has, or a new one when it has none or changed since. */
  keyFor(quote: string): string {
    if (this.key === undefined || this.quote !== quote) this.key = newIdempotencyKey();
    this.quote = quote;
    return this.key;
  }

  /** Put back from a draft, or set: `{ pending: true }` */
  set(values: Partial<Pick<SendState, "pending" | "key" | "quote">>): void {
    Object.assign(this, values);
  }

  /** A quote that has gone, or a new one: not pending, no key. */
  clear(): void {
    this.set({ pending: false, key: undefined, quote: undefined });
  }
}

/** While an upload is retrying (the connection is in doubt) no new upload starts. */
function createGate() {
  let closed = 0;
  let waiting: (() => void)[] = [];
  return {
    close: () => void closed++,
    open() {
      if (--closed > 0) return;
      waiting.forEach((resume) => resume());
      waiting = [];
    },
    wait: () => (closed > 0 ? new Promise<void>((resume) => waiting.push(resume)) : Promise.resolve()),
  };
}

/** Whether the send still takes the photo `key` (one the browser cannot read it leaves out). */
const isSent = (photos: SendPhotos, key: string) =>
  photos.toSend().some((damage) => damage.photos.some((p) => p.key === key));

/** What the photos of one send share. */
interface SendRun {
  photos: SendPhotos;
  deps: PipelineDeps;
  gate: ReturnType<typeof createGate>;
  /** the first photo that failed for good; once set, no new upload starts */
  stop: { failure?: Extract<PipelineResult, { reason: "upload" }> };
  report: (key: string, progress: Partial<ImageProgress>) => void;
}

/**
 * One photo: its prepared copy, then its upload once no other upload is
 * retrying, under the name it was given at its first upload (a new one the
 * first time). Answers its stored ref, or undefined when it (or another) failed.
 */
async function sendPhoto(photo: Photo, damageIndex: number, run: SendRun): Promise<ImageRef | undefined> {
  const { photos, deps, gate, stop, report } = run;
  const fail = (status: number) => {
    report(photo.key, { stage: "failed" });
    stop.failure ??= { ok: false, reason: "upload", damageIndex, image: photo, status };
  };
  report(photo.key, { stage: "compressing" });
  const blob = await photos.prepared(photo.key);
  if (!blob) {
    // found unreadable only now: left out like the others while its damage has another photo to send
    if ((photos.toSend()[damageIndex]?.photos.length ?? 0) > 0 && !isSent(photos, photo.key)) return undefined;
    return void fail(0);
  }
  await gate.wait();
  if (stop.failure) return undefined; // another photo failed for good: this one is not sent
  const named = photo.uploadName;
  const filename = named ?? mediaFilename({ name: "", type: blob.type }, { random: deps.random });
  if (!named) photos.update(photo.key, { uploadName: filename });
  let mayBeStored = named !== undefined;
  let retrying = false;
  try {
    const ref = await withRetries(
      deps,
      async (signal, moving) => {
        const found = mayBeStored ? await storedAlready(filename, deps.fetch, signal) : undefined;
        if (found) return found;
        report(photo.key, { stage: "uploading", loaded: 0, total: blob.size });
        const onBytes = (loaded: number, total: number) => {
          moving();
          report(photo.key, { stage: "uploading", loaded, total });
        };
        return await uploadMedia(blob, filename, deps.fetch, signal, onBytes).catch((error: unknown) => {
          mayBeStored = lostAnswer(error);
          throw error;
        });
      },
      (attempt) => {
        if (!retrying) gate.close();
        retrying = true;
        report(photo.key, { stage: "retrying", attempt, loaded: 0 });
      },
    );
    report(photo.key, { stage: "done", loaded: blob.size, total: blob.size });
    return ref;
  } catch (error) {
    fail(statusOf(error)); // known before the gate opens, so no waiting upload starts after it
    return undefined;
  } finally {
    if (retrying) gate.open();
  }
}

/** Uploads every photo of the quote not stored yet, `concurrency` at a time; the first that failed for good, if one did. */
async function uploadAll(photos: SendPhotos, deps: PipelineDeps, report: SendRun["report"]) {
  for (const photo of photos.toSend().flatMap((damage) => damage.photos))
    report(photo.key, { stage: photo.stored ? "done" : "waiting" });
  const started = new Set<string>();
  // the next photo to upload, from the photos as they are now: one added during the send goes too
  const nextPhoto = () => {
    for (const [damageIndex, damage] of photos.toSend().entries()) {
      const photo = damage.photos.find((p) => !p.stored && !started.has(p.key));
      if (photo) {
        started.add(photo.key);
        return { photo, damageIndex };
      }
    }
    return undefined;
  };
  const run: SendRun = { photos, deps, gate: createGate(), stop: {}, report };
  const worker = async () => {
    for (;;) {
      await run.gate.wait();
      const next = run.stop.failure ? undefined : nextPhoto();
      if (!next) return;
      const ref = await sendPhoto(next.photo, next.damageIndex, run);
      if (ref) photos.update(next.photo.key, { stored: ref });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 2) }, worker));
  return run.stop.failure;
}

/**
 * Forgets the upload of each photo of the quote stored under one of `filenames`,
 * so the next uploadAll sends it again under a new name.
 */
function forgetUploads(photos: SendPhotos, filenames: readonly string[]): number {
  const gone = photos
    .toSend()
    .flatMap((damage) => damage.photos)
    .filter((photo) => photo.stored && filenames.includes(photo.stored.filename));
  for (const photo of gone) photos.update(photo.key, { stored: undefined, uploadName: undefined });
  return gone.length;
}

/** Writes each photo's progress onto it as a send goes (its stage, attempt and bytes). */
function progressReport(photos: SendPhotos, deps: RetryOptions): SendRun["report"] {
  const maxAttempts = (deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).length + 1;
  const progress = new Map<string, ImageProgress>();
  return (photoKey, change) => {
    const start: ImageProgress = { stage: "waiting", attempt: 1, maxAttempts, loaded: 0, total: 0 };
    const next = { ...(progress.get(photoKey) ?? start), ...change };
    progress.set(photoKey, next);
    photos.update(photoKey, { progress: next });
  };
}

/**
 * Uploads every photo not stored yet, exactly as a quote's send does (the
 * prepared copy, its name, retries, the look-up of a lost answer), without an
 * inquiry after: for a page that names the photos in a call of its own (the
 * customer's case page). Each photo's stored ref is then on it (`stored`);
 * answers the first photo that failed for good, or undefined when all are stored.
 */
export async function uploadPhotos(
  photos: SendPhotos,
  deps: Omit<PipelineDeps, "userId">,
): Promise<Extract<PipelineResult, { reason: "upload" }> | undefined> {
  return uploadAll(photos, { ...deps, userId: "" }, progressReport(photos, deps));
}

/**
 * Uploads every photo not stored yet, then sends the inquiry under the quote's
 * key. When the API host says it no longer has some of the photos (a draft
 * sent long after its uploads), those are uploaded again and the inquiry is
 * sent once more.
 */
export async function sendQuote(
  text: QuoteText,
  photos: SendPhotos,
  state: SendState,
  deps: PipelineDeps,
  onInquiry: () => void = () => {},
): Promise<PipelineResult> {
  const report = progressReport(photos, deps);
  for (let uploadedAgain = false; ; uploadedAgain = true) {
    const failure = await uploadAll(photos, deps, report);
    if (failure) return failure;
    if (!uploadedAgain) onInquiry();
    const sent = await sendInquiryOf(text, photos, state, deps);
    if (sent instanceof PhotosGoneError && !uploadedAgain && forgetUploads(photos, sent.filenames) > 0) continue;
    if (sent) return { ok: false, reason: "inquiry", status: statusOf(sent) };
    state.clear(); // the quote has gone: a quote sent after this one is another inquiry
    return { ok: true };
  }
}

/** Sends the inquiry of the quote as it stands, under its key; the failure when it was not stored. */
async function sendInquiryOf(
  text: QuoteText,
  photos: SendPhotos,
  state: SendState,
  deps: PipelineDeps,
): Promise<unknown> {
  const quote = quoteJson(text, photos);
  const body = buildInquiry({ ...text, damages: photos.toSend() }, deps.userId);
  let renewed = false;
  try {
    await withRetries(deps, async (signal) => {
      try {
        await sendInquiry(body, deps.fetch, signal, state.keyFor(quote));
      } catch (error) {
        if (statusOf(error) !== 422 || renewed) throw error;
        renewed = true; // the key was used for another body: this quote is another inquiry
        state.set({ key: undefined });
        await sendInquiry(body, deps.fetch, signal, state.keyFor(quote));
      }
    });
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * One send at a time: a second call while one runs gets the same promise
 * (a double click, a second Enter), never a second inquiry.
 */
export function createQuoteSender(deps: PipelineDeps) {
  let running: Promise<PipelineResult> | undefined;
  return {
    get busy() {
      return running !== undefined;
    },
    send(text: QuoteText, photos: SendPhotos, state: SendState, onInquiry?: () => void): Promise<PipelineResult> {
      running ??= sendQuote(text, photos, state, deps, onInquiry).finally(() => (running = undefined));
      return running;
    },
  };
}
