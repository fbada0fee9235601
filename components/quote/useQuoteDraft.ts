import { useCallback, useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useDraft } from "@/components/drafts/useDraft";
import { typedSinceDraft } from "@/lib/drafts/typed-since";
import { fromDraft, toDraft, type QuoteDraft } from "@/lib/quote/draft";
import { emptyQuote, type QuoteFormValues } from "@/lib/quote/form";
import type { SendState } from "@/lib/quote/pipeline";

interface Options {
  form: UseFormReturn<QuoteFormValues>;
  /** what the sender keeps between tries (uploads stored, their names, the inquiry's key); seeded from the draft */
  kept: SendState;
  /** the compressed copies there are, by image key */
  compressed: () => ReadonlyMap<string, Blob>;
  /** the restored form's images and their compressed copies, to be made ready */
  onRestored: (values: QuoteFormValues, copies: ReadonlyMap<string, Blob>) => void;
  /** gives back the thumbnails of images that leave the form */
  release: (keys: string[]) => void;
  /** a restored draft whose Send was pressed and that has not gone yet */
  onPending: () => void;
}

/** The quote's text fields by name, each damage's description included. */
const textFields = ({ regNumber, email, phone, message, damages }: QuoteFormValues | QuoteDraft) => ({
  regNumber,
  email,
  phone,
  message,
  ...Object.fromEntries(damages.map((damage, i) => [`damage-${i}`, damage.message])),
});

const imageKeys = (values: QuoteFormValues) => values.damages.flatMap((d) => d.images.map((image) => image.key));

/**
 * The quote form's draft on the device: saved as the visitor types and
 * chooses photos (and as uploads are stored), put back on the next visit,
 * deleted after a successful send (`discard`) or `Start på nytt` (`startOver`,
 * which also empties the form). `pending` marks a quote whose Send was pressed
 * but that has not gone yet, so the next visit sends it by itself; the
 * inquiry's idempotency key is made at the first Send and saved with it, so
 * however often the quote is sent again it is one inquiry.
 */
export function useQuoteDraft({ form, kept, compressed, onRestored, release, onPending }: Options) {
  const pending = useRef(false);
  const snapshot = useCallback(
    (): QuoteDraft | undefined =>
      toDraft({
        values: form.getValues(),
        compressed: compressed(),
        uploaded: kept.uploaded,
        uploadNames: kept.uploadNames,
        pending: pending.current,
        inquiryKey: kept.inquiryKey,
      }),
    [form, compressed, kept],
  );
  const restore = useCallback(
    (draft: QuoteDraft) => {
      const onPage = form.getValues();
      const photosChosen = onPage.damages.some((damage) => damage.images.length > 0);
      if (photosChosen || typedSinceDraft(textFields(onPage), textFields(draft))) return false; // the visitor was quicker
      const parts = fromDraft(draft);
      form.reset(parts.values);
      kept.restore(parts);
      onRestored(parts.values, parts.compressed);
      if (parts.pending) {
        pending.current = true;
        onPending();
      }
      return true;
    },
    [form, kept, onRestored, onPending],
  );
  const { restored, schedule, flush, discard } = useDraft<QuoteDraft>("quote", { snapshot, restore });

  useEffect(() => {
    const subscription = form.watch(() => schedule());
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  /**
   * Send was pressed (`true`): the quote gets its idempotency key unless it
   * has one, and both are saved at once, before anything is sent. `false`:
   * the send failed other than offline; the key stays, so the quote sent
   * again is still the same inquiry. Both are saved at once.
   */
  const setPending = useCallback(
    (value: boolean) => {
      pending.current = value;
      if (value) kept.keyForSend();
      flush();
    },
    [flush, kept],
  );

  const startOver = useCallback(async () => {
    pending.current = false;
    release(imageKeys(form.getValues()));
    kept.clear(); // a new quote gets a new key at its first Send
    form.reset(emptyQuote());
    await discard();
  }, [form, kept, release, discard]);

  return { restored, schedule, setPending, discard, startOver };
}
