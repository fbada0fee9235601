/**
 * The three calls the site makes, as data: their paths, the limits and
 * patterns of every field, the image types taken, and the zod schemas of what
 * is sent and answered. The browser checks its requests with these schemas
 * (./transport.ts and lib/quote/transport.ts send them) and the workshop's Payload plugin checks what it
 * receives with the same ones (payload/), so the two cannot drift apart. Written
 * with `zod/mini`, so the browser loads the small build of zod.
 *
 *   1. POST {ADMIN}/api/media?depth=0&fallback-locale=null   multipart: _payload = "{}", file
 *   2. POST {API}/inquiry                                     JSON: Inquiry + damageRequests;
 *                                                             header Idempotency-Key (optional)
 *   3. POST {ADMIN}/api/contact                               JSON: email, phone, message, and a booked
 *                                                             time (optional): 201 with its calendar file,
 *                                                             409 with the nearest free times when it was
 *                                                             taken meanwhile
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)
import { serviceIds } from "../calculator/ids";

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
  size: 40,
  moment: 40,
} as const;

/**
 * "One mailbox": a local part, one @, a domain whose first label has no dot,
 * then a dot and at least two more characters, the last of them no dot. No
 * space and none of `, ; : < > " ( ) [ ] \\` anywhere, so a value can never
 * name a second mailbox, a display name or a group to a mail server. Each
 * repeated class stops at a character it cannot take (`@`, `.`), so the match
 * never backtracks more than once over the input: its cost is linear in the
 * length.
 */
export const EMAIL_PATTERN = /^[^\s@,;:<>"()[\]\\]+@[^\s@,;:<>"()[\]\\.]+\.[^\s@,;:<>"()[\]\\]+[^\s@,;:<>"()[\]\\.]$/;
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
  regNumber: {
    required: "registreringsnummeret mangler",
    format: "registreringsnummeret kan bare ha bokstaver, sifre, mellomrom og bindestrek",
  },
} satisfies Record<string, FieldMessages>;

/**
 * Required, then at most `max` characters (after trimming). Each check stops
 * the field (`abort`), so the visitor sees one message and a long value never
 * reaches the pattern that follows.
 */
function requiredCapped(max: number, messages: FieldMessages) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: messages.required, abort: true }),
      z.maxLength(max, { error: messages.format, abort: true }),
    );
}

/** The e-mail rule, the one place it is written: required, then at most FIELD_LIMITS.email characters, then EMAIL_PATTERN. */
export function emailSchema(messages: FieldMessages = API_MESSAGES.email) {
  return requiredCapped(FIELD_LIMITS.email, messages).check(z.regex(EMAIL_PATTERN, messages.format));
}

/** The phone rule: required, then at most FIELD_LIMITS.phone characters of PHONE_CHARACTERS with 8 digits or more. */
export function phoneSchema(messages: FieldMessages = API_MESSAGES.phone) {
  return requiredCapped(FIELD_LIMITS.phone, messages).check(
    z.regex(PHONE_CHARACTERS, { error: messages.format, abort: true }),
    z.refine(hasPhoneDigits, messages.format),
  );
}

/** A registration number's characters, as a plate is written: letters (Æ, Ø and Å too), digits, space and dash. */
export const REG_NUMBER_PATTERN = /^[A-Za-zÆØÅæøå0-9 -]+$/;

/**
 * The registration number rule: required, then at most FIELD_LIMITS.regNumber
 * characters of REG_NUMBER_PATTERN (after trimming). The form checks it as
 * typed; the API also wants it in capitals, as the form sends it.
 */
export function regNumberSchema(messages: FieldMessages = API_MESSAGES.regNumber) {
  return requiredCapped(FIELD_LIMITS.regNumber, messages).check(
    z.regex(REG_NUMBER_PATTERN, { error: messages.format, abort: true }),
  );
}

/** A free-text field: at most `max` characters (counted before anything else runs). */
const text = (max: number) => z.string().check(z.maxLength(max));

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

/** A file name's extension as every name here has it: a dot and 1 to 5 letters or digits, at the end. */
const EXTENSION = "\\.[a-z0-9]{1,5}";
const NAME_EXTENSION = new RegExp(`${EXTENSION}$`, "i");

/** A file name's extension, lowercased (`.jpg` from `Bilde 1.JPG`, `.gz` from `a.tar.gz`); `""` when it has none. */
export function extensionOf(name: string): string {
  return NAME_EXTENSION.exec(name)?.[0].toLowerCase() ?? "";
}

/** The image type a file name's extension names (`Bilde.JPEG` → JPEG), or undefined. */
export function imageTypeByName(name: string): ImageType | undefined {
  const ext = extensionOf(name);
  return ext ? IMAGE_TYPES.find((type) => (type.extensions as readonly string[]).includes(ext)) : undefined;
}

/** The image type sharp names `format` (`heif` with AV1 compression is AVIF, with HEVC HEIC). */
export const imageTypeByFormat = (format: string): ImageType | undefined =>
  IMAGE_TYPES.find((type) => type.format === format);

// ------------------------------------------------------------ 1. media upload

export const MEDIA_PATH = "/api/media";
export const MEDIA_QUERY = "depth=0&fallback-locale=null";
/** Where Payload serves an upload by default, and the preview server always: MEDIA_FILE_PATH/<filename>. */
export const MEDIA_FILE_PATH = "/api/media/file";
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels an upload may have once decoded (80 MP: above any phone
 * camera's photo); a larger one is refused as too large in pixels.
 */
export const MAX_IMAGE_PIXELS = 80_000_000;

/** The random part of an upload's name: 16 bytes (128 bits) from crypto.getRandomValues, as 32 hex digits. */
export const MEDIA_NAME_RANDOM_BYTES = 16;
/** The part of an upload's name the site makes: `img_` and its random part (a pattern's source). */
export const MEDIA_NAME_RANDOM = `img_[0-9a-f]{${MEDIA_NAME_RANDOM_BYTES * 2}}`;
/** A name the site gives an upload (lib/quote/transport.ts, mediaFilename): MEDIA_NAME_RANDOM and an extension. */
export const MEDIA_FILENAME_PATTERN = new RegExp(`^${MEDIA_NAME_RANDOM}(?:${EXTENSION})?$`);
/**
 * The names an upload may be read by without logging in: the site's own
 * (MEDIA_FILENAME_PATTERN), with the
 * admin host's `-<n>` for a name stored twice and an extension. Such a name
 * is the capability to read that one photo, and it cannot be guessed; a
 * photo stored under any other name is read by the workshop only.
 */
export const SHAREABLE_MEDIA_NAME = new RegExp(`^${MEDIA_NAME_RANDOM}(?:-\\d{1,6})?(?:${EXTENSION})?$`);
/**
 * A name a photo can be stored under (payload/photos/ serves no other):
 * letters, digits, `_` and `-`, as Payload makes a safe name, then the
 * extension of the type the bytes are.
 */
export const STORED_MEDIA_NAME = new RegExp(`^[A-Za-z0-9_-]{1,110}${EXTENSION}$`);

const nonEmpty = () => z.string().check(z.minLength(1));

/** What the admin host (Payload CMS) answers; only doc.filename and doc.url are read. */
export const mediaResponseSchema = z.object({
  doc: z.looseObject({ filename: nonEmpty(), url: nonEmpty() }),
  message: z.optional(z.string()),
});
export type MediaResponse = z.infer<typeof mediaResponseSchema>;

/** Payload's answer to a find (`GET /api/media?where[filename][equals]=…`): a page of docs. */
export const mediaFindSchema = z.looseObject({
  docs: z.array(z.looseObject({ filename: nonEmpty(), url: nonEmpty() })),
});

// ------------------------------------------------------------ 2. inquiry

export const INQUIRY_PATH = "/inquiry";

/**
 * An uploaded image as the inquiry names it: the admin host's `doc.filename`,
 * and its `doc.url` made absolute (lib/quote/transport.ts, imageRef): any
 * absolute `http:` or `https:` url, since the admin host decides where its
 * files live (its `serverURL`, a proxy). The plugin takes only the url it
 * gave that photo (payload/operations/store-quote.ts).
 */
export function imageRefSchema() {
  return z
    .strictObject({
      filename: z.string().check(z.minLength(1), z.maxLength(FIELD_LIMITS.filename)),
      url: text(FIELD_LIMITS.url),
    })
    .check(z.refine((ref) => isWebUrl(ref.url), { path: ["url"], error: "må være en http- eller https-adresse" }));
}
export type ImageRef = z.infer<ReturnType<typeof imageRefSchema>>;

/** An absolute `http:` or `https:` url without user info: one a browser opens as a web page's link. */
export function isWebUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, username, password } = new URL(url);
  return (protocol === "http:" || protocol === "https:") && !username && !password;
}

/** The inquiry; its image urls as imageRefSchema checks them. */
export function inquirySchema() {
  return z.strictObject({
    Inquiry: z.strictObject({
      UserId: z.string().check(z.minLength(1), z.maxLength(FIELD_LIMITS.userId)),
      RegNumber: regNumberSchema().check(
        z.refine((v) => v === v.toUpperCase(), "registreringsnummeret skal være med store bokstaver"),
      ),
      PhoneNumber: phoneSchema(),
      Email: emailSchema(),
      Message: text(FIELD_LIMITS.message),
      State: z.literal("NEW"),
    }),
    damageRequests: z
      .array(
        z.strictObject({
          Images: z
            .array(imageRefSchema())
            .check(z.minLength(1, "hver skade trenger minst ett bilde"), z.maxLength(FIELD_LIMITS.imagesPerDamage)),
        }),
      )
      .check(z.minLength(1, "minst én skade"), z.maxLength(FIELD_LIMITS.damages)),
  });
}
export type InquiryRequest = z.infer<ReturnType<typeof inquirySchema>>;

/**
 * The API host's refusal of an inquiry (400) that names photos it does not
 * have, by name: a photo no quote named is deleted a day after its upload, and
 * a draft comes back for longer. Each such name is in `missingPhotos`, so the
 * site uploads those photos again and sends the inquiry once more.
 */
export const inquiryRefusalSchema = z.looseObject({
  errors: z.array(z.looseObject({ message: z.string(), missingPhotos: z.optional(z.array(z.string())) })),
});
export type InquiryRefusal = z.infer<typeof inquiryRefusalSchema>;

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

// ------------------------------------------------------------ 3. contact (booking)

export const CONTACT_PATH = "/api/contact";

/**
 * A time booked with the booking form: the calculator's services (their
 * ids), the car's size (a size's `type`), the drop-off moment as
 * GET /api/booking/times gave it, and whether the customer ticked the
 * early-start box (needed for a time within the withdrawal period).
 */
export const bookedTimeSchema = z.strictObject({
  services: z.array(z.enum(serviceIds)).check(z.minLength(1), z.maxLength(serviceIds.length)),
  size: text(FIELD_LIMITS.size),
  at: z.string().check(
    z.maxLength(FIELD_LIMITS.moment),
    z.refine((value) => !Number.isNaN(Date.parse(value))),
  ),
  earlyStart: z.boolean(),
});
export type BookedTimeRequest = z.infer<typeof bookedTimeSchema>;

export const contactSchema = z.strictObject({
  email: emailSchema(),
  phone: phoneSchema(),
  message: text(FIELD_LIMITS.message),
  time: z.optional(bookedTimeSchema),
});
export type ContactRequest = z.infer<typeof contactSchema>;
