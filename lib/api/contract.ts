/**
 * The three calls the site makes, in one place: their URLs, the zod schemas of
 * what is sent and answered, and typed `fetch` wrappers. The browser builds its
 * requests from these schemas and the preview server checks requests with the
 * same ones (server/api/), so the two cannot drift apart.
 *
 *   1. POST {ADMIN}/api/media?depth=0&fallback-locale=null   multipart: _payload = "{}", file
 *   2. POST {API}/inquiry                                     JSON: Inquiry + damageRequests;
 *                                                             header Idempotency-Key (optional)
 *   3. POST {ADMIN}/api/contact                               JSON: email, phone, message
 */
import { z } from "zod";
import "../zod"; // parse without eval (CSP)
import { config } from "../config";

// ------------------------------------------------------------ shared field rules

/**
 * The longest value each field takes. The forms set these as `maxLength`, the
 * schemas below refuse anything longer before any pattern runs, so the cost of
 * checking a value never grows with what a client sends.
 */
export const FIELD_LIMITS = {
  regNumber: 20,
  email: 254,
  phone: 40,
  message: 5000,
  userId: 64,
  filename: 255,
  url: 2048,
  imagesPerDamage: 20,
  damages: 20,
} as const;

/**
 * "Looks like an address": no spaces, one @, a domain whose first label has no
 * dot, then a dot and at least two more characters. Each repeated class stops
 * at a character it cannot take (`@`, `.`), so the match never backtracks more
 * than once over the input: its cost is linear in the length.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+\.[^\s@]{2,}$/;
/** Digits, spaces, `+`, dashes and brackets only; the count of digits is checked apart (`hasPhoneDigits`). */
export const PHONE_CHARACTERS = /^[\d\s+()-]+$/;
export const MIN_PHONE_DIGITS = 8;

export function hasPhoneDigits(value: string): boolean {
  let digits = 0;
  for (const char of value) if (char >= "0" && char <= "9" && ++digits >= MIN_PHONE_DIGITS) return true;
  return false;
}

/** What a check says when it fails: the forms pass the visitor's words (content/strings.json). */
export interface FieldMessages {
  required: string;
  format: string;
}

const API_MESSAGES = {
  email: { required: "e-postadressen mangler", format: "e-postadressen ser ikke riktig ut" },
  phone: { required: "telefonnummeret mangler", format: "telefonnummeret ser ikke riktig ut" },
} satisfies Record<string, FieldMessages>;

/**
 * Required, then at most `max` characters (after trimming). Each check stops
 * the field (`abort`), so the visitor sees one message and a long value never
 * reaches the pattern that follows.
 */
function requiredCapped(max: number, messages: FieldMessages) {
  return z
    .string()
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, { error: messages.format, abort: true });
}

/** The e-mail rule, the one place it is written: required, then at most FIELD_LIMITS.email characters, then EMAIL_PATTERN. */
export function emailSchema(messages: FieldMessages = API_MESSAGES.email) {
  return requiredCapped(FIELD_LIMITS.email, messages).regex(EMAIL_PATTERN, messages.format);
}

/** The phone rule: required, then at most FIELD_LIMITS.phone characters of PHONE_CHARACTERS with 8 digits or more. */
export function phoneSchema(messages: FieldMessages = API_MESSAGES.phone) {
  return requiredCapped(FIELD_LIMITS.phone, messages)
    .regex(PHONE_CHARACTERS, { error: messages.format, abort: true })
    .refine(hasPhoneDigits, messages.format);
}

/** A free-text field: at most `max` characters (counted before anything else runs). */
const text = (max: number) => z.string().max(max);

// ------------------------------------------------------------ image types

/**
 * Every image type the quote takes, once: its MIME type, the extensions a file
 * of that type is named with (the first is the one we name it with), and
 * sharp's name for the format (the preview server reads the bytes with sharp).
 * SVG is not here: it can carry script.
 */
export const IMAGE_TYPES = [
  { mime: "image/jpeg", extensions: [".jpg", ".jpeg"], format: "jpeg" },
  { mime: "image/png", extensions: [".png"], format: "png" },
  { mime: "image/webp", extensions: [".webp"], format: "webp" },
  { mime: "image/gif", extensions: [".gif"], format: "gif" },
  { mime: "image/avif", extensions: [".avif"], format: "avif" },
  { mime: "image/heic", extensions: [".heic"], format: "heic" },
  { mime: "image/heif", extensions: [".heif"], format: "heif" },
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The file picker's `accept`: every type above, by MIME type and by extension (some phones give HEIC no type). */
export const IMAGE_ACCEPT = IMAGE_TYPES.flatMap((type) => [type.mime, ...type.extensions]).join(",");

/** The image type of a MIME type (`image/JPEG` too), or undefined. */
export const imageTypeByMime = (mime: string): ImageType | undefined =>
  IMAGE_TYPES.find((type) => type.mime === mime.toLowerCase());

/** The image type a file name's extension names (`Bilde.JPEG` → JPEG), or undefined. */
export function imageTypeByName(name: string): ImageType | undefined {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return undefined;
  const ext = name.slice(dot).toLowerCase();
  return IMAGE_TYPES.find((type) => (type.extensions as readonly string[]).includes(ext));
}

/** The image type sharp names `format` (`heif` with AV1 compression is AVIF, with HEVC HEIC). */
export const imageTypeByFormat = (format: string): ImageType | undefined =>
  IMAGE_TYPES.find((type) => type.format === format);

// ------------------------------------------------------------ 1. media upload

export const MEDIA_PATH = "/api/media";
export const MEDIA_QUERY = "depth=0&fallback-locale=null";
/** Where the admin host serves an upload: doc.url is MEDIA_FILE_PATH/<filename> (Payload's convention). */
export const MEDIA_FILE_PATH = "/api/media/file";
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels an upload may have once decoded (80 MP: above any phone
 * camera's photo); a larger one is refused as too large in pixels.
 */
export const MAX_IMAGE_PIXELS = 80_000_000;

/** The random part of an upload's name: 16 bytes (128 bits) from crypto.getRandomValues, as 32 hex digits. */
export const MEDIA_NAME_RANDOM_BYTES = 16;
/**
 * The names an upload may be read by without logging in: the site's own
 * (`img_` + MEDIA_NAME_RANDOM_BYTES in hex, lib/quote/filename.ts), with the
 * admin host's `-<n>` for a name stored twice and an extension. Such a name
 * is the capability to read that one photo, and it cannot be guessed; a
 * photo stored under any other name is read by the workshop only.
 */
export const SHAREABLE_MEDIA_NAME = new RegExp(
  `^img_[0-9a-f]{${MEDIA_NAME_RANDOM_BYTES * 2}}(?:-\\d{1,6})?(?:\\.[a-z0-9]{1,5})?$`,
);

/** What the admin host (Payload CMS) answers; only doc.filename and doc.url are read. */
export const mediaResponseSchema = z.object({
  doc: z.looseObject({ filename: z.string().min(1), url: z.string().min(1) }),
  message: z.string().optional(),
});
export type MediaResponse = z.infer<typeof mediaResponseSchema>;

/** Payload's answer to a find (`GET /api/media?where[filename][equals]=…`): a page of docs. */
export const mediaFindSchema = z.looseObject({
  docs: z.array(z.looseObject({ filename: z.string().min(1), url: z.string().min(1) })),
});

// ------------------------------------------------------------ 2. inquiry

export const INQUIRY_PATH = "/inquiry";

/**
 * An uploaded image as the inquiry names it. Its url must be exactly the
 * admin host's url of that file, `<origin>/api/media/file/<filename>` with
 * `<origin>` one of `mediaOrigins` (the configured admin host's, or the
 * preview server's own): no user info, no other path, no query or fragment.
 * The workshop opens these links, so nothing else may stand there.
 */
export function imageRefSchema(mediaOrigins: readonly string[]) {
  return z
    .strictObject({
      filename: z.string().min(1).max(FIELD_LIMITS.filename),
      url: z.string().max(FIELD_LIMITS.url),
    })
    .refine((ref) => isMediaUrl(ref, mediaOrigins), {
      path: ["url"],
      error: "må være administrasjonsvertens adresse til bildet (<vert>/api/media/file/<filnavn>)",
    });
}
export type ImageRef = z.infer<ReturnType<typeof imageRefSchema>>;

/** The admin host's url of an uploaded file, on `origin`. */
export const mediaFileUrl = (origin: string, filename: string) =>
  `${origin}${MEDIA_FILE_PATH}/${encodeURIComponent(filename)}`;

function isMediaUrl(ref: { filename: string; url: string }, mediaOrigins: readonly string[]): boolean {
  if (!URL.canParse(ref.url)) return false;
  const { origin, protocol } = new URL(ref.url);
  if (protocol !== "http:" && protocol !== "https:") return false;
  return mediaOrigins.includes(origin) && ref.url === mediaFileUrl(origin, ref.filename);
}

/** The inquiry, for images stored on `mediaOrigins` (see imageRefSchema). */
export function inquirySchema(mediaOrigins: readonly string[]) {
  return z.strictObject({
    Inquiry: z.strictObject({
      UserId: z.string().min(1).max(FIELD_LIMITS.userId),
      RegNumber: z
        .string()
        .max(FIELD_LIMITS.regNumber, { abort: true })
        .trim()
        .min(1)
        .refine((v) => v === v.toUpperCase(), "registreringsnummeret skal være med store bokstaver"),
      PhoneNumber: phoneSchema(),
      Email: emailSchema(),
      Message: text(FIELD_LIMITS.message),
      State: z.literal("NEW"),
    }),
    damageRequests: z
      .array(
        z.strictObject({
          Images: z
            .array(imageRefSchema(mediaOrigins))
            .min(1, "hver skade trenger minst ett bilde")
            .max(FIELD_LIMITS.imagesPerDamage),
        }),
      )
      .min(1, "minst én skade")
      .max(FIELD_LIMITS.damages),
  });
}
export type InquiryRequest = z.infer<ReturnType<typeof inquirySchema>>;

/**
 * The inquiry's idempotency key travels in this request header; the body stays
 * as the schema above says. One key stands for one quote: every time that
 * quote is sent again (after a lost answer, a reload, the next visit) it
 * carries the same key, and the API host stores it once. The header is
 * optional; when it is there, its value must be a short token of letters,
 * digits, `_` and `-`, so it can name a file or an index entry as it is.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

type KeySource = Partial<Pick<Crypto, "randomUUID" | "getRandomValues">>;

/**
 * A new idempotency key: a random UUID where the browser has `randomUUID`
 * (only pages served over https or from localhost do), else 32 hex digits
 * from `getRandomValues`, else from Math.random with the time in front. Every
 * form matches IDEMPOTENCY_KEY_PATTERN.
 */
export function newIdempotencyKey(source: KeySource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === "function") return source.randomUUID();
  const bytes = new Uint8Array(16);
  const hex = () => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (typeof source?.getRandomValues === "function") {
    source.getRandomValues(bytes);
    return hex();
  }
  bytes.forEach((_, i) => (bytes[i] = Math.floor(Math.random() * 256)));
  return `${Date.now().toString(36)}-${hex()}`;
}

// ------------------------------------------------------------ 3. contact (booking)

export const CONTACT_PATH = "/api/contact";

export const contactSchema = z.strictObject({
  email: emailSchema(),
  phone: phoneSchema(),
  message: text(FIELD_LIMITS.message),
});
export type ContactRequest = z.infer<typeof contactSchema>;

// ------------------------------------------------------------ URLs and calls

export const endpoints = {
  media: () => `${config.adminUrl}${MEDIA_PATH}?${MEDIA_QUERY}`,
  /** Payload's find: the upload stored under `filename`, if any */
  mediaByFilename: (filename: string) =>
    `${config.adminUrl}${MEDIA_PATH}?${new URLSearchParams({ "where[filename][equals]": filename, depth: "0", limit: "1" })}`,
  inquiry: () => `${config.apiUrl}${INQUIRY_PATH}`,
  contact: () => `${config.adminUrl}${CONTACT_PATH}`,
  /** where a stored media url (a path on the admin host) is fetched from */
  mediaOrigin: () => config.adminUrl || (typeof window !== "undefined" ? window.location.origin : ""),
};

/** The origins an inquiry's image urls may name, seen from the browser: the admin host's. */
const browserMediaOrigins = () =>
  URL.canParse(endpoints.mediaOrigin()) ? [new URL(endpoints.mediaOrigin()).origin] : [];

/**
 * A call that got an answer other than ok, or no answer at all (status 0).
 * `retryAfterMs` is the server's own `Retry-After` (a busy 503, a 429), when it sent one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), capped at a minute; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d{1,6}$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 60_000) : undefined;
}

const errorFor = (response: Response, message: string) =>
  new ApiError(response.status, message, retryAfterMs(response.headers.get("Retry-After")));

export type Fetch = typeof fetch;

async function call(fetchImpl: Fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    throw new ApiError(0, `Ingen forbindelse (${(error as Error).message})`);
  }
}

async function postJson(
  fetchImpl: Fetch,
  url: string,
  body: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await call(fetchImpl, url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw errorFor(response, `${url} svarte ${response.status}`);
  return response;
}

/**
 * POST /inquiry. The body is checked against the schema before it leaves the
 * browser; `idempotencyKey`, when given, goes as the IDEMPOTENCY_HEADER.
 */
export async function sendInquiry(
  body: InquiryRequest,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<void> {
  const headers: Record<string, string> = idempotencyKey === undefined ? {} : { [IDEMPOTENCY_HEADER]: idempotencyKey };
  await postJson(fetchImpl, endpoints.inquiry(), inquirySchema(browserMediaOrigins()).parse(body), signal, headers);
}

/** POST /api/contact. */
export async function sendContact(body: ContactRequest, fetchImpl: Fetch = fetch, signal?: AbortSignal): Promise<void> {
  await postJson(fetchImpl, endpoints.contact(), contactSchema.parse(body), signal);
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
export function xhrFetch(
  onProgress: (loaded: number, total: number) => void,
  XHR: typeof XMLHttpRequest = XMLHttpRequest,
): Fetch {
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

/** A stored upload as the inquiry names it: its url made absolute on the admin host. */
const toImageRef = (doc: { filename: string; url: string }): ImageRef => ({
  filename: doc.filename,
  url: new URL(doc.url, endpoints.mediaOrigin()).toString(),
});

/** POST /api/media with one file; answers the stored image as the inquiry wants it. */
export async function uploadMedia(
  file: Blob,
  filename: string,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
): Promise<ImageRef> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", file, filename);
  const response = await call(fetchImpl, endpoints.media(), { method: "POST", body: form, signal });
  if (!response.ok) throw errorFor(response, `Opplastingen svarte ${response.status}`);
  const parsed = mediaResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, "Opplastingen ga et svar uten filnavn og adresse");
  return toImageRef(parsed.data.doc);
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
  const response = await call(fetchImpl, endpoints.mediaByFilename(filename), {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw errorFor(response, `Oppslaget svarte ${response.status}`);
  const parsed = mediaFindSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, "Oppslaget ga et svar uten docs");
  const doc = parsed.data.docs.find((d) => d.filename === filename);
  return doc && toImageRef(doc);
}
