/**
 * The quote as a draft kept on the device (lib/drafts/store.ts): the text
 * fields; each damage's photos as their prepared copies (Blobs; a photo not
 * prepared yet as the file chosen, to be prepared when the draft comes back)
 * with the name each is uploaded under, its stored upload and the check's note
 * until `Behold`; whether Send was pressed and the quote is still to go
 * (offline); and the inquiry's key with the quote (quoteJson) it was made for.
 * Pure conversions, so they are unit-tested.
 */
import * as z from "zod/mini";
import "../zod"; // parse without eval (CSP)
import { IDEMPOTENCY_KEY_PATTERN, imageTypeByMime, MEDIA_FILENAME_PATTERN, type ImageRef } from "../api/schemas";
import { isArrayBuffer, isBlobLike } from "../drafts/store";
import { quoteTextSchema, type QuoteText } from "./form";
import { type DraftPhoto, MAX_KEPT_ORIGINAL_BYTES, type QuotePhotos } from "../photos/photos";
import type { SendState } from "./pipeline";

export interface QuoteDraft extends QuoteText {
  damages: DraftPhoto[][];
  /** Send was pressed and the quote has not gone yet: it goes by itself when the draft comes back */
  pending: boolean;
  inquiryKey?: string;
  inquiryQuote?: string;
}

/** The draft of the quote as it stands, or undefined when nothing is typed and no photo is kept. */
export function toDraft(
  text: QuoteText,
  photos: Pick<QuotePhotos, "toDraft">,
  { pending, key, quote }: Pick<SendState, "pending" | "key" | "quote">,
): QuoteDraft | undefined {
  const damages = photos.toDraft();
  const typed = Object.values(text).some((value) => value.trim() !== "");
  if (!typed && damages.every((damage) => damage.length === 0)) return undefined;
  return { ...text, damages, pending, ...(key !== undefined && { inquiryKey: key, inquiryQuote: quote }) };
}

/** A name or key we would not make is dropped: the photo gets a new name, the quote a new key. */
const matching = (pattern: RegExp) => z.catch(z.optional(z.string().check(z.regex(pattern))), undefined);

const photoSchema = z.object({
  key: z.string(),
  name: z.catch(z.string(), ""),
  copy: z.custom<Blob>(isBlobLike),
  uploadName: matching(MEDIA_FILENAME_PATTERN),
  stored: z.optional(z.custom<ImageRef>()),
  note: z.catch(z.optional(z.enum(["blurred", "dark"])), undefined),
});

/**
 * A photo whose copy was not made yet: the file as chosen (the store gives it back as a File), an
 * image of a type we take and no larger than a draft keeps, with the check's note and verdict.
 */
const originalSchema = z.object({
  key: z.string(),
  name: z.catch(z.string(), ""),
  original: z.custom<Blob>(
    (file) => isBlobLike(file) && imageTypeByMime(file.type) !== undefined && file.size <= MAX_KEPT_ORIGINAL_BYTES,
  ),
  note: z.catch(z.optional(z.enum(["blurred", "dark"])), undefined),
  checked: z.catch(z.optional(z.literal(true)), undefined),
});

/**
 * A draft saved by an earlier release of the site (drafts live up to DRAFT_MAX_AGE_MS) holds a copy as
 * its bytes and its type: it is read as a Blob, so the visitor's photos come back across a release.
 */
function withCopy(photo: unknown): unknown {
  if (typeof photo !== "object" || photo === null || !("bytes" in photo) || !isArrayBuffer(photo.bytes)) return photo;
  const { bytes, type, ...rest } = photo as { bytes: ArrayBuffer; type?: unknown };
  return { ...rest, copy: new Blob([bytes], { type: typeof type === "string" ? type : "" }) };
}

/** One damage's photos; a photo without its copy or its file (a draft of another form) is dropped, the rest come back. */
const damageSchema = z.pipe(
  z.catch(z.array(z.unknown()), []),
  z.transform((photos): DraftPhoto[] =>
    photos.flatMap((photo): DraftPhoto[] => {
      const prepared = photoSchema.safeParse(withCopy(photo));
      if (prepared.success) {
        const { uploadName, ...rest } = prepared.data;
        return [uploadName ? { ...rest, uploadName } : rest];
      }
      const chosen = originalSchema.safeParse(photo);
      return chosen.success ? [chosen.data] : [];
    }),
  ),
);

const draftSchema = z.extend(quoteTextSchema, {
  damages: z.catch(z.array(damageSchema), [[]]),
  pending: z.catch(z.boolean(), false),
  inquiryKey: matching(IDEMPOTENCY_KEY_PATTERN),
  inquiryQuote: z.catch(z.optional(z.string()), undefined),
});

/** The draft's parts back; anything malformed is dropped (a key the API would refuse, a photo without its copy). */
export function fromDraft(draft: QuoteDraft) {
  const { damages, pending, inquiryKey: key, inquiryQuote, ...text } = draftSchema.parse(draft);
  return { text, damages, send: { pending, key, quote: (key && inquiryQuote) || undefined } };
}
