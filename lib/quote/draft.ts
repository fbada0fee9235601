/**
 * The quote form as a draft kept on the device (lib/drafts/store.ts): the text
 * fields, each damage's photos (the compressed copy once it exists, else the
 * original) with the name each is uploaded under once its upload has begun,
 * the uploads that are already stored (so a send that resumes never uploads
 * a photo twice; one whose answer was lost is asked for by that name),
 * whether the visitor has pressed Send and it is still to go (offline), and
 * the inquiry's idempotency key, so the quote sent again on the next visit is
 * the same inquiry to the API host. Pure conversions, so they are unit-tested.
 */
import { IDEMPOTENCY_KEY_PATTERN, type ImageRef } from "../api/contract";
import { MEDIA_FILENAME_PATTERN } from "./filename";
import type { QuoteFormValues, QuoteImage } from "./form";

export interface DraftImage {
  key: string;
  name: string;
  type: string;
  lastModified: number;
  /** the compressed copy when `compressed`, else the file as chosen */
  blob: Blob;
  compressed: boolean;
  /** the name its upload was sent under, once one was (absent in older drafts) */
  uploadName?: string;
}

export interface QuoteDraft {
  regNumber: string;
  email: string;
  phone: string;
  message: string;
  damages: { message: string; images: DraftImage[] }[];
  /** uploads already stored, by image key */
  uploaded: Record<string, ImageRef>;
  /** Send was pressed and the quote has not gone yet: it goes by itself on the next visit */
  pending: boolean;
  /** the inquiry's idempotency key, from the first Send until the quote has gone (absent in older drafts) */
  inquiryKey?: string;
}

export interface QuoteDraftParts {
  values: QuoteFormValues;
  /** the compressed copies there are, by image key */
  compressed: ReadonlyMap<string, Blob>;
  uploaded: ReadonlyMap<string, ImageRef>;
  /** the name each image's upload was sent under, by image key */
  uploadNames?: ReadonlyMap<string, string>;
  pending: boolean;
  inquiryKey?: string;
}

/** Nothing typed, no photo chosen: there is nothing to keep. */
export function isEmptyQuote(values: QuoteFormValues): boolean {
  const typed = [values.regNumber, values.email, values.phone, values.message].some((v) => v.trim() !== "");
  return !typed && values.damages.every((damage) => damage.images.length === 0);
}

/** The draft of the form as it stands, or undefined when there is nothing to keep. */
export function toDraft({
  values,
  compressed,
  uploaded,
  uploadNames = new Map(),
  pending,
  inquiryKey,
}: QuoteDraftParts): QuoteDraft | undefined {
  if (isEmptyQuote(values)) return undefined;
  const keys = new Set(values.damages.flatMap((damage) => damage.images.map((image) => image.key)));
  return {
    regNumber: values.regNumber,
    email: values.email,
    phone: values.phone,
    message: values.message,
    damages: values.damages.map((damage) => ({
      message: damage.message,
      images: damage.images.map(({ key, file }) => {
        const small = compressed.get(key);
        const uploadName = uploadNames.get(key);
        return {
          key,
          name: file.name,
          type: file.type,
          lastModified: file.lastModified,
          blob: small ?? file,
          compressed: small !== undefined,
          ...(uploadName === undefined ? {} : { uploadName }),
        };
      }),
    })),
    uploaded: Object.fromEntries([...uploaded].filter(([key]) => keys.has(key))),
    pending,
    ...(inquiryKey === undefined ? {} : { inquiryKey }),
  };
}

const toImage = (image: DraftImage): QuoteImage => ({
  key: image.key,
  file: new File([image.blob], image.name, { type: image.type || image.blob.type, lastModified: image.lastModified }),
});

const validKey = (key: unknown) => (typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined);

/** The form's values and the rest back from a draft. */
export function fromDraft(draft: QuoteDraft): QuoteDraftParts & { uploadNames: ReadonlyMap<string, string> } {
  const compressed = new Map<string, Blob>();
  const uploadNames = new Map<string, string>();
  const values: QuoteFormValues = {
    regNumber: draft.regNumber,
    email: draft.email,
    phone: draft.phone,
    message: draft.message,
    damages: draft.damages.map((damage) => ({
      message: damage.message,
      images: damage.images.map((stored) => {
        const image = toImage(stored);
        if (stored.compressed) compressed.set(image.key, image.file);
        // a name that is not one we make is dropped: the image gets a new one
        if (typeof stored.uploadName === "string" && MEDIA_FILENAME_PATTERN.test(stored.uploadName)) {
          uploadNames.set(image.key, stored.uploadName);
        }
        return image;
      }),
    })),
  };
  return {
    values,
    compressed,
    uploaded: new Map(Object.entries(draft.uploaded ?? {})),
    uploadNames,
    pending: draft.pending === true,
    // a key that is not one the API takes is dropped: the next Send makes a new one
    inquiryKey: validKey(draft.inquiryKey),
  };
}
