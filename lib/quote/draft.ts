/**
 * The quote as a draft kept on the device (lib/drafts/store.ts): the text
 * fields, each damage's photos as their prepared copies (bytes, never an
 * original; a photo not prepared yet is not kept) with the name each is
 * uploaded under and its stored upload, whether Send was pressed and the
 * quote is still to go (offline), and the inquiry's key with the digest of the
 * quote it was made for. Pure conversions, so they are unit-tested.
 */
import { IDEMPOTENCY_KEY_PATTERN, MEDIA_FILENAME_PATTERN } from "../api/schemas";
import { asText, textOf, type QuoteText } from "./form";
import type { DraftPhoto, QuotePhotos } from "./photos";
import type { SendState } from "./pipeline";

export interface QuoteDraft extends QuoteText {
  damages: DraftPhoto[][];
  /** Send was pressed and the quote has not gone yet: it goes by itself when the draft comes back */
  pending: boolean;
  inquiryKey?: string;
  inquiryDigest?: string;
}

/** The draft of the quote as it stands, or undefined when nothing is typed and no photo is kept. */
export function toDraft(
  text: QuoteText,
  photos: Pick<QuotePhotos, "toDraft">,
  { pending, key, digest }: Pick<SendState, "pending" | "key" | "digest">,
): QuoteDraft | undefined {
  const damages = photos.toDraft();
  const typed = Object.values(text).some((value) => value.trim() !== "");
  if (!typed && damages.every((damage) => damage.length === 0)) return undefined;
  return {
    ...text,
    damages,
    pending,
    ...(key !== undefined && { inquiryKey: key, inquiryDigest: digest }),
  };
}

/** A stored photo as the store takes it; a name we would not make is dropped (the photo gets a new one). */
function photoBack(photo: DraftPhoto): DraftPhoto[] {
  const bytes = Object.prototype.toString.call(photo?.bytes) === "[object ArrayBuffer]"; // from any realm
  if (typeof photo?.key !== "string" || !bytes) return [];
  const { uploadName, ...rest } = photo;
  const named = typeof uploadName === "string" && MEDIA_FILENAME_PATTERN.test(uploadName);
  return [{ ...rest, name: asText(photo.name), type: asText(photo.type), ...(named && { uploadName }) }];
}

/** The draft's parts back; anything malformed is dropped (a key the API would refuse, a photo without bytes). */
export function fromDraft(draft: QuoteDraft) {
  const validKey = typeof draft.inquiryKey === "string" && IDEMPOTENCY_KEY_PATTERN.test(draft.inquiryKey);
  return {
    text: textOf(draft),
    damages: (Array.isArray(draft.damages) ? draft.damages : [[]]).map((d) =>
      Array.isArray(d) ? d.flatMap(photoBack) : [],
    ),
    send: {
      pending: draft.pending === true,
      key: validKey ? draft.inquiryKey : undefined,
      digest: (validKey && asText(draft.inquiryDigest)) || undefined,
    },
  };
}
