/**
 * Sending a quote request, free of any framework. A request is either sent
 * whole or not at all: the workshop never gets an inquiry with a missing
 * image, and a failure leaves the form as it was. `fetch`, the compressor, the clock and the waits are injected, so every
 * failure path is unit-tested with fakes.
 *
 *   each image:  its photo made ready (compressed when it was chosen, by
 *   lib/quote/prepare.ts; else compressed now, or the original when that fails
 *   and it is an image within MAX_UPLOAD_BYTES) → uploaded as
 *   img_<random><time>.<ext>, retried twice with a growing delay → its stored url kept
 *   two images at a time; while one upload is retrying no new one starts
 *   then:  POST /inquiry with every damage's images
 *
 * An image already uploaded (in the quote's SendState, kept by the caller
 * between tries) is not uploaded again. An upload whose answer never came
 * (time-out, dropped connection) may still have been stored, and the admin host stores every
 * upload it gets: before sending it again, the pipeline asks for it by name.
 * An image's upload name is chosen once and kept with the quote (SendState,
 * and so in the draft): a send that starts over, after a reload or the next
 * visit, asks for that name before uploading, so a photo whose first
 * upload's answer was lost is not stored twice (when the admin host answers
 * the lookup).
 * A busy server's `Retry-After` is waited out before the next try. The first image that cannot be uploaded stops the
 * send: nothing is sent with a missing image. The answer says what failed; the
 * caller keeps the form as it was. Uploads report the bytes sent when the
 * upload call can tell (`uploadFetch`, XMLHttpRequest in the browser).
 *
 * The inquiry carries the quote's idempotency key (made at its first Send,
 * kept in the SendState until the quote has gone): when the answer to the
 * inquiry is lost and the quote is sent again, now or on the next visit, the
 * API host sees the same key and stores it once.
 */
import {
  ApiError,
  MAX_UPLOAD_BYTES,
  findMedia,
  newIdempotencyKey,
  sendInquiry,
  uploadMedia,
  type Fetch,
} from "../api/contract";
import { mediaFilename } from "./filename";
import { buildInquiry, type ImageRef, type QuoteFormValues, type QuoteImage } from "./form";

/** Makes an image smaller; reports 0–100 while it works; stops when `signal` aborts. */
export type Compressor = (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => Promise<Blob>;

/** Bytes of one upload sent so far, of how many. */
export type UploadProgress = (loaded: number, total: number) => void;

export interface PipelineDeps {
  fetch: Fetch;
  /** loaded lazily by the caller: the compression library is not in the first-load JavaScript */
  compress: () => Promise<Compressor>;
  userId: string;
  /** the photo made ready before Send (lib/quote/prepare.ts), when there is one for this image */
  prepared?: (image: QuoteImage) => Promise<Blob | undefined> | undefined;
  /** a fetch for one upload that reports its bytes as they are sent; without it, `fetch` */
  uploadFetch?: (onProgress: UploadProgress) => Fetch;
  /** how many uploads run at once (2) */
  concurrency?: number;
  /** waits before the 2nd, 3rd, … upload attempt */
  retryDelaysMs?: number[];
  /** an upload or the inquiry that takes longer than this is given up (and the upload retried) */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/**
 * What one quote keeps from one Send to the next until it has gone (the
 * sender keeps it between tries, the draft between visits): the uploads
 * already stored and the names they are uploaded under, by image key, and
 * the inquiry's idempotency key.
 */
export class SendState {
  readonly uploaded = new Map<string, ImageRef>();
  /** the name each image is uploaded under, by image key: chosen at its first upload, then kept */
  readonly uploadNames = new Map<string, string>();
  /** made when Send is first pressed; dropped once the workshop has the inquiry, or for a new quote */
  inquiryKey: string | undefined = undefined;

  /** The quote's idempotency key, made now when it has none yet. */
  keyForSend(): string {
    return (this.inquiryKey ??= newIdempotencyKey());
  }

  /** What a draft kept, put back (next to anything already kept). */
  restore(kept: {
    uploaded: ReadonlyMap<string, ImageRef>;
    uploadNames: ReadonlyMap<string, string>;
    inquiryKey?: string;
  }): void {
    for (const [key, ref] of kept.uploaded) this.uploaded.set(key, ref);
    for (const [key, name] of kept.uploadNames) this.uploadNames.set(key, name);
    this.inquiryKey = kept.inquiryKey ?? this.inquiryKey;
  }

  /** An image that left the form: its upload and its name are forgotten. */
  forget(key: string): void {
    this.uploaded.delete(key);
    this.uploadNames.delete(key);
  }

  /** A new quote (`Start på nytt`): nothing uploaded, no names, no key. */
  clear(): void {
    this.uploaded.clear();
    this.uploadNames.clear();
    this.inquiryKey = undefined;
  }
}

export type ImageStage = "waiting" | "compressing" | "uploading" | "retrying" | "done" | "failed";

export interface ImageProgress {
  key: string;
  stage: ImageStage;
  /** compression progress 0–100 while compressing; 100 once done */
  percent: number;
  /** upload attempt, from 1 */
  attempt: number;
  maxAttempts: number;
  /** bytes of the upload sent so far, and its size (0 until it is known) */
  loaded: number;
  total: number;
}

/**
 * `kept`: what the quote keeps (SendState) has changed, an upload's name
 * chosen or an upload stored; the caller saves it (the draft), so a reload
 * does not lose it.
 */
export type PipelineEvent = { type: "image"; progress: ImageProgress } | { type: "inquiry" } | { type: "kept" };

export type PipelineResult =
  | { ok: true }
  | { ok: false; reason: "upload"; damageIndex: number; image: QuoteImage; status: number }
  | { ok: false; reason: "inquiry"; status: number };

const DEFAULT_RETRY_DELAYS_MS = [800, 2400];
const DEFAULT_TIMEOUT_MS = 60_000;

/** Worth trying again: no answer, a timeout, rate limiting or a server error. A 4xx will say the same again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `call` with a signal that aborts after `ms`; the abort surfaces as ApiError status 0. */
async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("tidsavbrudd")), ms);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

type UploadResult = { ok: true; ref: ImageRef } | { ok: false; status: number };

/**
 * Uploads one image, retried on answers worth retrying; reports each stage
 * with its attempt number. `lookFirst`: an earlier send used this name and
 * may have stored it, so the admin host is asked for it before the first try.
 */
async function uploadWithRetries(
  { blob, filename, lookFirst }: { blob: Blob; filename: string; lookFirst: boolean },
  deps: PipelineDeps,
  report: (stage: ImageStage, attempt: number) => void,
  onBytes: UploadProgress = () => {},
): Promise<UploadResult> {
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const sleep = deps.sleep ?? defaultSleep;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let lastError: unknown;
  for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
    if (attempt > 1) {
      report("retrying", attempt);
      const asked = lastError instanceof ApiError ? (lastError.retryAfterMs ?? 0) : 0;
      await sleep(Math.max(delays[attempt - 2]!, asked));
    }
    const mayBeStored = attempt > 1 ? lostAnswer(lastError) : lookFirst;
    const found = mayBeStored ? await storedAlready(filename, deps, timeoutMs) : undefined;
    if (found) {
      report("done", attempt);
      return { ok: true, ref: found };
    }
    report("uploading", attempt);
    try {
      const fetchImpl = deps.uploadFetch?.(onBytes) ?? deps.fetch;
      const ref = await withTimeout(timeoutMs, (signal) => uploadMedia(blob, filename, fetchImpl, signal));
      report("done", attempt);
      return { ok: true, ref };
    } catch (error) {
      lastError = error;
      if (attempt === delays.length + 1 || !isRetryable(error)) {
        report("failed", attempt);
        break;
      }
    }
  }
  return { ok: false, status: lastError instanceof ApiError ? lastError.status : 0 };
}

/** No answer came at all: the server may have stored the upload before the connection was lost. */
const lostAnswer = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

/** The upload stored under `filename`, if the admin host has it; undefined when not, or when it cannot say. */
async function storedAlready(filename: string, deps: PipelineDeps, timeoutMs: number): Promise<ImageRef | undefined> {
  try {
    return await withTimeout(timeoutMs, (signal) => findMedia(filename, deps.fetch, signal));
  } catch {
    return undefined;
  }
}

/** The image made smaller; the original when that fails and it may be uploaded whole; else undefined. */
export async function compressOrOriginal(
  image: QuoteImage,
  compress: () => Promise<Compressor>,
  report: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Blob | undefined> {
  try {
    const compressor = await compress();
    const blob = await compressor(
      image.file,
      (percent) => report(Math.max(0, Math.min(100, Math.round(percent)))),
      signal,
    );
    if (blob.size > 0) return blob;
  } catch {
    // fall through to the original
  }
  const { file } = image;
  if (file.type.startsWith("image/") && file.size > 0 && file.size <= MAX_UPLOAD_BYTES) return file;
  return undefined;
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

type Report = (
  key: string,
  stage: ImageStage,
  percent: number,
  attempt?: number,
  loaded?: number,
  total?: number,
) => void;
type ImageFailure = Extract<PipelineResult, { reason: "upload" }>;

/** What the images of one send share. */
interface SendRun {
  deps: PipelineDeps;
  gate: ReturnType<typeof createGate>;
  report: Report;
  /** the first image that failed for good; once set, no new upload starts */
  stop: { failure?: ImageFailure };
  state: SendState;
  /** the state has changed (SendState): tells the caller to save it */
  onKept: () => void;
}

/**
 * One image: its photo (ready, or compressed now), then its upload once no
 * other upload is retrying, under the name it was given at its first upload
 * (a new one the first time); answers its stored ref, what failed, or
 * undefined when another image failed for good first.
 */
async function sendImage(
  { image, damageIndex }: { image: QuoteImage; damageIndex: number },
  { deps, gate, report, stop, state, onKept }: SendRun,
): Promise<{ ok: true; ref: ImageRef } | ImageFailure | undefined> {
  report(image.key, "compressing", 0);
  const blob = await (deps.prepared?.(image) ??
    compressOrOriginal(image, deps.compress, (percent) => report(image.key, "compressing", percent)));
  if (!blob) {
    report(image.key, "failed", 0);
    return (stop.failure ??= { ok: false, reason: "upload", damageIndex, image, status: 0 });
  }
  await gate.wait();
  if (stop.failure) return undefined; // another image failed for good: this one is not sent
  const named = state.uploadNames.get(image.key);
  const filename = named ?? mediaFilename(image.file, { random: deps.random, now: deps.now });
  if (!named) {
    state.uploadNames.set(image.key, filename);
    onKept();
  }
  let bytes = { loaded: 0, total: blob.size };
  let retrying = false;
  const result = await uploadWithRetries(
    { blob, filename, lookFirst: named !== undefined },
    deps,
    (stage, attempt) => {
      if (stage === "retrying" && !retrying) gate.close();
      retrying ||= stage === "retrying";
      if (stage === "uploading" || stage === "retrying") bytes = { loaded: 0, total: bytes.total };
      report(image.key, stage, 100, attempt, stage === "done" ? bytes.total : bytes.loaded, bytes.total);
    },
    (loaded, total) => {
      bytes = { loaded, total };
      report(image.key, "uploading", 100, undefined, loaded, total);
    },
  );
  // a failure is known before the gate opens, so no waiting upload starts after it
  if (!result.ok) stop.failure ??= { ok: false, reason: "upload", damageIndex, image, status: result.status };
  if (retrying) gate.open();
  return result.ok ? result : stop.failure;
}

export async function sendQuote(
  values: QuoteFormValues,
  deps: PipelineDeps,
  state: SendState,
  onEvent: (event: PipelineEvent) => void = () => {},
): Promise<PipelineResult> {
  const { uploaded } = state;
  const key = state.keyForSend(); // normally made already, when Send was pressed
  const maxAttempts = (deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).length + 1;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const images = values.damages.flatMap((damage, damageIndex) =>
    damage.images.map((image) => ({ image, damageIndex })),
  );
  const attemptNow = new Map<string, number>();
  const report: Report = (key, stage, percent, attempt, loaded = 0, total = 0) => {
    if (attempt !== undefined) attemptNow.set(key, attempt);
    const progress = { key, stage, percent, attempt: attemptNow.get(key) ?? 0, maxAttempts, loaded, total };
    onEvent({ type: "image", progress });
  };

  for (const { image } of images)
    report(image.key, uploaded.has(image.key) ? "done" : "waiting", uploaded.has(image.key) ? 100 : 0);

  const todo = images.filter(({ image }) => !uploaded.has(image.key));
  const onKept = () => onEvent({ type: "kept" });
  const run: SendRun = { deps, gate: createGate(), report, stop: {}, state, onKept };
  const { gate, stop } = run;
  const worker = async () => {
    for (;;) {
      await gate.wait();
      const next = stop.failure ? undefined : todo.shift();
      if (!next) return;
      const result = await sendImage(next, run);
      if (!result?.ok) continue;
      uploaded.set(next.image.key, result.ref);
      onKept();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 2) }, worker));
  if (stop.failure) return stop.failure;

  onEvent({ type: "inquiry" });
  try {
    const body = buildInquiry(values, uploaded, deps.userId);
    await withTimeout(timeoutMs, (signal) => sendInquiry(body, deps.fetch, signal, key));
    state.inquiryKey = undefined; // the quote has gone: a quote sent after this one is another inquiry
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "inquiry", status: error instanceof ApiError ? error.status : 0 };
  }
}

/**
 * One send at a time: a second call while one runs gets the same promise
 * (a double click, a second Enter), never a second inquiry.
 */
export function createQuoteSender(deps: PipelineDeps) {
  const state = new SendState();
  let running: Promise<PipelineResult> | undefined;
  return {
    /** what the quote keeps between tries: the uploads that succeeded so far, their names, the inquiry's key */
    state,
    /** the uploads that succeeded so far, kept for the next try */
    uploaded: state.uploaded,
    get busy() {
      return running !== undefined;
    },
    send(values: QuoteFormValues, onEvent?: (event: PipelineEvent) => void): Promise<PipelineResult> {
      running ??= sendQuote(values, deps, state, onEvent).finally(() => {
        running = undefined;
      });
      return running;
    },
    /** forget the upload (and its name) of an image removed from the form */
    forget(key: string) {
      state.forget(key);
    },
    /** a new quote (`Start på nytt`): nothing kept, no key */
    reset() {
      state.clear();
    },
  };
}
