/**
 * The quote's calls (lib/api/schemas.ts says what they carry): uploads that
 * report their bytes as they go (over XMLHttpRequest), the look-up of an
 * upload whose answer was lost, the inquiry, the names uploads go under and
 * the inquiry's keys. Each checks its request before it leaves and the answer
 * before it is used; what every call shares is lib/api/transport.ts.
 */
import { config } from "../config";
import { mathBytes, newId, randomHex, type IdSource, type RandomBytes } from "../ids";
import {
  IDEMPOTENCY_HEADER,
  INQUIRY_PATH,
  MEDIA_NAME_RANDOM_BYTES,
  MEDIA_PATH,
  MEDIA_QUERY,
  extensionOf,
  imageRefSchema,
  imageTypeByMime,
  inquiryRefusalSchema,
  inquirySchema,
  mediaFindSchema,
  mediaResponseSchema,
  type ImageRef,
  type InquiryRequest,
} from "../api/schemas";
import { ApiError, call, endpoints, errorFor, isRetryable, type Fetch, type UploadProgress } from "../api/transport";

const urls = {
  media: () => `${config.adminUrl}${MEDIA_PATH}?${MEDIA_QUERY}`,
  /** Payload's find: the upload stored under `filename`, if any */
  mediaByFilename: (filename: string) =>
    `${config.adminUrl}${MEDIA_PATH}?${new URLSearchParams({ "where[filename][equals]": filename, depth: "0", limit: "1" })}`,
  inquiry: () => `${config.apiUrl}${INQUIRY_PATH}`,
};

/** The inquiry was refused because the API host does not have these photos (by filename): upload them again. */
export class PhotosGoneError extends ApiError {
  constructor(readonly filenames: readonly string[]) {
    super(400, `Forespørselen nevner bilder serveren ikke har lenger: ${filenames.join(", ").slice(0, 200)}`);
    this.name = "PhotosGoneError";
  }
}

/** The photos a refusal says the API host does not have (inquiryRefusalSchema); none when it says nothing of them. */
async function missingPhotos(response: Response): Promise<string[]> {
  const parsed = inquiryRefusalSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data.errors.flatMap((error) => error.missingPhotos ?? []) : [];
}

/**
 * POST /inquiry. The body is checked against the schema before it leaves the
 * browser; `idempotencyKey`, when given, goes as the IDEMPOTENCY_HEADER. A
 * refusal naming photos the API host does not have is a PhotosGoneError.
 */
export async function sendInquiry(
  body: InquiryRequest,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  const url = urls.inquiry();
  const response = await call(fetchImpl, url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_HEADER]: idempotencyKey }),
    },
    body: JSON.stringify(inquirySchema().parse(body)),
    signal,
  });
  if (response.ok) return;
  const gone = response.status === 400 ? await missingPhotos(response) : [];
  if (gone.length) throw new PhotosGoneError(gone);
  throw errorFor(response, `${url} svarte ${response.status}`);
}

/** The headers of an XMLHttpRequest's answer, as a Headers. */
function xhrHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` over XMLHttpRequest, for uploads: fetch reports nothing while a
 * body is sent, XMLHttpRequest's `upload.onprogress` does. It takes what
 * uploadMedia gives it (method, headers, a FormData body, a signal) and
 * answers a Response; no answer at all rejects (a network error), an abort
 * rejects with the signal's reason. `XHR` is injectable for tests.
 */
export function xhrFetch(onProgress: UploadProgress, XHR: typeof XMLHttpRequest = XMLHttpRequest): Fetch {
  const send = (input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) return reject(signal.reason);
      const xhr = new XHR();
      xhr.open(init.method ?? "GET", String(input));
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded, event.total);
      xhr.onload = () => {
        if (xhr.status < 200) return reject(new TypeError("Ingen gyldig statuskode"));
        const body = xhr.status === 204 || xhr.status === 205 || xhr.status === 304 ? null : xhr.responseText;
        resolve(new Response(body, { status: xhr.status, headers: xhrHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => reject(new TypeError("Nettverksfeil"));
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => reject(signal?.reason ?? new DOMException("Avbrutt", "AbortError"));
      signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
  return send as Fetch;
}

/**
 * The browser's fetch, except for an upload that reports its bytes: that one
 * goes over xhrFetch, since fetch reports nothing while a body is sent.
 */
export const browserFetch: Fetch = (input, init) =>
  init?.onUploadProgress ? xhrFetch(init.onUploadProgress)(input, init) : fetch(input, init);

const browserImageRef = imageRefSchema();

/**
 * A stored upload as the inquiry names it: `doc.filename`, and `doc.url` as the
 * admin host answered it, made absolute. A url with a scheme is taken as it
 * is (`https://cdn.example/media/a.jpg`), one that starts with `//` takes the
 * admin host's scheme, and any other is a path on the admin host, prefixed
 * with it (`/api/media/file/a.jpg`, `/media/a.jpg`). What is not then an
 * `http:` or `https:` url the inquiry can carry is an answer the upload
 * cannot use: a 502, tried again like any failed upload.
 */
export function imageRef(doc: { filename: string; url: string }, adminHost = endpoints.adminHost()): ImageRef {
  const host = adminHost.replace(/\/+$/, "");
  let url: string | undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(doc.url)) url = doc.url;
  else if (doc.url.startsWith("//")) url = URL.canParse(host) ? `${new URL(host).protocol}${doc.url}` : undefined;
  else url = `${host}/${doc.url.replace(/^\/+/, "")}`;
  const ref = url && URL.canParse(url) ? { filename: doc.filename, url: new URL(url).href } : undefined;
  const checked = browserImageRef.safeParse(ref);
  if (!checked.success) {
    throw new ApiError(502, `Opplastingen ga en bildeadresse som ikke kan brukes: ${doc.url.slice(0, 200)}`);
  }
  return checked.data;
}

/** POST /api/media with one file, its bytes reported as they are sent; answers the stored image as the inquiry wants it. */
export async function uploadMedia(
  file: Blob,
  filename: string,
  fetchImpl: Fetch = browserFetch,
  signal?: AbortSignal,
  onUploadProgress?: UploadProgress,
): Promise<ImageRef> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", file, filename);
  const response = await call(fetchImpl, urls.media(), { method: "POST", body: form, signal, onUploadProgress });
  if (!response.ok) throw errorFor(response, `Opplastingen svarte ${response.status}`);
  const parsed = mediaResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, "Opplastingen ga et svar uten filnavn og adresse");
  return imageRef(parsed.data.doc);
}

/**
 * The upload stored under `filename`, or undefined when there is none. Asked
 * before an upload whose answer never came is sent again: the admin host
 * stores every upload it gets, so the first one may already be there.
 */
export async function findMedia(
  filename: string,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
): Promise<ImageRef | undefined> {
  const response = await call(fetchImpl, urls.mediaByFilename(filename), {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw errorFor(response, `Oppslaget svarte ${response.status}`);
  const parsed = mediaFindSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, "Oppslaget ga et svar uten docs");
  const doc = parsed.data.docs.find((d) => d.filename === filename);
  return doc && imageRef(doc);
}

/**
 * A new idempotency key: a newId (a UUID, or 32 hex digits on a page over
 * plain http). Every form matches IDEMPOTENCY_KEY_PATTERN.
 */
export function newIdempotencyKey(source: IdSource | undefined = globalThis.crypto): string {
  return newId(source);
}

/** No answer came at all: the server may have stored the upload before the connection was lost. */
export const lostAnswer = (error: unknown) => !(error instanceof ApiError) || error.status === 0;
/** The upload stored under `filename`; undefined when there is none or the admin host will not say (a 4xx). */
export async function storedAlready(filename: string, fetchImpl: Fetch, signal: AbortSignal) {
  try {
    return await findMedia(filename, fetchImpl, signal);
  } catch (error) {
    if (isRetryable(error)) throw error;
    return undefined;
  }
}

/** `.jpg` from `Bilde 1.JPG`; from the MIME type when the name has none (or a strange one). */
export function originalExtension(name: string, type = ""): string {
  return extensionOf(name) || (imageTypeByMime(type)?.extensions[0] ?? "");
}

interface NameSources {
  /** stands in for the random source byte by byte (`Math.floor(random() * 256)`), for tests that want a fixed name */
  random?: () => number;
  randomBytes?: RandomBytes;
}

/**
 * The name an image is uploaded under: `img_` + 128 random bits from
 * `crypto.getRandomValues` as 32 hex digits + the original extension, e.g.
 * `img_3f9c0a…e1.jpg` (MEDIA_FILENAME_PATTERN). Unique without asking the
 * admin host, and unguessable: the name is what lets the workshop's admin host
 * hand that one photo to whoever knows it, and nobody can list the names
 * (docs/admin-host.md). Its random bytes come
 * from `crypto.getRandomValues` unless a test gives a source.
 */
export function mediaFilename(
  original: { name: string; type?: string },
  { random, randomBytes }: NameSources = {},
): string {
  const hex = randomHex(random ? mathBytes(random) : randomBytes, MEDIA_NAME_RANDOM_BYTES);
  return `img_${hex}${originalExtension(original.name, original.type)}`;
}
