/**
 * The three calls the site makes, in one place: their URLs, the zod schemas of
 * what is sent and answered, and typed `fetch` wrappers. The browser builds its
 * requests from these schemas and the preview server checks requests with the
 * same ones (scripts/api/), so the two cannot drift apart.
 *
 *   1. POST {ADMIN}/api/media?depth=0&fallback-locale=null   multipart: _payload = "{}", file
 *   2. POST {API}/inquiry                                     JSON: Inquiry + damageRequests
 *   3. POST {ADMIN}/api/contact                               JSON: email, phone, message
 */
import { z } from "zod";
import "../zod"; // parse without eval (CSP)
import { config } from "../config";

// ------------------------------------------------------------ shared field rules

/** "Looks like an address": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** At least 8 digits, allowing +, spaces, dashes and brackets. */
export const PHONE_PATTERN = /^(?=(?:\D*\d){8})[\d\s+()-]+$/;

const email = z.string().trim().regex(EMAIL_PATTERN, "e-postadressen ser ikke riktig ut").max(254);
const phone = z.string().trim().regex(PHONE_PATTERN, "telefonnummeret ser ikke riktig ut").max(40);

// ------------------------------------------------------------ 1. media upload

export const MEDIA_PATH = "/api/media";
export const MEDIA_QUERY = "depth=0&fallback-locale=null";
/** Where the admin host serves an upload: doc.url is MEDIA_FILE_PATH/<filename> (Payload's convention). */
export const MEDIA_FILE_PATH = "/api/media/file";
/** Image types the upload accepts (checked by the file's bytes on the server). */
export const IMAGE_MIME_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/heic",
  "image/heif",
];
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** What the admin host (Payload CMS) answers; only doc.filename and doc.url are read. */
export const mediaResponseSchema = z.object({
  doc: z.looseObject({ filename: z.string().min(1), url: z.string().min(1) }),
  message: z.string().optional(),
});
export type MediaResponse = z.infer<typeof mediaResponseSchema>;

// ------------------------------------------------------------ 2. inquiry

export const INQUIRY_PATH = "/inquiry";

export const imageRefSchema = z.strictObject({
  filename: z.string().min(1).max(255),
  url: z.url(),
});

export const inquirySchema = z.strictObject({
  Inquiry: z.strictObject({
    UserId: z.string().min(1),
    RegNumber: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .refine((v) => v === v.toUpperCase(), "registreringsnummeret skal være med store bokstaver"),
    PhoneNumber: phone,
    Email: email,
    Message: z.string().max(5000),
    State: z.literal("NEW"),
  }),
  damageRequests: z
    .array(z.strictObject({ Images: z.array(imageRefSchema).min(1, "hver skade trenger minst ett bilde").max(20) }))
    .min(1, "minst én skade")
    .max(20),
});
export type InquiryRequest = z.infer<typeof inquirySchema>;

// ------------------------------------------------------------ 3. contact (booking)

export const CONTACT_PATH = "/api/contact";

export const contactSchema = z.strictObject({
  email,
  phone,
  message: z.string().max(5000),
});
export type ContactRequest = z.infer<typeof contactSchema>;

// ------------------------------------------------------------ URLs and calls

export const endpoints = {
  media: () => `${config.adminUrl}${MEDIA_PATH}?${MEDIA_QUERY}`,
  inquiry: () => `${config.apiUrl}${INQUIRY_PATH}`,
  contact: () => `${config.adminUrl}${CONTACT_PATH}`,
  /** where a stored media url (a path on the admin host) is fetched from */
  mediaOrigin: () => config.adminUrl || (typeof window !== "undefined" ? window.location.origin : ""),
};

/** A call that got an answer other than ok, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type Fetch = typeof fetch;

async function postJson(fetchImpl: Fetch, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw new ApiError(0, `Ingen forbindelse (${(error as Error).message})`);
  }
  if (!response.ok) throw new ApiError(response.status, `${url} svarte ${response.status}`);
  return response;
}

/** POST /inquiry. The body is checked against the schema before it leaves the browser. */
export async function sendInquiry(body: InquiryRequest, fetchImpl: Fetch = fetch, signal?: AbortSignal): Promise<void> {
  await postJson(fetchImpl, endpoints.inquiry(), inquirySchema.parse(body), signal);
}

/** POST /api/contact. */
export async function sendContact(body: ContactRequest, fetchImpl: Fetch = fetch, signal?: AbortSignal): Promise<void> {
  await postJson(fetchImpl, endpoints.contact(), contactSchema.parse(body), signal);
}

/** POST /api/media with one file; answers the stored image as the inquiry wants it. */
export async function uploadMedia(
  file: Blob,
  filename: string,
  fetchImpl: Fetch = fetch,
  signal?: AbortSignal,
): Promise<z.infer<typeof imageRefSchema>> {
  const form = new FormData();
  form.append("_payload", "{}");
  form.append("file", file, filename);
  let response: Response;
  try {
    response = await fetchImpl(endpoints.media(), { method: "POST", body: form, signal });
  } catch (error) {
    throw new ApiError(0, `Ingen forbindelse (${(error as Error).message})`);
  }
  if (!response.ok) throw new ApiError(response.status, `Opplastingen svarte ${response.status}`);
  const parsed = mediaResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, "Opplastingen ga et svar uten filnavn og adresse");
  const { filename: storedName, url } = parsed.data.doc;
  return { filename: storedName, url: new URL(url, endpoints.mediaOrigin()).toString() };
}
