/**
 * Sending a quote request, free of any framework. A request is either sent
 * whole or not at all: the workshop never gets an inquiry with a missing
 * image, and a failure leaves the form as it was. `fetch`, the compressor, the clock and the waits are injected, so every
 * failure path is unit-tested with fakes.
 *
 *   for each image, in order:  compress (or keep the original when that fails
 *   and it is an image within MAX_UPLOAD_BYTES) → upload as img_<random><time>.<ext>,
 *   retried twice with a growing delay → remember the stored url
 *   then:  POST /inquiry with every damage's images
 *
 * An image already uploaded (in `uploaded`, kept by the caller between tries)
 * is not uploaded again. An upload whose answer never came (time-out, dropped
 * connection) may still have been stored, and the admin host stores every
 * upload it gets: before sending it again, the pipeline asks for it by name.
 * A busy server's `Retry-After` is waited out before the next try. The first image that cannot be uploaded stops the
 * send: nothing is sent with a missing image. The answer says what failed; the
 * caller keeps the form as it was.
 */
import { ApiError, MAX_UPLOAD_BYTES, findMedia, sendInquiry, uploadMedia, type Fetch } from "../api/contract";
import { mediaFilename } from "./filename";
import { buildInquiry, type ImageRef, type QuoteFormValues, type QuoteImage } from "./form";

/** Makes an image smaller; reports 0–100 while it works. */
export type Compressor = (file: File, onProgress: (percent: number) => void) => Promise<Blob>;

export interface PipelineDeps {
  fetch: Fetch;
  /** loaded lazily by the caller: the compression library is not in the first-load JavaScript */
  compress: () => Promise<Compressor>;
  userId: string;
  /** waits before the 2nd, 3rd, … upload attempt */
  retryDelaysMs?: number[];
  /** an upload or the inquiry that takes longer than this is given up (and the upload retried) */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
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
}

export type PipelineEvent = { type: "image"; progress: ImageProgress } | { type: "inquiry" };

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

/** Uploads one image, retried on answers worth retrying; reports each stage with its attempt number. */
async function uploadWithRetries(
  blob: Blob,
  filename: string,
  deps: PipelineDeps,
  report: (stage: ImageStage, attempt: number) => void,
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
      const found = lostAnswer(lastError) ? await storedAlready(filename, deps, timeoutMs) : undefined;
      if (found) {
        report("done", attempt);
        return { ok: true, ref: found };
      }
    }
    report("uploading", attempt);
    try {
      const ref = await withTimeout(timeoutMs, (signal) => uploadMedia(blob, filename, deps.fetch, signal));
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

async function compressOrOriginal(
  image: QuoteImage,
  deps: PipelineDeps,
  report: (percent: number) => void,
): Promise<Blob | undefined> {
  try {
    const compress = await deps.compress();
    const blob = await compress(image.file, report);
    if (blob.size > 0) return blob;
  } catch {
    // fall through to the original
  }
  const { file } = image;
  if (file.type.startsWith("image/") && file.size > 0 && file.size <= MAX_UPLOAD_BYTES) return file;
  return undefined;
}

export async function sendQuote(
  values: QuoteFormValues,
  deps: PipelineDeps,
  uploaded: Map<string, ImageRef>,
  onEvent: (event: PipelineEvent) => void = () => {},
): Promise<PipelineResult> {
  const maxAttempts = (deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).length + 1;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const images = values.damages.flatMap((damage, damageIndex) =>
    damage.images.map((image) => ({ image, damageIndex })),
  );

  const report = (key: string, stage: ImageStage, percent: number, attempt = 0) =>
    onEvent({ type: "image", progress: { key, stage, percent, attempt, maxAttempts } });

  for (const { image } of images) {
    if (uploaded.has(image.key)) report(image.key, "done", 100);
    else report(image.key, "waiting", 0);
  }

  for (const { image, damageIndex } of images) {
    if (uploaded.has(image.key)) continue;
    report(image.key, "compressing", 0);
    const blob = await compressOrOriginal(image, deps, (percent) =>
      report(image.key, "compressing", Math.max(0, Math.min(100, Math.round(percent)))),
    );
    if (!blob) {
      report(image.key, "failed", 0);
      return { ok: false, reason: "upload", damageIndex, image, status: 0 };
    }
    const filename = mediaFilename(image.file, { random: deps.random, now: deps.now });
    const result = await uploadWithRetries(blob, filename, deps, (stage, attempt) =>
      report(image.key, stage, 100, attempt),
    );
    if (!result.ok) return { ok: false, reason: "upload", damageIndex, image, status: result.status };
    uploaded.set(image.key, result.ref);
  }

  onEvent({ type: "inquiry" });
  try {
    const body = buildInquiry(values, uploaded, deps.userId);
    await withTimeout(timeoutMs, (signal) => sendInquiry(body, deps.fetch, signal));
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
  const uploaded = new Map<string, ImageRef>();
  let running: Promise<PipelineResult> | undefined;
  return {
    /** the uploads that succeeded so far, kept for the next try */
    uploaded,
    get busy() {
      return running !== undefined;
    },
    send(values: QuoteFormValues, onEvent?: (event: PipelineEvent) => void): Promise<PipelineResult> {
      running ??= sendQuote(values, deps, uploaded, onEvent).finally(() => {
        running = undefined;
      });
      return running;
    },
    /** forget an upload whose image was removed from the form */
    forget(key: string) {
      uploaded.delete(key);
    },
  };
}
